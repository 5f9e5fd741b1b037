// The input side of the VAT analysis: the VAT of the expenses (supplier invoices and credit notes) by VAT code.
// An expense belongs to the day of its fulfillment, else of the supplier's invoice, else the day it was recorded
// (as the dashboard's expense totals); a seller on cash accounting deducts only what it has paid (Áfa tv. 196/B),
// so there an expense belongs to its payment date. Folio keeps no exchange rate for an expense, so expenses in
// another currency are listed apart, per currency, not converted — except an invoice received from NAV, whose
// forint amounts per VAT marking the supplier reported (input-parts.ts); an expense of several rates counts under
// each of its rates.
import { sql } from 'kysely';
import { milliToString } from '../../../shared/money';
import type { UnconvertedExpenses } from '../../../shared/reports';
import type { Db } from '../../db/types';
import { storedAmounts } from '../expenses/mapping';
import type { VatTally } from './tally';
import { splitsOf } from './input-parts';

/** The day an expense belongs to, as SQL over the expenses row. */
export function expenseDay(cashAccounting: boolean) {
  return cashAccounting
    ? sql<string>`(case when paid = 1 then payment_date end)`
    : sql<string>`coalesce(fulfillment_date, invoice_date, substr(created_at, 1, 10))`;
}

export async function inputVat(db: Db, from: string, to: string, cashAccounting: boolean, tally: VatTally): Promise<UnconvertedExpenses[]> {
  const day = expenseDay(cashAccounting);
  // only the columns the expense-day indexes carry (migration 0039): the period is read from the index alone
  const rows = await db
    .selectFrom('expenses')
    .select(['id', 'currency', 'vat_id', 'net_price_milli', 'vat_amount_milli', 'gross_price_milli'])
    .where(day, '>=', from)
    .where(day, '<=', to)
    .orderBy('id')
    .execute();
  const foreign = new Map<string, { vat: number; documents: number[] }>();
  const split = rows.filter((r) => r.vat_id === null || r.currency !== 'HUF');
  const splits = split.length ? await splitsOf(db, split.map((r) => ({ id: r.id, currency: r.currency, ...storedAmounts(r) }))) : new Map();
  for (const row of rows) {
    const parts = splits.get(row.id);
    if (parts) {
      for (const p of parts) tally.add(p.vat_id, p.net, p.vat, [row.id]);
      continue;
    }
    const amounts = storedAmounts(row);
    if (row.currency === 'HUF') {
      tally.add(row.vat_id ?? '6', amounts.net, amounts.vat, [row.id]);
      continue;
    }
    const f = foreign.get(row.currency) ?? { vat: 0, documents: [] };
    f.vat += amounts.vat;
    f.documents.push(row.id);
    foreign.set(row.currency, f);
  }
  return [...foreign.entries()].map(([currency, f]) => ({ currency, vat: milliToString(f.vat), documents: f.documents }));
}
