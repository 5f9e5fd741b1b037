// Opens Folio's SQLite database: durable pragmas, migrations, and a guard against a schema from a newer Folio.
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema';
import { registerHandle } from './prepared';
import { registerChangeCapture } from './change-capture';
import type { Db } from './types';
import { migrateLocked } from './migrate';

export type { Db } from './types';
export { SchemaTooNewError } from './migrate';

export interface OpenedDatabase {
  db: Db;
  /** the raw handle, for the backup API, quick checks and benchmarks; the core itself goes through Kysely */
  sqlite: BetterSqlite3.Database;
  close(): Promise<void>;
}

export class DatabaseDamagedError extends Error {}

export interface OpenOptions {
  /** run PRAGMA quick_check first (the desktop app does at start) */
  quickCheck?: boolean;
  /** better-sqlite3's native module built for another runtime (Electron) */
  nativeBinding?: string;
  readonly?: boolean;
}

export function openSqlite(file: string, options: OpenOptions = {}): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(file, {
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    ...(options.readonly ? { readonly: true } : {}),
  });
  // WAL lets readers run beside the writer; synchronous=FULL makes an issued number survive power loss (docs/design.md §6).
  if (!options.readonly) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // REPLACE deletes the row it replaces; with recursive triggers that delete meets the sealed-invoice triggers too.
  sqlite.pragma('recursive_triggers = ON');
  // A second process (the desktop and `npm run serve` on one file) waits for the writer instead of failing.
  sqlite.pragma('busy_timeout = 10000');
  // The change-log triggers (migrations/0008) read the origin of a change and the request's idempotency key from
  // these functions; without them no write to a table sync carries could run on this handle.
  registerChangeCapture(sqlite);
  return sqlite;
}

export async function openDatabase(file: string, options: OpenOptions = {}): Promise<OpenedDatabase> {
  const sqlite = openSqlite(file, options);
  try {
    if (options.quickCheck) {
      const result = sqlite.pragma('quick_check', { simple: true });
      if (result !== 'ok') {
        throw new DatabaseDamagedError(
          `The database file ${file} is damaged (quick_check: ${String(result)}). Restore it from a backup.`,
        );
      }
    }
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    registerHandle(db, sqlite);
    await migrate(db);
    return { db, sqlite, close: () => db.destroy() };
  } catch (e) {
    sqlite.close();
    throw e;
  }
}

/**
 * Kysely's SQLite driver prepares every statement anew; the core runs the same few dozen shapes over and over, so
 * prepared statements are kept by their SQL text (bounded, oldest dropped first). Statements of a closed database
 * are never reused because the cache belongs to this handle.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): BetterSqlite3.Database {
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') return Reflect.get(target, prop, receiver);
      return (source: string) => {
        let stmt = cache.get(source);
        if (!stmt) {
          stmt = prepare(source);
          if (cache.size >= 500) cache.delete(cache.keys().next().value!);
          cache.set(source, stmt);
        }
        return stmt;
      };
    },
  });
}

/**
 * Runs the migrations inside one BEGIN IMMEDIATE transaction. Kysely does not wrap SQLite migrations in one, so a
 * process killed half-way (or two processes starting on a fresh file at once) would leave a schema the next start
 * cannot finish; inside the write lock, what was applied is read again and the rest runs all or nothing.
 */
async function migrate(db: Db): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      await migrateLocked(conn);
      await sql`commit`.execute(conn);
    } catch (e) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw e;
    }
  });
}
