// Products over HTTP: create, read, list, update, and the soft delete at DELETE /api/products/{id} (the spec's path)
// and DELETE /products/{id} (docs/design.md §5).
import { expect, test } from '@playwright/test';
import { createInvoice, createProduct, productBody, productLine, readInvoice, serverPerFile } from '../support/fixtures';
import type { ApiResponse } from '../support/api-client';

const s = serverPerFile();
const fields = (res: ApiResponse) => ((res.body?.errors ?? []) as Array<{ field: string }>).map((e) => e.field);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

test('POST /products answers the product with the fields of the request and the timestamps', async () => {
  const body = { name: 'Kávé', price: 1250.5, unit: 'csomag', currency_code: 'HUF', vat_id: 1, fokonyv_arbev: '911', fokonyv_afa: '467', entitlement: null };
  const res = await s.api.post('/products', body);
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ success: true, type: 'products' });
  const d = res.body.data;
  expect(d.id).toBe(d.attributes.uid);
  expect(d.attributes).toMatchObject({ name: 'Kávé', price: 1250.5, unit: 'csomag', currency_code: 'HUF', vat_id: 1, fokonyv_arbev: '911', fokonyv_afa: '467', entitlement: null });
  expect(typeof d.attributes.price).toBe('number');
  expect(typeof d.attributes.vat_id).toBe('number');
  expect(d.attributes.created_at).toMatch(TIMESTAMP);
  expect(d.attributes.updated_at).toMatch(TIMESTAMP);
});

test('GET /products/{id} carries the full attributes: deleted 0, deleted_at null, the VAT object', async () => {
  const id = await createProduct(s.api, { vat_id: 2, entitlement: null, is_service: 1, barcode: '5991234567890' });
  const res = await s.api.get(`/products/${id}`);
  expect(res.status).toBe(200);
  expect(res.body.type).toBe('products');
  const a = res.body.data.attributes;
  expect(a).toMatchObject({ deleted: 0, deleted_at: null, vat_id: 2, is_service: 1, barcode: '5991234567890' });
  expect(a.vat).toEqual({ id: 2, value: 0.05, description: '5%' });
  for (const key of ['comment', 'categories_id', 'min_qty', 'max_qty', 'opt_qty', 'sales_price', 'product_code', 'item_nr', 'width', 'height', 'depth', 'weight', 'archived_at', 'description', 'purchase_price']) {
    expect(a).toHaveProperty(key);
  }
});

test('an entitlement is kept on the product', async () => {
  const id = await createProduct(s.api, { vat_id: 7, entitlement: 'AAM' });
  expect((await s.api.ok('GET', `/products/${id}`)).data.attributes.entitlement).toBe('AAM');
});

test('GET /products lists products newest first', async () => {
  const a = await createProduct(s.api);
  const b = await createProduct(s.api);
  const res = await s.api.get('/products');
  expect(res.body).toMatchObject({ success: true, type: 'products' });
  const ids = res.body.data.map((p: { id: number }) => p.id);
  expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
});

test('PUT /products/{id} changes name, price, unit, currency and VAT and returns the full attributes', async () => {
  const id = await createProduct(s.api, { fokonyv_arbev: '911' });
  const res = await s.api.put(`/products/${id}`, { name: 'Átnevezett', price: 99.9, unit: 'kg', currency_code: 'EUR', vat_id: 3 });
  expect(res.status, res.text).toBe(200);
  expect(res.body.type).toBe('products');
  expect(res.body.data.attributes).toMatchObject({ name: 'Átnevezett', price: 99.9, unit: 'kg', currency_code: 'EUR', vat_id: 3, fokonyv_arbev: '911', deleted: 0 });
  expect(res.body.data.attributes.vat).toEqual({ id: 3, value: 0.18, description: '18%' });
});

test('PUT with only a price keeps the rest', async () => {
  const id = await createProduct(s.api, { name: 'Megmarad', unit: 'm' });
  const res = await s.api.ok('PUT', `/products/${id}`, { body: { price: 5 } });
  expect(res.data.attributes).toMatchObject({ name: 'Megmarad', unit: 'm', price: 5 });
});

for (const path of ['/api/products', '/products']) {
  test(`DELETE ${path}/{id} soft-deletes: {success: true}, then deleted 1 and deleted_at set`, async () => {
    const id = await createProduct(s.api);
    const res = await s.api.delete(`${path}/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true });
    const a = (await s.api.ok('GET', `/products/${id}`)).data.attributes;
    expect(a.deleted).toBe(1);
    expect(a.deleted_at).toMatch(TIMESTAMP);
  });
}

test('DELETE of an unknown product is a 404 on both paths', async () => {
  expect((await s.api.delete('/api/products/999999')).status).toBe(404);
  expect((await s.api.delete('/products/999999')).status).toBe(404);
});

test('an unknown product is a 404 on GET and PUT', async () => {
  expect((await s.api.get('/products/999999')).status).toBe(404);
  expect((await s.api.put('/products/999999', { price: 1 })).status).toBe(404);
});

for (const [label, over, field] of [
  ['without a name', { name: undefined }, 'name'],
  ['without a price', { price: undefined }, 'price'],
  ['with a non-numeric price', { price: 'ingyen' }, 'price'],
  ['without vat_id', { vat_id: undefined }, 'vat_id'],
  ['with an unknown vat_id', { vat_id: 4242 }, 'vat_id'],
  ['with a bad currency code', { currency_code: 'forint' }, 'currency_code'],
  ['with an unknown entitlement', { entitlement: 'XYZ' }, 'entitlement'],
] as const) {
  test(`a product ${label} is a 400 on ${field}`, async () => {
    const body: Record<string, unknown> = productBody(over as Record<string, unknown>);
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const res = await s.api.post('/products', body);
    expect(res.status, res.text).toBe(400);
    expect(fields(res)).toContain(field);
  });
}

test('an issued invoice keeps the price of its product line when the product changes', async () => {
  const id = await createProduct(s.api, { price: 1000, vat_id: 1 });
  const inv = await createInvoice(s.api, { items: [productLine(id, 2)] });
  expect(inv.attributes.total).toBe(2540);
  await s.api.ok('PUT', `/products/${id}`, { body: { price: 5000, vat_id: 2, name: 'Drágább' } });
  const a = (await readInvoice(s.api, inv.id)).attributes;
  expect(a.total).toBe('2540.000');
  expect(a.items[0]).toMatchObject({ net_unit_price: '1000.000', vat_id: '1' });
});
