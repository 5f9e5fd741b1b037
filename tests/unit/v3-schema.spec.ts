// The test helper that validates /v3 answers against 3.0.14 holds to the description's conventions: null only where
// `nullable: true`, open objects, closed enums (3.0.15-only values refused), required fields, numbers not strings.
import { expect, test } from '@playwright/test';
import { translateNullable, v3SchemaErrors } from '../support/v3-schema';

const spending = { id: 1, category: 'other', paid_at: null, comment: null, total_gross: 100, currency: 'HUF' };

test('null passes only where 3.0.14 says nullable', () => {
  expect(v3SchemaErrors('Spending', spending)).toEqual([]);
  expect(v3SchemaErrors('Spending', { ...spending, paid_at: '2026-03-01' })).toEqual([]);
  expect(v3SchemaErrors('Spending', { ...spending, invoice_number: null })).not.toEqual([]);
  expect(v3SchemaErrors('PartnerList', { data: [], prev_page_url: null })).not.toEqual([]);
});

test('objects are open, enums closed to 3.0.14, required fields and JSON types enforced', () => {
  const product = { name: 'Kávé', currency: 'HUF', vat: '27%', unit: 'db', net_unit_price: 1000 };
  expect(v3SchemaErrors('Product', { ...product, sku: 'X-1' })).toEqual([]);
  expect(v3SchemaErrors('Product', { ...product, vat: '25,5%' })).not.toEqual([]); // 3.0.15 only
  expect(v3SchemaErrors('Product', { ...product, currency: 'ALL' })).not.toEqual([]); // 3.0.15 only
  expect(v3SchemaErrors('Product', { ...product, net_unit_price: '1000.000' })).not.toEqual([]); // v2's money string
  const { unit: _unit, ...noUnit } = product;
  expect(v3SchemaErrors('Product', noUnit)).not.toEqual([]);
  expect(v3SchemaErrors('Spending', { ...spending, paid_at: 'yesterday' })).not.toEqual([]); // format: date
});

test('nullable beside a $ref or an enum is translated too', () => {
  expect(translateNullable({ $ref: '#/x', nullable: true })).toEqual({ anyOf: [{ $ref: '#/x' }, { type: 'null' }] });
  expect(translateNullable({ type: 'string', enum: ['a'], nullable: true })).toEqual({ type: ['string', 'null'], enum: ['a', null] });
  expect(translateNullable({ type: 'string' })).toEqual({ type: 'string' });
});
