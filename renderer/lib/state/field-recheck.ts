// Whether a field's message still says something true about what the field holds now. A message the core gave is
// about the value that was sent; once the field is edited, the checks here say if it still applies, and a message
// they do not know goes (the next save asks the core again). So a message is shown only while it is true.
import { isValidDate } from '../../../shared/dates';
import { DecimalError, parseDecimal } from '../../../shared/money';
import { isHungarianTaxNumber } from '../../../shared/tax-numbers';
import { giroProblem, ibanProblem } from '../../../shared/bank-account-numbers';
import { normalizeDate, normalizeDecimal } from '../format';

/** The core's complaint about a typed decimal (parseDecimal's words), or null when it reads. */
function decimalProblem(value: string, maxDecimals: number): string | null {
  try {
    parseDecimal(normalizeDecimal(value), maxDecimals);
    return null;
  } catch (e) {
    return e instanceof DecimalError ? e.message : 'is not a decimal number';
  }
}

type Check = [RegExp, (value: string, m: RegExpExecArray) => boolean];

const CHECKS: Check[] = [
  [/^is required/, (v) => v.trim() === ''],
  [/^(must be a number|is not a decimal number)$/, (v) => decimalProblem(v, 3) === 'is not a decimal number'],
  [/^is too large$/, (v) => decimalProblem(v, 3) === 'is too large'],
  [/^has more than (\d+) decimal places$/, (v, m) => decimalProblem(v, Number(m[1])) === m[0]],
  [/^must be greater than 0$/, (v) => decimalProblem(v, 3) !== null || !/^[1-9]|^0\.\d*[1-9]/.test(normalizeDecimal(v))],
  [/^is not a valid Hungarian tax number/, (v) => v.trim() !== '' && !isHungarianTaxNumber(v.trim())],
  [/^must be an e-mail address$/, (v) => v.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim())],
  [/^must be a (real )?date/, (v) => !isValidDate(normalizeDate(v))],
  [/^must be at most (\d+) characters$/, (v, m) => v.length > Number(m[1])],
  // issue 36: an IBAN or account number that cannot exist stays said until it could
  [/^is not an IBAN/, (v) => v.trim() !== '' && ibanProblem(v) !== null],
  [/^is not a Hungarian account number/, (v) => v.trim() !== '' && giroProblem(v) !== null],
];

export function stillTrue(message: string, value: string): boolean {
  for (const [re, check] of CHECKS) {
    const m = re.exec(message);
    if (m) return check(value, m);
  }
  return false;
}
