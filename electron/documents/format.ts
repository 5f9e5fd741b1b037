// Number, money and date formats of the printed documents, per language. Amounts arrive as exact decimal strings
// ("4445.000") and are formatted with big.js string arithmetic: no binary float ever touches an amount, and no
// Intl currency formatter is used because it takes a float and its Hungarian output varies between ICU versions.
import { Big } from '../../shared/money';
import type { Lang } from '../../shared/reference/payment-methods';
import { countryCode } from '../nav/country';

// Hungarian groups thousands with a space; a no-break space keeps "1 234 567" on one line in narrow cells.
const NBSP = '\u00a0';

const SEPARATORS: Record<Lang, { group: string; decimal: string }> = {
  hu: { group: NBSP, decimal: ',' },
  en: { group: ',', decimal: '.' },
  de: { group: '.', decimal: ',' },
};

const ROUND_HALF_AWAY_FROM_ZERO = 1; // the same rounding mode as shared/money.ts

export interface DecimalFormat {
  minDecimals: number;
  maxDecimals: number;
}

/** "1234567.5" → "1 234 567,50" (hu) / "1,234,567.50" (en) / "1.234.567,50" (de). */
export function formatDecimal(value: string, lang: Lang, { minDecimals, maxDecimals }: DecimalFormat): string {
  const big = toBig(value);
  if (big === null) return value;
  let text = big.round(maxDecimals, ROUND_HALF_AWAY_FROM_ZERO).toFixed(maxDecimals);
  const negative = text.startsWith('-');
  if (negative) text = text.slice(1);
  let [whole = '0', fraction = ''] = text.split('.');
  // Trailing zeros beyond the minimum say nothing ("1,500" qty → "1,5").
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const { group, decimal } = SEPARATORS[lang];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  // "-0,00" would read as a debt of nothing.
  const isZero = /^0*$/.test(whole + fraction);
  return `${negative && !isZero ? '-' : ''}${grouped}${fraction ? decimal + fraction : ''}`;
}

/**
 * Decimals an amount is printed with, the same as on screen: the forint (and the yen) in whole units ("207 329 Ft"),
 * other currencies with their cents ("1 234,50 EUR"). A forint amount with a fraction — a unit price typed as
 * "12 500,50" — keeps it, with two decimals as typed; a third stored decimal is never hidden.
 */
export function amountFormat(currency: string, value?: string): DecimalFormat {
  if (currency !== 'HUF' && currency !== 'JPY') return { minDecimals: 2, maxDecimals: 3 };
  const big = value === undefined ? null : toBig(value);
  const whole = big === null || big.round(0, ROUND_HALF_AWAY_FROM_ZERO).eq(big);
  return whole ? { minDecimals: 0, maxDecimals: 0 } : { minDecimals: 2, maxDecimals: 3 };
}

/** An amount without its currency, for table cells whose column header or document names the currency. */
export function formatAmount(value: string, currency: string, lang: Lang): string {
  return formatDecimal(value, lang, amountFormat(currency, value));
}

/** An amount with its currency: "1 234 Ft", "1.234,00 EUR", "EUR 1,234.00". */
export function formatMoney(value: string, currency: string, lang: Lang): string {
  const number = formatAmount(value, currency, lang);
  if (lang === 'hu') return `${number}${NBSP}${currency === 'HUF' ? 'Ft' : currency}`;
  if (lang === 'de') return `${number}${NBSP}${currency}`;
  return `${currency}${NBSP}${number}`;
}

/** Quantities are exact decimals with up to 3 places: "1,5", "120". */
export function formatQty(value: string, lang: Lang): string {
  return formatDecimal(value, lang, { minDecimals: 0, maxDecimals: 3 });
}

/** Unit prices keep all three stored decimals when they have them ("12,345"), else print like amounts. */
export function formatUnitPrice(value: string, currency: string, lang: Lang): string {
  return formatDecimal(value, lang, amountFormat(currency, value));
}

/** Exchange rates as published (MNB publishes 2 decimals, ECB-derived rates have more): "392,15". */
export function formatExchangeRate(value: string, lang: Lang): string {
  return formatDecimal(value, lang, { minDecimals: 2, maxDecimals: 6 });
}

/** A VAT rate stored as a fraction: "0.27" → "27%", "0.055" → "5,5%". */
export function formatPercent(rate: string, lang: Lang): string {
  const big = toBig(rate);
  if (big === null) return rate;
  return `${formatDecimal(big.times(100).toFixed(), lang, { minDecimals: 0, maxDecimals: 2 })}%`;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' → "2026.03.15." (hu), "15 Mar 2026" (en, unambiguous on both sides of the Atlantic), "15.03.2026" (de). */
export function formatDate(date: string | null | undefined, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  if (!m) return date ?? '';
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  if (lang === 'hu') return `${y}.${mo}.${d}.`;
  if (lang === 'de') return `${d}.${mo}.${y}`;
  return `${Number(d)} ${EN_MONTHS[Number(mo) - 1] ?? mo} ${y}`;
}

const countryNames = new Map<Lang, Intl.DisplayNames>();

/**
 * A country in the document's language: a two-letter code ("DE" → "Németország") or a name Folio knows in any of
 * its languages ("Magyarország" → "Hungary" on an English invoice); anything else as written.
 */
export function formatCountry(country: string, lang: Lang): string {
  const code = country.trim() ? countryCode(country) : undefined;
  if (!code) return country.trim();
  let names = countryNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    countryNames.set(lang, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

function toBig(value: string): Big | null {
  try {
    return new Big(value.trim());
  } catch {
    return null;
  }
}
