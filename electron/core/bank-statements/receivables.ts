// The dashboard's receivables: what issued invoices still owe, in forints (a foreign invoice at its own rate, as the
// dashboard's other figures), by days past the due date, the clients who owe most, and what falls due in 30 days.
import { sql } from 'kysely';
import { AGE_BUCKETS, type AgeBucket, type Receivables } from '../../../shared/contract/areas/bank-types';
import { addDays, daysBetween } from '../../../shared/dates';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../../shared/invoice-codes';
import { hufMilli, milliToString } from '../../../shared/money';
import { today, type CoreContext } from '../context';

const TOP_DEBTORS = 5;

export function bucketOf(daysLate: number): AgeBucket {
  if (daysLate <= 0) return 'not_due';
  if (daysLate <= 30) return 'days_1_30';
  if (daysLate <= 60) return 'days_31_60';
  if (daysLate <= 90) return 'days_61_90';
  return 'days_90_plus';
}

export async function receivables(ctx: CoreContext): Promise<Receivables> {
  const day = today(ctx);
  const horizon = addDays(day, 30);
  const rows = await ctx.db
    .selectFrom('invoices')
    .innerJoin('clients', 'clients.id', 'invoices.client_id')
    .select([
      'invoices.client_id',
      'clients.name',
      'invoices.currency',
      'invoices.exchange_rate',
      'invoices.due_date',
      sql<number>`coalesce(invoices.current_total_milli, invoices.total_milli) - invoices.total_paid_milli`.as('open'),
    ])
    .where('invoices.type', '=', INVOICE_TYPE.invoice)
    .where('invoices.status', '=', INVOICE_STATUS.unpaid)
    .where('invoices.is_cancel_invoice', '=', 0)
    .execute();

  const buckets = new Map(AGE_BUCKETS.map((b) => [b, { milli: 0, count: 0 }]));
  const debtors = new Map<number, { name: string; milli: number; count: number; overdue: number }>();
  let total = 0;
  let count = 0;
  const expected = { milli: 0, count: 0 };
  for (const r of rows) {
    if (r.open <= 0) continue;
    const huf = hufMilli(r.open, r.currency, r.exchange_rate);
    const late = daysBetween(r.due_date, day);
    const bucket = buckets.get(bucketOf(late))!;
    bucket.milli += huf;
    bucket.count++;
    total += huf;
    count++;
    const d = debtors.get(r.client_id) ?? { name: r.name, milli: 0, count: 0, overdue: 0 };
    d.milli += huf;
    d.count++;
    if (late > 0) d.overdue += huf;
    debtors.set(r.client_id, d);
    if (r.due_date >= day && r.due_date <= horizon) {
      expected.milli += huf;
      expected.count++;
    }
  }
  return {
    today: day,
    total: milliToString(total),
    count,
    buckets: AGE_BUCKETS.map((b) => ({ bucket: b, total: milliToString(buckets.get(b)!.milli), count: buckets.get(b)!.count })),
    top_debtors: [...debtors.entries()]
      .sort((a, b) => b[1].milli - a[1].milli || a[0] - b[0])
      .slice(0, TOP_DEBTORS)
      .map(([client_id, d]) => ({ client_id, name: d.name, total: milliToString(d.milli), count: d.count, overdue: milliToString(d.overdue) })),
    expected_30_days: { total: milliToString(expected.milli), count: expected.count },
  };
}
