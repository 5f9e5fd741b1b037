// Cancelling. A normal invoice is cancelled by a cancelling invoice (storno): its lines mirrored with negated amounts,
// dated today, numbered next, paid by construction, and the original marked cancelled — in one transaction. A
// proforma is no tax document: it is voided, with no cancelling invoice.
// Any node may cancel any invoice it holds: the cancelling invoice is numbered in the original's block when this node
// numbers that block, else in this node's own block (see followUpBlock), so a lost computer's invoices stay cancellable.
import { FolioError, rule } from '../../../shared/errors';
import { INVOICE_STATUS, INVOICE_TYPE, prefixedNumber } from '../../../shared/invoice-codes';
import { chainOf } from './chain';
import type { InvoiceRow } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { nowStamp, today } from '../context';
import { createdResponse } from './mapping';
import { linkCancellation } from './links';
import { followUpBlock, numbersFor } from './numbering';
import { invoiceRow } from './queries';
import { insertLines, seal } from './seal';
import { insertInvoice } from './statements';
import type { InvoiceEnv } from './types';
import { copiedLines, invoiceValues, mirroredContent, storedRow } from './values';

export async function cancelInvoice(env: InvoiceEnv, input: { id: number; invoice_no?: string | undefined; date?: string | undefined }) {
  const result = await writeTransaction(env.ctx.db, async (trx): Promise<InvoiceRow> => {
    const original = await invoiceRow(trx, input.id);
    if (original.type === INVOICE_TYPE.draft) throw rule('A draft is not cancelled; delete it instead');
    if (original.is_cancel_invoice) throw rule('A cancelling invoice cannot be cancelled');
    // NAV takes a STORNO only as the reversal of a whole chain, from its original.
    if (original.modification_index !== null && original.modifies_id !== null) {
      throw rule('A modifying invoice is not cancelled on its own: cancel its original, which reverses the modifications too', 'id');
    }
    if (original.status === INVOICE_STATUS.cancelled) throw new FolioError('conflict', `Invoice ${original.invoice_no} is already cancelled`);
    const now = nowStamp(env.ctx);
    if (original.type === INVOICE_TYPE.proforma) {
      if (original.generated_invoice_id) throw rule('An invoice was generated from this proforma; cancel that invoice instead');
      return trx
        .updateTable('invoices')
        .set({ status: INVOICE_STATUS.cancelled, updated_at: now })
        .where('id', '=', original.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    // A device bringing the cancelling invoice it issued offline gives its number and date (sync).
    const date = input.invoice_no ? (input.date ?? today(env.ctx)) : today(env.ctx);
    const block = input.invoice_no ? { id: original.block_id, prefix: null } : await followUpBlock(trx, original.block_id);
    // A modified invoice is reversed as it stands now: its own lines and every modification's, all negated.
    const chain = await chainOf(trx, original.id);
    const members = await trx
      .selectFrom('invoices')
      .select(['id', 'net_milli', 'vat_milli', 'gross_milli', 'rounding_milli', 'total_milli'])
      .where('modifies_id', '=', original.id)
      .where('is_cancel_invoice', '=', 0)
      .orderBy('modification_index', (ob) => ob.asc().nullsFirst())
      .execute();
    const values = invoiceValues(
      {
        ...mirroredContent(original, members),
        modification_index: chain.lastIndex + 1,
        original_invoice_no: prefixedNumber(original.prefix, original.invoice_no),
        original_date: original.date,
        block_id: block.id,
        prefix: block.prefix ?? original.prefix,
        date,
        // a receipt is cancelled by a cancelling receipt, numbered in the receipts' own sequence
        ...(await numbersFor(trx, original.type === INVOICE_TYPE.receipt ? INVOICE_TYPE.receipt : INVOICE_TYPE.invoice, block.id, date, input.invoice_no)),
        status: INVOICE_STATUS.paid,
        total_paid_milli: -(original.current_total_milli ?? original.total_milli),
        is_cancel_invoice: 1,
        cancels_id: original.id,
        // the period a recurring invoice was for is part of what the storno mirrors
        period_start: original.period_start,
        period_end: original.period_end,
      },
      now,
    );
    const cancelling = storedRow((await insertInvoice.get(trx, values))!.id, values);
    const items = await trx
      .selectFrom('invoice_items')
      .selectAll()
      .where('invoice_id', 'in', [original.id, ...members.map((m) => m.id)])
      .execute();
    // the original's lines first, then each modification's in chain order
    const order = new Map([original.id, ...members.map((m) => m.id)].map((id, k) => [id, k]));
    items.sort((a, b) => order.get(a.invoice_id)! - order.get(b.invoice_id)! || a.position - b.position);
    await insertLines(trx, copiedLines(items, cancelling.id, true).map((l, position) => ({ ...l, position, modifies_line: null })));
    if (!(await linkCancellation(trx, original.id, cancelling.id, now))) throw new Error(`Invoice ${original.id} was cancelled meanwhile`);
    return seal(env, trx, cancelling);
  });
  return createdResponse(result);
}
