// Bank account numbers that can exist: the IBAN's ISO 13616 check (mod 97), the Hungarian account number's check
// digits (the GIRO "CDV": weights 9, 7, 3, 1 repeated, each part's sum a multiple of 10), and the two agreeing when
// both are given. Shared by the core (the contract's checks) and the forms, which show the same word next to the field.

/** Each IBAN country's length (the ones a Hungarian business meets; others are checked by the mod-97 sum only). */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22, GR: 27,
  HR: 21, HU: 28, IE: 22, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24,
  RS: 22, SE: 24, SI: 19, SK: 24, UA: 29,
};

/** The IBAN's characters only, upper case ("hu42 1177-3016…" → "HU421177…"). */
export function compactIban(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** ISO 13616: the country code and check digits moved to the end, letters as 10–35, the number mod 97 is 1. */
export function ibanChecksumOk(compact: string): boolean {
  const moved = compact.slice(4) + compact.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of code) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** Why an IBAN cannot exist (an English field message, as the core's are), or null when it can. */
export function ibanProblem(value: string): string | null {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return 'is not an IBAN (like HU42 1177 3016 1111 1018 0000 0000)';
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return `is not an IBAN: a ${iban.slice(0, 2)} IBAN has ${length} characters`;
  if (!ibanChecksumOk(iban)) return 'is not an IBAN: its check digits do not match (a mistyped character?)';
  if (iban.startsWith('HU') && !giroDigitsOk(iban.slice(4))) return 'is not an IBAN: the Hungarian account number in it fails its check digits';
  return null;
}

/** The IBAN as it is printed: groups of four ("HU42 1177 3016 1111 1018 0000 0000"). */
export function printedIban(value: string): string {
  return compactIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The weights of the GIRO check: 9, 7, 3, 1 over and over; a part (with its check digit last) sums to a multiple of 10. */
function giroPartOk(digits: string): boolean {
  const weights = [9, 7, 3, 1];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i % 4]!;
  return sum % 10 === 0;
}

/**
 * A Hungarian account number's 16 or 24 digits: the bank and branch (8 digits, the 8th a check digit) and the account
 * (8 or 16 digits, the last a check digit over all of them, as the MNB's rule sets it).
 */
function giroDigitsOk(digits: string): boolean {
  if (!/^\d{16}(\d{8})?$/.test(digits)) return false;
  return giroPartOk(digits.slice(0, 8)) && giroPartOk(digits.slice(8));
}

/** The digits of a Hungarian account number written in any usual form, or null when it is none. */
function giroDigits(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{16}(\d{8})?$/.test(digits) ? digits : null;
}

/** Whether an account number is written as a Hungarian one would be (digits, spaces and hyphens only). */
export function looksLikeGiro(value: string): boolean {
  return /^[\d\s-]+$/.test(value.trim());
}

/** Why a Hungarian account number cannot exist, or null when it can. */
export function giroProblem(value: string): string | null {
  const digits = giroDigits(value);
  if (!digits) return 'is not a Hungarian account number (12345678-12345678 or 12345678-12345678-12345678)';
  return giroDigitsOk(digits) ? null : 'is not a Hungarian account number: its check digits do not match (a mistyped digit?)';
}

/** "11773016-11111018" or "11773016-11111018-00000000" as it is printed. */
export function printedGiro(value: string): string {
  const digits = giroDigits(value);
  return digits ? digits.match(/.{8}/g)!.join('-') : value.trim();
}

/** The Hungarian account number inside a Hungarian IBAN (the trailing eight zeros of a 16-digit one left off). */
export function giroFromIban(iban: string): string | null {
  const compact = compactIban(iban);
  if (!/^HU\d{26}$/.test(compact)) return null;
  const bban = compact.slice(4);
  return (bban.endsWith('00000000') ? bban.slice(0, 16) : bban).match(/.{8}/g)!.join('-');
}

export interface BankNumbers {
  account_no?: string | undefined;
  iban?: string | undefined;
}

/**
 * Every problem of an account's numbers, by field: the IBAN's check, the account number's, and whether they name the
 * same account. A foreign IBAN leaves the account number as given; without an IBAN, an account number written in
 * digits must be a Hungarian one.
 */
export function bankNumberProblems(b: BankNumbers): { account_no?: string; iban?: string } {
  const out: { account_no?: string; iban?: string } = {};
  const iban = b.iban?.trim() ?? '';
  const account = b.account_no?.trim() ?? '';
  if (iban) {
    const p = ibanProblem(iban);
    if (p) out.iban = p;
  }
  const hungarianIban = iban !== '' && compactIban(iban).startsWith('HU');
  if (account && (hungarianIban || !iban) && (looksLikeGiro(account) || hungarianIban)) {
    const p = giroProblem(account);
    if (p) out.account_no = p;
    else if (hungarianIban && !out.iban && giroDigits(account)!.padEnd(24, '0') !== compactIban(iban).slice(4)) {
      out.account_no = `is not the account in the IBAN (${giroFromIban(iban)})`;
    }
  }
  return out;
}

/** The numbers as they are kept: the IBAN in groups of four, the account number printed, or derived from a Hungarian IBAN. */
export function normalizedBankNumbers(b: { account_no: string; iban: string }): { account_no: string; iban: string } {
  const iban = b.iban.trim() ? printedIban(b.iban) : '';
  const account = b.account_no.trim();
  return {
    iban,
    // a Hungarian account number is kept in its printed form; any other text is kept as given, spaces and all
    account_no: account ? (giroDigits(account) ? printedGiro(account) : b.account_no) : (giroFromIban(iban) ?? ''),
  };
}
