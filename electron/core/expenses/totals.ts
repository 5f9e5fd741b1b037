// The expenses of a period, summed per currency: the dashboard's "this month's expenses" beside the revenue.
// An expense belongs to the day of its fulfillment, else of the supplier's invoice, else the day it was recorded.
import { sql } from 'kysely';
import type { ExpenseTotals } from '../../../shared/resources';
import { milliToString } from '../../../shared/money';
import type { Db } from '../../db/types';
import { storedAmounts } from './mapping';

export async function expenseTotals(db: Db, period: { from: string; to: string }): Promise<ExpenseTotals> {
  const day = sql<string>`coalesce(fulfillment_date, invoice_date, substr(created_at, 1, 10))`;
  const rows = await db
    .selectFrom('expenses')
    .selectAll()
    .where(day, '>=', period.from)
    .where(day, '<=', period.to)
    .execute();
  const sums = new Map<string, { count: number; net: number; vat: number; gross: number }>();
  for (const r of rows) {
    const a = storedAmounts(r);
    const s = sums.get(r.currency) ?? { count: 0, net: 0, vat: 0, gross: 0 };
    sums.set(r.currency, { count: s.count + 1, net: s.net + a.net, vat: s.vat + a.vat, gross: s.gross + a.gross });
  }
  return {
    by_currency: [...sums.entries()]
      .sort(([a], [b]) => (a === 'HUF' ? -1 : b === 'HUF' ? 1 : a.localeCompare(b)))
      .map(([currency, s]) => ({ currency, count: s.count, net: milliToString(s.net), vat: milliToString(s.vat), gross: milliToString(s.gross) })),
  };
}
