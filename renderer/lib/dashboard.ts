// The dashboard's figures, computed from invoices.query pages (no aggregate operation exists yet). Each figure reads
// at most PAGE_CAP pages of 50 invoices; a figure that hit the cap is marked partial ("at least").
// Amounts are summed exactly in thousandths; foreign-currency invoices count at their own exchange rate.
import type { InvoiceAttributes, Resource } from '../../shared/resources';
import { Big, roundTo, toMilli } from '../../shared/money';
import { addMonths, firstDayOfMonth, daysInMonth } from '../../shared/dates';
import type { Api } from './api/client';

const PER_PAGE = 50;
const PAGE_CAP = 10;

type Inv = Resource<InvoiceAttributes>;

export interface Figure {
  milli: number;
  count: number;
  partial: boolean;
}

export interface DashboardData {
  unpaid: Figure;
  overdue: Figure;
  month: Figure;
  months: Array<{ month: string; milli: number; partial: boolean }>;
  recent: Inv[];
}

/** An amount of an invoice in HUF thousandths at the invoice's exchange rate. */
export function hufMilli(amount: string, a: Pick<InvoiceAttributes, 'currency' | 'exchange_rate'>): number {
  const value = new Big(amount);
  return toMilli(a.currency === 'HUF' ? value : roundTo(value.times(new Big(a.exchange_rate || '1')), 0));
}

async function collect(api: Api, input: Record<string, unknown>, visit: (inv: Inv) => void): Promise<boolean> {
  for (let page = 1; page <= PAGE_CAP; page++) {
    const res = await api.call('invoices.query', { ...input, page, max_per_page: PER_PAGE });
    res.items.forEach(visit);
    if (!res.has_more) return false;
  }
  return true;
}

function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
}

async function monthRevenue(api: Api, month: string, today: string): Promise<{ month: string; milli: number; count: number; partial: boolean }> {
  let milli = 0;
  let count = 0;
  const end = lastDay(month) < today ? lastDay(month) : today;
  // Normal and cancelling invoices (type 3): a cancellation nets its invoice out of the month it is dated in.
  const partial = await collect(api, { start_date: `${month}-01`, end_date: end, type: 3 }, (inv) => {
    milli += hufMilli(inv.attributes.net_total, inv.attributes);
    count += 1;
  });
  return { month, milli, count, partial };
}

export async function loadDashboard(api: Api, today: string): Promise<DashboardData> {
  const thisMonth = firstDayOfMonth(today).slice(0, 7);
  const monthList = Array.from({ length: 12 }, (_, i) => addMonths(`${thisMonth}-01`, i - 11).slice(0, 7));

  const unpaid: Figure = { milli: 0, count: 0, partial: false };
  const overdue: Figure = { milli: 0, count: 0, partial: false };
  const unpaidTask = collect(api, { start_date: '1900-01-01', end_date: '9999-12-31', status: 2, type: 3 }, (inv) => {
    const a = inv.attributes;
    const open = hufMilli(a.outstanding, a);
    unpaid.milli += open;
    unpaid.count += 1;
    if (a.due_date < today) {
      overdue.milli += open;
      overdue.count += 1;
    }
  }).then((partial) => {
    unpaid.partial = partial;
    overdue.partial = partial;
  });

  const [months, recent] = await Promise.all([
    Promise.all(monthList.map((m) => monthRevenue(api, m, today))),
    api.call('invoices.list', { page: 1, max_per_page: 8 }),
    unpaidTask,
  ]);
  const current = months.at(-1)!;
  return {
    unpaid,
    overdue,
    month: { milli: current.milli, count: current.count, partial: current.partial },
    months: months.map(({ month, milli, partial }) => ({ month, milli, partial })),
    recent: recent.items,
  };
}

/** Thousandths → the decimal string the formatter takes. */
export function milliString(milli: number): string {
  return new Big(milli).div(1000).toFixed(3);
}
