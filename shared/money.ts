// Exact money arithmetic. No binary floating point touches an amount: inputs are parsed as decimal strings,
// computed with big.js and stored as integer thousandths of the currency unit ("milli"), the precision the
// interface shows ("4445.000").
import Big from 'big.js';

export type Milli = number;

const ROUND_HALF_AWAY_FROM_ZERO = 1; // big.js "roundHalfUp": ties go away from zero, so -x rounds to -(round x)
const MAX_ABS = new Big('1000000000000'); // 10^12 units: far above any invoice, far below 2^53 thousandths

export class DecimalError extends Error {}

/** Parses a JSON number or decimal string exactly; rejects more than `maxDecimals` decimals and absurd sizes. */
export function parseDecimal(value: string | number, maxDecimals = 3): Big {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new DecimalError('is not a decimal number');
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  const big = new Big(text);
  if (decimals > maxDecimals && !big.round(maxDecimals).eq(big)) {
    throw new DecimalError(`has more than ${maxDecimals} decimal places`);
  }
  if (big.abs().gt(MAX_ABS)) throw new DecimalError('is too large');
  return big;
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  // toPrecision avoids exponent forms for ordinary amounts; big.js normalises the rest.
  return new Big(n).toFixed();
}

/** Decimal places an amount is rounded to in a currency: the forint and the yen are invoiced in whole units. */
export function currencyDecimals(currency: string): number {
  return currency === 'HUF' || currency === 'JPY' ? 0 : 2;
}

export function roundTo(value: Big, decimals: number): Big {
  return value.round(decimals, ROUND_HALF_AWAY_FROM_ZERO);
}

export function roundMoney(value: Big, currency: string): Big {
  return roundTo(value, currencyDecimals(currency));
}

export function toMilli(value: Big): Milli {
  return Number(roundTo(value.times(1000), 0).toFixed(0));
}

export function fromMilli(milli: Milli): Big {
  return new Big(milli).div(1000);
}

/** An amount in forints at an invoice's exchange rate, rounded to whole forints as its HUF VAT is. */
export function hufMilli(milli: Milli, currency: string, exchangeRate: string): Milli {
  if (currency === 'HUF') return milli;
  return toMilli(roundTo(fromMilli(milli).times(new Big(exchangeRate || '1')), 0));
}

/**
 * "4445.000": the interface's read form of an amount. A whole number of thousandths (every stored amount) is written
 * out from its digits, exactly as big.js would write it, without a big.js number per amount: a report of a year
 * writes ~14,000 of them.
 */
export function milliToString(milli: Milli): string {
  if (Number.isSafeInteger(milli) && !Object.is(milli, -0)) {
    const abs = Math.abs(milli);
    const frac = abs % 1000;
    return `${milli < 0 ? '-' : ''}${(abs - frac) / 1000}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
  }
  return fromMilli(milli).toFixed(3);
}

/**
 * 4445: the interface's number form (create and cancel responses). Exact for thousandths below 2^53: a whole number of
 * thousandths divided by 1000 is the double nearest the decimal, as the decimal's text read by Number is (both are
 * rounded correctly from the same value), so no big.js number is made for it.
 */
export function milliToNumber(milli: Milli): number {
  if (Number.isSafeInteger(milli)) return milli === 0 ? 0 : milli / 1000; // (-0 too reads as 0, as its text "0.000" did)
  return Number(fromMilli(milli).toFixed(3));
}

/** A plain decimal string: its sign, whole digits and decimals (the form Folio stores exact decimals in). */
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A stored exact decimal (quantity, unit price, rate) in the 3-decimal read form. A plain decimal with no more
 * decimals than asked for is padded as big.js pads it (leading zeros dropped, no sign on zero); any other value,
 * which would need rounding or parsing, goes through big.js.
 */
export function decimalToString(value: string | Big, decimals = 3): string {
  const m = typeof value === 'string' ? PLAIN_DECIMAL.exec(value) : null;
  const given = m?.[3] ?? '';
  if (!m || given.length > decimals) return new Big(value).toFixed(decimals);
  const whole = m[2]!.replace(/^0+(?=\d)/, '');
  const zero = whole === '0' && !/[1-9]/.test(given);
  return `${m[1] && !zero ? '-' : ''}${whole}${decimals > 0 ? `.${given.padEnd(decimals, '0')}` : ''}`;
}

// The two forms below answer, for the plain decimals nearly every request and line carries, what big.js would (the
// tests compare them with it on random decimals), without a big.js number: an issued invoice parsed and priced its
// amounts with ~25 big.js numbers, a fifth of the garbage it made (issue 41). Anything else they leave to big.js.
const SIMPLE_DECIMAL = /^(-?)(\d{1,15})(?:\.(\d{1,15}))?$/;

/**
 * A plain decimal as a whole number of 10^-scale units (`"12.5"`, 3 → 12500), when it has at most `scale` decimals
 * and that number is below 10^15 (exact in a double); undefined for any other text, which big.js then reads.
 */
export function scaledInteger(text: string, scale: number): number | undefined {
  const m = SIMPLE_DECIMAL.exec(text);
  if (!m) return undefined;
  const decimals = m[3] ?? '';
  if (decimals.length > scale) return undefined;
  const digits = m[2]! + decimals.padEnd(scale, '0');
  if (digits.length > 15) return undefined;
  const n = Number(digits);
  return m[1] ? 0 - n : n; // (0 - 0 is 0: big.js has no negative zero)
}

/**
 * The text big.js writes for a plain decimal of at most `maxDecimals` decimals and 12 whole digits (`toFixed()`:
 * leading zeros and trailing decimal zeros dropped, no sign on zero); undefined for any other text.
 */
export function plainDecimalText(text: string, maxDecimals: number): string | undefined {
  const m = SIMPLE_DECIMAL.exec(text);
  if (!m || m[2]!.length > 12 || (m[3] !== undefined && m[3].length > maxDecimals)) return undefined;
  const whole = m[2]!.replace(/^0+(?=\d)/, '');
  const decimals = (m[3] ?? '').replace(/0+$/, '');
  const zero = whole === '0' && decimals === '';
  return `${m[1] && !zero ? '-' : ''}${whole}${decimals ? `.${decimals}` : ''}`;
}

export { Big };
