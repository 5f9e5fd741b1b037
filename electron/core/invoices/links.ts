// The links between documents that follow one another: a cancelling invoice and the invoice it cancels, an invoice
// and the proforma it was generated from. The core, the sync remote storing a pushed invoice and a device applying a
// pulled one all link through here. Each original takes one follower: a link already set is kept, and the answer
// says whether this one was made.
import { INVOICE_STATUS, statusForPaid } from '../../../shared/invoice-codes';
import type { WriteTx } from '../../db/types';

/** Marks `originalId` cancelled by `cancellingId` unless another invoice already cancelled it. */
export async function linkCancellation(trx: WriteTx, originalId: number, cancellingId: number, now: string): Promise<boolean> {
  const { numUpdatedRows } = await trx
    .updateTable('invoices')
    .set({ status: INVOICE_STATUS.cancelled, cancelled_by_id: cancellingId, updated_at: now })
    .where('id', '=', originalId)
    .where('cancelled_by_id', 'is', null)
    .executeTakeFirst();
  if (numUpdatedRows === 0n) return false;
  return true;
}

/** Links a proforma to the invoice generated from it unless another invoice already was. */
export async function linkGenerated(trx: WriteTx, proformaId: number, invoiceId: number, now: string): Promise<boolean> {
  const { numUpdatedRows } = await trx
    .updateTable('invoices')
    .set({ generated_invoice_id: invoiceId, updated_at: now })
    .where('id', '=', proformaId)
    .where('generated_invoice_id', 'is', null)
    .executeTakeFirst();
  if (numUpdatedRows === 0n) return false;
  return true;
}

/**
 * Moves an original's current total by a modification's difference; its payment state follows (a cancelled original
 * stays cancelled). The core issuing a modification and sync storing one both come through here.
 */
export async function linkModification(trx: WriteTx, originalId: number, differenceMilli: number, now: string): Promise<void> {
  const original = await trx
    .selectFrom('invoices')
    .select(['status', 'total_milli', 'current_total_milli', 'total_paid_milli'])
    .where('id', '=', originalId)
    .executeTakeFirst();
  if (!original) return;
  const current = (original.current_total_milli ?? original.total_milli) + differenceMilli;
  const status = original.status === INVOICE_STATUS.cancelled ? original.status : statusForPaid(original.total_paid_milli, current);
  await trx.updateTable('invoices').set({ current_total_milli: current, status, updated_at: now }).where('id', '=', originalId).execute();
}
