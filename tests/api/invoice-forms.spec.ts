// The JSON forms of invoices over HTTP: the envelopes, the read form (decimal strings), the create and cancel
// answers (numbers), the embedded client and payment method, prefixes and numbers (docs/interface.md §1, §2 with its example, §4).
import { expect, test } from '@playwright/test';
import { createBlock, createClient, createInvoice, readInvoice, serverPerFile, TODAY, uniquePrefix, withServer } from '../support/fixtures';

const s = serverPerFile();

test('a created normal invoice answers {success, type "invoices", data} with total as the number 4445', async () => {
  const clientUid = await createClient(s.api);
  const res = await s.api.post('/invoices', {
    fulfillment_date: TODAY,
    due_date: '2026-03-23',
    payment_method: 2,
    currency: 'HUF',
    client_uid: clientUid,
    block_uid: 0,
    type: 3,
    comment: 'első számla',
    items: [{ description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 3500, unit: 'óra' }],
  });
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  expect(res.body.type).toBe('invoices');
  const data = res.body.data;
  expect(data.id).toBe(data.attributes.uid);
  expect(typeof data.id).toBe('number');
  expect(data.attributes).toMatchObject({
    fulfillment_date: TODAY,
    due_date: '2026-03-23',
    total: 4445,
    comment: 'első számla',
    currency: 'HUF',
    date: TODAY,
    client_uid: clientUid,
    block_uid: 0,
  });
  expect(data.attributes.invoice_no).toMatch(/^2026-\d{6}$/);
  expect(typeof data.attributes.total).toBe('number');
});

test('an invoice read carries totals, item amounts and vat_id as strings with 3 decimals', async () => {
  const created = await createInvoice(s.api);
  const res = await s.api.get(`/invoices/${created.id}`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, type: 'invoices' });
  const a = res.body.data.attributes;
  expect(res.body.data.id).toBe(a.uid);
  expect(a.uid).toBe(created.id);
  expect(a.total).toBe('4445.000');
  expect(a.total_paid).toBe('0.000');
  expect(a.items).toHaveLength(1);
  expect(a.items[0]).toMatchObject({
    description: 'Tanácsadás',
    net_unit_price: '3500.000',
    qty: '1.000',
    unit: 'óra',
    vat_id: '1',
    item_comment: '',
  });
  expect(a.status).toBe(2);
  expect(a.block_uid).toBe(0);
  expect(a.prefix).toBe('');
  expect(a.prefixed_invoice_no).toBe(a.invoice_no);
  expect(a.is_cancel_invoice).toBe(0);
  expect(a.connected_invoice_no).toBeNull();
  expect(a.date).toBe(TODAY);
});

test('the embedded client is a summary with tax_type, and the payment method has an integer id', async () => {
  const clientUid = await createClient(s.api, { name: 'Beágyazott Bt.', email: 'b@example.com' });
  const created = await createInvoice(s.api, { client_uid: clientUid, payment_method: 2, template_lang_code: 'en' });
  const a = await readInvoice(s.api, created.id);
  expect(a.attributes.client).toMatchObject({
    name: 'Beágyazott Bt.',
    email: 'b@example.com',
    taxcode: '12345676-2-41',
    tax_type: 'HAS_TAX_NUMBER',
  });
  expect(a.attributes.client.billing_address).toMatchObject({ street_name: 'Fő', street_type: 'utca', house_nr: '1', city: 'Budapest' });
  expect(a.attributes.client.bank).toEqual(expect.objectContaining({ iban: expect.any(String), swift: expect.any(String), account_no: expect.any(String) }));
  expect(a.attributes.payment_method).toEqual({ id: 2, lang_code: 'en', name: 'Wiretransfer', advance_paid: '0' });
});

test('the payment method of a Hungarian invoice is named in Hungarian, advance_paid "1" for cash', async () => {
  const created = await createInvoice(s.api, { payment_method: 1 });
  const a = (await readInvoice(s.api, created.id)).attributes;
  expect(a.payment_method).toEqual({ id: 1, lang_code: 'hu', name: 'Készpénz', advance_paid: '1' });
});

test('an invoice in a block with prefix TST is numbered "TST / <year>-<6 digits>"', async () => {
  const prefix = uniquePrefix('TST');
  const blockUid = await createBlock(s.api, prefix);
  const created = await createInvoice(s.api, { block_uid: blockUid });
  expect(created.attributes.block_uid).toBe(blockUid);
  expect(created.attributes.invoice_no).toBe('2026-000001');
  const a = (await readInvoice(s.api, created.id)).attributes;
  expect(a.prefix).toBe(prefix);
  expect(a.invoice_no).toBe('2026-000001');
  expect(a.prefixed_invoice_no).toBe(`${prefix} / 2026-000001`);
  expect(a.block_uid).toBe(blockUid);
});

test('a block with the prefix TST gives exactly "TST / 2026-000001"', async () => {
  // The example of docs/interface.md §2, on a server of its own so that the prefix TST is free.
  await withServer(async (srv) => {
    const blockUid = await createBlock(srv.api, 'TST');
    const created = await createInvoice(srv.api, { block_uid: blockUid });
    const a = (await readInvoice(srv.api, created.id)).attributes;
    expect(a.prefixed_invoice_no).toBe('TST / 2026-000001');
    expect(a.prefix).toBe('TST');
  });
});

test('the cancel answer is the cancelling invoice with total as the negative number -4445', async () => {
  const created = await createInvoice(s.api);
  const res = await s.api.get(`/invoices/${created.id}/cancel`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, type: 'invoices' });
  const d = res.body.data;
  expect(d.id).toBe(d.attributes.uid);
  expect(d.id).not.toBe(created.id);
  expect(d.attributes).toMatchObject({
    total: -4445,
    date: TODAY,
    fulfillment_date: created.attributes.fulfillment_date,
    due_date: created.attributes.due_date,
    currency: 'HUF',
    client_uid: created.attributes.client_uid,
    block_uid: 0,
    comment: created.attributes.comment,
  });
  expect(typeof d.attributes.total).toBe('number');
  expect(d.attributes.invoice_no).toMatch(/^2026-\d{6}$/);
  expect(d.attributes.invoice_no).not.toBe(created.attributes.invoice_no);
});

test('the cancelling invoice reads with is_cancel_invoice 1, status 1, connected_invoice_no and a negative total', async () => {
  const created = await createInvoice(s.api);
  const cancel = (await s.api.ok('GET', `/invoices/${created.id}/cancel`)).data;
  const c = (await readInvoice(s.api, cancel.id)).attributes;
  expect(c.is_cancel_invoice).toBe(1);
  expect(c.status).toBe(1);
  expect(c.connected_invoice_no).toBe(created.attributes.invoice_no);
  expect(c.total).toBe('-4445.000');
  expect(c.invoice_no).toBe(cancel.attributes.invoice_no);
  const o = (await readInvoice(s.api, created.id)).attributes;
  expect(o.status).toBe(4);
  expect(o.total).toBe('4445.000');
  expect(o.is_cancel_invoice).toBe(0);
});

test('the invoice list answers type "invoices" with resources whose id is their uid', async () => {
  await createInvoice(s.api);
  const res = await s.api.get('/invoices');
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  expect(res.body.type).toBe('invoices');
  expect(Array.isArray(res.body.data)).toBe(true);
  expect(res.body.data.length).toBeGreaterThan(0);
  for (const inv of res.body.data) {
    expect(inv.id).toBe(inv.attributes.uid);
    expect(inv.attributes.total).toMatch(/^-?\d+\.\d{3}$/);
    expect(inv.attributes.total_paid).toMatch(/^-?\d+\.\d{3}$/);
    expect(inv.attributes.client).toHaveProperty('tax_type');
  }
});

test('a proforma reads with a D- number and its own type', async () => {
  const created = await createInvoice(s.api, { type: 1 });
  const a = (await readInvoice(s.api, created.id)).attributes;
  expect(a.type).toBe(1);
  expect(a.invoice_no).toMatch(/^D-2026-\d{6}$/);
  expect(a.status).toBe(2);
});

test('a draft reads with invoice_no null and status 2', async () => {
  const created = await createInvoice(s.api, { type: 0 });
  expect(created.attributes.invoice_no).toBeNull();
  const a = (await readInvoice(s.api, created.id)).attributes;
  expect(a.type).toBe(0);
  expect(a.invoice_no).toBeNull();
  expect(a.prefixed_invoice_no).toBeNull();
  expect(a.status).toBe(2);
  expect(a.total).toBe('4445.000');
});

test('timestamps read as YYYY-MM-DD HH:MM:SS in the business time zone', async () => {
  const created = await createInvoice(s.api);
  const a = (await readInvoice(s.api, created.id)).attributes;
  expect(a.created_at).toBe('2026-03-15 10:00:00');
  expect(a.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});
