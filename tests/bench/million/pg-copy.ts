// Copies a built SQLite million (build.ts) into a migrated, empty PostgreSQL database, table by table, as the same
// rows with the same ids (through COPY, pg-copy-in.ts): what the team server would hold after the same ten years. The copy is not the app's
// writing: it runs with `session_replication_role = replica`, so neither the seal guards nor change capture nor the
// foreign-key triggers fire (the rows are already sealed, their change log and VAT lines are copied as they are);
// the secondary indexes are dropped first and built again at the end (one sorted build each, not a million
// insertions), all in one transaction that also empties the tables (the migrations' seed rows come from the SQLite
// file too), and the identity sequences are set past the copied ids, so the next insert numbers as on SQLite.
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { copyIn, copyValue } from './pg-copy-in';

export interface CopiedTable {
  rows: number;
  seconds: number;
}

interface PgColumn {
  column_name: string;
  udt_name: string;
  is_generated: string;
  is_identity: string;
}

// the migrator's own bookkeeping is written by the migrations on each side
const SKIP = new Set(['kysely_migration', 'kysely_migration_lock']);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function copySqliteToPg(sqliteFile: string, pgUrl: string, log: (s: string) => void = () => undefined): Promise<Record<string, CopiedTable>> {
  const sqlite = new BetterSqlite3(sqliteFile, { readonly: true });
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const copied: Record<string, CopiedTable> = {};
  try {
    const sqliteTables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'").all() as Array<{ name: string }>).map((t) => t.name);
    const pgTables = (await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'")).rows.map((t) => t.table_name);
    const tables = sqliteTables.filter((t) => pgTables.includes(t) && !SKIP.has(t)).sort();
    const onlyPg = pgTables.filter((t) => !sqliteTables.includes(t) && !SKIP.has(t));
    // a table only PostgreSQL has (e.g. one a PostgreSQL-only migration fills) stays as the migrations left it
    if (onlyPg.length) log(`pg copy: tables only on PostgreSQL, not copied: ${onlyPg.join(', ')}`);

    await client.query("SET session_replication_role = replica; SET synchronous_commit = off; SET maintenance_work_mem = '512MB'");
    await client.query('BEGIN');
    await client.query(`TRUNCATE ${tables.map(ident).join(', ')}`);
    // the indexes that back no constraint are dropped and built again after the copy
    const indexes = (
      await client.query<{ indexname: string; indexdef: string }>(
        `SELECT i.indexname, i.indexdef FROM pg_indexes i
          WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.connamespace = 'public'::regnamespace)`,
        [tables],
      )
    ).rows;
    for (const index of indexes) await client.query(`DROP INDEX ${ident(index.indexname)}`);

    for (const table of tables) {
      const t0 = performance.now();
      const pgColumns = (await client.query<PgColumn>('SELECT column_name, udt_name, is_generated, is_identity FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position', ['public', table])).rows;
      const sqliteColumns = new Set((sqlite.prepare(`PRAGMA table_info(${ident(table)})`).all() as Array<{ name: string }>).map((c) => c.name));
      // a generated column (e.g. a text-search vector) is computed by PostgreSQL from the copied ones
      const columns = pgColumns.filter((c) => c.is_generated !== 'ALWAYS' && sqliteColumns.has(c.column_name));
      const missing = [...sqliteColumns].filter((c) => !pgColumns.some((p) => p.column_name === c));
      if (missing.length) throw new Error(`pg copy: ${table} has no column ${missing.join(', ')} on PostgreSQL`);
      const bool = columns.map((c) => c.udt_name === 'bool');
      const select = sqlite.prepare(`SELECT ${columns.map((c) => ident(c.column_name)).join(', ')} FROM ${ident(table)}`).raw();
      let n = 0;
      function* lines() {
        for (const row of select.iterate() as IterableIterator<unknown[]>) {
          n++;
          let line = copyValue(row[0], bool[0]);
          for (let c = 1; c < row.length; c++) line += `\t${copyValue(row[c], bool[c])}`;
          yield line;
        }
      }
      // FREEZE: the table was emptied in this transaction, so its rows are written frozen and all-visible at once
      await copyIn(client, `COPY ${ident(table)} (${columns.map((c) => ident(c.column_name)).join(', ')}) FROM STDIN WITH (FREEZE)`, lines());
      // identities continue after the copied ids
      for (const c of pgColumns.filter((p) => p.is_identity === 'YES')) {
        await client.query(`SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${ident(c.column_name)}) FROM ${ident(table)}), 0) + 1, false)`, [ident(table), c.column_name]);
      }
      copied[table] = { rows: n, seconds: (performance.now() - t0) / 1000 };
      if (n > 0) log(`pg copy: ${table} ${n} rows in ${copied[table]!.seconds.toFixed(1)} s`);
    }

    const t0 = performance.now();
    for (const index of indexes) await client.query(index.indexdef);
    log(`pg copy: ${indexes.length} indexes built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await client.end();
    sqlite.close();
  }
  return copied;
}
