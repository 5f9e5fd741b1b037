// renderer/lib/format.ts under Node: amounts, numbers and dates as the UI shows them in Hungarian (the default),
// English and German. The i18n module it reads the language from is a Svelte 5 module, compiled for the test by
// Svelte's own compiler (tests/support/svelte-modules.ts).
import { expect, test } from '@playwright/test';
import { registerSvelteModules } from '../support/svelte-modules';

registerSvelteModules();
const fmt = await import('../../renderer/lib/format');
const { i18n } = await import('../../renderer/lib/i18n/i18n.svelte');

// Intl separates groups and units with a no-break space in Hungarian and German; written here as a plain space.
const nb = (s: string) => s.replace(/ /g, '\u00a0');

test.beforeEach(() => {
  i18n.lang = 'hu';
});

test('the UI starts in Hungarian when nothing is stored (no localStorage under Node)', () => {
  expect(i18n.lang).toBe('hu');
  expect(i18n.locale).toBe('hu-HU');
});

test('money in Hungarian: forints without decimals, groups of three from five digits, other currencies by code', () => {
  expect(fmt.money('1234567.891', 'HUF')).toBe(nb('1 234 568 Ft'));
  // Hungarian leaves four-digit numbers ungrouped.
  expect(fmt.money('4445.000', 'HUF')).toBe(nb('4445 Ft'));
  expect(fmt.money('12.345', 'EUR')).toBe(nb('12,35 EUR'));
  expect(fmt.money(0, 'HUF')).toBe(nb('0 Ft'));
  expect(fmt.money(' 10 ', 'USD')).toBe(nb('10,00 USD'));
});

test('money rounds the decimal string half away from zero, never through a float', () => {
  expect(fmt.money('2.5', 'HUF')).toBe(nb('3 Ft'));
  expect(fmt.money('-2.5', 'HUF')).toBe(nb('-3 Ft'));
  expect(fmt.money('2.499', 'HUF')).toBe(nb('2 Ft'));
  // 1.005 as a float is 1.00499999…; from the string it is exactly half a cent, so it rounds up.
  expect(fmt.money('1.005', 'EUR')).toBe(nb('1,01 EUR'));
  expect(fmt.money('12.344', 'EUR')).toBe(nb('12,34 EUR'));
  // Beyond a double's 15-16 significant digits the string keeps every digit.
  expect(fmt.money('123456789012345678.4', 'HUF')).toBe(nb('123 456 789 012 345 678 Ft'));
});

test('money: nothing is a dash, an unknown currency code is shown as given', () => {
  expect(fmt.money(null, 'HUF')).toBe('–');
  expect(fmt.money(undefined, 'HUF')).toBe('–');
  expect(fmt.money('', 'HUF')).toBe('–');
  // Intl refuses a code that is not three letters; the amount is still shown, not an exception.
  expect(fmt.money('5', 'EURO')).toBe('5 EURO');
});

test('money in English and German', () => {
  i18n.lang = 'en';
  expect(fmt.money('1234567.891', 'HUF')).toBe(nb('HUF 1,234,568'));
  expect(fmt.money('12.345', 'EUR')).toBe('€12.35');
  i18n.lang = 'de';
  expect(fmt.money('1234567.891', 'HUF')).toBe(nb('1.234.568 HUF'));
  expect(fmt.money('12.345', 'EUR')).toBe(nb('12,35 €'));
});

test('decimals: a decimal comma in Hungarian, trailing zeros dropped, at most the given decimals', () => {
  expect(fmt.decimal('1234.5000')).toBe('1234,5');
  expect(fmt.decimal('12345.5')).toBe(nb('12 345,5'));
  expect(fmt.decimal('0.12345')).toBe('0,123');
  expect(fmt.decimal('0.12345', 5)).toBe('0,12345');
  expect(fmt.decimal('2.000')).toBe('2');
  expect(fmt.decimal(null)).toBe('–');
  i18n.lang = 'en';
  expect(fmt.decimal('1234.5000')).toBe('1,234.5');
  expect(fmt.compact('1400000')).toBe('1.4m');
  i18n.lang = 'hu';
  expect(fmt.compact('1400000')).toBe(nb('1,4 M'));
});

test('calendar dates: "2026. 01. 05." in Hungarian, day first in English and German, the same day in any time zone', () => {
  expect(fmt.date('2026-01-05')).toBe('2026. 01. 05.');
  // A timestamp's calendar part is the date; the time does not move it to another day.
  expect(fmt.date('2026-12-31T23:59:59Z')).toBe('2026. 12. 31.');
  expect(fmt.date('2024-02-29')).toBe('2024. 02. 29.');
  expect(fmt.date(null)).toBe('–');
  expect(fmt.date('')).toBe('–');
  expect(fmt.date('tegnap')).toBe('tegnap');
  i18n.lang = 'en';
  expect(fmt.date('2026-01-05')).toBe('05/01/2026');
  i18n.lang = 'de';
  expect(fmt.date('2026-01-05')).toBe('05.01.2026');
});

test('month names for the dashboard chart', () => {
  expect(fmt.monthShort('2026-11')).toBe('nov.');
  expect(fmt.monthLong('2026-11')).toBe('2026. november');
  expect(fmt.monthLong('2026-01')).toBe('2026. január');
  i18n.lang = 'de';
  expect(fmt.monthLong('2026-03')).toBe('März 2026');
});

test('an instant is shown in this computer’s time zone; a bad one is passed on as it came', () => {
  const shown = fmt.dateTime('2026-03-15T10:31:05Z');
  expect(shown).toMatch(/^2026\. 03\. 1[4-6]\. \d{1,2}:\d{2}:05$/);
  expect(fmt.dateTime('not a time')).toBe('not a time');
  expect(fmt.dateTime(null)).toBe('–');
});

test('what a user types: "1 234,5" becomes 1234.5, "2026.11.22." becomes 2026-11-22, anything else is left for the core', () => {
  expect(fmt.normalizeDecimal('1 234,5')).toBe('1234.5');
  expect(fmt.normalizeDecimal('1\u00a0234\u202f567,25')).toBe('1234567.25');
  expect(fmt.normalizeDecimal('-0,5')).toBe('-0.5');
  expect(fmt.normalizeDecimal('12.5')).toBe('12.5');
  // Two commas is not a number: passed on, so the core can name the field.
  expect(fmt.normalizeDecimal('1,234,5')).toBe('1,234,5');
  expect(fmt.normalizeDate('2026.11.22.')).toBe('2026-11-22');
  expect(fmt.normalizeDate('2026. 1. 5.')).toBe('2026-01-05');
  expect(fmt.normalizeDate('2026/11/22')).toBe('2026-11-22');
  expect(fmt.normalizeDate('2026-11-22')).toBe('2026-11-22');
  // the day first, as German and British English write it (issue 36: the fields show each language's form)
  expect(fmt.normalizeDate(' 22.11.2026 ')).toBe('2026-11-22');
  expect(fmt.normalizeDate('22/11/2026')).toBe('2026-11-22');
  expect(fmt.normalizeDate('november 22')).toBe('november 22');
});

test('one reader of typed decimals, each language in its own form: "12 500,50", "12,500.50", "12.500,50"', () => {
  expect(fmt.normalizeDecimal('12 500,50')).toBe('12500.50');
  expect(fmt.normalizeDecimal('1 000,125')).toBe('1000.125');
  expect(fmt.normalizeDecimal('+3')).toBe('3');
  i18n.lang = 'en';
  expect(fmt.normalizeDecimal('12,500.50')).toBe('12500.50');
  expect(fmt.normalizeDecimal('1,000,000')).toBe('1000000');
  // a lone comma before other than three digits is a decimal comma in any language
  expect(fmt.normalizeDecimal('12,5')).toBe('12.5');
  expect(fmt.normalizeDecimal('12 500.50')).toBe('12500.50');
  expect(fmt.normalizeDecimal('12.500,50')).toBe('12.500,50');
  i18n.lang = 'de';
  expect(fmt.normalizeDecimal('12.500,50')).toBe('12500.50');
  expect(fmt.normalizeDecimal('1.000.000')).toBe('1000000');
  expect(fmt.normalizeDecimal('12,5')).toBe('12.5');
  expect(fmt.normalizeDecimal('12.5')).toBe('12.5');
  expect(fmt.normalizeDecimal('12,500.50')).toBe('12,500.50');
});

test('typed decimals are shown back in the language\'s form, every decimal kept; unit prices as given', () => {
  expect(fmt.tidyDecimal('12500,50')).toBe('12 500,50');
  expect(fmt.tidyDecimal('1000.125')).toBe('1000,125');
  expect(fmt.tidyDecimal('12,5x')).toBe('12,5x');
  expect(fmt.editableDecimal('1234.500')).toBe('1234,5');
  expect(fmt.editableDecimal('3500.000')).toBe('3500');
  expect(fmt.unitPriceInput(12500.5, 'HUF')).toBe('12 500,50');
  expect(fmt.unitPriceInput('999999999999.99', 'HUF')).toBe('999 999 999 999,99');
  expect(fmt.unitPriceInput('12', 'EUR')).toBe('12,00');
  // an invoice line's stored price (three decimals) reads as it was typed
  expect(fmt.unitPriceInput('12500.500', 'HUF')).toBe('12 500,50');
  expect(fmt.unitPriceInput('3500.000', 'HUF')).toBe('3500');
  expect(fmt.unitPrice(12500.5, 'HUF')).toBe(nb('12 500,50 Ft'));
  expect(fmt.unitPrice('12500', 'HUF')).toBe(nb('12 500 Ft'));
  expect(fmt.unitPrice('999999999999.99', 'HUF')).toBe(nb('999 999 999 999,99 Ft'));
  expect(fmt.unitPrice('0.125', 'EUR')).toBe(nb('0,125 EUR'));
  i18n.lang = 'en';
  expect(fmt.tidyDecimal('12500.5')).toBe('12,500.5');
  expect(fmt.unitPrice(12500.5, 'HUF')).toBe(nb('HUF 12,500.50'));
  i18n.lang = 'de';
  expect(fmt.unitPriceInput(12500.5, 'HUF')).toBe('12.500,50');
  expect(fmt.unitPrice(12500.5, 'HUF')).toBe(nb('12.500,50 HUF'));
});
