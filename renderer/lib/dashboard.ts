// The dashboard's figures: one invoices.summary call (the database sums; amounts in HUF at each invoice's own rate)
// and the latest invoices.
import type { InvoiceAttributes, Resource } from '../../shared/resources';
import { Big, parseDecimal, toMilli } from '../../shared/money';
import type { Api } from './api/client';

export interface Figure {
  milli: number;
  count: number;
}

export interface DashboardData {
  unpaid: Figure;
  overdue: Figure;
  month: Figure;
  months: Array<{ month: string; milli: number }>;
  recent: Array<Resource<InvoiceAttributes>>;
}

const milli = (amount: string) => toMilli(parseDecimal(amount));

export async function loadDashboard(api: Api): Promise<DashboardData> {
  const [summary, recent] = await Promise.all([api.call('invoices.summary', {}), api.call('invoices.list', { page: 1, max_per_page: 8 })]);
  const months = summary.months.map((m) => ({ month: m.month, milli: milli(m.net), count: m.count }));
  const current = months.at(-1)!;
  return {
    unpaid: { milli: milli(summary.unpaid.total), count: summary.unpaid.count },
    overdue: { milli: milli(summary.overdue.total), count: summary.overdue.count },
    month: { milli: current.milli, count: current.count },
    months: months.map(({ month, milli }) => ({ month, milli })),
    recent: recent.items,
  };
}

/** Thousandths → the decimal string the formatter takes. */
export function milliString(milli: number): string {
  return new Big(milli).div(1000).toFixed(3);
}
