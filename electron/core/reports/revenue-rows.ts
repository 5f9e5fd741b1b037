// The rows the revenue report sums, each an amount in forints (milli) with its keys: revenue lines (month, client,
// product) and cost lines (month, category). Accrual: issued invoices by their tax point (tax-point.ts), expenses by
// their day; cash: the net part of each payment received (shared over the invoice's lines) and the expenses paid.
// Foreign-currency invoices are converted at their own rate; expenses in another currency have no rate in Folio
// and are left out of the costs (the VAT analysis lists them).
import { sql, type SqlBool } from 'kysely';
import type { ReportPeriod, RevenueBasis } from '../../../shared/reports';
import type { Db } from '../../db/types';
import { forints } from './output-vat';
import { expenseDay } from './input-vat';
import { accrualDay, accrualInvoiceIds, isChainMember } from './tax-point';
import { SALE_TYPES } from '../../../shared/invoice-codes';
import { storedAmounts } from '../expenses/mapping';
import { jsonText } from '../../db/portable';

export interface RevenueLine {
  doc: number;
  day: string;
  client: string;
  clientName: string;
  product: string;
  productName: string;
  /** the line's own words (a product line's: the product's name when it was invoiced) */
  description: string;
  amount: number;
}

export interface CostLine {
  doc: number;
  day: string;
  category: string;
  amount: number;
}

export interface RevenueItemRow {
  doc: number;
  day: string;
  client_id: number;
  client_name: string | null;
  currency: string;
  exchange_rate: string;
  product_id: number | null;
  product_name: string | null;
  description: string;
  net: number;
}

export const revenueItemColumns = (db: Db) => sql`i.id as doc, i.client_id as client_id, ${jsonText(db, 'i.client_snapshot', 'name')} as client_name,
  i.currency as currency, i.exchange_rate as exchange_rate, it.product_id as product_id, p.name as product_name,
  it.description as description, it.net_milli as net`;

export async function revenueLines(db: Db, period: ReportPeriod, basis: RevenueBasis): Promise<RevenueLine[]> {
  if (basis === 'accrual') {
    const rows = await sql<RevenueItemRow>`
      select ${revenueItemColumns(db)}, ${accrualDay('i')} as day
      from invoices i join invoice_items it on it.invoice_id = i.id left join products p on p.id = it.product_id
      where i.id in (${accrualInvoiceIds(db, period.from, period.to, { withCash: true })})`.execute(db);
    return rows.rows.map((r) => lineOf(r, forints(r.net, r.exchange_rate)));
  }
  // cash: each payment on an original carries its share of the original's net, line by line
  const rows = await sql<RevenueItemRow & { paid: number; total: number }>`
    select ${revenueItemColumns(db)}, pay.date as day, pay.amount_milli as paid, i.total_milli as total
    from invoice_payments pay join invoices i on i.id = pay.invoice_id
      join invoice_items it on it.invoice_id = i.id left join products p on p.id = it.product_id
    where pay.date between ${period.from} and ${period.to} and i.type in (${sql.join(SALE_TYPES)}) and i.sealed = 1
      and not ${isChainMember('i')}`.execute(db);
  return rows.rows.filter((r) => r.total > 0).map((r) => lineOf(r, paidShare(forints(r.net, r.exchange_rate), r.paid, r.total)));
}

/**
 * The thousandths of a forint a line of `forintMilli` (whole forints) carries of a payment of `paid` on an invoice
 * of `total` (> 0): forints × paid ÷ total rounded to whole forints, half away from zero, exactly (BigInt: big.js
 * divided at 20 decimals first and could round a half down). The cash sums of migration 0062 compute the same.
 */
export function paidShare(forintMilli: number, paid: number, total: number): number {
  const num = BigInt(forintMilli / 1000) * BigInt(paid);
  const den = BigInt(total);
  const abs = num < 0n ? -num : num;
  let q = abs / den;
  if ((abs % den) * 2n >= den) q += 1n;
  return Number(num < 0n ? -q : q) * 1000;
}

export function lineOf(r: RevenueItemRow, amount: number): RevenueLine {
  return {
    doc: r.doc,
    day: r.day,
    client: String(r.client_id),
    clientName: r.client_name ?? '',
    product: r.product_id !== null ? `p${r.product_id}` : `d:${r.description}`,
    productName: r.product_name ?? r.description,
    description: r.description,
    amount,
  };
}

export async function costLines(db: Db, period: ReportPeriod, basis: RevenueBasis): Promise<CostLine[]> {
  const day = expenseDay(basis === 'cash');
  const rows = await db
    .selectFrom('expenses')
    .selectAll()
    .select(day.as('day'))
    .where(day, '>=', period.from)
    .where(day, '<=', period.to)
    .where('currency', '=', 'HUF')
    .execute();
  return rows.map((r) => ({ doc: r.id, day: r.day, category: r.categories_id, amount: storedAmounts(r).net }));
}

/** The costs of a period summed by month and category (`YYYY-MM\u0000category`), each with how many expenses. */
export interface CostSum {
  month: string;
  category: string;
  amount: number;
  count: number;
}

/**
 * costLines() summed by SQL per month and category: a year of expenses (10,000 at a million invoices) is not read
 * row by row. An expense recorded before net and VAT were stored has its net worked out from its gross
 * (storedAmounts); those few are read as rows.
 */
export async function costSums(db: Db, period: ReportPeriod, basis: RevenueBasis): Promise<CostSum[]> {
  const day = expenseDay(basis === 'cash');
  const inPeriod = sql<SqlBool>`${day} between ${period.from} and ${period.to} and currency = 'HUF'`;
  const [stored, derived] = await Promise.all([
    sql<{ month: string; category: string; n: number; m: number }>`
      select substr(${day}, 1, 7) as month, categories_id as category, count(*) as n, sum(net_price_milli) as m from expenses
      where ${inPeriod} and net_price_milli is not null and vat_amount_milli is not null
      group by substr(${day}, 1, 7), categories_id`.execute(db),
    derivedCostSums(db, period, basis),
  ]);
  return [...stored.rows.map((r) => ({ month: r.month, category: r.category, amount: Number(r.m), count: Number(r.n) })), ...derived];
}

/** The expenses of the period recorded before net and VAT were stored, each its own sum (net from its gross). */
export async function derivedCostSums(db: Db, period: ReportPeriod, basis: RevenueBasis): Promise<CostSum[]> {
  const day = expenseDay(basis === 'cash');
  const inPeriod = sql<SqlBool>`${day} between ${period.from} and ${period.to} and currency = 'HUF'`;
  const rows = await db
    .selectFrom('expenses')
    .select(['categories_id', 'net_price_milli', 'vat_amount_milli', 'gross_price_milli', 'vat_id', 'currency'])
    .select(day.as('day'))
    .where(inPeriod)
    .where((eb) => eb.or([eb('net_price_milli', 'is', null), eb('vat_amount_milli', 'is', null)]))
    .execute();
  return rows.map((r) => ({ month: r.day.slice(0, 7), category: r.categories_id, amount: storedAmounts(r).net, count: 1 }));
}
