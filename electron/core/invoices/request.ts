// An invoice request (the create body, or a draft merged with its edit) → the document's content and its priced
// lines, with every reference checked in the write transaction that uses it. Creating and editing a draft both come
// through here, so both default the language and bank account from the settings alike.
import type { InvoiceCreateInput } from '../../../shared/contract/schemas';
import { FolioError, rule } from '../../../shared/errors';
import { findPaymentMethod } from '../../../shared/reference/payment-methods';
import type { ClientRow } from '../../db/schema';
import type { WriteTx } from '../../db/types';
import { rememberedWhileBlockLocked } from '../../db/write-scope';
import { clientSnapshotText } from '../clients/mapping';
import { readSettings, settingsForIssue, settingsForIssueFrom, SETTINGS_KEY } from '../settings/service';
import { deductionLines } from './advances';
import { resolveLines, totalsOf, type ResolvedLine } from './lines';
import { bankAccountById, clientById, issueReferences } from './statements';
import { HOME_RATE, type InvoiceEnv, type RateQuote } from './types';
import { totalColumns, type DocumentContent } from './values';

/** The content a request gives: all of a document's but its type, date and seller (which issuing sets). */
export type RequestContent = Omit<DocumentContent, 'type' | 'date' | 'seller_snapshot'>;

/** The rate of an invoice's currency for its fulfillment date; may go online, so it is asked before any transaction. */
export async function exchangeRate(env: InvoiceEnv, currency: string, given: string | undefined, fulfillmentDate: string): Promise<RateQuote> {
  if (currency === 'HUF') return HOME_RATE;
  const settings = await readSettings(env.ctx.db);
  if (currency === settings.home_currency) return HOME_RATE;
  if (given !== undefined) return { rate: given, source: 'given' };
  if (!env.rates) throw rule(`No exchange rate for ${currency}: give exchange_rate (no rate provider is set up)`, 'exchange_rate');
  return env.rates.rateFor(currency, fulfillmentDate);
}

async function checkRefs(trx: WriteTx, input: InvoiceCreateInput) {
  const args = { client: input.client_uid, block: input.block_uid ?? 0, settings: SETTINGS_KEY };
  // read once for the creates a per-block transaction groups (../../db/write-scope.ts): none of them changes these rows
  const refs = await rememberedWhileBlockLocked(trx, `issue-references:${args.client}:${args.block}`, () => issueReferences.get(trx, args));
  // the write's issue settings, from the text read just now (a missing block reads them below, on the error path)
  if (refs) await settingsForIssueFrom(trx, refs.folio_settings);
  const errors: Array<{ field: string; message: string }> = [];
  // The row serves as the client as it is, the block's and settings' columns beside the client's (a copy without them
  // cost more than the rest of these checks); a client's columns are null when the block was found and the client not.
  const found = refs ? (refs.id === null ? undefined : (refs as ClientRow)) : await clientById.get(trx, { id: input.client_uid });
  if (!found || found.deleted_at) errors.push({ field: 'client_uid', message: 'no such client' });
  if (!findPaymentMethod(input.payment_method)) {
    errors.push({ field: 'payment_method', message: 'is not a payment method id (see GET /payment_methods/hu)' });
  }
  if (!refs) errors.push({ field: 'block_uid', message: 'must be 0 or the id of an invoice block' });
  if (input.bank_account_uid !== undefined && !(await bankAccountById.get(trx, { id: input.bank_account_uid }))) {
    errors.push({ field: 'bank_account_uid', message: 'no such bank account' });
  }
  if (errors.length) throw new FolioError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  return { client: found!, block: { id: refs!.folio_block_id, prefix: refs!.folio_block_prefix, owner: refs!.folio_block_owner } };
}

/** The content and priced lines of a request, in the transaction that writes them. */
export async function requestContent(
  trx: WriteTx,
  input: InvoiceCreateInput,
  rate: RateQuote,
  /** the draft being rewritten or issued, whose own deduction lines do not count as another's */
  self = 0,
): Promise<{ content: RequestContent; lines: ResolvedLine[]; blockOwner: string }> {
  const { client, block } = await checkRefs(trx, input);
  const { settings } = await settingsForIssue(trx);
  const lang = input.template_lang_code ?? settings.default_lang;
  const own = await resolveLines(trx, input.items, input.currency);
  const lines = [...own, ...(await deductionLines(trx, input, own.length, lang, self))];
  const content: RequestContent = {
    block_id: block.id,
    prefix: block.prefix,
    fulfillment_date: input.fulfillment_date,
    due_date: input.due_date,
    client_id: client.id,
    client_snapshot: clientSnapshotText(client),
    payment_method_id: input.payment_method,
    currency: input.currency,
    exchange_rate: rate.rate,
    exchange_rate_source: rate.source,
    round_to: input.round_to ?? 0,
    ...totalColumns(totalsOf(lines, input.round_to ?? 0)),
    comment: input.comment ?? '',
    template_lang_code: lang,
    electronic_invoice: input.electronic_invoice ?? 0,
    bank_account_id: input.bank_account_uid ?? settings.default_bank_account_uid ?? null,
    is_advance: input.advance ?? 0,
    // the request's own choice (v3's instant_payment), else the company's setting (issue 40)
    payment_qr: (input.payment_qr ?? settings.payment_qr) ? 1 : 0,
  };
  return { content, lines, blockOwner: block.owner };
}
