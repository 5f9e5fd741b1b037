// The search box's text in the invoices' own words (migration 0037): the buyer's tax numbers and the lines'
// descriptions. The text is one phrase — its words in this order, each a whole word, letters without case — so
// "12345676" finds the tax number 12345676-2-41 and "prémium csomag" a line "Tárhely prémium csomag 12".
// SQLite reads the FTS5 index invoice_search; PostgreSQL its own text search through GIN indexes whose expressions
// are the ones written here.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from '../../../migrations/dialect';
import type { Db } from '../../db/types';
import type { Col } from './list-filter';

/** Whether the text has a word to look for at all ("%" or "-" has none). */
export function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** FTS5's query for the text as one phrase: inside double quotes every character is text, a quote doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

const pgQuery = (text: string) => sql`phraseto_tsquery('simple'::regconfig, ${text})`;

/** PostgreSQL: the buyer's tax numbers as text, exactly as the index invoice_search_buyer computes them. */
const pgBuyer = (col: Col) =>
  sql`to_tsvector('simple'::regconfig, coalesce(${col('client_snapshot')}::jsonb ->> 'taxcode', '') || ' ' || coalesce(${col('client_snapshot')}::jsonb ->> 'eu_taxcode', ''))`;

/** The condition "the invoice's words hold the text", for a query over `invoices`; `col` writes its columns. */
export function textCondition(db: Db, text: string, col: Col): Expression<SqlBool> {
  if (isPostgres(db)) {
    return sql<SqlBool>`(${pgBuyer(col)} @@ ${pgQuery(text)} or ${col('id')} in (select invoice_id from invoice_items where to_tsvector('simple'::regconfig, description) @@ ${pgQuery(text)}))`;
  }
  return sql<SqlBool>`${col('id')} in (select rowid from invoice_search where invoice_search match ${ftsPhrase(text)})`;
}

/**
 * SQLite: the ids of the newest `limit` invoices whose words hold the text and that meet `filter` (a condition over
 * the alias `i`, or none). FTS5 hands its matches out newest first, so this stops after `limit` of them that pass.
 */
export function textBranch(text: string, filter: Expression<SqlBool> | null, limit: number): RawBuilder<{ id: number }> {
  const phrase = ftsPhrase(text);
  // CROSS JOIN keeps invoice_search the outer loop, so its order is the order of the result.
  return filter
    ? sql`select s.rowid as id from invoice_search s cross join invoices i on i.id = s.rowid where s match ${phrase} and ${filter} order by s.rowid desc limit ${limit}`
    : sql`select rowid as id from invoice_search where invoice_search match ${phrase} order by rowid desc limit ${limit}`;
}
