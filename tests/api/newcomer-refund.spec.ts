// Issue 36, item 8: an overpaid invoice (a modification lowered it below what was paid) takes the refund as a negative
// payment, at most the overpayment; nothing overpaid, nothing to refund.
import { expect, test } from '@playwright/test';
import { createInvoice, netItem, readInvoice, serverPerFile, tableDigest, TODAY } from '../support/fixtures';

const s = serverPerFile();

async function overpaid() {
  const original = await createInvoice(s.api, { items: [netItem(100_000, { description: 'Fejlesztés', qty: 1 })] });
  await s.api.ok('POST', `/invoices/${original.id}/pay`, { body: { date: '2026-03-10', amount: '127000', payment_method: 2 } });
  await s.api.ok('POST', `/invoices/${original.id}/modify`, { body: { reason: 'Hibás mennyiség', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 10_000 }] } });
  expect((await readInvoice(s.api, original.id)).attributes.overpayment).toBe('12700.000');
  return original.id as number;
}

test('the whole overpayment refunded: a negative payment, nothing owed either way', async () => {
  const id = await overpaid();
  const res = await s.api.ok('POST', `/invoices/${id}/refund`, { body: { date: TODAY } });
  expect(res.data).toEqual({ fully_paid: true, outstanding: 0 });
  const a = (await readInvoice(s.api, id)).attributes;
  expect(a).toMatchObject({ overpayment: '0.000', outstanding: '0.000', total_paid: '114300.000', status: 1 });
  expect(a.payments.map((p: { date: string; amount: string }) => [p.date, p.amount])).toEqual([
    ['2026-03-10', '127000.000'],
    [TODAY, '-12700.000'],
  ]);
  // nothing more to pay back
  const again = await s.api.post(`/invoices/${id}/refund`, { date: TODAY });
  expect(again.status).toBe(422);
  expect(again.body.errors[0]).toEqual({ field: 'amount', message: 'Nothing was paid beyond what the invoice is worth: there is nothing to refund' });
});

test('part of it, then more than is left: refused with the amounts, nothing written', async () => {
  const id = await overpaid();
  await s.api.ok('POST', `/invoices/${id}/refund`, { body: { date: TODAY, amount: '2700', payment_method: 1 } });
  expect((await readInvoice(s.api, id)).attributes.overpayment).toBe('10000.000');
  const before = await tableDigest(s.server);
  const res = await s.api.post(`/invoices/${id}/refund`, { date: TODAY, amount: '10000.5' });
  expect(res.status).toBe(422);
  expect(res.body.errors[0].message).toBe('The refund (10000.5) is more than the overpayment (10000 HUF)');
  expect(await tableDigest(s.server)).toBe(before);
  const bad = await s.api.post(`/invoices/${id}/refund`, { date: TODAY, amount: '-5' });
  expect(bad.status).toBe(400);
});
