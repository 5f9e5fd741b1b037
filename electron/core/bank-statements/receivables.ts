// The dashboard's receivables: what issued invoices still owe, in forints (a foreign invoice at its own rate, as the
// dashboard's other figures), by days past the due date, the clients who owe most, and what falls due in 30 days.
// The forint part is read from the sums the invoices' triggers keep per due date and per client (migration 0038);
// invoices in another currency, few, one by one (their forint value is each invoice's own, rounded by itself).
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
  const [days, topHuf, foreign] = await Promise.all([
    // the forint receivables and the clients owing most, from the sums the invoices' triggers keep (migration 0038);
    // summed per age bucket by the database: a bucket is a range of due dates (bucketOf, counted back from today)
    sql<{ bucket: AgeBucket; count: number; open: number; soon_count: number; soon_open: number }>`
      select case when due_date >= ${day} then 'not_due' when due_date >= ${addDays(day, -30)} then 'days_1_30'
          when due_date >= ${addDays(day, -60)} then 'days_31_60' when due_date >= ${addDays(day, -90)} then 'days_61_90'
          else 'days_90_plus' end as bucket,
        sum(invoice_count) as count, sum(open_milli) as open,
        sum(case when due_date >= ${day} and due_date <= ${horizon} then invoice_count else 0 end) as soon_count,
        sum(case when due_date >= ${day} and due_date <= ${horizon} then open_milli else 0 end) as soon_open
      from summary_open_days where receivable = 1 group by 1`.execute(db),
    sql<{ client_id: number; count: number; open: number }>`
      select client_id, invoice_count as count, open_milli as open from summary_open_client_totals
      order by open_milli desc, client_id limit ${TOP_DEBTORS}`.execute(db),
    openForeignInvoices(db),
  ]);

  const buckets = new Map(AGE_BUCKETS.map((b) => [b, { milli: 0, count: 0 }]));
  const totals = { milli: 0, count: 0 };
  const expected = { milli: 0, count: 0 };
  /** one foreign invoice owing `milli` forint thousandths, due on `dueDate` */
  const add = (dueDate: string, milli: number) => {
    const bucket = buckets.get(bucketOf(daysBetween(dueDate, day)))!;
    bucket.milli += milli;
    bucket.count++;
    totals.milli += milli;
    totals.count++;
    if (dueDate >= day && dueDate <= horizon) {
      expected.milli += milli;
      expected.count++;
    }
  };
  for (const r of days.rows) {
    const bucket = buckets.get(r.bucket)!;
    bucket.milli += r.open;
    bucket.count += r.count;
    totals.milli += r.open;
    totals.count += r.count;
    expected.milli += r.soon_open;
    expected.count += r.soon_count;
  }
  // a cancelling invoice is owed by no one, and what is paid in full or over owes nothing
  const foreignOwed = foreign.filter((r) => r.is_cancel_invoice === 0 && r.open > 0).map((r) => ({ ...r, huf: hufMilli(r.open, r.currency, r.exchange_rate) }));
  for (const r of foreignOwed) add(r.due_date, r.huf);

  // The top debtors: the five owing most in forints, or a client who owes in another currency too. Any other client
  // owes forints only and no more than each of those five, so it ranks after them.
  const debtors = new Map(topHuf.rows.map((r) => [r.client_id, { milli: r.open, count: r.count }]));
  const foreignClients = [...new Set(foreignOwed.map((r) => r.client_id))].filter((id) => !debtors.has(id));
  if (foreignClients.length) {
    const rows = await sql<{ client_id: number; count: number; open: number }>`
      select client_id, invoice_count as count, open_milli as open from summary_open_client_totals
      where client_id in (${sql.join(foreignClients)})`.execute(db);
    for (const r of rows.rows) debtors.set(r.client_id, { milli: r.open, count: r.count });
  }
  for (const r of foreignOwed) {
    const d = debtors.get(r.client_id) ?? { milli: 0, count: 0 };
    debtors.set(r.client_id, { milli: d.milli + r.huf, count: d.count + 1 });
  }
  const top = [...debtors.entries()].sort((a, b) => b[1].milli - a[1].milli || a[0] - b[0]).slice(0, TOP_DEBTORS);
  const ids = top.map(([id]) => id);
  const [names, overdueHuf] = ids.length
    ? await Promise.all([
        db.selectFrom('clients').select(['id', 'name']).where('id', 'in', ids).execute(),
        // what each of them has past its due date, from the sums per client and due date
        sql<{ client_id: number; overdue: number }>`
          select client_id, sum(open_milli) as overdue from summary_open_clients
          where client_id in (${sql.join(ids)}) and due_date < ${day} group by client_id`
          .execute(db)
          .then((r) => r.rows),
      ])
    : [[], []];
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const overdue = new Map(overdueHuf.map((r) => [r.client_id, r.overdue]));
  for (const r of foreignOwed) if (r.due_date < day) overdue.set(r.client_id, (overdue.get(r.client_id) ?? 0) + r.huf);

  return {
    today: day,
    total: milliToString(totals.milli),
    count: totals.count,
    buckets: AGE_BUCKETS.map((b) => ({ bucket: b, total: milliToString(buckets.get(b)!.milli), count: buckets.get(b)!.count })),
    top_debtors: top.map(([client_id, d]) => ({
      client_id,
      name: nameOf.get(client_id) ?? '',
      total: milliToString(d.milli),
      count: d.count,
      overdue: milliToString(overdue.get(client_id) ?? 0),
    })),
    expected_30_days: { total: milliToString(expected.milli), count: expected.count },
  };
}
