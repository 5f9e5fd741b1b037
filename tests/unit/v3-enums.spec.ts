// The v3 enum table (shared/v3/enums.ts) against Billingo's own descriptions: every Folio id answers a value 3.0.14
// lists, every 3.0.14 (and 3.0.15) value a request may send is read, and the table's copies of the enums are 3.0.14's.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { VAT_CODES } from '../../shared/reference/vat-codes';
import { PAYMENT_METHODS } from '../../shared/reference/payment-methods';
import { EXPENSE_CATEGORIES_HU } from '../../shared/reference/expense-categories';
import { CURRENCIES } from '../../shared/reference/currencies';
import * as e from '../../shared/v3/enums';
import { ENTITLEMENTS_3014 } from '../../shared/v3/entitlements';
import { V3_REFERENCE_DIR } from '../support/v3-schema';

type Doc = { components: { schemas: Record<string, { enum?: string[] }> } };
const read = (v: string) => JSON.parse(readFileSync(resolve(V3_REFERENCE_DIR, `billingo-${v}.json`), 'utf8')) as Doc;
const v14 = read('3.0.14').components.schemas;
const v15 = read('3.0.15').components.schemas;
const enumOf = (schemas: Doc['components']['schemas'], name: string) => [...(schemas[name]!.enum ?? [])].sort();

test("the table's enums are 3.0.14's, and 3.0.15's additions are what it says", () => {
  expect([...e.V3_VAT_3014].sort()).toEqual(enumOf(v14, 'Vat'));
  expect([...e.V3_PAYMENT_METHODS_3014].sort()).toEqual(enumOf(v14, 'PaymentMethod'));
  expect([...e.V3_PAYMENT_METHODS_3014].sort()).toEqual(enumOf(v14, 'SpendingPaymentMethod'));
  expect([...e.V3_CURRENCIES_3014].sort()).toEqual(enumOf(v14, 'Currency'));
  expect([...e.V3_LANGUAGES_3014].sort()).toEqual(enumOf(v14, 'DocumentLanguage'));
  expect([...e.V3_ROUNDS].sort()).toEqual(enumOf(v14, 'Round'));
  expect([...e.V3_CATEGORIES_3014].sort()).toEqual(enumOf(v14, 'Category'));
  expect([...ENTITLEMENTS_3014].sort()).toEqual(enumOf(v14, 'Entitlement'));
  expect([...e.V3_VAT_3014, ...e.V3_VAT_3015_ONLY].sort()).toEqual(enumOf(v15, 'Vat'));
  expect([...e.V3_PAYMENT_METHODS_3014, ...e.V3_PAYMENT_METHODS_3015_ONLY].sort()).toEqual(enumOf(v15, 'PaymentMethod'));
  expect([...e.V3_CURRENCIES_3014, ...e.V3_CURRENCIES_3015_ONLY].sort()).toEqual(enumOf(v15, 'Currency'));
});

test('VAT: the Hungarian codes one to one, both ways', () => {
  const pairs: Array<[string, string]> = [
    ['1', '27%'], ['2', '5%'], ['3', '18%'], ['4', 'AM'], ['5', 'EU'], ['6', '0%'], ['7', 'AAM'], ['8', 'TAM'], ['9', 'EUK'],
    ['10', 'MAA'], ['11', 'F.AFA'], ['12', 'K.AFA'], ['13', 'ÁKK'], ['14', 'ÁTHK'], ['15', 'FAD'],
  ];
  for (const [id, v] of pairs) {
    expect(e.vatToV3(id)).toBe(v);
    expect(e.vatFromV3(v)).toBe(id);
  }
});

test('VAT: every Folio code answers a 3.0.14 value; member-state rates by percentage, read back by rate', () => {
  const allowed = new Set<string>(enumOf(v14, 'Vat'));
  for (const code of VAT_CODES) {
    const v = e.vatToV3(code.id);
    expect(v && allowed.has(v), `${code.id} ${code.description} → ${v}`).toBe(true);
    if (code.treatment !== 'foreign_rate') continue;
    const pct = Number(code.value) * 100;
    if (pct === 25.5) {
      expect(v).toBe('25%'); // 3.0.14 cannot name 25,5 %
      continue;
    }
    expect(v).toBe(`${String(pct).replace('.', ',')}%`);
    // read back: a code with the same rate (a Hungarian one first, then the first member state by code)
    const back = e.vatFromV3(v!);
    expect(Number(VAT_CODES.find((c) => c.id === back)!.value) * 100).toBeCloseTo(pct, 6);
  }
  expect(e.vatToV3('100')).toBe('20%'); // AT
  expect(e.vatFromV3('19%')).toBe(VAT_CODES.find((c) => c.country === 'CY')!.id); // CY before DE
  expect(Number(VAT_CODES.find((c) => c.id === e.vatFromV3('25,5%'))!.value)).toBe(0.255); // 3.0.15's FI rate
  expect(e.vatFromV3('1%')).toBeUndefined();
  expect(e.vatFromV3('8,1%')).toBeUndefined();
});

test('payment methods: every Folio id answers a 3.0.14 value; every 3.0.14 and 3.0.15 value reads as a Folio id', () => {
  const allowed = new Set<string>(enumOf(v14, 'PaymentMethod'));
  const folioIds = new Set(PAYMENT_METHODS.map((m) => m.id));
  for (const m of PAYMENT_METHODS) expect(allowed.has(e.paymentMethodToV3(m.id)), String(m.id)).toBe(true);
  expect(e.paymentMethodToV3(10)).toBe('other');
  const direct: Array<[string, number]> = [
    ['cash', 1], ['wire_transfer', 2], ['cash_on_delivery', 4], ['bankcard', 5], ['szep_card', 6], ['paypal', 7],
    ['postai_csekk', 8], ['kompenzacio', 9], ['coupon', 11], ['utalvany', 12],
  ];
  for (const [v, id] of direct) {
    expect(e.paymentMethodFromV3(v)).toBe(id);
    expect(e.paymentMethodToV3(id)).toBe(v);
  }
  for (const v of enumOf(v15, 'PaymentMethod')) {
    const id = e.paymentMethodFromV3(v);
    expect(id !== undefined && folioIds.has(id), `${v} → ${id}`).toBe(true);
  }
  expect(e.paymentMethodFromV3('no-such')).toBeUndefined();
});

test("currencies: Folio's editor currencies answer as themselves, an unlistable one as HUF; requests as sent", () => {
  for (const c of CURRENCIES) expect(e.currencyToV3(c)).toBe(c);
  expect(e.currencyToV3('ALL')).toBe('HUF');
  expect(e.currencyToV3('')).toBe('HUF');
  for (const c of enumOf(v15, 'Currency')) expect(e.currencyFromV3(c)).toMatch(/^[A-Z]{3}$/);
  expect(e.currencyFromV3('LEJ')).toBe('RON');
});

test('languages and rounding', () => {
  const langs = new Set<string>(enumOf(v14, 'DocumentLanguage'));
  for (const l of ['hu', 'en', 'de', 'hu-en', '']) expect(langs.has(e.languageToV3(l))).toBe(true);
  expect(e.languageToV3('hu-en')).toBe('hu');
  for (const l of enumOf(v14, 'DocumentLanguage')) expect(['hu', 'en', 'de']).toContain(e.languageFromV3(l));
  expect(e.languageFromV3('us')).toBe('en');
  for (const [v, n] of [['none', 0], ['one', 1], ['five', 5], ['ten', 10]] as const) {
    expect(e.roundFromV3(v)).toBe(n);
    expect(e.roundToV3(n)).toBe(v);
  }
});

test('spending categories: every Folio category answers a 3.0.14 value; every 3.0.14 value is a Folio category', () => {
  const allowed = new Set<string>(enumOf(v14, 'Category'));
  const folio = new Set(EXPENSE_CATEGORIES_HU.map((c) => c.id));
  for (const c of EXPENSE_CATEGORIES_HU) expect(allowed.has(e.categoryToV3(c.id)), c.name).toBe(true);
  for (const v of enumOf(v14, 'Category')) expect(folio.has(e.categoryFromV3(v)), v).toBe(true);
  for (const v of enumOf(v15, 'Category')) expect(folio.has(e.categoryFromV3(v)), v).toBe(true);
  // a category read back answers the same v3 value (tangible assets has no Folio category of its own)
  for (const v of enumOf(v14, 'Category').filter((c) => c !== 'tangible_assets')) expect(e.categoryToV3(e.categoryFromV3(v))).toBe(v);
});
