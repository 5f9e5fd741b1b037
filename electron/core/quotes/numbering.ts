// Quote numbers: "AJ-2026-000001", a sequence of their own per year. A quote is not a tax document, so there is no
// counter table: the next number is the year's highest plus one in the node's series, read inside the write
// transaction that inserts the quote (BEGIN IMMEDIATE: no other writer between the read and the insert), which keeps
// the sequence gapless while no quote is deleted. The unique index on (number_series, number_year, number_seq)
// backs it up.
//
// The series (migration 0024, docs/sync.md "Quotes"): a node numbers in the plain series '' until it joins a remote
// as a device; from then on in its own, named by its block prefix ("AJ-LAP-2026-000001"), which the remote made sure
// no other device has. So quotes numbered on two machines while apart never share a number, as invoices never do
// (each node numbers only in its own block).
import type { Db, WriteTx } from '../../db/types';

export const QUOTE_PREFIX = 'AJ';

/** The settings key holding this node's quote series (each node's own, never synced). */
export const QUOTE_SERIES_KEY = 'quote_series';

export interface QuoteNumber {
  number_series: string;
  number_year: number;
  number_seq: number;
  quote_no: string;
}

export function formatQuoteNo(series: string, year: number, seq: number): string {
  return `${QUOTE_PREFIX}-${series ? `${series}-` : ''}${year}-${String(seq).padStart(6, '0')}`;
}

/** The series this node numbers its quotes in: '' unless it joined a remote as a device. */
export async function quoteSeries(db: Db): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', QUOTE_SERIES_KEY).executeTakeFirst();
  return row?.value ?? '';
}

export async function nextQuoteNumber(trx: WriteTx, year: number): Promise<QuoteNumber> {
  const series = await quoteSeries(trx);
  const row = await trx
    .selectFrom('quotes')
    .select((eb) => eb.fn.max('number_seq').as('last'))
    .where('number_series', '=', series)
    .where('number_year', '=', year)
    .executeTakeFirst();
  const seq = Number(row?.last ?? 0) + 1;
  return { number_series: series, number_year: year, number_seq: seq, quote_no: formatQuoteNo(series, year, seq) };
}

/**
 * Joining a remote as a device: from now on this node numbers its quotes in `series` (its block's prefix, unique on
 * the remote). The quotes it numbered in the plain series before joining move into its own series, keeping their year
 * and sequence: the plain series is the remote's, where the same numbers may already be taken. A quote is an offer,
 * not a tax document, so its number may change this once; the alternative — two quotes showing one number — may not
 * happen. Runs in the join's local transaction; repeating it changes nothing.
 */
export async function adoptQuoteSeries(trx: WriteTx, series: string): Promise<void> {
  await trx
    .insertInto('settings')
    .values({ key: QUOTE_SERIES_KEY, value: series })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: series }))
    .execute();
  const plain = await trx.selectFrom('quotes').select(['id', 'number_year', 'number_seq']).where('number_series', '=', '').execute();
  for (const q of plain) {
    await trx
      .updateTable('quotes')
      .set({ number_series: series, quote_no: formatQuoteNo(series, q.number_year, q.number_seq) })
      .where('id', '=', q.id)
      .execute();
  }
}
