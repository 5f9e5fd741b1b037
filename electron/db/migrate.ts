// Brings a database that holds the migration lock up to date, on SQLite (./open.ts, inside BEGIN IMMEDIATE) and on
// PostgreSQL (./pg/open.ts, under an advisory lock): what was applied is read again inside the lock, a migration
// this Folio does not know refuses the database, and the rest runs.
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { isPostgres } from '../../migrations/dialect';
import { migrations } from '../../migrations/index';
import type { Db } from './types';

export class SchemaTooNewError extends Error {
  constructor(unknown: string[]) {
    super(
      `This database was written by a newer version of Folio (it has migrations ${unknown.join(', ')} that this ` +
        'version does not know). Update Folio to open it; nothing was changed.',
    );
    this.name = 'SchemaTooNewError';
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateLocked(db: Db): Promise<void> {
  const known = new Set(Object.keys(migrations));
  // Kysely's own table lists what ran; a name we do not know means a newer Folio wrote this file. It is read
  // directly: Kysely's Migrator would introspect every table and column of the schema first (twice), ~80 ms of each
  // start on a file that is already up to date, which is every start but the first after an update.
  const applied = await appliedMigrations(db);
  const unknown = applied.filter((n) => !known.has(n));
  if (unknown.length) throw new SchemaTooNewError(unknown);
  const appliedSet = new Set(applied);
  if ([...known].every((n) => appliedSet.has(n))) return;
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** The names in kysely_migration; none on a new database, where the table does not exist yet. */
async function appliedMigrations(db: Db): Promise<string[]> {
  const exists = isPostgres(db)
    ? (await sql<{ name: string | null }>`select to_regclass('kysely_migration')::text as name`.execute(db)).rows[0]?.name
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db)).rows[0]?.name;
  if (!exists) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.rows.map((r) => r.name);
}
