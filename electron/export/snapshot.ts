// The data an export reads: its own read-only connection inside one read transaction, so the files describe one
// moment of the database (an invoice never appears without its items) while the app goes on writing beside it.
// The database is Folio's SQLite file (here), or the team server's PostgreSQL (postgres-source.ts: kept apart so the
// desktop app's bundle carries no PostgreSQL driver).
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Db } from '../db/types';
import type { Database } from '../db/schema';
import { withBinding } from '../backup/native-binding';

/** Where an export reads: a database, opened afresh for each piece of work, in one read transaction. */
export interface ExportSource {
  snapshot<T>(work: (db: Db) => Promise<T>): Promise<T>;
}

export function withSnapshot<T>(source: ExportSource, work: (db: Db) => Promise<T>): Promise<T> {
  return source.snapshot(work);
}

/**
 * A snapshot already open, as a source: every piece of work given to it reads that same moment, on its connection
 * (the accountant package writes its tables, XML and VAT analysis from the one read it counted in).
 */
export function openSnapshot(db: Db): ExportSource {
  return { snapshot: (work) => work(db) };
}

/** A SQLite database file, opened read-only beside the app's own connection. */
export function sqliteSource(dbFile: string): ExportSource {
  return {
    snapshot: (work) => sqliteSnapshot(dbFile, work),
  };
}

async function sqliteSnapshot<T>(dbFile: string, work: (db: Db) => Promise<T>): Promise<T> {
  const sqlite = new BetterSqlite3(dbFile, withBinding({ readonly: true, fileMustExist: true }));
  sqlite.pragma('busy_timeout = 10000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    return await db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      try {
        return await work(conn);
      } finally {
        await sql`commit`.execute(conn).catch(() => undefined);
      }
    });
  } finally {
    await db.destroy();
  }
}
