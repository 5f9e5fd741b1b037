// The remote trusts nothing a device pushes. Over real HTTP against a real remote: a real device issues invoices (a
// normal one with a payment, a cancellation, the invoice of a proforma) and we take the records it would push; each
// is then sent by hand, with the device's own credential, changed in one way a rule covers. Every change is refused
// with words naming the rule — or, if malformed as a whole, a 400 with the error envelope — and the remote's tables
// are exactly as before. The unchanged records are stored, and a repeat answers `exists`.
import { expect, test } from '@playwright/test';
import type { InvoiceRecord } from '../../shared/contract/sync';
import { INVOICE_STATUS } from '../../shared/invoice-codes';
import { asNext, nextNumber, pushRecords, pushRaw, remoteState, startPushRig, type PushRig } from './support/records';

let rig: PushRig;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  rig = await startPushRig('pushed-records');
});

test.afterAll(async () => {
  await rig?.close();
});

const copy = <T>(r: T): T => structuredClone(r);
const db = () => rig.remote.core.ctx.db;

async function expectRefused(record: unknown, words: RegExp) {
  const before = await remoteState(db());
  const answer = await pushRecords(rig.remote.url, rig.headers, [record]);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.data.results).toEqual([{ status: 'refused', message: expect.stringMatching(words) }]);
  expect(await remoteState(db())).toBe(before);
}

async function expectMalformed(body: unknown, field: RegExp) {
  const before = await remoteState(db());
  const answer = await pushRaw(rig.remote.url, rig.headers, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).toMatchObject({ success: false, code: 'validation_failed', error: expect.any(String) });
  expect(answer.body.errors).toContainEqual({ field: expect.stringMatching(field), message: expect.any(String) });
  expect(await remoteState(db())).toBe(before);
}

/** Sets the totals of a record to the sums of its lines as given (used after a line was changed on purpose). */
function resum(r: InvoiceRecord) {
  const milli = (s: string) => Math.round(Number(s) * 1000);
  const str = (m: number) => (m / 1000).toFixed(3);
  const net = r.items.reduce((s, i) => s + milli(i.net_amount), 0);
  const vat = r.items.reduce((s, i) => s + milli(i.vat_amount), 0);
  r.net_total = str(net);
  r.vat_total = str(vat);
  r.gross_total = str(net + vat);
  r.total = str(net + vat + milli(r.rounding));
}

// ---- numbers ----------------------------------------------------------------------------------------------------

test("a number in another device's block is refused", async () => {
  const r = { ...copy(rig.V), block_uid: rig.otherBlock, prefix: 'OTHER', invoice_no: await nextNumber(db(), rig.otherBlock, 'invoice', 2026) };
  await expectRefused(r, /Block "OTHER" does not belong to this device/);
});

test('a number that is not the next one (a gap) is refused', async () => {
  const next = await asNext(db(), rig.V);
  const gap = next.invoice_no.replace(/\d{6}$/, (s) => String(Number(s) + 1).padStart(6, '0'));
  await expectRefused({ ...next, invoice_no: gap }, /is not the next number of block "LAPA"/);
});

test('a number of another year than its date is refused', async () => {
  await expectRefused({ ...copy(rig.V), invoice_no: '2025-000001' }, /the year of 2025-000001 is not the year of its date 2026-/);
  const next = await asNext(db(), rig.V);
  await expectRefused({ ...next, date: '2027-03-15' }, /is not the year of its date 2027-03-15/);
});

test('a number already used is refused', async () => {
  await expectRefused({ ...copy(rig.V), invoice_no: '2026-000001' }, /2026-000001 of block "LAPA" is already used on the remote by another invoice/);
});

test('a prefix that is not its block\'s is refused', async () => {
  const next = await asNext(db(), rig.V);
  await expectRefused({ ...next, prefix: 'OTHER' }, /its prefix "OTHER" is not the prefix of block "LAPA"/);
});

// ---- lines and totals -------------------------------------------------------------------------------------------

test('a line whose net is not quantity × unit price is refused', async () => {
  const r = await asNext(db(), rig.V);
  r.items[0]!.net_amount = '3700.000';
  r.items[0]!.gross_amount = (Number(r.items[0]!.net_amount) + Number(r.items[0]!.vat_amount)).toFixed(3);
  resum(r);
  await expectRefused(r, /line 1: its amounts are not quantity × unit price with its VAT/);
});

test('a gross-priced line whose net unit price is not the one its gross price gives is refused', async () => {
  const r = await asNext(db(), rig.V);
  expect(r.items[1]!.gross_unit_price).not.toBeNull();
  r.items[1]!.net_unit_price = '1.000';
  await expectRefused(r, /line 2: its net unit price 1.000 is not the one its gross unit price gives/);
});

test("a VAT rate that is not its code's is refused", async () => {
  const r = await asNext(db(), rig.V);
  r.items[0]!.vat_rate = '0.05';
  await expectRefused(r, /line 1: the VAT rate 0.05 is not the rate of VAT code 1/);
});

test('totals that are not the sums of the lines are refused', async () => {
  for (const field of ['net_total', 'vat_total', 'gross_total', 'total'] as const) {
    const r = await asNext(db(), rig.V);
    r[field] = (Number(r[field]) + 1).toFixed(3);
    await expectRefused(r, /the totals of 2026-\d{6} are not the sums of its lines/);
  }
});

test('a wrong rounding is refused, even when the total follows it', async () => {
  const r = await asNext(db(), rig.V);
  r.rounding = (Number(r.rounding) + 5).toFixed(3);
  r.total = (Number(r.total) + 5).toFixed(3);
  await expectRefused(r, /are not the sums of its lines/);
});

// ---- state and payments -----------------------------------------------------------------------------------------

test("status 'paid' without payments is refused", async () => {
  const r = await asNext(db(), rig.V);
  r.payments = [];
  r.total_paid = '0.000';
  r.status = INVOICE_STATUS.paid;
  await expectRefused(r, /its status is not the one its payments give/);
});

test('total_paid that is not the sum of the payments is refused', async () => {
  const r = await asNext(db(), rig.V);
  r.total_paid = (Number(r.total_paid) + 1).toFixed(3);
  await expectRefused(r, /total_paid is not the sum of its payments/);
});

// (an invoice's own total is not what it is owed once modified, so only a document that cannot be modified is held to it:
// tests/sync/document-chains.spec.ts syncs an invoice paid to its modified total)
test('payments over the total of a proforma are refused', async () => {
  const r = await asNext(db(), { ...rig.V, type: 1 as const });
  const over = (Number(r.total) + 1).toFixed(3);
  r.payments = [{ ...r.payments[0]!, amount: over }];
  r.total_paid = over;
  r.status = INVOICE_STATUS.paid;
  await expectRefused(r, /its payments are more than its total/);
});

test('an unknown payment method is refused, on the invoice or on a payment', async () => {
  await expectRefused({ ...(await asNext(db(), rig.V)), payment_method: 999 }, /payment method 999 does not exist/);
  const r = await asNext(db(), rig.V);
  r.payments[0]!.payment_method = 999;
  await expectRefused(r, /a payment names a payment method that does not exist/);
});

test('an unknown VAT code is refused', async () => {
  const r = await asNext(db(), rig.V);
  r.items[0]!.vat_id = '999';
  await expectRefused(r, /line 1: VAT code 999 does not exist/);
});

// ---- links ------------------------------------------------------------------------------------------------------

test('a cancellation whose lines do not mirror the original is refused', async () => {
  const renamed = await asNext(db(), rig.S);
  renamed.items[0]!.description = 'Valami más';
  await expectRefused(renamed, /its lines are not the negated lines of 2026-000001/);
  const swapped = await asNext(db(), rig.S);
  swapped.items.reverse();
  await expectRefused(swapped, /its lines are not the negated lines of 2026-000001/);
});

test("a cancellation of another client's invoice is refused", async () => {
  await expectRefused({ ...(await asNext(db(), rig.S)), client_uid: rig.otherClient }, /cancels 2026-000001 of another client/);
});

test('cancels_uid on a record that is not a cancellation is refused', async () => {
  await expectRefused({ ...(await asNext(db(), rig.V)), cancels_uid: rig.firstInvoice }, /only a cancelling invoice may cancel another/);
});

test('proforma_uid naming a normal invoice is refused', async () => {
  await expectRefused({ ...(await asNext(db(), rig.G)), proforma_uid: rig.firstInvoice }, /names 2026-000001 as its proforma, which is not a proforma/);
});

test('an invoice of a proforma of another client is refused', async () => {
  await expectRefused({ ...(await asNext(db(), rig.G)), client_uid: rig.otherClient }, /names a proforma of another client/);
});

// ---- malformed and absurd ---------------------------------------------------------------------------------------

test('a malformed client snapshot is a 400 with the error envelope, and changes nothing', async () => {
  const r: any = await asNext(db(), rig.V);
  r.client.billing_address = 5;
  await expectMalformed({ records: [r] }, /^records\.0\.client\.billing_address$/);
});

test('an absurd amount is refused or a 400, never a 500', async () => {
  const huge = await asNext(db(), rig.V);
  huge.items[0]!.net_amount = '99999999999999999.000';
  await expectMalformed({ records: [huge] }, /^records\.0\.items\.0\.net_amount$/);
  // within the form, but beyond what the core takes: a product of two fine numbers, a quantity, a total, a rate
  const product = await asNext(db(), rig.V);
  product.items[0]!.qty = '1000000';
  product.items[0]!.net_unit_price = '9999999';
  await expectRefused(product, /line 1: the amount is too large/);
  const qty = await asNext(db(), rig.V);
  qty.items[0]!.qty = '9999999999999';
  await expectRefused(qty, /line 1: qty 9999999999999: is too large/);
  const total = await asNext(db(), rig.V);
  total.total = '9999999999999.000';
  await expectRefused(total, /total 9999999999999.000: is too large/);
  const rate = await asNext(db(), rig.V);
  rate.items[0]!.vat_rate = 'abc';
  await expectRefused(rate, /line 1: vat_rate abc: is not a decimal number/);
});

test('the valid records are stored, and pushed again answer exists', async () => {
  const first = await pushRecords(rig.remote.url, rig.headers, [rig.V, rig.S, rig.G]);
  expect(first.status).toBe(200);
  expect(first.body.data.results).toEqual([
    { status: 'stored', id: expect.any(Number) },
    { status: 'stored', id: expect.any(Number) },
    { status: 'stored', id: expect.any(Number) },
  ]);
  const ids = first.body.data.results.map((x: { id: number }) => x.id);
  const stored = await db().selectFrom('invoices').select(['id', 'prefix', 'invoice_no', 'total_milli']).where('id', 'in', ids).orderBy('id').execute();
  expect(stored.map((s) => `${s.prefix} / ${s.invoice_no}`)).toEqual(['LAPA / 2026-000002', 'LAPA / 2026-000003', 'LAPA / 2026-000004']);
  const original = await db().selectFrom('invoices').select(['cancelled_by_id', 'status']).where('id', '=', rig.firstInvoice).executeTakeFirstOrThrow();
  expect(original.cancelled_by_id).toBe(ids[1]);

  const before = await remoteState(db());
  const again = await pushRecords(rig.remote.url, rig.headers, [rig.V, rig.S, rig.G]);
  expect(again.body.data.results).toEqual(ids.map((id: number) => ({ status: 'exists', id })));
  expect(await remoteState(db())).toBe(before);

  // another document under a stored number is no retry, even with the same date and total
  const used = /2026-000002 of block "LAPA" is already used on the remote by another invoice/;
  await expectRefused({ ...copy(rig.V), client_uid: rig.otherClient }, used);
  const relabelled = copy(rig.V);
  relabelled.items[0]!.description = 'Valami más';
  await expectRefused(relabelled, used);
});
