// Writing quotes: create (numbered in its write transaction), an edit (until accepted), delete, decline, and noting
// that it was sent. A quote that was accepted is the record of what the client agreed to: it no longer changes.
import type { QuoteCreateInput } from '../../../shared/contract/areas/quotes';
import { FolioError, rule } from '../../../shared/errors';
import { yearOf } from '../../../shared/dates';
import type { QuoteRow } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import type { WriteTx } from '../../db/types';
import { nowStamp, today, type CoreContext } from '../context';
import { asQuoteInput, quoteContent, quoteLineValues, type DatedQuoteInput } from './content';
import { nextQuoteNumber } from './numbering';
import { quoteRow } from './queries';
import type { ResolvedLine } from '../invoices/lines';

async function insertLines(trx: WriteTx, quoteId: number, lines: ResolvedLine[]): Promise<void> {
  if (lines.length) await trx.insertInto('quote_items').values(lines.map((l) => quoteLineValues(quoteId, l))).execute();
}

/** Refuses a change to a quote the client already answered. */
export function requireOpen(row: QuoteRow, doing: string): void {
  if (row.status === 'accepted') {
    throw new FolioError('rule_violation', `An accepted quote cannot be ${doing}`, [{ field: 'id', message: `an accepted quote cannot be ${doing}` }]);
  }
}

export async function createQuote(ctx: CoreContext, input: QuoteCreateInput): Promise<number> {
  const dated: DatedQuoteInput = { ...input, date: input.date ?? today(ctx) };
  return writeTransaction(ctx.db, async (trx) => {
    const { content, lines } = await quoteContent(trx, dated);
    const now = nowStamp(ctx);
    const number = await nextQuoteNumber(trx, yearOf(dated.date));
    const { id } = await trx
      .insertInto('quotes')
      .values({ ...content, ...number, status: 'open', accepted_invoice_id: null, accepted_at: null, sent_at: null, created_at: now, updated_at: now, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertLines(trx, id, lines);
    return id;
  });
}

export async function updateQuote(ctx: CoreContext, input: { id: number } & Partial<QuoteCreateInput>): Promise<void> {
  await writeTransaction(ctx.db, async (trx) => {
    const row = await quoteRow(trx, input.id);
    requireOpen(row, 'changed');
    const items = await trx.selectFrom('quote_items').selectAll().where('quote_id', '=', row.id).orderBy('position').execute();
    const { id: _id, ...changes } = input;
    const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<QuoteCreateInput>;
    // The number stays the quote's: it is dated in the year it was numbered.
    if (given.date !== undefined && yearOf(given.date) !== row.number_year) {
      throw rule(`the quote is numbered in ${row.number_year}: its date must stay in that year`, 'date');
    }
    const merged: DatedQuoteInput = { ...asQuoteInput(row, items), ...given };
    const { content, lines } = await quoteContent(trx, merged);
    // an edit of a declined quote makes it an open offer again
    const status = row.status === 'declined' ? 'open' : row.status;
    await trx.updateTable('quotes').set({ ...content, status, updated_at: nowStamp(ctx) }).where('id', '=', row.id).execute();
    await trx.deleteFrom('quote_items').where('quote_id', '=', row.id).execute();
    await insertLines(trx, row.id, lines);
  });
}

/** Deleting hides the quote; its number stays taken, so the year's numbers never repeat. */
export async function deleteQuote(ctx: CoreContext, id: number): Promise<{ deleted: true }> {
  await writeTransaction(ctx.db, async (trx) => {
    const row = await quoteRow(trx, id);
    requireOpen(row, 'deleted');
    const now = nowStamp(ctx);
    await trx.updateTable('quotes').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
  });
  return { deleted: true };
}

export async function declineQuote(ctx: CoreContext, id: number): Promise<void> {
  await writeTransaction(ctx.db, async (trx) => {
    const row = await quoteRow(trx, id);
    requireOpen(row, 'declined');
    await trx.updateTable('quotes').set({ status: 'declined', updated_at: nowStamp(ctx) }).where('id', '=', id).execute();
  });
}

/** Notes that the quote went to the client (an open quote becomes 'sent'). */
export async function markQuoteSent(ctx: CoreContext, id: number): Promise<void> {
  await writeTransaction(ctx.db, async (trx) => {
    const now = nowStamp(ctx);
    const row = await quoteRow(trx, id);
    await trx
      .updateTable('quotes')
      .set({ status: row.status === 'open' ? 'sent' : row.status, sent_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  });
}
