// The dashboard's figures (invoices.summary), computed by the database instead of by reading invoices page by page.
// Forint invoices are summed by SQLite. An invoice in another currency is converted at its own exchange rate and
// rounded to whole forints one by one, as its HUF VAT is; those are few, so they are read row by row.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { InvoiceSummary } from '../../../shared/contract/operations';
import { addMonths } from '../../../shared/dates';
import { hufMilli, milliToString } from '../../../shared/money';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { CoreContext } from '../context';
import { today } from '../context';

/** Normal and cancelling invoices: proformas are not revenue and drafts are not invoices. */
const ISSUED = INVOICE_TYPE.invoice;
/** Revenue is invoiced and receipted sales alike (a receipt is never owed: it is paid when issued). */
const SALES = [INVOICE_TYPE.invoice, INVOICE_TYPE.receipt];
const UNPAID = INVOICE_STATUS.unpaid;

/** Revenue is what stands: a cancelled invoice and the cancelling invoice that undid it count neither as money nor
 * as invoices, whichever months they fall in (summed, a storno in a later month would move revenue between months). */
const standing = (eb: ExpressionBuilder<Database, 'invoices'>) =>
  eb.and([
    eb('status', '!=', INVOICE_STATUS.cancelled),
    eb('is_cancel_invoice', '=', 0),
    // the modifications of a cancelled invoice went with it: its storno reversed them too
    // (asked once for the whole table, not per row: cancelled invoices are few)
    eb.or([
      eb('modifies_id', 'is', null),
      eb('modifies_id', 'not in', eb.selectFrom('invoices as o').select('o.id').where('o.status', '=', INVOICE_STATUS.cancelled)),
    ]),
  ]);

export async function invoiceSummary(ctx: CoreContext): Promise<InvoiceSummary> {
  const { db } = ctx;
  const day = today(ctx);
  const thisMonth = `${day.slice(0, 7)}-01`;
  const firstDay = addMonths(thisMonth, -11);
  // what is owed follows an original's modifications (its current total)
  const open = sql<number>`coalesce(current_total_milli, total_milli) - total_paid_milli`;
  const overdue = sql<number>`case when due_date < ${day} then 1 else 0 end`;

  const [unpaidHuf, unpaidForeign, monthsHuf, monthsForeign] = await Promise.all([
    db
      .selectFrom('invoices')
      .select([
        sql<number>`count(*)`.as('count'),
        sql<number>`coalesce(sum(${open}), 0)`.as('open'),
        sql<number>`coalesce(sum(${overdue}), 0)`.as('overdue_count'),
        sql<number>`coalesce(sum(${overdue} * (${open})), 0)`.as('overdue_open'),
      ])
      .where('type', '=', ISSUED)
      .where('status', '=', UNPAID)
      .where('currency', '=', 'HUF')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('invoices')
      .select(['currency', 'exchange_rate', 'due_date', open.as('open')])
      .where('type', '=', ISSUED)
      .where('status', '=', UNPAID)
      .where('currency', '!=', 'HUF')
      .execute(),
    db
      .selectFrom('invoices')
      .select([sql<string>`substr(date, 1, 7)`.as('month'), sql<number>`count(*)`.as('count'), sql<number>`sum(net_milli)`.as('net')])
      .where('type', 'in', SALES)
      .where(standing)
      .where('date', '>=', firstDay)
      .where('date', '<=', day)
      .where('currency', '=', 'HUF')
      .groupBy(sql`substr(date, 1, 7)`)
      .execute(),
    db
      .selectFrom('invoices')
      .select([sql<string>`substr(date, 1, 7)`.as('month'), 'currency', 'exchange_rate', 'net_milli'])
      .where('type', 'in', SALES)
      .where(standing)
      .where('date', '>=', firstDay)
      .where('date', '<=', day)
      .where('currency', '!=', 'HUF')
      .execute(),
  ]);

  const unpaid = { milli: unpaidHuf.open, count: unpaidHuf.count };
  const late = { milli: unpaidHuf.overdue_open, count: unpaidHuf.overdue_count };
  for (const r of unpaidForeign) {
    const huf = hufMilli(r.open, r.currency, r.exchange_rate);
    unpaid.milli += huf;
    unpaid.count += 1;
    if (r.due_date < day) {
      late.milli += huf;
      late.count += 1;
    }
  }

  const months = Array.from({ length: 12 }, (_, i) => ({ month: addMonths(firstDay, i).slice(0, 7), milli: 0, count: 0 }));
  const byMonth = new Map(months.map((m) => [m.month, m]));
  for (const r of monthsHuf) {
    const m = byMonth.get(r.month)!;
    m.milli += r.net;
    m.count += r.count;
  }
  for (const r of monthsForeign) {
    const m = byMonth.get(r.month)!;
    m.milli += hufMilli(r.net_milli, r.currency, r.exchange_rate);
    m.count += 1;
  }

  return {
    today: day,
    unpaid: { total: milliToString(unpaid.milli), count: unpaid.count },
    overdue: { total: milliToString(late.milli), count: late.count },
    months: months.map((m) => ({ month: m.month, net: milliToString(m.milli), count: m.count })),
  };
}
