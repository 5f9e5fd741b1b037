// The data an export reads: its own read-only connection inside one read transaction, so the files describe one
// moment of the database (an invoice never appears without its items) while the app goes on writing beside it.
// The database is Folio's SQLite file, or the team server's PostgreSQL (docs/team-server.md).
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Db } from '../db/types';
import type { Database } from '../db/schema';
import { withBinding } from '../backup/native-binding';
import { openPostgres } from '../db/pg/open';

/** Where an export reads: a SQLite database file, or a PostgreSQL database by its URL. */
export type ExportSource = { sqlite: string } | { postgres: string };

export function withSnapshot<T>(source: ExportSource, work: (db: Db) => Promise<T>): Promise<T> {
  return 'sqlite' in source ? sqliteSnapshot(source.sqlite, work) : postgresSnapshot(source.postgres, work);
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

/**
 * One connection of its own (the server's pool stays free for requests), in a REPEATABLE READ transaction: every
 * query of the work sees the database as it was at its first one, whatever the other server processes commit
 * meanwhile. READ ONLY makes a write by mistake an error rather than a change. The schema is the server's: the
 * export does not migrate.
 */
async function postgresSnapshot<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  const opened = await openPostgres(url, { migrate: false, max: 1 });
  try {
    return await opened.db.connection().execute(async (conn) => {
      await sql`begin isolation level repeatable read read only`.execute(conn);
      try {
        return await work(conn);
      } finally {
        // read only: COMMIT and ROLLBACK end it alike (a failed query left it to be rolled back anyway)
        await sql`commit`.execute(conn).catch(() => undefined);
      }
    });
  } finally {
    await opened.close();
  }
}
