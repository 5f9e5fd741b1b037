// Display formatting in the UI's locale. Amounts arrive as exact decimal strings ("4445.000"); Intl.NumberFormat
// formats the string itself (no float on the way), rounded half away from zero to the currency's decimals.
import { Big, currencyDecimals } from '../../shared/money';
import { i18n, t } from './i18n/i18n.svelte';
import { dateForInput, datesInText, formatDate, readDate } from './date-format';

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

/** '2026-11-22' → "2026. 11. 22." / "22/11/2026" / "22.11.2026": the one form of a calendar date on every screen
 * (lib/date-format.ts); calendar dates never shift with time zones. */
export function date(value: string | null | undefined): string {
  if (!value) return '–';
  return formatDate(value, i18n.locale);
}

/** A sentence (the core's message) with every ISO date in it in the UI's form. */
export function dates(text: string): string {
  return datesInText(text, i18n.locale);
}

/** A date for a text field, in the UI's form ("2026. 11. 22."); readDate takes it back. */
export function dateInput(value: string): string {
  return dateForInput(value, i18n.locale);
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

const CANONICAL = /^-?\d+(\.\d+)?$/;

/** The locale's decimal mark and, unless it is a space, its group separator: "," and none in Hungarian. */
function separators(locale: string): { decimal: string; group: string | null } {
  const parts = numberFormat(locale, {}).formatToParts(12345.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? null;
  return { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.', group: group && /\s/.test(group) ? null : group };
}

const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The one reader of a typed amount, quantity or rate: the UI language's form in, the core's form out. Spaces (the
 * Hungarian thousands separator) are dropped; "12 500,50" (hu), "12,500.50" (en) and "12.500,50" (de) all read
 * "12500.50". A lone "," or "." followed by other than three digits is a decimal mark in any language ("12,5",
 * "12.5"), as people type either. Anything else is passed on as typed, and the core names the field that is wrong.
 */
export function normalizeDecimal(input: string, locale = i18n.locale): string {
  const s = input.replace(/[\s\u00a0\u202f]/g, '').replace(/^\+/, '');
  if (CANONICAL.test(s)) return s;
  const { decimal, group } = separators(locale);
  const d = escape(decimal);
  if (group) {
    const g = escape(group);
    if (new RegExp(`^-?\\d{1,3}(${g}\\d{3})+(${d}\\d+)?$`).test(s)) return s.split(group).join('').replace(decimal, '.');
  }
  if (new RegExp(`^-?\\d+${d}\\d+$`).test(s)) return s.replace(decimal, '.');
  // the other mark, alone: a decimal unless it is this language's group separator before three digits
  const lone = /^(-?\d+)[.,](\d+)$/.exec(s);
  if (lone && !(group && s.includes(group) && lone[2]!.length === 3)) return `${lone[1]}.${lone[2]}`;
  return s;
}

/** Whether text reads as a decimal (in the UI language's form or the core's). */
export function isDecimalInput(input: string): boolean {
  return CANONICAL.test(normalizeDecimal(input));
}

/** Digits after the point of a canonical decimal. */
function fractionDigits(value: string): number {
  const i = value.indexOf('.');
  return i < 0 ? 0 : value.length - i - 1;
}

/** Plain spaces in what goes into an input: what people type, and what they find when they edit it. */
const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

/**
 * A decimal in the UI language's form for an input, every given decimal kept ("12500.50" → "12 500,50" in
 * Hungarian, "12,500.50" in English); `minDecimals` pads it. normalizeDecimal reads it back. Other text is kept.
 */
export function decimalInput(value: string | number, minDecimals = 0): string {
  const s = typeof value === 'number' ? new Big(value).toFixed() : value.trim();
  if (!CANONICAL.test(s)) return s;
  const digits = Math.max(fractionDigits(s), minDecimals);
  return plainSpaces(numberFormat(i18n.locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(s as Intl.StringNumericLiteral));
}

/** A stored decimal to edit ("1234.500" → "1 234,5" in Hungarian): without the zeros a person would not type ("1.000"
 * would read as a thousand in Hungarian), in the language's form. */
export function editableDecimal(value: string | null | undefined): string {
  return value ? decimalInput(withoutTrailingZeros(value)) : '';
}

/** What was typed, tidied when the field is left: the same number in the language's form ("12500,5" → "12 500,5"). */
export function tidyDecimal(input: string): string {
  const s = normalizeDecimal(input);
  return CANONICAL.test(s) ? decimalInput(s) : input;
}

/**
 * The decimals a unit price is shown with: its own (a unit price is not rounded to the currency's), at least the
 * currency's, and two once it has a fraction, as money is read ("12 500,50 Ft", not "12 500,5 Ft").
 */
function unitPriceDecimals(value: string, currency: string): number {
  const own = fractionDigits(withoutTrailingZeros(value));
  return Math.max(currencyDecimals(currency), own > 0 ? Math.max(own, 2) : 0);
}

/** "12500.500" → "12500.5", "3500.000" → "3500" (a canonical decimal). */
function withoutTrailingZeros(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** A unit price as it was given, for an input: "12 500,50" for 12500.5 forints. */
export function unitPriceInput(value: string | number, currency: string): string {
  const s = typeof value === 'number' ? new Big(value).toFixed() : value.trim();
  return CANONICAL.test(s) ? decimalInput(withoutTrailingZeros(s), unitPriceDecimals(s, currency)) : s;
}

/** "12 500,50 Ft": a unit price with its currency, every decimal it has (up to the core's three). */
export function unitPrice(value: string | number | null | undefined, currency: string): string {
  if (value === null || value === undefined || value === '') return '–';
  const s = typeof value === 'number' ? new Big(value).toFixed() : value.trim();
  if (!CANONICAL.test(s)) return `${s} ${currency}`;
  const d = unitPriceDecimals(s, currency);
  try {
    return numberFormat(i18n.locale, { style: 'currency', currency, minimumFractionDigits: d, maximumFractionDigits: d }).format(s as Intl.StringNumericLiteral);
  } catch {
    return `${s} ${currency}`;
  }
}

/** "2026. 11. 22.", "22/11/2026", "22.11.2026" → "2026-11-22"; other text is left for the core to judge. */
export function normalizeDate(input: string): string {
  return readDate(input);
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
