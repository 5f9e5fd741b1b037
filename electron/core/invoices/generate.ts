// Generating the invoice of a proforma: a normal invoice with the proforma's content and lines, dated today, numbered
// next, carrying the payments made on the proforma (an advance), and linked both ways — once per proforma.
// Like cancelling, it is numbered in the proforma's block when this node numbers it, else in this node's own block.
import { FolioError, rule } from '../../../shared/errors';
import { INVOICE_STATUS, INVOICE_TYPE, statusForPaid } from '../../../shared/invoice-codes';
import type { InvoiceRow } from '../../db/schema';
import type { WriteTx } from '../../db/types';
import { clientSnapshotText } from '../clients/mapping';
import { writeTransaction } from '../../db/transaction';
import { nowStamp, today } from '../context';
import { sellerSnapshotFor } from '../settings/service';
import { requireLegal } from './legal/check';
import { linkGenerated } from './links';
import { followUpBlock, numbersFor } from './numbering';
import { invoiceRow } from './queries';
import { insertLines, recordAdvancePayment, seal } from './seal';
import { clientById, insertInvoice, insertPayment } from './statements';
import type { InvoiceEnv } from './types';
import { contentOf, copiedLines, invoiceValues, storedRow } from './values';

export async function generateInvoice(env: InvoiceEnv, input: { id: number; advance?: number | undefined }): Promise<{ id: number }> {
  const created = await writeTransaction(env.ctx.db, async (trx) => {
    const proforma = await invoiceRow(trx, input.id);
    if (proforma.type !== INVOICE_TYPE.proforma) throw rule('Only a proforma invoice can generate an invoice');
    if (proforma.generated_invoice_id) {
      throw new FolioError('conflict', `An invoice (${proforma.generated_invoice_id}) was already generated from this proforma`);
    }
    if (proforma.status === INVOICE_STATUS.cancelled) throw rule('This proforma was cancelled');
    const date = today(env.ctx);
    const now = nowStamp(env.ctx);
    const payments = await trx.selectFrom('invoice_payments').selectAll().where('invoice_id', '=', proforma.id).orderBy('id').execute();
    const paid = payments.reduce((s, p) => s + p.amount_milli, 0);
    const block = await followUpBlock(trx, proforma.block_id);
    const items = await trx.selectFrom('invoice_items').selectAll().where('invoice_id', '=', proforma.id).orderBy('position').execute();
    // The invoice names the buyer as it is now (the proforma's snapshot when the client is gone), like an issued
    // draft, so a buyer's missing address is fixed on the client, not stuck in the proforma. It is never due before
    // it is issued: a proforma's past due date moves to today.
    const content = { ...contentOf(proforma), ...(await currentBuyer(trx, proforma.client_id)) };
    if (content.due_date < date) content.due_date = date;
    await requireLegal(trx, { ...content, date, period_start: proforma.period_start }, items);
    const values = invoiceValues(
      {
        ...content,
        type: INVOICE_TYPE.invoice,
        block_id: block.id,
        prefix: block.prefix ?? proforma.prefix,
        date,
        seller_snapshot: await sellerSnapshotFor(trx, proforma.bank_account_id),
        ...(await numbersFor(trx, INVOICE_TYPE.invoice, block.id, date)),
        status: statusForPaid(paid, proforma.total_milli),
        total_paid_milli: paid,
        proforma_id: proforma.id,
        // a proforma asking for an advance: the advance invoice of the payment, a final invoice deducts it later
        is_advance: input.advance ? 1 : 0,
        recurring_id: proforma.recurring_id,
        period_start: proforma.period_start,
        period_end: proforma.period_end,
      },
      now,
    );
    const invoice = storedRow((await insertInvoice.get(trx, values))!.id, values);
    await insertLines(trx, copiedLines(items, invoice.id));
    for (const { id: _id, invoice_id: _from, ...p } of payments) await insertPayment.run(trx, { ...p, invoice_id: invoice.id });
    if (!(await linkGenerated(trx, proforma.id, invoice.id, now))) throw new Error(`Proforma ${proforma.id} generated meanwhile`);
    const withAdvance = payments.length ? invoice : await recordAdvancePayment(trx, invoice, date, now);
    return seal(env, trx, withAdvance);
  });
  return { id: created.id };
}

/** The client's snapshot as the client is now; nothing (the proforma's own stays) when it was deleted. */
async function currentBuyer(trx: WriteTx, clientId: number): Promise<{ client_snapshot?: string }> {
  const client = await clientById.get(trx, { id: clientId });
  return client && !client.deleted_at ? { client_snapshot: clientSnapshotText(client) } : {};
}
