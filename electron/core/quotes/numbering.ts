// Quote numbers: "AJ-2026-000001", a sequence of their own per year. A quote is not a tax document, so there is no
// counter table: the next number is the year's highest plus one, read inside the write transaction that inserts the
// quote (BEGIN IMMEDIATE: no other writer between the read and the insert), which keeps the sequence gapless while
// no quote is deleted. The unique index on (number_year, number_seq) backs it up.
import type { WriteTx } from '../../db/types';

export const QUOTE_PREFIX = 'AJ';

export interface QuoteNumber {
  number_year: number;
  number_seq: number;
  quote_no: string;
}

export function formatQuoteNo(year: number, seq: number): string {
  return `${QUOTE_PREFIX}-${year}-${String(seq).padStart(6, '0')}`;
}

export async function nextQuoteNumber(trx: WriteTx, year: number): Promise<QuoteNumber> {
  const row = await trx
    .selectFrom('quotes')
    .select((eb) => eb.fn.max('number_seq').as('last'))
    .where('number_year', '=', year)
    .executeTakeFirst();
  const seq = Number(row?.last ?? 0) + 1;
  return { number_year: year, number_seq: seq, quote_no: formatQuoteNo(year, seq) };
}
