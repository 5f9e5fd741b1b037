// /spendings over the real server: Folio's expenses in v3's shape, each answer validated against 3.0.14.
import { expect, test } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/fixtures';
import { partnerBody, v3 } from '../support/v3-client';

let s: TestServer;
test.beforeAll(async () => {
  s = await startTestServer();
});
test.afterAll(async () => {
  await s.close();
});

const spending = (over: Record<string, unknown> = {}) => ({
  currency: 'HUF',
  total_gross: 12700,
  total_gross_huf: 12700,
  total_vat_amount: 2700,
  total_vat_amount_huf: 2700,
  fulfillment_date: '2026-03-10',
  invoice_date: '2026-03-10',
  due_date: '2026-03-20',
  category: 'advertisement',
  payment_method: 'wire_transfer',
  invoice_number: 'SZ-2026-1',
  comment: 'Hirdetés',
  ...over,
});

test('create 201, get, update, delete 204; the same expense through v2', async () => {
  const partner = (await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody() })).body;
  const created = await v3(s.api, 'POST', '/spendings', { status: 201, schema: 'Spending' }, { body: spending({ partner_id: partner.id }) });
  const sp = created.body;
  expect(sp).toMatchObject({
    category: 'advertisement',
    currency: 'HUF',
    total_gross: 12700,
    total_vat_amount: 2700,
    total_gross_local: 12700,
    conversion_rate: 1,
    invoice_number: 'SZ-2026-1',
    due_date: '2026-03-20',
    paid_at: null,
    comment: 'Hirdetés',
    partner: { id: partner.id, name: partner.name },
  });
  const v2 = (await s.api.ok('GET', `/expenses/${sp.id}`)).data.attributes;
  expect(v2).toMatchObject({ categories_id: '11', gross_price: '12700.000', net_price: '10000.000', vat: '1', client_uid: partner.id, paid: false });

  const paid = await v3(s.api, 'PUT', `/spendings/${sp.id}`, { status: 200, schema: 'Spending' }, { body: { paid_at: '2026-03-18', total_gross: 10500, total_vat_amount: 500 } });
  expect(paid.body).toMatchObject({ id: sp.id, paid_at: '2026-03-18', total_gross: 10500, total_vat_amount: 500 });
  expect((await s.api.ok('GET', `/expenses/${sp.id}`)).data.attributes.vat).toBe('2'); // 5 %
  expect((await v3(s.api, 'GET', `/spendings/${sp.id}`, { status: 200, schema: 'Spending' })).body).toEqual(paid.body);

  await v3(s.api, 'DELETE', `/spendings/${sp.id}`, { status: 204 });
  await v3(s.api, 'GET', `/spendings/${sp.id}`, { status: 404, schema: 'ClientErrorResponse' });
});

test('amounts that match no Hungarian rate, and a missing category, are 422 in v3 names', async () => {
  const odd = await v3(s.api, 'POST', '/spendings', { status: 422, schema: 'ValidationErrorResponse' }, { body: spending({ total_vat_amount: 1234 }) });
  expect(odd.body.errors.map((e: { field: string }) => e.field)).toEqual(['total_vat_amount']);
  const noCategory = await v3(s.api, 'POST', '/spendings', { status: 422, schema: 'ValidationErrorResponse' }, { body: spending({ category: undefined }) });
  expect(noCategory.body.errors.map((e: { field: string }) => e.field)).toEqual(['category']);
  const badDate = await v3(s.api, 'POST', '/spendings', { status: 422, schema: 'ValidationErrorResponse' }, { body: spending({ due_date: '2026-03-01' }) });
  expect(badDate.body.errors.map((e: { field: string }) => e.field)).toEqual(['due_date']);
});

test('the list filters: q, dates by the chosen date, payment status, categories, currencies; newest due date first', async () => {
  const tag = `T${Date.now()}`;
  const a = (await v3(s.api, 'POST', '/spendings', { status: 201, schema: 'Spending' }, { body: spending({ comment: `${tag} a`, due_date: '2026-03-20', category: 'stock' }) })).body;
  const b = (await v3(s.api, 'POST', '/spendings', { status: 201, schema: 'Spending' }, { body: spending({ comment: `${tag} b`, due_date: '2026-04-20', paid_at: '2026-03-12', category: 'service' }) })).body;
  const c = (await v3(s.api, 'POST', '/spendings', { status: 201, schema: 'Spending' }, { body: spending({ comment: `${tag} c`, invoice_date: '2026-02-01', fulfillment_date: '2026-02-01', due_date: '2026-02-10', currency: 'EUR', total_gross: 127, total_vat_amount: 27, category: 'stock' }) })).body;
  const ids = async (query: Record<string, string>) =>
    (await v3(s.api, 'GET', '/spendings', { status: 200, schema: 'SpendingList' }, { query: { q: tag, ...query } })).body.data.map((x: { id: number }) => x.id);

  expect(await ids({})).toEqual([b.id, a.id, c.id]);
  expect(await ids({ payment_status: 'paid' })).toEqual([b.id]);
  expect(await ids({ payment_status: 'unpaid' })).toEqual([a.id, c.id]);
  expect(await ids({ categories: 'stock' })).toEqual([a.id, c.id]);
  expect(await ids({ currencies: 'EUR' })).toEqual([c.id]);
  expect(await ids({ spending_date: 'due_date', start_date: '2026-03-01', end_date: '2026-03-31' })).toEqual([a.id]);
  expect(await ids({ spending_date: 'invoice_date', end_date: '2026-02-28' })).toEqual([c.id]);
  expect(await ids({ spending_type: 'nav' })).toEqual([]);
  // an empty q is no filter
  const all = await v3(s.api, 'GET', '/spendings', { status: 200, schema: 'SpendingList' }, { query: { q: '' } });
  expect(all.body.total).toBeGreaterThanOrEqual(3);
  // a foreign-currency spending answers no local amounts Folio does not keep
  const eur = (await v3(s.api, 'GET', `/spendings/${c.id}`, { status: 200, schema: 'Spending' })).body;
  expect(eur).toMatchObject({ currency: 'EUR', total_gross: 127 });
  expect(eur).not.toHaveProperty('total_gross_local');
});
