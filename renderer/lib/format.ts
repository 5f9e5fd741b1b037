// Display formatting in the UI's locale. Amounts arrive as exact decimal strings ("4445.000"); Intl.NumberFormat
// formats the string itself (no float on the way), rounded half away from zero to the currency's decimals.
import { currencyDecimals } from '../../shared/money';
import { i18n, t } from './i18n/i18n.svelte';

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

type Decimal = `${number}` | string;

function asDecimal(value: Decimal | number): Intl.StringNumericLiteral | number {
  return typeof value === 'number' ? value : (value.trim() as Intl.StringNumericLiteral);
}

/** "4 445 Ft", "€12.50": an amount with its currency, to the currency's decimals. */
export function money(value: Decimal | number | null | undefined, currency: string): string {
  if (value === null || value === undefined || value === '') return '–';
  const d = currencyDecimals(currency);
  try {
    return numberFormat(i18n.locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: d,
      maximumFractionDigits: d,
      roundingMode: 'halfExpand',
    }).format(asDecimal(value));
  } catch {
    return `${value} ${currency}`;
  }
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** "1 számla" / "1 invoice" / "2 invoices": a count with its noun in the form the UI language's plural rules pick
 * (Hungarian, English and German have only the "one" and "other" forms). */
export function count(noun: 'invoice', n: number): string {
  let rules = pluralRules.get(i18n.locale);
  if (!rules) {
    rules = new Intl.PluralRules(i18n.locale);
    pluralRules.set(i18n.locale, rules);
  }
  const form = rules.select(n) === 'one' ? 'one' : 'other';
  return t(`lists.count.${noun}.${form}`, { n: decimal(n, 0) });
}

/** A plain decimal (quantities, unit prices, rates) with up to `max` decimals and no trailing zeros. */
export function decimal(value: Decimal | number | null | undefined, max = 3): string {
  if (value === null || value === undefined || value === '') return '–';
  return numberFormat(i18n.locale, { maximumFractionDigits: max }).format(asDecimal(value));
}

/** "1,4 M" / "1.4M" / "1,4 Mio." — a short amount for chart labels. */
export function compact(value: Decimal | number): string {
  return numberFormat(i18n.locale, { notation: 'compact', maximumFractionDigits: 1 }).format(asDecimal(value));
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** '2026-11-22' → "2026. 11. 22." / "22/11/2026" / "22.11.2026"; calendar dates never shift with time zones. */
export function date(value: string | null | undefined): string {
  if (!value) return '–';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  let f = dateFormats.get(i18n.locale);
  if (!f) {
    f = new Intl.DateTimeFormat(i18n.locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
    dateFormats.set(i18n.locale, f);
  }
  return f.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant (ISO timestamp) in this computer's time zone: "2026. 03. 15. 10:31". Unlike calendar dates these are
 * real moments (when a sync ran), so the local clock is the right one to show them on. */
export function dateTime(value: string | null | undefined): string {
  if (!value) return '–';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  let f = dateTimeFormats.get(i18n.locale);
  if (!f) {
    f = new Intl.DateTimeFormat(i18n.locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    dateTimeFormats.set(i18n.locale, f);
  }
  return f.format(d);
}

/** "nov." / "Nov" — a short month name for the chart. */
export function monthShort(yearMonth: string): string {
  const [y, mo] = yearMonth.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(i18n.locale, { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(y, mo - 1, 1)));
}

export function monthLong(yearMonth: string): string {
  const [y, mo] = yearMonth.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(i18n.locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, mo - 1, 1)));
}

/**
 * What the user typed as a decimal, in the core's form: spaces (thousands) dropped, a decimal comma made a point.
 * "1 234,5" → "1234.5". Anything else is passed on as typed, and the core names the field that is wrong.
 */
export function normalizeDecimal(input: string): string {
  const s = input.replace(/[\s\u00a0\u202f]/g, '');
  return /^-?\d+,\d+$/.test(s) ? s.replace(',', '.') : s;
}

/** "2026.11.22." or "2026. 11. 22." → "2026-11-22"; other text is left for the core to judge. */
export function normalizeDate(input: string): string {
  const m = /^\s*(\d{4})[.\-/]\s*(\d{1,2})[.\-/]\s*(\d{1,2})\.?\s*$/.exec(input);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : input.trim();
}

/** 1536 → "1,5 kB" (Hungarian), "1.5 kB" (English). */
export function fileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '–';
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
