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
import { anySplit, splitsOf } from './input-parts';
import { stringAgg } from '../../db/portable';

/** The day an expense belongs to, as SQL over the expenses row. */
export function expenseDay(cashAccounting: boolean) {
  return cashAccounting
    ? sql<string>`(case when paid = 1 then payment_date end)`
    : sql<string>`coalesce(fulfillment_date, invoice_date, substr(created_at, 1, 10))`;
}

export async function inputVat(db: Db, from: string, to: string, cashAccounting: boolean, tally: VatTally): Promise<UnconvertedExpenses[]> {
  const day = expenseDay(cashAccounting);
  const split = await anySplit(db);
  // Without any split in the books, a forint expense with its net and VAT stored counts under its code as stored (no
  // code: 0 %): a period's ~10,000 of them are summed per code by SQL from the index, not read one by one. The rest
  // (other currencies, amounts to derive from the gross) are read row by row.
  const summed = sql<boolean>`currency = 'HUF' and net_price_milli is not null and vat_amount_milli is not null`;
  if (!split) {
    const sums = await db
      .selectFrom('expenses')
      .select([
        sql<string>`coalesce(vat_id, '6')`.as('vat_id'),
        (eb) => eb.fn.sum<number>('net_price_milli').as('net'),
        (eb) => eb.fn.sum<number>('vat_amount_milli').as('vat'),
        stringAgg(db, 'id').as('ids'),
      ])
      .where(day, '>=', from)
      .where(day, '<=', to)
      .where(summed)
      .groupBy(sql`coalesce(vat_id, '6')`)
      .execute();
    for (const s of sums) if (s.ids) tally.add(s.vat_id, Number(s.net), Number(s.vat), idsOf(s.ids));
  }
  // only the columns the expense-day indexes carry (migration 0039): the period is read from the index alone
  let rowsQuery = db
    .selectFrom('expenses')
    .select(['id', 'currency', 'vat_id', 'net_price_milli', 'vat_amount_milli', 'gross_price_milli'])
    .where(day, '>=', from)
    .where(day, '<=', to);
  if (!split) rowsQuery = rowsQuery.where(sql<boolean>`not (${summed})`);
  const rows = await rowsQuery.orderBy('id').execute();
  const foreign = new Map<string, { vat: number; documents: number[] }>();
  const toSplit = split ? rows.filter((r) => r.vat_id === null || r.currency !== 'HUF') : [];
  const splits = toSplit.length ? await splitsOf(db, toSplit.map((r) => ({ id: r.id, currency: r.currency, ...storedAmounts(r) }))) : new Map();
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

function idsOf(list: string): number[] {
  const parts = list.split(',');
  const out = new Array<number>(parts.length);
  for (let i = 0; i < parts.length; i++) out[i] = +parts[i]!;
  return out;
}
