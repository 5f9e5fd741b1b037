// Drafts: the one kind of invoice that may change. An edit merges into the stored draft and rewrites it whole;
// deleting removes it. Issued invoices are refused here: they are legal records.
import type { InvoiceCreateInput } from '../../../shared/contract/schemas';
import { invalid, rule } from '../../../shared/errors';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { InvoiceRow } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import type { Db, WriteTx } from '../../db/types';
import { nowStamp } from '../context';
import { invoiceRow } from './queries';
import { exchangeRate, requestContent } from './request';
import type { ResolvedLine } from './lines';
import { isWalkIn } from './receipt-buyer';
import { insertLines } from './seal';
import { HOME_RATE, type InvoiceEnv, type RateQuote } from './types';
import { lineValues } from './values';

export async function draftRow(db: Db, id: number): Promise<InvoiceRow> {
  const r = await invoiceRow(db, id);
  if (r.type !== INVOICE_TYPE.draft) throw rule('Only a draft can be changed or deleted; an issued invoice is a legal record');
  return r;
}

/** The create request a stored invoice corresponds to (a draft's edit merges into it; issuing prices it again). */
export async function asInput(db: Db, r: InvoiceRow): Promise<InvoiceCreateInput> {
  const stored = await db.selectFrom('invoice_items').selectAll().where('invoice_id', '=', r.id).orderBy('position').execute();
  // A final invoice's deduction lines are Folio's, made again from the advances it names.
  const items = stored.filter((i) => i.advance_invoice_id === null);
  const advances = [...new Set(stored.map((i) => i.advance_invoice_id).filter((id): id is number => id !== null))];
  return {
    client_uid: r.client_id,
    payment_method: r.payment_method_id,
    currency: r.currency,
    type: r.type as InvoiceCreateInput['type'],
    fulfillment_date: r.fulfillment_date,
    due_date: r.due_date,
    comment: r.comment,
    template_lang_code: r.template_lang_code as InvoiceCreateInput['template_lang_code'],
    electronic_invoice: r.electronic_invoice,
    exchange_rate: r.exchange_rate_source === 'given' ? r.exchange_rate : undefined,
    block_uid: r.block_id,
    round_to: r.round_to,
    ...(r.is_advance ? { advance: 1 } : {}),
    ...(advances.length ? { advance_invoice_uids: advances } : {}),
    ...(r.bank_account_id ? { bank_account_uid: r.bank_account_id } : {}),
    // the draft's own choice stays through edits and issuing (a draft from before migration 0053 follows the setting)
    ...(r.payment_qr !== null ? { payment_qr: r.payment_qr === 1 } : {}),
    // A product line is stored as priced then; re-resolving it takes the product as it is now.
    items: items.map((i) =>
      i.product_id
        ? { product_uid: i.product_id, qty: i.qty, item_comment: i.item_comment }
        : {
            description: i.description,
            vat_id: i.vat_id,
            qty: i.qty,
            ...(i.gross_unit_price !== null ? { gross_unit_price: i.gross_unit_price } : { net_unit_price: i.net_unit_price }),
            unit: i.unit,
            item_comment: i.item_comment,
            entitlement: i.entitlement as never,
          },
    ),
  };
}

/** Replaces a draft's lines. */
export async function replaceLines(trx: WriteTx, invoiceId: number, lines: ResolvedLine[]): Promise<void> {
  await trx.deleteFrom('invoice_items').where('invoice_id', '=', invoiceId).execute();
  await insertLines(
    trx,
    lines.map((l) => lineValues(invoiceId, l)),
  );
}

async function rewriteDraft(env: InvoiceEnv, trx: WriteTx, id: number, input: InvoiceCreateInput, rate: RateQuote) {
  const { content, lines } = await requestContent(trx, input, rate, id);
  // a receipt's draft for nobody in particular keeps the buyer's name and e-mail it was given (./receipt-buyer.ts)
  const stored = await draftRow(trx, id);
  if (stored.client_id === content.client_id && (await isWalkIn(trx, content.client_id))) content.client_snapshot = stored.client_snapshot;
  await replaceLines(trx, id, lines);
  await trx
    .updateTable('invoices')
    .set({ ...content, updated_at: nowStamp(env.ctx) })
    .where('id', '=', id)
    .execute();
}

export async function updateDraft(env: InvoiceEnv, input: { id: number } & Partial<InvoiceCreateInput>): Promise<void> {
  const { id, ...changes } = input;
  if (changes.type !== undefined && changes.type !== INVOICE_TYPE.draft) {
    throw invalid('type', 'a draft stays a draft here; issue it with POST /invoices/{id}/issue');
  }
  // The rate may come from the network, so it is found first, from the draft as it is now; the transaction then
  // merges again into the draft as it is then, and refuses if the currency or date the rate was found for changed.
  const before = await asInput(env.ctx.db, await draftRow(env.ctx.db, id));
  const merged = mergeEdit(before, changes);
  const rate = await exchangeRate(env, merged.currency, merged.exchange_rate, merged.fulfillment_date);
  await writeTransaction(env.ctx.db, async (trx) => {
    const current = mergeEdit(await asInput(trx, await draftRow(trx, id)), changes);
    if (rateChanged(merged, current, rate)) throw rule('The draft changed while this edit was saved; load it again and repeat the edit');
    await rewriteDraft(env, trx, id, current, rate);
  });
}

/** Whether the rate found for `before` no longer fits `after` (a concurrent edit changed what it depends on). */
function rateChanged(before: InvoiceCreateInput, after: InvoiceCreateInput, rate: RateQuote): boolean {
  if (before.currency !== after.currency || before.exchange_rate !== after.exchange_rate) return true;
  const lookedUp = rate.source !== HOME_RATE.source && after.exchange_rate === undefined;
  return lookedUp && before.fulfillment_date !== after.fulfillment_date;
}

function mergeEdit(base: InvoiceCreateInput, changes: Partial<InvoiceCreateInput>): InvoiceCreateInput {
  const merged: InvoiceCreateInput = { ...base, ...stripUndefined(changes), type: INVOICE_TYPE.draft };
  // A new currency drops the old currency's typed rate.
  if (changes.currency !== undefined && changes.exchange_rate === undefined && changes.currency !== base.currency) delete merged.exchange_rate;
  return merged;
}

export async function deleteDraft(env: InvoiceEnv, input: { id: number }) {
  await writeTransaction(env.ctx.db, async (trx) => {
    await draftRow(trx, input.id);
    const used = await trx.selectFrom('recurring_profiles').select('id').where('base_invoice_id', '=', input.id).executeTakeFirst();
    if (used) throw rule(`Recurring profile ${used.id} is based on this draft; delete or change the profile first`);
    // issue 40: delivery notes (or a certificate) invoiced into this draft name it, and are never invoiced twice, so
    // the draft stays (the notes' link would otherwise point at nothing); it can still be edited or issued
    const notes = await trx.selectFrom('delivery_notes').select('note_no').where('invoice_id', '=', input.id).orderBy('id').execute();
    if (notes.length) throw rule(`made from delivery notes ${notes.map((n) => n.note_no).join(', ')}: edit or issue it instead`, 'id');
    await trx.deleteFrom('invoice_items').where('invoice_id', '=', input.id).execute();
    await trx.deleteFrom('invoices').where('id', '=', input.id).execute();
  });
  return { deleted: true as const };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
