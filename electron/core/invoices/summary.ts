// The dashboard's figures (invoices.summary), read from the sums the invoices' triggers keep (migration 0038)
// instead of from the invoices: at a million invoices, summing them on each visit took seconds.
// The tables hold forint invoices only. An invoice in another currency is converted at its own exchange rate and
// rounded to whole forints one by one, as its HUF VAT is, and a modification stands only while its original does
// (a fact of another row); those few invoices are read one by one through partial indexes.
import { sql } from 'kysely';
import type { InvoiceSummary } from '../../../shared/contract/operations';
import { addMonths } from '../../../shared/dates';
import { hufMilli, milliToString } from '../../../shared/money';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { CoreContext } from '../context';
import { today } from '../context';
import { openForeignInvoices } from './open-foreign';

/** Revenue is invoiced and receipted sales alike (a receipt is never owed: it is paid when issued). */
const SALES = [INVOICE_TYPE.invoice, INVOICE_TYPE.receipt];
const CANCELLED = INVOICE_STATUS.cancelled;

export async function invoiceSummary(ctx: CoreContext): Promise<InvoiceSummary> {
  const { db } = ctx;
  const day = today(ctx);
  const thisMonth = `${day.slice(0, 7)}-01`;
  const firstDay = addMonths(thisMonth, -11);

  const [openHuf, openForeign, monthsHuf, monthsRest] = await Promise.all([
    // every unpaid forint invoice (normal and cancelling; `receivable` splits them for receivables.summary)
    sql<{ count: number; open: number; overdue_count: number; overdue_open: number }>`
      select coalesce(sum(invoice_count), 0) as count, coalesce(sum(open_milli), 0) as open,
        coalesce(sum(case when due_date < ${day} then invoice_count else 0 end), 0) as overdue_count,
        coalesce(sum(case when due_date < ${day} then open_milli else 0 end), 0) as overdue_open
      from summary_open_days where receivable in (0, 1)`.execute(db),
    openForeignInvoices(db),
    // the forint sales that stand by themselves, per day of the twelve months
    sql<{ month: string; count: number; net: number }>`
      select substr(date, 1, 7) as month, sum(invoice_count) as count, sum(net_milli) as net
      from summary_revenue_days where date >= ${firstDay} and date <= ${day}
      group by substr(date, 1, 7)`.execute(db),
    // What the table leaves out: sales in another currency and modifications. Revenue is what stands: a cancelled
    // invoice and the cancelling invoice that undid it count neither as money nor as invoices, whichever months they
    // fall in, and the modifications of a cancelled invoice went with it (its storno reversed them too).
    db
      .selectFrom('invoices as i')
      .leftJoin('invoices as o', 'o.id', 'i.modifies_id')
      .select([sql<string>`substr(i.date, 1, 7)`.as('month'), 'i.currency', 'i.exchange_rate', 'i.net_milli'])
      // the partial index invoices_revenue_rest's condition, as it is written there
      .where(sql<boolean>`(i.currency <> 'HUF' OR i.modifies_id IS NOT NULL)`)
      .where('i.date', '>=', firstDay)
      .where('i.date', '<=', day)
      .where('i.type', 'in', SALES)
      .where('i.status', '!=', CANCELLED)
      .where('i.is_cancel_invoice', '=', 0)
      .where((eb) => eb.or([eb('o.id', 'is', null), eb('o.status', '!=', CANCELLED)]))
      .execute(),
  ]);

  const huf = openHuf.rows[0]!;
  const unpaid = { milli: huf.open, count: huf.count };
  const late = { milli: huf.overdue_open, count: huf.overdue_count };
  for (const r of openForeign) {
    const milli = hufMilli(r.open, r.currency, r.exchange_rate);
    unpaid.milli += milli;
    unpaid.count += 1;
    if (r.due_date < day) {
      late.milli += milli;
      late.count += 1;
    }
  }

  const months = Array.from({ length: 12 }, (_, i) => ({ month: addMonths(firstDay, i).slice(0, 7), milli: 0, count: 0 }));
  const byMonth = new Map(months.map((m) => [m.month, m]));
  for (const r of monthsHuf.rows) {
    const m = byMonth.get(r.month)!;
    m.milli += r.net;
    m.count += r.count;
  }
  for (const r of monthsRest) {
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
