// Text and number forms of NAV's schema types. NAV validates every value against its XSD before anything else, so
// each writer here produces exactly what the type allows: no exponents, no "-0", at most the fraction digits the
// type declares, and text that matches the "NotBlank" patterns (which, being XSD regexes, refuse line breaks).
import { Big, roundTo } from '../../shared/money';

/** MonetaryType: decimal, at most 2 fraction digits. `decimals` is the currency's precision (0 for HUF). */
export function monetary(value: Big, decimals: number): string {
  const d = Math.min(Math.max(decimals, 0), 2);
  return fixed(roundTo(value, d), d);
}

/** QuantityType (quantities and unit prices): up to 10 fraction digits, written without trailing zeros. */
export function quantity(value: Big): string {
  return plain(roundTo(value, 10));
}

/** RateType (VAT percentage as a fraction, 0.27): up to 4 fraction digits. */
export function rate(value: Big): string {
  return plain(roundTo(value, 4));
}

/** ExchangeRateType: up to 6 fraction digits, 14 digits in all, greater than zero. */
export function exchangeRate(value: Big): string {
  return plain(roundTo(value, 6));
}

function fixed(value: Big, decimals: number): string {
  return value.eq(0) ? new Big(0).toFixed(decimals) : value.toFixed(decimals);
}

function plain(value: Big): string {
  // big.js keeps no trailing zeros, and toFixed() without an argument never uses exponent notation.
  return value.eq(0) ? '0' : value.toFixed();
}

const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

/**
 * A value for NAV's SimpleText…NotBlankType: one line (the types' pattern `.*[^\s].*` does not match across a line
 * break), no control characters, runs of white space collapsed, cut to `max` characters. Undefined when nothing
 * is left, so an optional element is simply left out instead of failing the schema.
 */
export function text(value: string | null | undefined, max: number): string | undefined {
  if (value === null || value === undefined) return undefined;
  const cleaned = value.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim();
  if (!cleaned) return undefined;
  const chars = Array.from(cleaned); // XSD lengths count characters, not UTF-16 units
  return chars.length <= max ? cleaned : chars.slice(0, max).join('').trimEnd();
}

/** InvoiceDateType: 'YYYY-MM-DD', from 2010-01-01 on. Folio dates are already in that form. */
export function date(value: string | null | undefined): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}
