// invoices.summary (the dashboard's figures) against the invoices themselves: the aggregate must equal what reading
// every invoice one by one gives, in HUF at each invoice's own rate, over paid, partly paid, cancelled, proforma,
// draft and foreign-currency invoices spread over more than a year.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import type { InvoiceAttributes, Resource } from '../../shared/resources';
import { Big } from '../../shared/money';
import { INVOICE_STATUS } from '../../shared/invoice-codes';
import { coreClient, invoiceBody, openTestCore, type TestCore } from '../support/fixtures';

let tc: TestCore;
let clock: ManualClock;
let clientUid: number;

test.beforeEach(async () => {
  clock = new ManualClock('2025-09-10T09:00:00Z');
  tc = await openTestCore({ clock });
  clientUid = await coreClient(tc.core);
});
test.afterEach(async () => {
  await tc?.close();
});

async function allInvoices(): Promise<Array<Resource<InvoiceAttributes>>> {
  const out = [];
  for (let page = 1; ; page++) {
    const res = await tc.core.call('invoices.list', { page, max_per_page: 50 });
    out.push(...res.items);
    if (!res.has_more) return out;
  }
}

/** HUF thousandths of an amount string at the invoice's rate, whole forints — written here independently. */
function huf(amount: string, a: InvoiceAttributes): number {
  const value = new Big(amount).times(a.currency === 'HUF' ? 1 : a.exchange_rate).round(0, 1);
  return Number(value.times(1000).toFixed(0));
}

const str = (milli: number) => new Big(milli).div(1000).toFixed(3);

test('the summary equals the invoices summed one by one', async () => {
  const body = (over: Record<string, unknown> = {}) => {
    const day = clock.now().toISOString().slice(0, 10);
    return invoiceBody(clientUid, { fulfillment_date: day, due_date: day, ...over });
  };
  // Fourteen months of invoices, a few each month, in several states.
  for (let month = 0; month < 14; month++) {
    const a = await tc.core.call('invoices.create', body({ items: [{ description: 'Munka', vat_id: '1', qty: '2', net_unit_price: String(10_000 + month * 777) }] }));
    const b = await tc.core.call('invoices.create', body({ due_date: '2099-12-31', items: [{ description: 'Áru', vat_id: '2', qty: '3', net_unit_price: '1999.5' }] }));
    await tc.core.call('invoices.create', body({
      currency: 'EUR',
      exchange_rate: String(390 + month / 7).slice(0, 10),
      items: [{ description: 'Service', vat_id: '1', qty: '1.5', net_unit_price: '123.45' }],
    }));
    await tc.core.call('invoices.create', body({ type: 1 })); // proforma: not revenue
    await tc.core.call('invoices.create', body({ type: 0 })); // draft: not an invoice
    if (month % 3 === 0) await tc.core.call('invoices.pay', { id: a.id, amount: String(a.attributes.total), date: clock.now().toISOString().slice(0, 10) });
    if (month % 4 === 1) await tc.core.call('invoices.pay', { id: b.id, amount: '1000', date: clock.now().toISOString().slice(0, 10) });
    if (month % 5 === 2) await tc.core.call('invoices.cancel', { id: a.id });
    clock.set(new Date(clock.now().getTime() + 30.5 * 86_400_000).toISOString());
  }

  const summary = await tc.core.call('invoices.summary', {});
  const today = clock.now().toISOString().slice(0, 10);
  expect(summary.today).toBe(today);

  const invoices = (await allInvoices()).map((r) => r.attributes).filter((a) => a.type === 3);
  const unpaid = invoices.filter((a) => a.status === 2);
  const overdue = unpaid.filter((a) => a.due_date < today);
  expect(summary.unpaid).toEqual({ total: str(unpaid.reduce((s, a) => s + huf(a.outstanding, a), 0)), count: unpaid.length });
  expect(summary.overdue).toEqual({ total: str(overdue.reduce((s, a) => s + huf(a.outstanding, a), 0)), count: overdue.length });
  expect(overdue.length).toBeGreaterThan(0);
  expect(overdue.length).toBeLessThan(unpaid.length);

  expect(summary.months).toHaveLength(12);
  expect(summary.months.at(-1)!.month).toBe(today.slice(0, 7));
  for (const m of summary.months) {
    // Revenue is what stands: a cancelled invoice and the storno that undid it count neither as money nor in number.
    const inMonth = invoices.filter((a) => a.date.startsWith(m.month) && a.status !== INVOICE_STATUS.cancelled && !a.is_cancel_invoice);
    expect(m, m.month).toEqual({ month: m.month, net: str(inMonth.reduce((s, a) => s + huf(a.net_total, a), 0)), count: inMonth.length });
  }
  // Older invoices exist but fall outside the twelve months; cancelled invoices and their stornos are among them.
  expect(invoices.some((a) => a.date < `${summary.months[0]!.month}-01`)).toBe(true);
  expect(invoices.some((a) => a.is_cancel_invoice)).toBe(true);
});

test('an empty book has zero figures and twelve empty months', async () => {
  const summary = await tc.core.call('invoices.summary', {});
  expect(summary.unpaid).toEqual({ total: '0.000', count: 0 });
  expect(summary.overdue).toEqual({ total: '0.000', count: 0 });
  expect(summary.months.map((m) => m.month)).toEqual([
    '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09',
  ]);
  expect(summary.months.every((m) => m.net === '0.000' && m.count === 0)).toBe(true);
});
