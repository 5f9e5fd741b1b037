// The code lists: every Hungarian VAT code Folio offers has an EN 16931 category (a new code without one would make
// every e-invoice with it fail), and the identifiers take the forms the rules expect.
import { expect, test } from '@playwright/test';
import { VAT_CODES } from '../../shared/reference/vat-codes';
import { euVatId, hungarianVatId, paymentMeansCode, unitCode, vatCategoryOf } from '../../electron/core/einvoice/codes';

test('every VAT code maps to a category; exempt and special ones carry a reason', () => {
  for (const code of VAT_CODES) {
    const c = vatCategoryOf({ vat_id: code.id, vat_rate: code.value, entitlement: null }, 1);
    expect(['S', 'Z', 'E', 'AE', 'K', 'G', 'O']).toContain(c.code);
    if (c.code !== 'S' && c.code !== 'Z') expect(c.exemptionReason, code.description).toBeTruthy();
    if (c.code === 'O') expect(c.percent).toBeNull();
    else expect(c.percent).not.toBeNull();
  }
  const byId = (id: string, entitlement: string | null = null) => vatCategoryOf({ vat_id: id, vat_rate: '0', entitlement }, 1).code;
  expect(byId('7')).toBe('E'); // AAM
  expect(byId('11')).toBe('AE'); // F.AFA
  expect(byId('15')).toBe('K'); // FAD (EUFAD37)
  expect(byId('5')).toBe('K'); // EU (KBAET)
  expect(byId('9')).toBe('G'); // EUK (EAM)
  expect(byId('13')).toBe('O'); // ÁKK
  expect(vatCategoryOf({ vat_id: '1', vat_rate: '0.27', entitlement: null }, 1)).toMatchObject({ code: 'S' });
  expect(vatCategoryOf({ vat_id: '1', vat_rate: '0.27', entitlement: null }, 1).percent!.toFixed()).toBe('27');
});

test('identifiers, payment means and units', () => {
  expect(hungarianVatId('12345676-2-41')).toBe('HU12345676');
  expect(hungarianVatId('Kft.')).toBeUndefined();
  expect(euVatId('de 123 456 789')).toBe('DE123456789');
  expect(euVatId('US123456789')).toBeUndefined();
  expect(paymentMeansCode(2, true, true)).toBe('58');
  expect(paymentMeansCode(2, false, true)).toBe('30');
  expect(paymentMeansCode(2, false, false)).toBe('1');
  expect(paymentMeansCode(1, false, false)).toBe('10');
  expect(paymentMeansCode(5, false, false)).toBe('48');
  expect([unitCode('db'), unitCode('óra'), unitCode('hó'), unitCode('kg'), unitCode('csomag'), unitCode('licenc'), unitCode('')]).toEqual([
    'H87', 'HUR', 'MON', 'KGM', 'XPK', 'C62', 'C62',
  ]);
});
