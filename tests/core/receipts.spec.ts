// Receipts (nyugta) in the core: their own gapless yearly sequence per block ("NY-2026-000001", apart from invoices),
// sealed like an invoice, paid when issued whatever the method, a complete seller the only legal check, an optional
// buyer, a draft that becomes a receipt, and cancelling by a cancelling receipt in the same sequence.
import { expect, test } from '@playwright/test';
import { FolioError } from '../../shared/errors';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../shared/invoice-codes';
import { coreClient, invoiceBody, openTestCore, TODAY, type TestCore } from '../support/fixtures';

let tc: TestCore;
test.afterEach(async () => {
  await tc?.close();
});

const receiptBody = (over: Record<string, unknown> = {}) => ({
  payment_method: 1, // cash
  currency: 'HUF',
  items: [{ description: 'Kávé', vat_id: 1, gross_unit_price: '635', qty: '2' }],
  ...over,
});

async function refusal(p: Promise<unknown>): Promise<FolioError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(FolioError);
  return err as FolioError;
}

test('receipts count up in their own sequence, apart from the invoices of the same block', async () => {
  tc = await openTestCore();
  const client = await coreClient(tc.core);
  const r1 = await tc.core.call('receipts.create', receiptBody());
  const inv = await tc.core.call('invoices.create', invoiceBody(client));
  const r2 = await tc.core.call('receipts.create', receiptBody());
  const block = (await tc.core.call('blocks.create', { name: 'Bolt', prefix: 'BOLT' })).id;
  const r3 = await tc.core.call('receipts.create', receiptBody({ block_uid: block }));
  expect([r1.attributes.invoice_no, r2.attributes.invoice_no]).toEqual(['NY-2026-000001', 'NY-2026-000002']);
  expect(inv.attributes.invoice_no).toBe('2026-000001');
  expect(r3.attributes.prefixed_invoice_no).toBe('BOLT / NY-2026-000001');
  expect(r1.attributes.type).toBe(INVOICE_TYPE.receipt);
  expect(r1.attributes.document_kind).toBe('receipt');
});

test('a receipt is paid at once by its method, dated and due today, its VAT-included prices kept', async () => {
  tc = await openTestCore();
  const r = (await tc.core.call('receipts.create', receiptBody({ payment_method: 5 }))).attributes;
  expect(r.status).toBe(INVOICE_STATUS.paid);
  expect(r.payments).toHaveLength(1);
  expect(r.payments[0]).toMatchObject({ amount: '1270.000', payment_method: 5, date: TODAY });
  expect([r.date, r.fulfillment_date, r.due_date]).toEqual([TODAY, TODAY, TODAY]);
  expect(r.gross_total).toBe('1270.000');
  expect(r.net_total).toBe('1000.000');
  expect(r.items[0]).toMatchObject({ gross_unit_price: '635.000', vat_rate: '0.27' });
  // paid on the spot: the payment is part of the record
  expect((await refusal(tc.core.call('invoices.unpay', { id: r.uid }))).code).toBe('rule_violation');
});

test('a receipt is sealed: the database refuses to change it', async () => {
  tc = await openTestCore();
  const r = await tc.core.call('receipts.create', receiptBody());
  const db = tc.opened.db;
  await expect(db.updateTable('invoices').set({ total_milli: 1 }).where('id', '=', r.id).execute()).rejects.toThrow(/cannot be changed/);
  await expect(db.updateTable('invoice_items').set({ qty: '9' }).where('invoice_id', '=', r.id).execute()).rejects.toThrow(/cannot be changed/);
});

test('no buyer is needed; a name and an e-mail address print as given; a client is named as it is', async () => {
  tc = await openTestCore();
  const anon = (await tc.core.call('receipts.create', receiptBody())).attributes;
  expect(anon.client.name).toBe('');
  const named = (await tc.core.call('receipts.create', receiptBody({ buyer_name: 'Kiss Anna', buyer_email: 'anna@example.com' }))).attributes;
  expect(named.client).toMatchObject({ name: 'Kiss Anna', email: 'anna@example.com' });
  // both name the one walk-in client, made once
  expect(named.client_uid).toBe(anon.client_uid);
  const client = await coreClient(tc.core);
  const forClient = (await tc.core.call('receipts.create', receiptBody({ client_uid: client }))).attributes;
  expect(forClient.client_uid).toBe(client);
  expect(forClient.client.name).toBe((await tc.core.call('clients.get', { id: client })).attributes.name);
});

test('the seller must be complete; a buyer without an address is no obstacle', async () => {
  tc = await openTestCore({ seller: false });
  const err = await refusal(tc.core.call('receipts.create', receiptBody()));
  expect(err.code).toBe('rule_violation');
  expect(err.message).toMatch(/receipt cannot be issued/);
  // nothing was numbered: the next receipt, once the seller is set up, is the first
  const { seedSeller } = await import('../support/fixtures');
  await seedSeller(tc.core);
  expect((await tc.core.call('receipts.create', receiptBody())).attributes.invoice_no).toBe('NY-2026-000001');
});

test('a draft receipt takes no number until it is issued as a receipt, and is issued as nothing else', async () => {
  tc = await openTestCore();
  const draft = await tc.core.call('receipts.create', receiptBody({ draft: 1, buyer_name: 'Nagy Béla' }));
  expect(draft.attributes.type).toBe(INVOICE_TYPE.draft);
  expect(draft.attributes.invoice_no).toBeNull();
  expect((await refusal(tc.core.call('invoices.issue', { id: draft.id }))).code).toBe('rule_violation');
  const issued = (await tc.core.call('receipts.issue', { id: draft.id })).attributes;
  expect(issued).toMatchObject({ type: INVOICE_TYPE.receipt, invoice_no: 'NY-2026-000001', status: INVOICE_STATUS.paid });
  expect(issued.client.name).toBe('Nagy Béla');
});

test('cancelling a receipt issues a cancelling receipt, negative, numbered next in the receipts sequence', async () => {
  tc = await openTestCore();
  const r = await tc.core.call('receipts.create', receiptBody());
  const c = await tc.core.call('invoices.cancel', { id: r.id });
  const cancelling = (await tc.core.call('invoices.get', { id: c.id })).attributes;
  expect(cancelling).toMatchObject({ type: INVOICE_TYPE.receipt, invoice_no: 'NY-2026-000002', is_cancel_invoice: 1, document_kind: 'cancelling_receipt', total: '-1270.000' });
  expect((await tc.core.call('invoices.get', { id: r.id })).attributes.status).toBe(INVOICE_STATUS.cancelled);
  expect((await refusal(tc.core.call('invoices.modify', { id: r.id, reason: 'x', items: [{ description: 'x', vat_id: 1, qty: '1', gross_unit_price: '1' }] }))).code).toBe('rule_violation');
});

test('the v2 reads leave receipts out; the app and v3 see them', async () => {
  tc = await openTestCore();
  const client = await coreClient(tc.core);
  const inv = await tc.core.call('invoices.create', invoiceBody(client));
  const r = await tc.core.call('receipts.create', receiptBody());
  expect((await refusal(tc.core.call('invoices.get', { id: r.id, v2_only: 1 }))).code).toBe('not_found');
  expect((await tc.core.call('invoices.get', { id: r.id })).id).toBe(r.id);
  const v2 = await tc.core.call('invoices.list', { v2_only: 1 });
  expect(v2.items.map((i) => i.id)).toEqual([inv.id]);
  const all = await tc.core.call('invoices.list', {});
  expect(all.items.map((i) => i.id)).toEqual([r.id, inv.id]);
  const onlyReceipts = await tc.core.call('invoices.query', { type: INVOICE_TYPE.receipt, start_date: '2026-01-01', end_date: '2026-12-31' });
  expect(onlyReceipts.items.map((i) => i.id)).toEqual([r.id]);
  const v2Query = await tc.core.call('invoices.query', { type: INVOICE_TYPE.receipt, v2_only: 1, start_date: '2026-01-01', end_date: '2026-12-31' });
  expect(v2Query.items).toEqual([]);
  // the search box reads a receipt's number with its "NY-"
  const found = await tc.core.call('invoices.query', { search: 'NY-2026-000001', start_date: '2026-01-01', end_date: '2026-12-31' });
  expect(found.items.map((i) => i.id)).toEqual([r.id]);
  // the interface's invoice bodies cannot make one
  expect((await refusal(tc.core.call('invoices.create', invoiceBody(client, { type: INVOICE_TYPE.receipt })))).code).toBe('validation_failed');
});

test('the dashboard counts a receipt as revenue, never as owed', async () => {
  tc = await openTestCore();
  const before = await tc.core.call('invoices.summary', {});
  await tc.core.call('receipts.create', receiptBody());
  const after = await tc.core.call('invoices.summary', {});
  const month = (s: typeof before) => s.months.find((m) => m.month === '2026-03')!;
  expect(month(after).count).toBe(month(before).count + 1);
  expect(Number(month(after).net) - Number(month(before).net)).toBe(1000);
  expect(after.unpaid).toEqual(before.unpaid);
});
