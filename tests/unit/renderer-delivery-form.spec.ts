// The delivery document editor's request body (renderer/features/delivery/delivery-form.ts, issue 40): a price only
// when typed, a gross price sent as the net the core stores (rounded half away from zero to 3 decimals), product
// lines naming their product, the delivery address and "hide prices" only on a delivery note, the quote named.
import { expect, test } from '@playwright/test';
import { registerSvelteModules } from '../support/svelte-modules';

registerSvelteModules();
const form = await import('../../renderer/features/delivery/delivery-form');

const line = (over: Record<string, unknown> = {}) => ({
  key: 1, product_uid: null, product_name: '', description: 'Térkő', qty: '120', unit: 'db', priceMode: 'net', price: '4500', vat_id: '1', entitlement: '', item_comment: '', ...over,
}) as never;

const draft = (lines: unknown[]) => ({ client: { id: 7 }, clientFallback: null, currency: 'HUF', template_lang_code: 'de', comment: 'Rámpa', lines }) as never;
const address = { postcode: '6800', city: 'Hódmezővásárhely', street_name: 'Andrássy', street_type: 'út', house_nr: '5', country: 'Magyarország' };

test('a net price as typed, none when left empty, a gross price as its net (27 %: 12 700 → 10 000)', () => {
  expect(form.netPrice(line())).toBe('4500');
  expect(form.netPrice(line({ price: '' }))).toBe('');
  expect(form.netPrice(line({ priceMode: 'gross', price: '12700' }))).toBe('10000.000');
  // 1 / 1.27 = 0.787401…: three decimals, rounded as the core rounds
  expect(form.netPrice(line({ priceMode: 'gross', price: '1' }))).toBe('0.787');
});

test('a delivery note: the address when it differs, prices hidden, lines with and without a price', () => {
  const body = form.deliveryBody(draft([line(), line({ product_uid: 3, description: 'Csavar M6', price: '', unit: '' })]), {
    kind: 'waybill', quoteUid: null, date: '2026-11-22', sameAddress: false, address, hidePrices: true,
  });
  expect(body).toEqual({
    kind: 'waybill', client_uid: 7, date: '2026-11-22', currency: 'HUF', template_lang_code: 'de', comment: 'Rámpa',
    show_prices: false, delivery_address: address,
    items: [
      { description: 'Térkő', qty: '120', unit: 'db', net_unit_price: '4500', vat_id: '1' },
      { product_uid: 3, description: 'Csavar M6', qty: '120', vat_id: '1' },
    ],
  });
});

test('a certificate from a quote: the quote named, no address and no price switch', () => {
  const body = form.deliveryBody(draft([line()]), { kind: 'cert_of_completion', quoteUid: 12, date: '2026-11-22', sameAddress: false, address, hidePrices: true });
  expect(body.quote_uid).toBe(12);
  expect(body).not.toHaveProperty('delivery_address');
  expect(body).not.toHaveProperty('show_prices');
});
