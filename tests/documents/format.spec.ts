// Number and date formats of the printed documents.
import { expect, test } from '@playwright/test';
import {
  formatDate,
  formatDecimal,
  formatExchangeRate,
  formatMoney,
  formatPercent,
  formatQty,
} from '../../electron/documents/format';
import { invoicePdfFileName } from '../../electron/documents';
import { resolveDocLang } from '../../electron/documents/i18n';
import { buildInvoice, HU_LINES } from './fixtures';

const NBSP = '\u00a0';
const two = { minDecimals: 2, maxDecimals: 3 };

test('thousands separators and decimal marks per language', () => {
  expect(formatDecimal('1234567.5', 'hu', two)).toBe(`1${NBSP}234${NBSP}567,50`);
  expect(formatDecimal('1234567.5', 'en', two)).toBe('1,234,567.50');
  expect(formatDecimal('1234567.5', 'de', two)).toBe('1.234.567,50');
  expect(formatDecimal('999', 'hu', two)).toBe('999,00');
  expect(formatDecimal('1000', 'en', two)).toBe('1,000.00');
});

test('negative amounts, and no "-0"', () => {
  expect(formatDecimal('-4445.000', 'hu', two)).toBe(`-4${NBSP}445,00`);
  expect(formatDecimal('-0.000', 'en', two)).toBe('0.00');
  expect(formatDecimal('-0.0004', 'en', two)).toBe('0.00');
});

test('a third stored decimal is shown, more are rounded half away from zero', () => {
  expect(formatDecimal('12.345', 'en', two)).toBe('12.345');
  expect(formatDecimal('12.3455', 'en', two)).toBe('12.346');
  expect(formatDecimal('-12.3455', 'en', two)).toBe('-12.346');
});

test('money with its currency', () => {
  // Forints in whole units, as on screen; a forint fraction (a unit price typed "12 500,50") as typed.
  expect(formatMoney('1234.000', 'HUF', 'hu')).toBe(`1${NBSP}234${NBSP}Ft`);
  expect(formatMoney('207329.000', 'HUF', 'de')).toBe(`207.329${NBSP}HUF`);
  expect(formatMoney('12500.500', 'HUF', 'hu')).toBe(`12${NBSP}500,50${NBSP}Ft`);
  expect(formatMoney('-2.000', 'HUF', 'hu')).toBe(`-2${NBSP}Ft`);
  expect(formatMoney('1234.500', 'EUR', 'hu')).toBe(`1${NBSP}234,50${NBSP}EUR`);
  expect(formatMoney('1234.000', 'EUR', 'en')).toBe(`EUR${NBSP}1,234.00`);
  expect(formatMoney('1234.5', 'EUR', 'hu')).toBe(`1${NBSP}234,50${NBSP}EUR`);
  expect(formatMoney('1234.5', 'EUR', 'de')).toBe(`1.234,50${NBSP}EUR`);
  expect(formatMoney('1234.5', 'EUR', 'en')).toBe(`EUR${NBSP}1,234.50`);
  expect(formatMoney('1234', 'JPY', 'en')).toBe(`JPY${NBSP}1,234`);
});

test('quantities, rates and percentages', () => {
  expect(formatQty('1.500', 'hu')).toBe('1,5');
  expect(formatQty('120.000', 'en')).toBe('120');
  expect(formatQty('1234.250', 'de')).toBe('1.234,25');
  expect(formatExchangeRate('392.150000', 'hu')).toBe('392,15');
  expect(formatExchangeRate('392.1234', 'en')).toBe('392.1234');
  expect(formatPercent('0.27', 'hu')).toBe('27%');
  expect(formatPercent('0.055', 'de')).toBe('5,5%');
});

test('dates per language', () => {
  expect(formatDate('2026-03-05', 'hu')).toBe('2026.03.05.');
  expect(formatDate('2026-03-05', 'en')).toBe('5 Mar 2026');
  expect(formatDate('2026-03-05', 'de')).toBe('05.03.2026');
  expect(formatDate('', 'hu')).toBe('');
});

test('document language: the caller, else the invoice, else Hungarian', () => {
  expect(resolveDocLang('de', 'en')).toBe('de');
  expect(resolveDocLang(undefined, 'EN')).toBe('en');
  expect(resolveDocLang(undefined, 'hu-en')).toBe('hu-en');
  expect(resolveDocLang(undefined, 'fr')).toBe('hu');
});

test('PDF file names are safe and say what the document is', () => {
  expect(invoicePdfFileName(buildInvoice({ number: 'FOL/2026/000123', lines: HU_LINES }))).toBe('szamla-FOL-2026-000123.pdf');
  expect(invoicePdfFileName(buildInvoice({ type: 1, number: 'D-2026-000007', lines: HU_LINES }))).toBe('dijbekero-D-2026-000007.pdf');
  expect(invoicePdfFileName(buildInvoice({ type: 0, number: null, uid: 9, lines: HU_LINES }))).toBe('piszkozat-uid-9.pdf');
  expect(invoicePdfFileName(buildInvoice({ number: 'Ő/../../x', isCancel: true, lines: HU_LINES }))).toBe('sztorno-O-.-.-x.pdf');
  // In the invoice's own language; a bilingual Hungarian–English one is named in Hungarian.
  const named = (templateLang: string, over: Parameters<typeof buildInvoice>[0]) =>
    invoicePdfFileName({ ...buildInvoice(over), template_lang_code: templateLang });
  expect(named('en', { number: '2026-000001', lines: HU_LINES })).toBe('invoice-2026-000001.pdf');
  expect(named('en', { number: '2026-000002', isCancel: true, lines: HU_LINES })).toBe('cancellation-2026-000002.pdf');
  expect(named('en', { type: 1, number: 'D-2026-000003', lines: HU_LINES })).toBe('proforma-D-2026-000003.pdf');
  expect(named('de', { number: '2026-000001', lines: HU_LINES })).toBe('rechnung-2026-000001.pdf');
  expect(named('de', { number: '2026-000002', isCancel: true, lines: HU_LINES })).toBe('stornorechnung-2026-000002.pdf');
  expect(named('de', { type: 1, number: 'D-2026-000003', lines: HU_LINES })).toBe('proforma-rechnung-D-2026-000003.pdf');
  expect(named('hu-en', { number: '2026-000001', lines: HU_LINES })).toBe('szamla-2026-000001.pdf');
});
