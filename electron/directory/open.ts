// Opens the directory (docs/companies.md): `directory.sqlite` in a companies folder, or a PostgreSQL database named
// by the server's URL. Its values come back in SQLite's shapes on both (the company databases' type parsers).
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { sqliteShapes } from '../db/pg/type-parsers';
import { migrateDirectory } from './migrations';
import type { DirectoryDb, DirectorySchema } from './schema';

export interface OpenedDirectory {
  db: DirectoryDb;
  close(): Promise<void>;
}

export async function openDirectorySqlite(file: string): Promise<OpenedDirectory> {
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 10000');
  return migrated(new Kysely<DirectorySchema>({ dialect: new SqliteDialect({ database: sqlite }) }));
}

export async function openDirectoryPostgres(url: string): Promise<OpenedDirectory> {
  const pool = new pg.Pool({ connectionString: url, types: sqliteShapes, application_name: 'folio-directory', max: 4 });
  pool.on('error', () => undefined); // a dropped idle connection is replaced on the next checkout
  return migrated(new Kysely<DirectorySchema>({ dialect: new PostgresDialect({ pool }) }));
}

async function migrated(db: DirectoryDb): Promise<OpenedDirectory> {
  try {
    await migrateDirectory(db);
  } catch (e) {
    await db.destroy();
    throw e;
  }
  return { db, close: () => db.destroy() };
}
