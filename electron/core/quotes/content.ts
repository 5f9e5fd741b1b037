// A quote request → the stored quote's content and its priced lines, in the write transaction that stores them.
// The lines are priced by the invoices' own code (invoices/lines.ts), so a quote and the invoice made from it can
// never disagree on an amount.
import { FolioError, rule, type FieldError } from '../../../shared/errors';
import type { QuoteCreateInput } from '../../../shared/contract/areas/quotes';
import { findPaymentMethod } from '../../../shared/reference/payment-methods';
import type { QuoteItemRow, QuoteRow } from '../../db/schema';
import type { WriteTx } from '../../db/types';
import { clientSnapshotText } from '../clients/mapping';
import { sellerSnapshotFor, settingsForIssue } from '../settings/service';
import { resolveLines, totalsOf, type ResolvedLine } from '../invoices/lines';
import { bankAccountById, clientById } from '../invoices/statements';
import { lineValues, totalColumns } from '../invoices/values';

/** What a request decides of a quote: everything but its number, state and timestamps. */
export type QuoteContent = Omit<
  QuoteRow,
  'id' | 'quote_no' | 'number_series' | 'number_year' | 'number_seq' | 'status' | 'accepted_invoice_id' | 'accepted_at' | 'sent_at' | 'created_at' | 'updated_at' | 'deleted_at'
>;

export type QuoteLineValues = Omit<QuoteItemRow, 'id'>;

/** The request with its date decided (today when not given). */
export type DatedQuoteInput = QuoteCreateInput & { date: string };

async function checkRefs(trx: WriteTx, input: DatedQuoteInput) {
  const errors: FieldError[] = [];
  const client = await clientById.get(trx, { id: input.client_uid });
  if (!client || client.deleted_at) errors.push({ field: 'client_uid', message: 'no such client' });
  if (!findPaymentMethod(input.payment_method)) {
    errors.push({ field: 'payment_method', message: 'is not a payment method id (see GET /payment_methods/hu)' });
  }
  if (input.bank_account_uid !== undefined && !(await bankAccountById.get(trx, { id: input.bank_account_uid }))) {
    errors.push({ field: 'bank_account_uid', message: 'no such bank account' });
  }
  if (errors.length) throw new FolioError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  return client!;
}

/** The rules of the dates: the offer stands from its date, and the invoice's dates keep their order. */
function checkDates(input: DatedQuoteInput): void {
  if (input.valid_until < input.date) throw rule('valid_until cannot be before the quote date', 'valid_until');
  if (input.fulfillment_date && input.due_date && input.due_date < input.fulfillment_date) {
    throw rule('due_date cannot be before fulfillment_date', 'due_date');
  }
}

export async function quoteContent(trx: WriteTx, input: DatedQuoteInput): Promise<{ content: QuoteContent; lines: ResolvedLine[] }> {
  const client = await checkRefs(trx, input);
  checkDates(input);
  const lines = await resolveLines(trx, input.items, input.currency);
  const { settings } = await settingsForIssue(trx);
  const bankAccountId = input.bank_account_uid ?? settings.default_bank_account_uid ?? null;
  const roundTo = input.round_to ?? 0;
  return {
    content: {
      client_id: client.id,
      client_snapshot: clientSnapshotText(client),
      seller_snapshot: await sellerSnapshotFor(trx, bankAccountId),
      bank_account_id: bankAccountId,
      currency: input.currency,
      exchange_rate: input.exchange_rate ?? null,
      payment_method_id: input.payment_method,
      date: input.date,
      valid_until: input.valid_until,
      fulfillment_date: input.fulfillment_date ?? null,
      due_date: input.due_date ?? null,
      comment: input.comment ?? '',
      template_lang_code: input.template_lang_code ?? settings.default_lang,
      round_to: roundTo,
      ...totalColumns(totalsOf(lines, roundTo)),
    },
    lines,
  };
}

export function quoteLineValues(quoteId: number, l: ResolvedLine): QuoteLineValues {
  // an invoice line's columns, but for the chain links only invoices have
  const { invoice_id: _invoice, modifies_line: _modifies, advance_invoice_id: _advance, ...line } = lineValues(0, l);
  return { ...line, quote_id: quoteId };
}

/** The request a stored quote corresponds to: an edit merges into it, accepting turns it into an invoice's. */
export function asQuoteInput(r: QuoteRow, items: QuoteItemRow[]): DatedQuoteInput {
  return {
    client_uid: r.client_id,
    payment_method: r.payment_method_id,
    currency: r.currency,
    date: r.date,
    valid_until: r.valid_until,
    ...(r.fulfillment_date ? { fulfillment_date: r.fulfillment_date } : {}),
    ...(r.due_date ? { due_date: r.due_date } : {}),
    comment: r.comment,
    template_lang_code: r.template_lang_code as QuoteCreateInput['template_lang_code'],
    ...(r.exchange_rate ? { exchange_rate: r.exchange_rate } : {}),
    round_to: r.round_to,
    ...(r.bank_account_id ? { bank_account_uid: r.bank_account_id } : {}),
    // The lines as priced when saved: a product line keeps the price the client was offered.
    items: items.map((i) => savedLineInput({ ...i, product_uid: i.product_id })),
  };
}

/** A saved line back as the request line that priced it (its stored unit price, gross when it was given gross). */
export function savedLineInput(i: {
  product_uid: number | null;
  description: string;
  vat_id: string;
  qty: string;
  gross_unit_price: string | null;
  net_unit_price: string;
  unit: string;
  item_comment: string;
  entitlement: string | null;
}) {
  return {
    ...(i.product_uid ? { product_uid: i.product_uid } : {}),
    description: i.description,
    vat_id: i.vat_id,
    qty: i.qty,
    ...(i.gross_unit_price !== null ? { gross_unit_price: i.gross_unit_price } : { net_unit_price: i.net_unit_price }),
    unit: i.unit,
    item_comment: i.item_comment,
    ...(i.entitlement ? { entitlement: i.entitlement as never } : {}),
  };
}
