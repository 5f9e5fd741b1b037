// The costs of a period summed by month and category for the revenue report: the whole months from the sums the
// triggers keep (migration 0071: expenses in forints with their net stored, per month of their day on either basis),
// the expenses those leave out (recorded before net and VAT were stored) and the days of a month the period takes only
// in part from the expenses themselves (revenue-rows.ts).
import { sql } from 'kysely';
import type { ReportPeriod, RevenueBasis } from '../../../shared/reports';
import type { Db } from '../../db/types';
import { costSums, derivedCostSums, type CostSum } from './revenue-rows';
import { splitByMonth } from './revenue-sums';

export async function keptCostSums(db: Db, period: ReportPeriod, basis: RevenueBasis): Promise<CostSum[]> {
  const { months, edges } = splitByMonth(period);
  if (!months) return costSums(db, period, basis);
  const table = basis === 'cash' ? 'summary_cost_cash_months' : 'summary_cost_months';
  const [kept, derived, ...edgeSums] = await Promise.all([
    // a row whose expenses were all changed away or deleted holds nothing and is left out
    sql<{ month: string; category: string; n: number; m: number }>`
      select month, category, expense_count as n, net_milli as m from ${sql.table(table)}
      where month between ${months.from} and ${months.to} and expense_count <> 0`.execute(db),
    // (a day of the last month sorts at or before its 31st)
    derivedCostSums(db, { from: `${months.from}-01`, to: `${months.to}-31` }, basis),
    ...edges.map((edge) => costSums(db, edge, basis)),
  ]);
  return [...kept.rows.map((r) => ({ month: r.month, category: r.category, amount: Number(r.m), count: Number(r.n) })), ...derived, ...edgeSums.flat()];
}
