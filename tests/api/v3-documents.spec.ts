// /documents over the real server: Folio's invoices in v3's Document shape, each answer validated against 3.0.14;
// the same invoice read through v2 and v3 agrees on number, totals, status and payments.
import { expect, test } from '@playwright/test';
import { createClient, FIXED_NOW, startTestServer, testDb, TODAY, type TestServer } from '../support/fixtures';
import { partnerBody, v3 } from '../support/v3-client';

let s: TestServer;
test.beforeAll(async () => {
  s = await startTestServer();
});
test.afterAll(async () => {
  await s.close();
});

/**
 * The buyer, made through v3 as a webshop makes it: its one-line address ("Fő utca 1.") is split into the street, its
 * type and the house number the legal checks ask for, so an invoice can be issued to it.
 */
async function partner(): Promise<number> {
  const made = await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody() });
  return made.body.id as number;
}

const inline = (over: Record<string, unknown> = {}) => ({
  name: 'Tanácsadás', unit_price: 10000, unit_price_type: 'net', quantity: 2, unit: 'óra', vat: '27%', ...over,
});

const insert = (partnerId: number, over: Record<string, unknown> = {}) => ({
  partner_id: partnerId,
  block_id: 0,
  type: 'invoice',
  fulfillment_date: TODAY,
  due_date: '2026-03-23',
  payment_method: 'wire_transfer',
  language: 'hu',
  currency: 'HUF',
  items: [inline()],
  ...over,
});

const create = async (body: Record<string, unknown>) => (await v3(s.api, 'POST', '/documents', { status: 201, schema: 'Document' }, { body })).body;

test('create an invoice with inline and product items; get it; v2 reads the same invoice', async () => {
  const pid = await partner();
  const product = (await v3(s.api, 'POST', '/products', { status: 201, schema: 'Product' }, {
    body: { name: 'Kávé', currency: 'HUF', vat: '5%', unit: 'csomag', net_unit_price: 1000 },
  })).body;
  const doc = await create(insert(pid, {
    comment: 'Köszönjük',
    electronic: true,
    items: [inline(), { product_id: product.id, quantity: 3, comment: 'őrölt' }, inline({ name: 'Bruttó tétel', unit_price: 1270, unit_price_type: 'gross', quantity: 1 })],
  }));
  expect(doc).toMatchObject({
    type: 'invoice', cancelled: false, block_id: 0, payment_status: 'outstanding', payment_method: 'wire_transfer', currency: 'HUF',
    conversion_rate: 1, invoice_date: TODAY, fulfillment_date: TODAY, due_date: '2026-03-23', electronic: true, comment: 'Köszönjük', language: 'hu',
    document_partner: { id: pid, address: { country_code: 'HU' } },
  });
  expect(doc.items).toMatchObject([
    { name: 'Tanácsadás', net_unit_amount: 10000, quantity: 2, unit: 'óra', net_amount: 20000, vat: '27%', vat_amount: 5400, gross_amount: 25400, product_id: null },
    { product_id: product.id, name: 'Kávé', quantity: 3, net_amount: 3000, vat: '5%', vat_amount: 150, gross_amount: 3150, comment: 'őrölt' },
    { name: 'Bruttó tétel', net_amount: 1000, gross_amount: 1270, vat: '27%' },
  ]);
  expect(doc.gross_total).toBe(25400 + 3150 + 1270);
  expect(doc.summary.net_amount).toBe(24000);
  expect(doc.summary.vat_rate_summary.map((v: { vat_name: string }) => v.vat_name).sort()).toEqual(['27%', '5%']);

  const read = (await v3(s.api, 'GET', `/documents/${doc.id}`, { status: 200, schema: 'Document' })).body;
  expect(read).toEqual(doc);
  // parity: the same invoice through v2
  const v2 = (await s.api.ok('GET', `/invoices/${doc.id}`)).data.attributes;
  expect(read.invoice_number).toBe(v2.prefixed_invoice_no);
  expect(read.gross_total).toBe(Number(v2.gross_total));
  expect(read.summary.vat_amount).toBe(Number(v2.vat_total));
  expect(v2.status).toBe(2);
  expect(v2.electronic_invoice).toBe(1);
});

test('discount: a percent of the lines, as one discount line per VAT code and price basis; a bad discount is a 422', async () => {
  const pid = await partner();
  const product = (await v3(s.api, 'POST', '/products', { status: 201, schema: 'Product' }, {
    body: { name: 'Tea', currency: 'HUF', vat: '5%', unit: 'doboz', net_unit_price: 2000 },
  })).body;
  const doc = await create(insert(pid, {
    discount: { type: 'percent', value: 10 },
    items: [inline(), { product_id: product.id, quantity: 2 }, inline({ name: 'Bruttó', unit_price: 1270, unit_price_type: 'gross', quantity: 1 })],
  }));
  const discounts = doc.items.filter((i: { name: string }) => i.name === 'Kedvezmény 10%');
  // 27 % net lines 20 000 → −2 000 net; 5 % product 4 000 → −400 net; 27 % gross 1 270 → −127 gross
  expect(discounts).toMatchObject([
    { vat: '27%', net_amount: -2000, gross_amount: -2540 },
    { vat: '5%', net_amount: -400, gross_amount: -420 },
    { vat: '27%', net_amount: -100, gross_amount: -127 },
  ]);
  expect(doc.gross_total).toBe((25400 + 4200 + 1270) - (2540 + 420 + 127));
  const v2 = (await s.api.ok('GET', `/invoices/${doc.id}`)).data.attributes;
  expect(Number(v2.gross_total)).toBe(doc.gross_total);

  for (const [discount, field] of [
    [{ type: 'amount', value: 5 }, 'discount.type'],
    [{ type: 'percent', value: 120 }, 'discount.value'],
    ['10%', 'discount'],
  ] as const) {
    const bad = await v3(s.api, 'POST', '/documents', { status: 422, schema: 'ValidationErrorResponse' }, { body: insert(pid, { discount }) });
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  }
});

test('paid: true records the full payment; payment history GET, PUT (array) and DELETE; parity of payments and status', async () => {
  const pid = await partner();
  const paid = await create(insert(pid, { paid: true }));
  expect(paid.payment_status).toBe('paid');
  expect(paid.paid_date).toBe(TODAY);
  const history = (await v3(s.api, 'GET', `/documents/${paid.id}/payments`, { status: 200, schema: 'PaymentHistory[]' })).body;
  expect(history).toEqual([{ date: TODAY, price: 25400, payment_method: 'wire_transfer', voucher_number: null, conversion_rate: 1 }]);

  const doc = await create(insert(pid));
  const put = await v3(s.api, 'PUT', `/documents/${doc.id}/payments`, { status: 200, schema: 'PaymentHistory[]' }, {
    body: [{ date: '2026-03-10', price: 10000, payment_method: 'cash' }, { date: '2026-03-12', price: 400, payment_method: 'bankcard' }],
  });
  expect(put.body).toMatchObject([{ date: '2026-03-10', price: 10000, payment_method: 'cash' }, { date: '2026-03-12', price: 400, payment_method: 'bankcard' }]);
  const partly = (await v3(s.api, 'GET', `/documents/${doc.id}`, { status: 200, schema: 'Document' })).body;
  expect(partly).toMatchObject({ payment_status: 'partially_paid', paid_date: '2026-03-12' });
  const v2 = (await s.api.ok('GET', `/invoices/${doc.id}`)).data.attributes;
  expect(v2.payments.map((p: { amount: string; date: string }) => [p.date, Number(p.amount)])).toEqual([['2026-03-10', 10000], ['2026-03-12', 400]]);
  expect(Number(v2.total_paid)).toBe(10400);

  // replacing the whole history: the old entries go
  const full = await v3(s.api, 'PUT', `/documents/${doc.id}/payments`, { status: 200, schema: 'PaymentHistory[]' }, {
    body: [{ date: '2026-03-14', price: 25400, payment_method: 'wire_transfer' }],
  });
  expect(full.body).toHaveLength(1);
  expect((await s.api.ok('GET', `/invoices/${doc.id}`)).data.attributes.status).toBe(1);
  expect((await v3(s.api, 'GET', `/documents/${doc.id}`, { status: 200, schema: 'Document' })).body.payment_status).toBe('paid');

  const cleared = await v3(s.api, 'DELETE', `/documents/${doc.id}/payments`, { status: 200, schema: 'PaymentHistory[]' });
  expect(cleared.body).toEqual([]);
  expect((await s.api.ok('GET', `/invoices/${doc.id}`)).data.attributes.status).toBe(2);

  // an object body is not a history
  const bad = await v3(s.api, 'PUT', `/documents/${doc.id}/payments`, { status: 422, schema: 'ValidationErrorResponse' }, { body: { date: TODAY, price: 1, payment_method: 'cash' } });
  expect(bad.body.errors[0].field).toBe('payments');
  expect((await v3(s.api, 'GET', `/documents/${doc.id}/payments`, { status: 200, schema: 'PaymentHistory[]' })).body).toEqual([]);
});

test('draft: create, change, issue with PUT type invoice; delete a draft 204; copy makes a new draft', async () => {
  const pid = await partner();
  const draft = await create(insert(pid, { type: 'draft' }));
  expect(draft).toMatchObject({ type: 'draft', payment_status: 'none', invoice_number: '' });
  const changed = (await v3(s.api, 'PUT', `/documents/${draft.id}`, { status: 200, schema: 'Document' }, { body: { comment: 'Átírva', items: [inline({ quantity: 1 })] } })).body;
  expect(changed).toMatchObject({ type: 'draft', comment: 'Átírva', gross_total: 12700 });
  const issued = (await v3(s.api, 'PUT', `/documents/${draft.id}`, { status: 200, schema: 'Document' }, { body: { type: 'invoice' } })).body;
  expect(issued.type).toBe('invoice');
  expect(issued.invoice_number).toMatch(/2026-\d{6}$/);

  const copy = (await v3(s.api, 'POST', `/documents/${issued.id}/copy`, { status: 200, schema: 'Document' })).body;
  expect(copy).toMatchObject({ type: 'draft', comment: 'Átírva', gross_total: 12700, document_partner: { id: pid } });
  expect(copy.id).not.toBe(issued.id);

  await v3(s.api, 'DELETE', `/documents/${copy.id}`, { status: 204 });
  await v3(s.api, 'GET', `/documents/${copy.id}`, { status: 404, schema: 'ClientErrorResponse' });
  // an issued invoice is not deleted
  const refused = await v3(s.api, 'DELETE', `/v3/documents/${issued.id}`.replace('/v3', ''), { status: 422, schema: 'ValidationErrorResponse' });
  expect(refused.body.message).toContain('Only a draft');
});

test('proforma → invoice; cancel answers the cancelling document; related documents both ways', async () => {
  const pid = await partner();
  const proforma = await create(insert(pid, { type: 'proforma' }));
  expect(proforma.type).toBe('proforma');
  const invoice = (await v3(s.api, 'POST', `/documents/${proforma.id}/create-from-proforma`, { status: 201, schema: 'Document' })).body;
  expect(invoice).toMatchObject({ type: 'invoice', gross_total: proforma.gross_total });
  expect(invoice.related_documents).toContainEqual({ id: proforma.id, invoice_number: expect.any(String) });

  const cancelling = (await v3(s.api, 'POST', `/documents/${invoice.id}/cancel`, { status: 200, schema: 'Document' })).body;
  expect(cancelling).toMatchObject({ type: 'cancellation', gross_total: -invoice.gross_total, payment_status: 'none' });
  expect(cancelling.related_documents).toContainEqual({ id: invoice.id, invoice_number: invoice.invoice_number });
  const original = (await v3(s.api, 'GET', `/documents/${invoice.id}`, { status: 200, schema: 'Document' })).body;
  expect(original).toMatchObject({ cancelled: true, payment_status: 'none' });
  expect(original.related_documents).toContainEqual({ id: cancelling.id, invoice_number: cancelling.invoice_number });
  expect((await s.api.ok('GET', `/invoices/${invoice.id}`)).data.attributes.status).toBe(4);
});

test('modification document: the comment is the reason, else "Módosítás"; items are new lines', async () => {
  const pid = await partner();
  const doc = await create(insert(pid));
  const mod = (await v3(s.api, 'POST', `/documents/${doc.id}/create-modification-document`, { status: 201, schema: 'Document' }, {
    body: { comment: 'Szállítási díj', items: [inline({ name: 'Szállítás', unit_price: 2000, quantity: 1 })] },
  })).body;
  expect(mod).toMatchObject({ type: 'modification', gross_total: 2540 });
  expect(mod.related_documents).toContainEqual({ id: doc.id, invoice_number: doc.invoice_number });
  const v2 = (await s.api.ok('GET', `/invoices/${mod.id}`)).data.attributes;
  expect(v2.modification_reason).toBe('Szállítási díj');
  expect(v2.items[0].modifies_line ?? null).toBeNull();

  const second = (await v3(s.api, 'POST', `/documents/${doc.id}/create-modification-document`, { status: 201, schema: 'Document' }, {
    body: { items: [inline({ name: 'Engedmény', unit_price: -1000, quantity: 1 })] },
  })).body;
  expect((await s.api.ok('GET', `/invoices/${second.id}`)).data.attributes.modification_reason).toBe('Módosítás');
  const original = (await v3(s.api, 'GET', `/documents/${doc.id}`, { status: 200, schema: 'Document' })).body;
  expect(original.related_documents.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([mod.id, second.id]));
});

test('advance and final invoice through v3', async () => {
  const pid = await partner();
  const advance = await create(insert(pid, { type: 'advance', items: [inline({ name: 'Előleg', quantity: 1 })] }));
  expect(advance.type).toBe('advance');
  await v3(s.api, 'PUT', `/documents/${advance.id}/payments`, { status: 200, schema: 'PaymentHistory[]' }, { body: [{ date: TODAY, price: 12700, payment_method: 'wire_transfer' }] });
  const final = await create(insert(pid, { advance_invoice: [advance.id] }));
  expect(final.type).toBe('invoice');
  expect(final.gross_total).toBe(25400 - 12700);
  expect(final.related_documents.map((r: { id: number }) => r.id)).toContain(advance.id);
});

test('list: envelope, filters by partner, type, payment status and number; paging with an exact total', async () => {
  const pid = await partner();
  const made = [];
  for (let i = 0; i < 3; i++) made.push(await create(insert(pid)));
  await create(insert(pid, { type: 'draft' }));
  await v3(s.api, 'PUT', `/documents/${made[0].id}/payments`, { status: 200, schema: 'PaymentHistory[]' }, { body: [{ date: TODAY, price: 25400, payment_method: 'cash' }] });

  const all = (await v3(s.api, 'GET', '/documents', { status: 200, schema: 'DocumentList' }, { query: { partner_id: pid, per_page: 25, query: '' } })).body;
  expect(all.total).toBe(4);
  expect(all.data).toHaveLength(4);
  const invoices = (await v3(s.api, 'GET', '/documents', { status: 200, schema: 'DocumentList' }, { query: { partner_id: pid, type: 'invoice' } })).body;
  expect(invoices.data.map((d: { id: number }) => d.id).sort()).toEqual(made.map((d) => d.id).sort());
  const paid = (await v3(s.api, 'GET', '/documents', { status: 200, schema: 'DocumentList' }, { query: { partner_id: pid, payment_status: 'paid' } })).body;
  expect(paid.data.map((d: { id: number }) => d.id)).toEqual([made[0].id]);
  const drafts = (await v3(s.api, 'GET', '/documents', { status: 200, schema: 'DocumentList' }, { query: { partner_id: pid, payment_status: 'none' } })).body;
  expect(drafts.total).toBe(1);

  // receipts are documents Folio holds (v3-receipts.spec.ts); a type it never holds is a 422
  const receipts = (await v3(s.api, 'GET', '/documents', { status: 200, schema: 'DocumentList' }, { query: { partner_id: pid, type: 'receipt' } })).body;
  expect(receipts.total).toBe(0);
  await v3(s.api, 'GET', '/documents', { status: 422, schema: 'ValidationErrorResponse' }, { query: { type: 'dossier' } });

  const page2 = (await v3(s.api, 'GET', '/documents', { status: 200, schema: 'DocumentList' }, { query: { partner_id: pid, per_page: 3, page: 2 } })).body;
  expect(page2).toMatchObject({ total: 4, per_page: 3, current_page: 2, last_page: 2, next_page_url: '' });
  expect(page2.data).toHaveLength(1);
  expect(page2.prev_page_url).toContain('page=1');

  const seq = Number(made[1].invoice_number.slice(-6));
  const byNumber = (await v3(s.api, 'GET', '/documents', { status: 200, schema: 'DocumentList' }, {
    query: { start_number: seq, start_year: 2026, end_number: seq, end_year: 2026 },
  })).body;
  expect(byNumber.data.map((d: { id: number }) => d.id)).toEqual([made[1].id]);

  // per_page above the core's 50 is gathered from whole core pages
  const wide = (await v3(s.api, 'GET', '/documents', { status: 200, schema: 'DocumentList' }, { query: { per_page: 100 } })).body;
  expect(wide.per_page).toBe(100);
  expect(wide.data.length).toBe(Math.min(wide.total, 100));
});

test('422 in v3 shape for a bad body; 404 for a missing document', async () => {
  const pid = await partner();
  const bad = await v3(s.api, 'POST', '/documents', { status: 422, schema: 'ValidationErrorResponse' }, { body: insert(pid, { payment_method: 'nope' }) });
  expect(bad.body.errors).toContainEqual({ field: 'payment_method', message: expect.any(String) });
  const noPartner = await v3(s.api, 'POST', '/documents', { status: 422, schema: 'ValidationErrorResponse' }, { body: insert(pid, { partner_id: undefined }) });
  expect(noPartner.body.errors.map((e: { field: string }) => e.field)).toContain('partner_id');
  // a line's fields are named as v3 names them
  const noName = await v3(s.api, 'POST', '/documents', { status: 422, schema: 'ValidationErrorResponse' }, { body: insert(pid, { items: [inline({ name: '' })] }) });
  expect(noName.body.errors.map((e: { field: string }) => e.field)).toContain('items.0.name');
  const badType = await v3(s.api, 'POST', '/documents', { status: 422, schema: 'ValidationErrorResponse' }, { body: insert(pid, { type: 'receipt' }) });
  expect(badType.body.errors[0].field).toBe('type');
  await v3(s.api, 'GET', '/documents/999999', { status: 404, schema: 'ClientErrorResponse' });
  await v3(s.api, 'POST', '/documents/999999/cancel', { status: 404, schema: 'ClientErrorResponse' });
  await v3(s.api, 'GET', '/documents/999999/payments', { status: 404, schema: 'ClientErrorResponse' });
});

test('vendor_id: kept at creation, found by GET /documents/vendor/{vendor_id}, not changed after; the sealed row guards it', async () => {
  const pid = await partner();
  const vendorId = `WEB-${Date.now()}`;
  const doc = await create(insert(pid, { vendor_id: vendorId }));
  const found = (await v3(s.api, 'GET', `/documents/vendor/${vendorId}`, { status: 200, schema: 'Document' })).body;
  expect(found).toMatchObject({ id: doc.id, invoice_number: doc.invoice_number });
  expect((await s.api.ok('GET', `/invoices/${doc.id}`)).data.attributes.vendor_id).toBe(vendorId);
  await v3(s.api, 'GET', '/documents/vendor/NO-SUCH-ORDER', { status: 404, schema: 'ClientErrorResponse' });

  // a draft's PUT does not move it
  const draft = await create(insert(pid, { type: 'draft', vendor_id: `${vendorId}-D` }));
  await v3(s.api, 'PUT', `/documents/${draft.id}`, { status: 200, schema: 'Document' }, { body: { vendor_id: 'OTHER', comment: 'x' } });
  expect((await s.api.ok('GET', `/invoices/${draft.id}`)).data.attributes.vendor_id).toBe(`${vendorId}-D`);

  // the issued invoice's vendor_id is part of its legal record: the database refuses to change it
  await expect(testDb(s).updateTable('invoices').set({ vendor_id: 'CHANGED' }).where('id', '=', doc.id).execute()).rejects.toThrow(/issued invoices cannot be changed/);
});

test('payment status as time passes: outstanding, partially_paid, expired; each a list filter', async () => {
  // its own server on a clock the test moves (a fake for time only)
  let now = new Date(FIXED_NOW);
  const own = await startTestServer({ clock: { now: () => now } });
  try {
    const pid = await createClient(own.api);
    const body = insert(pid);
    const a = (await v3(own.api, 'POST', '/documents', { status: 201, schema: 'Document' }, { body })).body;
    const b = (await v3(own.api, 'POST', '/documents', { status: 201, schema: 'Document' }, { body })).body;
    expect(a.payment_status).toBe('outstanding');
    await v3(own.api, 'PUT', `/documents/${b.id}/payments`, { status: 200, schema: 'PaymentHistory[]' }, { body: [{ date: TODAY, price: 100, payment_method: 'cash' }] });
    const listed = async (status: string) =>
      (await v3(own.api, 'GET', '/documents', { status: 200, schema: 'DocumentList' }, { query: { payment_status: status } })).body.data.map((d: { id: number }) => d.id);
    expect(await listed('outstanding')).toEqual([b.id, a.id]);
    expect(await listed('partially_paid')).toEqual([b.id]);
    expect(await listed('expired')).toEqual([]);

    now = new Date('2026-03-24T10:00:00+01:00'); // the day after the due date
    expect((await v3(own.api, 'GET', `/documents/${a.id}`, { status: 200, schema: 'Document' })).body.payment_status).toBe('expired');
    expect((await v3(own.api, 'GET', `/documents/${b.id}`, { status: 200, schema: 'Document' })).body.payment_status).toBe('expired');
    expect(await listed('expired')).toEqual([b.id, a.id]);
  } finally {
    await own.close();
  }
});
