// Which issued documents fall into a VAT period, and on which day (the tax point, "teljesítés napja").
// - An ordinary invoice (and an advance, issued when the money arrives) counts on its fulfillment date.
// - A modifying or cancelling invoice counts in its own period, on the day it was issued: the original's period
//   stays as it was declared (Áfa tv. 153/B–153/D: the correction is accounted for when it is made).
// - A seller on cash accounting (pénzforgalmi elszámolás, Áfa tv. 196/B) owes the VAT when paid: such documents
//   are left out here and counted by their payments (cash.ts). What an invoice says decides — its seller snapshot —
//   not today's setting, so changing the setting never rewrites a past period.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SALE_TYPES } from '../../../shared/invoice-codes';
import { jsonText } from '../../db/portable';

/** 1 when the invoice row `alias` is a chain member: a modifying or cancelling invoice (also of an external original). */
export function isChainMember(alias: string): RawBuilder<number> {
  const a = sql.ref(alias);
  return sql<number>`(${a}.is_cancel_invoice = 1 or ${a}.modifies_id is not null or ${a}.original_invoice_no is not null)`;
}

/** 1 when the invoice was issued on cash accounting (its seller snapshot says so). */
export function onCashAccounting(db: Kysely<any>, alias: string): RawBuilder<number> {
  return sql<number>`(${jsonText(db, `${alias}.seller_snapshot`, 'vat_status')} = 'cash_accounting')`;
}

/**
 * The issued invoices of the period on the accrual basis, as a condition on the invoices row `i`. Written as the
 * union of two index ranges (fulfillment date for ordinary documents, issue date for chain members), so a year of
 * 100,000 invoices is read from the indexes (migration 0032), not scanned. `withCash` keeps the documents issued on
 * cash accounting too (the revenue report's accrual view: revenue is earned on supply whatever the VAT scheme).
 */
export function accrualInvoiceIds(db: Kysely<any>, from: string, to: string, options: { withCash?: boolean } = {}): RawBuilder<unknown> {
  const issued = options.withCash
    ? sql`i.type in (${sql.join(SALE_TYPES)}) and i.sealed = 1`
    : sql`i.type in (${sql.join(SALE_TYPES)}) and i.sealed = 1 and not ${onCashAccounting(db, 'i')}`;
  return sql`select i.id from invoices i where i.fulfillment_date between ${from} and ${to} and ${issued} and not ${isChainMember('i')}
    union all
    select i.id from invoices i where i.date between ${from} and ${to} and ${issued} and ${isChainMember('i')}`;
}

/** The tax point of the invoices row `i` on the accrual basis (see above). */
export function accrualDay(alias: string): RawBuilder<string> {
  const a = sql.ref(alias);
  return sql<string>`(case when ${isChainMember(alias)} then ${a}.date else ${a}.fulfillment_date end)`;
}
