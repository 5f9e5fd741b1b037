// Receipts (nyugta, docs/document-set.md "Receipts"): made from a receipt request as an invoices row of type 5, so
// they share the invoices' id space, numbering machinery, seal, payments and cancelling. What differs is said here:
// dated, fulfilled and due today, VAT-included prices, an optional buyer (./receipt-buyer.ts), its own gapless
// sequence ("NY-2026-000001", ./numbering.ts), a complete seller the only legal check, paid at once (./seal.ts) and
// never reported to NAV Online Számla (the NAV queue takes normal invoices only; receipts go to NAV's daily receipt
// report instead, electron/nav-receipts and docs/receipts.md).
import type { InvoiceCreateInput, ReceiptCreateInput, ReceiptIssueInput } from '../../../shared/contract/schemas';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';
import { writeTransaction } from '../../db/transaction';
import { nowStamp, today } from '../context';
import { createIn } from './create';
import { issueDraft } from './issue';
import { loadInvoices } from './mapping';
import { invoiceRow } from './queries';
import { isWalkIn, receiptSnapshot, walkInClient } from './receipt-buyer';
import { exchangeRate } from './request';
import { clientById } from './statements';
import type { InvoiceEnv } from './types';

/** A receipt request as the invoice request it is stored by (the lines' prices include VAT; one piece by default). */
function asInvoiceInput(input: ReceiptCreateInput, clientId: number, date: string): InvoiceCreateInput {
  return {
    client_uid: clientId,
    payment_method: input.payment_method,
    currency: input.currency,
    type: input.draft ? INVOICE_TYPE.draft : INVOICE_TYPE.receipt,
    fulfillment_date: date,
    due_date: date,
    ...(input.comment !== undefined ? { comment: input.comment } : {}),
    ...(input.template_lang_code !== undefined ? { template_lang_code: input.template_lang_code } : {}),
    ...(input.electronic_invoice !== undefined ? { electronic_invoice: input.electronic_invoice } : {}),
    ...(input.exchange_rate !== undefined ? { exchange_rate: input.exchange_rate } : {}),
    ...(input.block_uid !== undefined ? { block_uid: input.block_uid } : {}),
    ...(input.vendor_id ? { vendor_id: input.vendor_id } : {}),
    items: input.items.map((i) =>
      i.product_uid !== undefined
        ? { product_uid: i.product_uid, qty: i.qty ?? '1', ...(i.item_comment !== undefined ? { item_comment: i.item_comment } : {}) }
        : {
            description: i.description,
            vat_id: i.vat_id,
            qty: i.qty ?? '1',
            gross_unit_price: i.gross_unit_price,
            unit: i.unit ?? '',
            item_comment: i.item_comment ?? '',
          },
    ),
  };
}

export async function createReceipt(env: InvoiceEnv, input: ReceiptCreateInput): Promise<Resource<InvoiceAttributes>> {
  const date = today(env.ctx);
  const rate = await exchangeRate(env, input.currency, input.exchange_rate, date);
  const id = await writeTransaction(env.ctx.db, async (trx) => {
    const client = input.client_uid !== undefined ? await clientById.get(trx, { id: input.client_uid }) : await walkInClient(trx, nowStamp(env.ctx));
    // an unknown client is refused by the invoice request's own check, at client_uid
    const snapshot = client ? { client_snapshot: receiptSnapshot(client, await isWalkIn(trx, client.id), { name: input.buyer_name, email: input.buyer_email }) } : {};
    const made = await createIn(env, trx, asInvoiceInput(input, client?.id ?? input.client_uid!, date), rate, { ...snapshot, receipt_draft: input.draft ? 1 : 0 });
    return made.id;
  });
  return readOne(env, id);
}

async function readOne(env: InvoiceEnv, id: number): Promise<Resource<InvoiceAttributes>> {
  const [resource] = await loadInvoices(env.ctx.db, [await invoiceRow(env.ctx.db, id)]);
  return resource!;
}

/** A draft becomes a receipt: numbered in the receipts' sequence, dated today, sealed and paid (./issue.ts). */
export async function issueReceipt(env: InvoiceEnv, input: ReceiptIssueInput): Promise<Resource<InvoiceAttributes>> {
  await issueDraft(env, { id: input.id, type: INVOICE_TYPE.receipt, buyer: { name: input.buyer_name, email: input.buyer_email } });
  return readOne(env, input.id);
}
