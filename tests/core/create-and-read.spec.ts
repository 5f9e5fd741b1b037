// invoices.createAndRead (the /v3 door's create) answers with the invoice as a read of it answers, byte for byte as
// JSON, on both databases: the invoice row it answers from is the row it wrote (create.ts), its lines and payments
// are read back. Drafts, proformas, normal invoices unpaid and paid at once (cash), receipts, a foreign currency at a
// given rate, gross prices, a discount line, an advance invoice and the final invoice deducting it, a second block,
// a vendor id, long and accented text.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import { coreClient, grossItem, invoiceBody, netItem, openTestCore, uniquePrefix, type TestCore } from '../support/fixtures';

let tc: TestCore;
let clientUid: number;

test.beforeEach(async () => {
  tc = await openTestCore({ clock: new ManualClock('2026-03-15T09:00:00Z') });
  clientUid = await coreClient(tc.core);
});
test.afterEach(async () => {
  await tc?.close();
});

async function expectAnswerAsRead(body: Record<string, unknown>, label: string) {
  const made = await tc.core.call('invoices.createAndRead', body as never);
  const read = await tc.core.call('invoices.get', { id: made.id });
  expect(JSON.stringify(made), label).toBe(JSON.stringify(read));
  return made;
}

test('the create answers the invoice exactly as a read of it does', async () => {
  const other = (await tc.core.call('blocks.create', { name: 'Bolt', prefix: uniquePrefix('C') })).id;
  const lines = [netItem(15000, { qty: 2, unit: 'óra', description: 'Tanácsadás — „árvíztűrő tükörfúrógép”' }), netItem('49990.5', { vat_id: 2 }), grossItem(4500, { qty: '3.25' })];
  await expectAnswerAsRead(invoiceBody(clientUid, { items: lines }), 'invoice');
  await expectAnswerAsRead(invoiceBody(clientUid, { type: INVOICE_TYPE.draft, items: lines, comment: 'Piszkozat\nkét sor' }), 'draft');
  await expectAnswerAsRead(invoiceBody(clientUid, { type: INVOICE_TYPE.proforma }), 'proforma');
  await expectAnswerAsRead(invoiceBody(clientUid, { payment_method: 1 }), 'cash: paid when issued');
  await expectAnswerAsRead(invoiceBody(clientUid, { block_uid: other, vendor_id: 'WEBSHOP-1' }), 'another block, a vendor id');
  await expectAnswerAsRead(invoiceBody(clientUid, { currency: 'EUR', exchange_rate: '395.12', items: [netItem('12.5')] }), 'euro at a given rate');
  await expectAnswerAsRead(invoiceBody(clientUid, { items: [netItem(10000), netItem(-1000, { description: 'Kedvezmény' })] }), 'a discount line');
  const advance = await expectAnswerAsRead(invoiceBody(clientUid, { advance: 1, payment_method: 1, items: [netItem(20000)] }), 'advance invoice, paid');
  await expectAnswerAsRead(invoiceBody(clientUid, { items: [netItem(50000)], advance_invoice_uids: [advance.id] }), 'final invoice deducting the advance');
});
