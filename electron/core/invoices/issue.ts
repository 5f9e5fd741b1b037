// Issuing a draft: it is priced again (a product line takes the product as it is now), numbered in its block, dated
// today, given the seller and client as they are now, and sealed — in one transaction.
import { rule } from '../../../shared/errors';
import type { InvoiceCreateInput } from '../../../shared/contract/schemas';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import { writeTransaction } from '../../db/transaction';
import { nowStamp, today } from '../context';
import { sellerSnapshotFor } from '../settings/service';
import { asInput, draftRow, replaceLines } from './drafts';
import { requireLegal, requireReceiptLegal } from './legal/check';
import { issuedReceiptSnapshot, type ReceiptBuyer } from './receipt-buyer';
import { numbersFor } from './numbering';
import { requestContent } from './request';
import { recordAdvancePayment, seal } from './seal';
import type { InvoiceEnv } from './types';

/**
 * `type` 5 issues the draft as a receipt (./receipts.ts): dated, fulfilled and due today, its buyer as given (`buyer`)
 * or as the draft printed it. A draft made to become a receipt is issued as nothing else.
 */
export async function issueDraft(env: InvoiceEnv, input: { id: number; type?: 1 | 3 | 5 | undefined; buyer?: ReceiptBuyer; deduct_unpaid_advances?: boolean | undefined }): Promise<void> {
  const type = input.type ?? INVOICE_TYPE.invoice;
  const receipt = type === INVOICE_TYPE.receipt;
  await writeTransaction(env.ctx.db, async (trx) => {
    const draft = await draftRow(trx, input.id);
    if (draft.receipt_draft && !receipt) throw rule('This draft was made to become a receipt: issue it as a receipt', 'type');
    const client = await trx.selectFrom('clients').select('deleted_at').where('id', '=', draft.client_id).executeTakeFirst();
    if (!client || client.deleted_at) throw rule('The client of this draft was deleted; choose another client first', 'client_uid');
    const stored = { rate: draft.exchange_rate, source: draft.exchange_rate_source };
    // the deductions are judged as the invoice being issued (an advance must be received by now), not as the draft
    const request = { ...(await asInput(trx, draft)), type, deduct_unpaid_advances: input.deduct_unpaid_advances } as InvoiceCreateInput;
    const { content, lines, blockOwner } = await requestContent(trx, request, stored, draft.id);
    const date = today(env.ctx);
    if (type === INVOICE_TYPE.invoice) await requireLegal(trx, { ...content, date }, lines);
    if (receipt) await requireReceiptLegal(trx);
    await replaceLines(trx, draft.id, lines);
    const now = nowStamp(env.ctx);
    const issued = await trx
      .updateTable('invoices')
      .set({
        ...content,
        ...(receipt ? { client_snapshot: await issuedReceiptSnapshot(trx, draft, input.buyer ?? {}), fulfillment_date: date, due_date: date } : {}),
        type,
        date,
        seller_snapshot: await sellerSnapshotFor(trx, content.bank_account_id),
        ...(await numbersFor(trx, type, draft.block_id, date, undefined, blockOwner)),
        issued_at: now,
        updated_at: now,
      })
      .where('id', '=', draft.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await seal(env, trx, await recordAdvancePayment(trx, issued, date, now));
  });
}
