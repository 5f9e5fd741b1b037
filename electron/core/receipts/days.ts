// The receipts list's figures (receipts.days): for each business day with receipts, how many were issued and, per
// currency, their gross, the cancellations issued that day and the net by cash, card and anything else.
//
// A day here is the till's day: every receipt and every cancelling receipt counts on the day it was issued (its
// `date`, taken from the business clock in the business's time zone). NAV's daily report counts a later
// cancellation against its original's day instead (electron/nav-receipts/figures.ts); the counter wants to know what
// happened at the counter that day, and what the drawer should hold.
// Figures are summed in the database from the sealed receipts every time; nothing is kept as a running total.
import { addDays, daysBetween } from '../../../shared/dates';
import { FolioError } from '../../../shared/errors';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import { milliToString } from '../../../shared/money';
import { RECEIPT_DAYS_MAX_SPAN, type ReceiptDay, type ReceiptDayCurrency, type ReceiptDays, type ReceiptDaysInput } from '../../../shared/contract/areas/receipts';
import { today, type CoreContext } from '../context';

const CASH = 1;
const CARD = 5;

interface Sums {
  count: number;
  gross: number;
  cancelledCount: number;
  cancelled: number;
  cash: number;
  card: number;
  other: number;
}

export async function receiptDays(ctx: CoreContext, input: ReceiptDaysInput): Promise<ReceiptDays> {
  const to = input.to ?? today(ctx);
  const from = input.from ?? addDays(to, -30);
  if (from > to) throw new FolioError('validation_failed', 'from: must not be after to', [{ field: 'from', message: 'must not be after to' }]);
  if (daysBetween(from, to) >= RECEIPT_DAYS_MAX_SPAN) {
    const message = `must be at most ${RECEIPT_DAYS_MAX_SPAN} days before to`;
    throw new FolioError('validation_failed', `from: ${message}`, [{ field: 'from', message }]);
  }
  const rows = await ctx.db
    .selectFrom('invoices')
    .select((eb) => [
      'date',
      'currency',
      'is_cancel_invoice',
      'payment_method_id',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string>('gross_milli').as('gross'),
    ])
    .where('type', '=', INVOICE_TYPE.receipt)
    .where('sealed', '=', 1)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .groupBy(['date', 'currency', 'is_cancel_invoice', 'payment_method_id'])
    .execute();

  const days = new Map<string, Map<string, Sums>>();
  for (const r of rows) {
    let currencies = days.get(r.date);
    if (!currencies) days.set(r.date, (currencies = new Map()));
    let s = currencies.get(r.currency);
    if (!s) currencies.set(r.currency, (s = { count: 0, gross: 0, cancelledCount: 0, cancelled: 0, cash: 0, card: 0, other: 0 }));
    // PostgreSQL answers counts and sums of bigints as text
    const n = Number(r.n);
    const gross = Number(r.gross ?? 0);
    if (r.is_cancel_invoice) {
      s.cancelledCount += n;
      s.cancelled += gross;
    } else {
      s.count += n;
      s.gross += gross;
    }
    if (r.payment_method_id === CASH) s.cash += gross;
    else if (r.payment_method_id === CARD) s.card += gross;
    else s.other += gross;
  }

  const out: ReceiptDay[] = [...days.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([day, currencies]) => {
      const list: ReceiptDayCurrency[] = [...currencies.entries()]
        // forints first, then the others by code
        .sort(([a], [b]) => (a === 'HUF' ? -1 : b === 'HUF' ? 1 : a.localeCompare(b, 'en')))
        .map(([currency, s]) => ({
          currency,
          count: s.count,
          gross: milliToString(s.gross),
          cancelled_count: s.cancelledCount,
          cancelled: milliToString(s.cancelled),
          net: milliToString(s.gross + s.cancelled),
          cash: milliToString(s.cash),
          card: milliToString(s.card),
          other: milliToString(s.other),
        }));
      return {
        day,
        count: list.reduce((n, c) => n + c.count, 0),
        cancelled_count: list.reduce((n, c) => n + c.cancelled_count, 0),
        currencies: list,
      };
    });
  return { from, to, days: out };
}
