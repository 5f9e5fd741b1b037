// The invoices a reminder can be about: issued normal invoices that are not cancelled, not cancelling, not a
// modification (those are settled through their original) and still owed. Paid, cancelled, drafts and proformas
// never get a reminder.
import { sql, type SqlBool } from 'kysely';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../../shared/invoice-codes';
import { UNPAID } from '../../../migrations/0069-unpaid-invoices-index';
import type { InvoiceRow } from '../../db/schema';
import type { Db } from '../../db/types';
import { outstandingMilli } from '../invoices/mapping';
import { inIds } from '../../db/portable';
import type { Payment } from './interest';

export async function openInvoices(db: Db, filter: { clientId?: number; dueFrom?: string; dueTo?: string; id?: number } = {}): Promise<InvoiceRow[]> {
  return (await openQuery(db, filter).selectAll().execute()).filter((r) => outstandingMilli(r) > 0);
}

/**
 * The open invoices falling due in a window, with what the reminder pass decides on: read from the unpaid invoices'
 * index alone (migration 0069), not the rows, so a million invoices' window of thousands costs milliseconds. The
 * status is not read: the index holds only unpaid invoices, and its condition is not one of its columns — PostgreSQL
 * would visit every row of the window for it (an index scan, not index-only), which SQLite does not.
 */
export async function openInvoicesDue(db: Db, dueFrom: string, dueTo: string): Promise<Array<{ id: number; client_id: number; due_date: string }>> {
  const rows = await openQuery(db, { dueFrom, dueTo })
    .select(['id', 'client_id', 'due_date', 'is_cancel_invoice', 'current_total_milli', 'total_milli', 'total_paid_milli'])
    .execute();
  return rows.filter((r) => outstandingMilli({ ...r, status: INVOICE_STATUS.unpaid }) > 0);
}

function openQuery(db: Db, filter: { clientId?: number; dueFrom?: string; dueTo?: string; id?: number }) {
  let q = db
    .selectFrom('invoices')
    .where('sealed', '=', 1)
    .where('type', '=', INVOICE_TYPE.invoice)
    // as migration 0069's index says it (a literal: a bound value would not let the index be used); the unary plus
    // keeps SQLite off the index of modifies_id, whose "is null" matches nearly every invoice
    .where(sql<SqlBool>`${UNPAID}`)
    .where('is_cancel_invoice', '=', 0)
    .where(sql<SqlBool>`+modifies_id is null`)
    .where('cancelled_by_id', 'is', null);
  if (filter.clientId !== undefined) q = q.where('client_id', '=', filter.clientId);
  if (filter.id !== undefined) q = q.where('id', '=', filter.id);
  if (filter.dueFrom !== undefined) q = q.where('due_date', '>=', filter.dueFrom);
  if (filter.dueTo !== undefined) q = q.where('due_date', '<=', filter.dueTo);
  return q.orderBy('due_date').orderBy('id');
}

export async function isOpen(db: Db, id: number): Promise<boolean> {
  return (await openInvoices(db, { id })).length === 1;
}

export async function paymentsOf(db: Db, ids: readonly number[]): Promise<Map<number, Payment[]>> {
  const map = new Map<number, Payment[]>();
  if (!ids.length) return map;
  const rows = await db
    .selectFrom('invoice_payments')
    .select(['invoice_id', 'date', 'amount_milli'])
    .where(inIds(db, 'invoice_id', ids))
    .orderBy('date')
    .execute();
  for (const r of rows) map.set(r.invoice_id, [...(map.get(r.invoice_id) ?? []), { date: r.date, amount_milli: r.amount_milli }]);
  return map;
}
