// The search box's text in the invoices' own words (migration 0037): a text that is a tax number ("12345676-2-41",
// its first eight digits "12345676", an EU number "HU12345676") is looked for among the buyer's tax numbers; a text
// with a letter among the words of the invoice's lines. Either is one phrase — its words in this order, each a whole
// word, letters without case — so "prémium csomag" finds a line "Tárhely prémium csomag 12". A bare number or an
// amount ("417", "190 500") is neither: it keeps its readings as an invoice number and an amount (./search.ts).
// SQLite reads the FTS5 index invoice_search; PostgreSQL its own text search, through GIN indexes whose expressions
// are the ones written here.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from '../../../migrations/dialect';
import type { Db } from '../../db/types';
import type { Col } from './list-filter';

/** Where a text is looked for: the buyer's tax numbers, or the lines' words. */
export type TextPlace = 'buyer' | 'lines';

const TAX_NUMBER = /^(?:[a-z]{2}\s*)?\d{8}(?:-\d(?:-\d{2})?)?$/i;

/** The places the text is looked for in (none for a bare number, an amount or a text without words). */
export function textPlaces(text: string): TextPlace[] {
  if (TAX_NUMBER.test(text)) return ['buyer'];
  return /\p{L}/u.test(text) ? ['lines'] : [];
}

/** FTS5's query for the text as one phrase in one column: inside double quotes every character is text. */
export function ftsQuery(place: TextPlace, text: string): string {
  return `${place} : "${text.replace(/"/g, '""')}"`;
}

const pgQuery = (text: string) => sql`phraseto_tsquery('simple'::regconfig, ${text})`;

/** PostgreSQL: the buyer's tax numbers as words, exactly as the index invoice_search_buyer computes them. */
const pgBuyer = (col: Col) =>
  sql`to_tsvector('simple'::regconfig, coalesce(${col('client_snapshot')}::jsonb ->> 'taxcode', '') || ' ' || coalesce(${col('client_snapshot')}::jsonb ->> 'eu_taxcode', ''))`;

/** The condition "the text is in this place of the invoice", for a query over `invoices`; `col` writes its columns. */
export function textCondition(db: Db, place: TextPlace, text: string, col: Col): Expression<SqlBool> {
  if (isPostgres(db)) {
    return place === 'buyer'
      ? sql<SqlBool>`${pgBuyer(col)} @@ ${pgQuery(text)}`
      : sql<SqlBool>`${col('id')} in (select invoice_id from invoice_items where to_tsvector('simple'::regconfig, description) @@ ${pgQuery(text)})`;
  }
  return sql<SqlBool>`${col('id')} in (select rowid from invoice_search where invoice_search match ${ftsQuery(place, text)})`;
}

/**
 * SQLite: the ids of the newest `limit` invoices with the text in this place that meet `filter` (a condition over
 * the alias `i`, or none). FTS5 hands its matches out newest first, so this stops after `limit` of them that pass.
 */
export function textBranch(place: TextPlace, text: string, filter: Expression<SqlBool> | null, limit: number): RawBuilder<{ id: number }> {
  const query = ftsQuery(place, text);
  // CROSS JOIN keeps invoice_search the outer loop, so its order is the order of the result.
  return filter
    ? sql`select invoice_search.rowid as id from invoice_search cross join invoices i on i.id = invoice_search.rowid
        where invoice_search match ${query} and ${filter} order by invoice_search.rowid desc limit ${limit}`
    : sql`select rowid as id from invoice_search where invoice_search match ${query} order by rowid desc limit ${limit}`;
}
