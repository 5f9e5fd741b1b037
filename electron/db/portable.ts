// SQL that SQLite and PostgreSQL spell differently, in one place (docs/team-server.md "SQLite-only SQL"). Each helper
// answers SQLite's spelling on SQLite — what the queries said before the team server, so a SQLite file behaves as it
// always did — and the equivalent on PostgreSQL. The handle decides which: a query is built for the database it
// runs on.
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from '../../migrations/dialect';

/** An expression or a column name (`alias.column` allowed). */
type Operand = Expression<unknown> | string;

const operand = (x: Operand) => (typeof x === 'string' ? sql.ref(x) : x);

/**
 * The text under a top-level `key` of a JSON text column (NULL when absent). Folio stores JSON as text on both
 * databases (docs/team-server.md "Values"), so PostgreSQL parses it on reading.
 */
export function jsonText(db: Kysely<any>, column: Operand, key: string): RawBuilder<string | null> {
  if (!/^[a-z_][a-z0-9_]*$/i.test(key)) throw new Error(`jsonText: a plain key expected, got ${key}`);
  return isPostgres(db)
    ? sql<string | null>`(${operand(column)}::jsonb ->> ${sql.lit(key)})`
    : sql<string | null>`json_extract(${operand(column)}, ${sql.lit(`$.${key}`)})`;
}

/** The larger of two values: SQLite's two-argument scalar `max`, PostgreSQL's `greatest`. */
export function greatest<T>(db: Kysely<any>, a: Operand, b: Operand): RawBuilder<T> {
  return isPostgres(db) ? sql<T>`greatest(${operand(a)}, ${operand(b)})` : sql<T>`max(${operand(a)}, ${operand(b)})`;
}

/**
 * `column IN (ids)` for a list of integer ids that may be thousands long, always as one bound value. On PostgreSQL
 * the list is one array (`= any($1::bigint[])`): thousands of placeholders are parsed and planned on every run
 * (~10 ms for the reminder pass's 6,000 invoices at a million). On SQLite it is one JSON array read by `json_each`:
 * a statement takes at most 32,766 placeholders, and a reminder window past that many invoices failed with "too many
 * SQL variables". An empty list matches nothing.
 */
export function inIds(db: Kysely<any>, column: Operand, ids: readonly number[]): RawBuilder<SqlBool> {
  if (!ids.length) return sql<SqlBool>`1 = 0`;
  return isPostgres(db)
    ? sql<SqlBool>`${operand(column)} = any(${[...ids]}::bigint[])`
    : sql<SqlBool>`${operand(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** The values of a group joined with commas, as text ("1,2,3"); the order is the database's. */
export function stringAgg(db: Kysely<any>, expr: Operand): RawBuilder<string | null> {
  return isPostgres(db) ? sql<string | null>`string_agg((${operand(expr)})::text, ',')` : sql<string | null>`group_concat(${operand(expr)})`;
}

/** `text` with LIKE's wildcards and the escape character taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether `column` contains `text`, letters compared without case: SQLite's LIKE folds ASCII letters; PostgreSQL's
 * LIKE folds nothing, so it is ILIKE there (which folds accented letters too: "ÁRVÍZ" finds "árvíz"). The text is
 * literal: `%`, `_` and `\` match themselves.
 */
export function containsInsensitive(db: Kysely<any>, column: Operand, text: string): RawBuilder<SqlBool> {
  const pattern = `%${escapeLike(text)}%`;
  return isPostgres(db)
    ? sql<SqlBool>`${operand(column)} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${operand(column)} like ${pattern} escape '\\'`;
}
