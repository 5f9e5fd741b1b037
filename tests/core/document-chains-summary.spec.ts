// The dashboard (invoices.summary) over document chains: what is owed follows an original's current total (the
// original and its modifications), a modification counts as revenue in the month it was issued, and a cancelled
// chain — original, its modifications and its storno — counts nowhere. A modification of the previous program's
// invoice is owed on itself.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { coreClient, invoiceBody, netItem, openTestCore, type TestCore } from '../support/fixtures';

let tc: TestCore;
let clock: ManualClock;

test.beforeEach(async () => {
  clock = new ManualClock('2026-01-10T09:00:00Z');
  tc = await openTestCore({ clock });
});
test.afterEach(async () => {
  await tc?.close();
});

const month = (summary: { months: Array<{ month: string; net: string; count: number }> }, m: string) => summary.months.find((x) => x.month === m);

test('unpaid and overdue follow current totals; modifications count in their month; a cancelled chain counts nowhere', async () => {
  const call = tc.core.call.bind(tc.core) as (op: string, input: unknown) => Promise<any>;
  const client = await coreClient(tc.core);

  // January: 100,000 net (127,000) due on the 20th, 27,000 of it paid; and 50,000 net that will be cancelled
  const a = await call('invoices.create', invoiceBody(client, { fulfillment_date: '2026-01-10', due_date: '2026-01-20', items: [netItem(100_000, { description: 'Fejlesztés' })] }));
  await call('invoices.pay', { id: a.id, date: '2026-01-15', amount: '27000' });
  clock.set('2026-01-12T09:00:00Z');
  const b = await call('invoices.create', invoiceBody(client, { fulfillment_date: '2026-01-12', due_date: '2026-01-20', items: [netItem(50_000, { description: 'Tervezés' })] }));

  // February: −20,000 net of the first, +10,000 net (a new line) of the second
  clock.set('2026-02-05T09:00:00Z');
  await call('invoices.modify', { id: a.id, reason: 'Árengedmény', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 20_000 }] });
  await call('invoices.modify', { id: b.id, reason: 'Pótmunka', items: [{ description: 'Kiszállás', vat_id: 1, qty: 1, net_unit_price: 10_000 }] });

  // March: the second is cancelled (its storno reverses the modification too); the previous program's invoice is
  // modified by 5,000 net, owed on the modifying invoice itself
  clock.set('2026-03-15T09:00:00Z');
  await call('invoices.cancel', { id: b.id });
  const ext = await call('invoices.modifyExternal', {
    original: { invoice_no: 'RÉGI-2025-0042', date: '2025-11-03', fulfillment_date: '2025-11-03', client_uid: client, items: [netItem(50_000)] },
    reason: 'Árkorrekció',
    items: [{ modifies_line: 1, description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 5_000 }],
  });

  const owedA = (await call('invoices.get', { id: a.id })).attributes;
  expect([owedA.current_total, owedA.outstanding, owedA.status]).toEqual(['101600.000', '74600.000', 2]);
  const owedExt = (await call('invoices.get', { id: ext.id })).attributes;
  expect([owedExt.total, owedExt.outstanding, owedExt.due_date]).toEqual(['6350.000', '6350.000', '2026-03-15']);

  const s = await call('invoices.summary', {});
  // 101,600 − 27,000 of the first and 6,350 of the external modification; the cancelled chain owes nothing
  expect(s.unpaid).toEqual({ total: '80950.000', count: 2 });
  // only the first is past its due date (the external modification is due today)
  expect(s.overdue).toEqual({ total: '74600.000', count: 1 });
  // January has the first only (the second was cancelled); February its modification only (the second's went with
  // the cancelled chain); March the external modification only (the storno is no revenue)
  expect(month(s, '2026-01')).toEqual({ month: '2026-01', net: '100000.000', count: 1 });
  expect(month(s, '2026-02')).toEqual({ month: '2026-02', net: '-20000.000', count: 1 });
  expect(month(s, '2026-03')).toEqual({ month: '2026-03', net: '5000.000', count: 1 });
  expect(s.months.reduce((n: number, m: { count: number }) => n + m.count, 0)).toBe(3);

  // paying what is left settles the first: nothing of it is owed any more
  await call('invoices.pay', { id: a.id, date: '2026-03-15', amount: '74600' });
  const after = await call('invoices.summary', {});
  expect(after.unpaid).toEqual({ total: '6350.000', count: 1 });
  expect(after.overdue).toEqual({ total: '0.000', count: 0 });
});
