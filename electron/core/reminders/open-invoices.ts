// The invoices a reminder can be about: issued normal invoices that are not cancelled, not cancelling, not a
// modification (those are settled through their original) and still owed. Paid, cancelled, drafts and proformas
// never get a reminder.
import { INVOICE_STATUS, INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { InvoiceRow } from '../../db/schema';
import type { Db } from '../../db/types';
import { outstandingMilli } from '../invoices/mapping';
import type { Payment } from './interest';

export async function openInvoices(db: Db, filter: { clientId?: number; dueFrom?: string; dueTo?: string; id?: number } = {}): Promise<InvoiceRow[]> {
  let q = db
    .selectFrom('invoices')
    .selectAll()
    .where('sealed', '=', 1)
    .where('type', '=', INVOICE_TYPE.invoice)
    .where('status', '=', INVOICE_STATUS.unpaid)
    .where('is_cancel_invoice', '=', 0)
    .where('modifies_id', 'is', null)
    .where('cancelled_by_id', 'is', null);
  if (filter.clientId !== undefined) q = q.where('client_id', '=', filter.clientId);
  if (filter.id !== undefined) q = q.where('id', '=', filter.id);
  if (filter.dueFrom !== undefined) q = q.where('due_date', '>=', filter.dueFrom);
  if (filter.dueTo !== undefined) q = q.where('due_date', '<=', filter.dueTo);
  const rows = await q.orderBy('due_date').orderBy('id').execute();
  return rows.filter((r) => outstandingMilli(r) > 0);
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
    .where('invoice_id', 'in', [...ids])
    .orderBy('date')
    .execute();
  for (const r of rows) map.set(r.invoice_id, [...(map.get(r.invoice_id) ?? []), { date: r.date, amount_milli: r.amount_milli }]);
  return map;
}
