// Sealing: the one routine that turns an inserted invoice into a legal record. From the seal on, the database's
// triggers refuse any change to its content or lines; the seal hooks (the NAV report queue) run in the same
// transaction, so a sealed invoice always has its report queued.
import { findPaymentMethod } from '../../../shared/reference/payment-methods';
import { INVOICE_STATUS, INVOICE_TYPE, statusForPaid } from '../../../shared/invoice-codes';
import type { InvoiceRow } from '../../db/schema';
import type { WriteTx } from '../../db/types';
import { insertPayment, sealInvoice, setPaid } from './statements';
import type { InvoiceEnv } from './types';

/**
 * `insertedHere`: the invoice was inserted by this very write and its caller reads nothing of it back in the write
 * (create, createAndRead: they answer with the row they wrote). Its row is not committed, so no other transaction can
 * change it, and nothing since its insert set `sealed`: the seal changes that one row unless it fails, and a failure
 * fails the write. So on PostgreSQL the seal (and whatever the hooks defer) travels with the write's RELEASE, one round
 * trip less per invoice (../../db/prepared.ts runAtRelease) — when no hook reads what the seal wrote (SealHook).
 */
export async function seal(env: InvoiceEnv, trx: WriteTx, invoice: InvoiceRow, insertedHere = false): Promise<InvoiceRow> {
  const atRelease = insertedHere && env.sealHooks.every((hook) => hook.readsNothingSealed);
  const ran = atRelease ? await sealInvoice.runAtRelease(trx, { id: invoice.id }) : await sealInvoice.run(trx, { id: invoice.id });
  if (ran && ran.changes !== 1) throw new Error(`Invoice ${invoice.id} was not sealed`);
  const sealed = { ...invoice, sealed: 1 };
  for (const hook of env.sealHooks) await hook(trx, sealed);
  return sealed;
}

/** The lines of an invoice, written in as few statements as their number allows (./statements.ts). */
export { insertLines } from './statements';

/**
 * The state an invoice is issued in. A normal invoice paid in advance (cash, card: its payment method says so) is paid
 * when it is issued; a receipt always is, whatever its method (it is settled on the spot: that is what a receipt is). Any other document starts as its payments (none yet) make it, as a payment would later
 * (statusForPaid): a total of zero or less — a discount as large as its lines — is settled at once, with no payment
 * of nothing recorded. Every node derives the state of an invoice it is sent the same way, so they must agree here.
 */
export async function recordAdvancePayment(trx: WriteTx, invoice: InvoiceRow, date: string, now: string): Promise<InvoiceRow> {
  const advance =
    invoice.type === INVOICE_TYPE.receipt || (invoice.type === INVOICE_TYPE.invoice && findPaymentMethod(invoice.payment_method_id)?.advancePaid);
  if (!advance || invoice.total_milli <= 0) {
    const status = statusForPaid(invoice.total_paid_milli, invoice.total_milli);
    if (status === invoice.status) return invoice;
    await setPaid.run(trx, { id: invoice.id, status, total_paid_milli: invoice.total_paid_milli });
    return { ...invoice, status };
  }
  await insertPayment.run(trx, {
    invoice_id: invoice.id,
    date,
    amount_milli: invoice.total_milli,
    payment_method_id: invoice.payment_method_id,
    conversion_rate: invoice.exchange_rate,
    created_at: now,
  });
  const paid = { ...invoice, status: INVOICE_STATUS.paid, total_paid_milli: invoice.total_milli };
  await setPaid.run(trx, { id: paid.id, status: paid.status, total_paid_milli: paid.total_paid_milli });
  return paid;
}

/**
 * Seals an invoice another node issued and brought here by sync. No hooks run: reporting to NAV and e-mailing stay
 * with the node that issued it.
 */
export async function sealArrived(trx: WriteTx, invoiceId: number, at: string): Promise<void> {
  if ((await sealInvoice.run(trx, { id: invoiceId })).changes !== 1) throw new Error(`Invoice ${invoiceId} was not sealed`);
}

/**
 * Seals many invoices other nodes issued (a device's push, ../sync/store-batch.ts) in one statement; answers how
 * many it sealed. Each seal writes its change-log row, as sealArrived's does.
 */
export async function sealArrivedMany(trx: WriteTx, invoiceIds: number[]): Promise<number> {
  if (!invoiceIds.length) return 0;
  const { numUpdatedRows } = await trx.updateTable('invoices').set({ sealed: 1 }).where('id', 'in', invoiceIds).where('sealed', '=', 0).executeTakeFirst();
  return Number(numUpdatedRows);
}
