// The quote editor's model is the invoice editor's (InvoiceDraft: client, lines, live totals, the same components);
// these two functions are what a quote does differently: its body has no invoice-only fields (block, e-invoice) and
// the dates an invoice needs are decided when the quote is accepted, and it carries how long the offer stands.
import type { InputOf } from '../../../shared/contract/operations';
import type { QuoteAttributes } from '../../../shared/quotes';
import type { ClientAttributes, Resource } from '../../../shared/resources';
import { editableDecimal, normalizeDate } from '../../lib/format';
import { draftLines, type InvoiceDraft } from '../../lib/state/invoice-draft.svelte';

export type QuoteBody = Omit<InputOf<'quotes.create'>, 'client_uid'> & { client_uid?: number };

export function quoteBody(draft: InvoiceDraft, validUntil: string): QuoteBody {
  const { fulfillment_date: _f, due_date: _d, block_uid: _b, electronic_invoice: _e, ...rest } = draft.body();
  return { ...rest, valid_until: normalizeDate(validUntil) };
}

/** Fills the editor from a stored quote. */
export function loadQuote(draft: InvoiceDraft, quote: Resource<QuoteAttributes>, client: Resource<ClientAttributes> | null): void {
  const a = quote.attributes;
  draft.id = quote.id;
  draft.client = client;
  draft.clientFallback = client ? null : { uid: a.client_uid, name: a.client.name };
  draft.payment_method = String(a.payment_method.id);
  draft.currency = a.currency;
  draft.exchange_rate = a.exchange_rate ? editableDecimal(a.exchange_rate) : '';
  draft.round_to = String(a.round_to);
  draft.bank_account_uid = a.bank_account_uid ? String(a.bank_account_uid) : '';
  draft.template_lang_code = a.template_lang_code;
  draft.comment = a.comment;
  draft.dueTouched = true;
  draft.lines = draftLines(a.items, a.currency);
}
