// The same schema on both databases: a freshly migrated SQLite file and a freshly migrated PostgreSQL database have
// the same tables, columns (in order, with SQLite's types in their PostgreSQL shape, nullability and defaults),
// primary keys, indexes and triggers — read from each database's own catalogue, not from the migrations.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { openDatabase, type OpenedDatabase } from '../../electron/db/open';
import { openPostgres, type OpenedPostgres } from '../../electron/db/pg/open';
import { freshPgDatabase } from '../support/postgres';

interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
}
type Schema = Record<string, { columns: Column[]; primaryKey: string[] }>;

/**
 * The invoice search's own objects (migration 0037): SQLite's FTS5 table (with its shadow tables) and the triggers
 * keeping it, PostgreSQL's GIN indexes over its own text search. Each database searches text its own way.
 */
const OWN_SEARCH = /^invoice_search/;

/**
 * PostgreSQL's own triggers, for what only concurrent writers need (SQLite has one writer): the change log's ids in
 * commit order while per-block writes overlap (migration 0063).
 */
const PG_ONLY_TRIGGERS = [{ name: 'change_log_commit_order', table: 'change_log' }];

/** SQLite's declared types as the PostgreSQL branch makes them (migrations/dialect.ts). */
const PG_TYPE: Record<string, string> = { integer: 'bigint', text: 'text', blob: 'bytea' };

let dir: string;
let lite: OpenedDatabase;
let pgdb: OpenedPostgres;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-parity-'));
  lite = await openDatabase(join(dir, 'folio.db'));
  pgdb = await openPostgres(await freshPgDatabase());
});
test.afterAll(async () => {
  await lite?.close();
  await pgdb?.close();
  rmSync(dir, { recursive: true, force: true });
});

function sqliteSchema(): Schema {
  const tables = lite.sqlite
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name`)
    .all()
    .filter((t) => !OWN_SEARCH.test((t as { name: string }).name)) as Array<{ name: string }>;
  const schema: Schema = {};
  for (const { name } of tables) {
    const info = lite.sqlite.prepare(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)`).all(name) as Array<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>;
    schema[name] = {
      columns: info.map((c) => ({
        name: c.name,
        type: PG_TYPE[c.type.toLowerCase()] ?? `unmapped ${c.type}`,
        // a primary key column is never null on PostgreSQL; SQLite's table_info says so only when written
        notNull: c.notnull === 1 || c.pk > 0,
        default: c.dflt_value,
      })),
      primaryKey: info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name),
    };
  }
  return schema;
}

async function postgresSchema(): Promise<Schema> {
  const columns = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>`
    SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name NOT LIKE 'kysely\\_%'
    ORDER BY table_name, ordinal_position`.execute(pgdb.db);
  const keys = await sql<{ table_name: string; column_name: string }>`
    SELECT k.table_name, k.column_name FROM information_schema.table_constraints c
    JOIN information_schema.key_column_usage k ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema
    WHERE c.table_schema = current_schema() AND c.constraint_type = 'PRIMARY KEY' AND k.table_name NOT LIKE 'kysely\\_%'
    ORDER BY k.table_name, k.ordinal_position`.execute(pgdb.db);
  const schema: Schema = {};
  for (const c of columns.rows) {
    schema[c.table_name] ??= { columns: [], primaryKey: [] };
    schema[c.table_name]!.columns.push({
      name: c.column_name,
      type: c.data_type,
      notNull: c.is_nullable === 'NO',
      // '{}'::text is SQLite's '{}'
      default: c.column_default === null ? null : c.column_default.replace(/::(text|bigint|integer)$/, ''),
    });
  }
  for (const k of keys.rows) schema[k.table_name]!.primaryKey.push(k.column_name);
  return schema;
}

test('the same tables, columns, types, nullability, defaults and primary keys on SQLite and PostgreSQL', async () => {
  const expected = sqliteSchema();
  expect(Object.keys(expected).length).toBeGreaterThan(40);
  const actual = await postgresSchema();
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const table of Object.keys(expected)) expect(actual[table], table).toEqual(expected[table]);
});

test('the same indexes and triggers, by name and table', async () => {
  const liteIndexes = lite.sqlite.prepare(`SELECT name, tbl_name AS "table" FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`).all();
  const notOwnSearch = (o: unknown) => !OWN_SEARCH.test((o as { name: string }).name);
  // the indexes PostgreSQL makes for a primary key or UNIQUE constraint are SQLite's sqlite_autoindex_* (no sql)
  const pgIndexes = await sql<{ name: string; table: string }>`
    SELECT indexname AS name, tablename AS "table" FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely\\_%'
      AND indexname NOT IN (SELECT conname FROM pg_constraint)
    ORDER BY indexname`.execute(pgdb.db);
  expect(pgIndexes.rows.filter(notOwnSearch)).toEqual(liteIndexes);
  expect(pgIndexes.rows.filter((o) => !notOwnSearch(o)).map((o) => o.name)).toEqual(['invoice_search_buyer', 'invoice_search_lines']);

  const liteTriggers = lite.sqlite.prepare(`SELECT name, tbl_name AS "table" FROM sqlite_master WHERE type = 'trigger' ORDER BY name`).all();
  expect(liteTriggers.length).toBeGreaterThan(30);
  const pgTriggers = await sql<{ name: string; table: string }>`
    SELECT t.tgname AS name, c.relname AS "table" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace
    ORDER BY t.tgname`.execute(pgdb.db);
  const pgOnly = (o: { name: string }) => PG_ONLY_TRIGGERS.some((t) => t.name === o.name);
  expect(pgTriggers.rows.filter((o) => !pgOnly(o))).toEqual(liteTriggers.filter(notOwnSearch));
  expect(pgTriggers.rows.filter(pgOnly)).toEqual(PG_ONLY_TRIGGERS);
});

test('text sorts the same: byte by byte, as SQLite compares it', async () => {
  const names = ['b', 'B', 'á', 'a', 'Á', 'Z', '10', '9', '2026-03-02 10:00:00', '2026-03-02'];
  for (const name of names) lite.sqlite.prepare('INSERT INTO import_mappings (kind, columns, updated_at) VALUES (?, ?, ?)').run(name, '{}', '');
  for (const name of names) await sql`INSERT INTO import_mappings (kind, columns, updated_at) VALUES (${name}, '{}', '')`.execute(pgdb.db);
  const liteOrder = (lite.sqlite.prepare('SELECT kind FROM import_mappings ORDER BY kind').all() as Array<{ kind: string }>).map((r) => r.kind);
  const pgOrder = (await sql<{ kind: string }>`SELECT kind FROM import_mappings ORDER BY kind`.execute(pgdb.db)).rows.map((r) => r.kind);
  expect(pgOrder).toEqual(liteOrder);
  expect(liteOrder).toEqual([...names].sort());
});
