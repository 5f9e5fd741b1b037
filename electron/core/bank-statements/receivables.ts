// The dashboard's receivables: what issued invoices still owe, in forints (a foreign invoice at its own rate, as the
// dashboard's other figures), by days past the due date, the clients who owe most, and what falls due in 30 days.
// The forint part is read from the sums the invoices' triggers keep per due date and per client (migration 0038);
// invoices in another currency, few, one by one.
import { sql } from 'kysely';
import { AGE_BUCKETS, type AgeBucket, type Receivables } from '../../../shared/contract/areas/bank-types';
import { addDays, daysBetween } from '../../../shared/dates';
import { hufMilli, milliToString } from '../../../shared/money';
import { today, type CoreContext } from '../context';
import { openForeignInvoices } from '../invoices/open-foreign';

const TOP_DEBTORS = 5;

export function bucketOf(daysLate: number): AgeBucket {
  if (daysLate <= 0) return 'not_due';
  if (daysLate <= 30) return 'days_1_30';
  if (daysLate <= 60) return 'days_31_60';
  if (daysLate <= 90) return 'days_61_90';
  return 'days_90_plus';
}

export async function receivables(ctx: CoreContext): Promise<Receivables> {
  const { db } = ctx;
  const day = today(ctx);
  const horizon = addDays(day, 30);
  const [days, clients, foreign] = await Promise.all([
    // what the forint receivables are per due date and per client, kept by the invoices' triggers (migration 0038)
    sql<{ due_date: string; count: number; open: number }>`
      select due_date, invoice_count as count, open_milli as open from summary_open_days where receivable = 1`.execute(db),
    sql<{ client_id: number; count: number; open: number; overdue: number }>`
      select client_id, sum(invoice_count) as count, sum(open_milli) as open,
        sum(case when due_date < ${day} then open_milli else 0 end) as overdue
      from summary_open_clients group by client_id`.execute(db),
    openForeignInvoices(db),
  ]);

  const buckets = new Map(AGE_BUCKETS.map((b) => [b, { milli: 0, count: 0 }]));
  const debtors = new Map<number, { milli: number; count: number; overdue: number }>();
  const totals = { milli: 0, count: 0 };
  const expected = { milli: 0, count: 0 };
  /** `count` invoices owing `milli` forint thousandths in all, due on `dueDate` */
  const add = (dueDate: string, milli: number, count: number) => {
    const bucket = buckets.get(bucketOf(daysBetween(dueDate, day)))!;
    bucket.milli += milli;
    bucket.count += count;
    totals.milli += milli;
    totals.count += count;
    if (dueDate >= day && dueDate <= horizon) {
      expected.milli += milli;
      expected.count += count;
    }
  };
  for (const r of days.rows) add(r.due_date, r.open, r.count);
  for (const r of clients.rows) debtors.set(r.client_id, { milli: r.open, count: r.count, overdue: r.overdue });
  // a cancelling invoice is owed by no one, and what is paid in full or over owes nothing
  for (const r of foreign) {
    if (r.is_cancel_invoice !== 0 || r.open <= 0) continue;
    const huf = hufMilli(r.open, r.currency, r.exchange_rate);
    add(r.due_date, huf, 1);
    const d = debtors.get(r.client_id) ?? { milli: 0, count: 0, overdue: 0 };
    d.milli += huf;
    d.count++;
    if (r.due_date < day) d.overdue += huf;
    debtors.set(r.client_id, d);
  }

  const top = [...debtors.entries()].sort((a, b) => b[1].milli - a[1].milli || a[0] - b[0]).slice(0, TOP_DEBTORS);
  const names = top.length
    ? new Map((await db.selectFrom('clients').select(['id', 'name']).where('id', 'in', top.map(([id]) => id)).execute()).map((c) => [c.id, c.name]))
    : new Map<number, string>();
  return {
    today: day,
    total: milliToString(totals.milli),
    count: totals.count,
    buckets: AGE_BUCKETS.map((b) => ({ bucket: b, total: milliToString(buckets.get(b)!.milli), count: buckets.get(b)!.count })),
    top_debtors: top.map(([client_id, d]) => ({
      client_id,
      name: names.get(client_id) ?? '',
      total: milliToString(d.milli),
      count: d.count,
      overdue: milliToString(d.overdue),
    })),
    expected_30_days: { total: milliToString(expected.milli), count: expected.count },
  };
}
