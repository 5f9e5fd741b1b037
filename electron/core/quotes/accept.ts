// Accepting a quote: the client said yes, and the quote becomes a proforma or a draft invoice. The document is made
// by the invoices' own create path (createIn, the one `invoices.create` runs), so its lines, totals and checks are
// exactly an invoice's; the quote is checked, the document inserted with its link back (quote_id) and the quote
// linked to it in one write transaction, so two clicks can never make two documents.
import type { InvoiceCreateInput } from '../../../shared/contract/schemas';
import { FolioError, rule } from '../../../shared/errors';
import { addDays } from '../../../shared/dates';
import type { InvoiceType } from '../../../shared/invoice-codes';
import { parseJson } from '../json';
import { prepareStatement } from '../../db/prepared';
import type { ClientRow, QuoteItemRow, QuoteRow } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import type { WriteTx } from '../../db/types';
import { nowStamp, today, type CoreContext } from '../context';
import type { InvoiceService } from '../invoices/service';
import { readSettings } from '../settings/service';
import { asQuoteInput } from './content';
import { QUOTE_SERIES_KEY } from './numbering';
import { quoteRow } from './queries';

const quoteById = prepareStatement((db, p: { id: number }) => db.selectFrom('quotes').selectAll().where('id', '=', p.id).where('deleted_at', 'is', null));

const quoteItems = prepareStatement((db, p: { id: number }) => db.selectFrom('quote_items').selectAll().where('quote_id', '=', p.id).orderBy('position'));

const linkAccepted = prepareStatement((db, p: { id: number; invoice_id: number; now: string }) =>
  db
    .updateTable('quotes')
    .set({ status: 'accepted', accepted_invoice_id: p.invoice_id, accepted_at: p.now, updated_at: p.now })
    .where('id', '=', p.id)
    .where('accepted_invoice_id', 'is', null),
);

/**
 * Where a device joined to a remote numbers the document: block 0 is the remote's after joining, so the block this
 * node owns whose prefix names its quote series (the device's own block, docs/sync.md "Quotes"). Undefined: the
 * default block, as for any invoice made here.
 */
const joinedDeviceBlock = prepareStatement((db) =>
  db
    .selectFrom('invoice_blocks')
    .select('id')
    .where('owner', '=', 'local')
    .where('id', '!=', 0)
    .where('prefix', '=', (eb) => eb.selectFrom('settings').select('value').where('key', '=', QUOTE_SERIES_KEY))
    .where((eb) => eb.exists(eb.selectFrom('invoice_blocks as zero').select('zero.id').where('zero.id', '=', 0).where('zero.owner', '!=', 'local'))),
);

/** Why a quote cannot be accepted (now): accepted before (409), or its offer ran out (422 at valid_until). */
function refuseAcceptance(row: QuoteRow, day: string): void {
  if (row.accepted_invoice_id !== null) {
    throw new FolioError('conflict', `Quote ${row.quote_no} was already accepted`, [{ field: 'id', message: 'was already accepted' }]);
  }
  if (row.valid_until < day) throw rule(`The quote was valid until ${row.valid_until}: change its validity first`, 'valid_until');
}

/** The client's payment terms in days, else the business's default. */
function dueDays(client: ClientRow | undefined, fallback: number): number {
  const days = parseJson<{ invoice_due_days?: string }>(client?.defaults, {}).invoice_due_days;
  return days && /^\d{1,3}$/.test(days) ? Number(days) : fallback;
}

/** The create request of the document a quote becomes: its lines as offered, the dates it names or the defaults. */
function documentRequest(row: QuoteRow, items: QuoteItemRow[], type: InvoiceType, day: string, dueDaysOf: number): InvoiceCreateInput {
  const quote = asQuoteInput(row, items);
  const fulfillment = row.fulfillment_date ?? day;
  return {
    type,
    client_uid: quote.client_uid,
    payment_method: quote.payment_method,
    currency: quote.currency,
    fulfillment_date: fulfillment,
    due_date: row.due_date ?? addDays(fulfillment, dueDaysOf),
    comment: quote.comment ?? '',
    items: quote.items,
    ...(quote.template_lang_code ? { template_lang_code: quote.template_lang_code } : {}),
    ...(quote.round_to !== undefined ? { round_to: quote.round_to } : {}),
    ...(quote.bank_account_uid !== undefined ? { bank_account_uid: quote.bank_account_uid } : {}),
    ...(quote.exchange_rate !== undefined ? { exchange_rate: quote.exchange_rate } : {}),
  };
}

export async function acceptQuote(ctx: CoreContext, invoices: InvoiceService, input: { id: number; type: InvoiceType }): Promise<number> {
  const day = today(ctx);
  const row = await quoteRow(ctx.db, input.id);
  refuseAcceptance(row, day);
  const settings = await readSettings(ctx.db);
  const client = await ctx.db.selectFrom('clients').selectAll().where('id', '=', row.client_id).executeTakeFirst();
  const terms = dueDays(client, settings.default_due_days);
  const asked = documentRequest(row, [], input.type, day, terms);
  // The rate may come from the network: it is found before the write lock is taken, as invoices.create does.
  const rate = await invoices.exchangeRate(asked.currency, asked.exchange_rate, asked.fulfillment_date);
  return writeTransaction(ctx.db, async (trx: WriteTx) => {
    // Read again under the lock: the document is made from the quote as it is now (an edit may have been saved
    // while the rate was asked for), and another accept may have finished meanwhile.
    const current = await quoteById.get(trx, { id: row.id });
    if (!current) throw new FolioError('not_found', `Quote ${row.id} not found`);
    refuseAcceptance(current, day);
    const block = await joinedDeviceBlock.get(trx, {});
    const request = { ...documentRequest(current, await quoteItems.all(trx, { id: current.id }), input.type, day, terms), ...(block ? { block_uid: block.id } : {}) };
    if (request.currency !== asked.currency || request.fulfillment_date !== asked.fulfillment_date || request.exchange_rate !== asked.exchange_rate) {
      throw new FolioError('conflict', `Quote ${row.quote_no} changed while it was being accepted: try again`);
    }
    const document = await invoices.createIn(trx, request, rate, { quote_id: current.id });
    await linkAccepted.run(trx, { id: current.id, invoice_id: document.id, now: nowStamp(ctx) });
    return document.id;
  });
}
