// Brings a database that holds the migration lock up to date, on SQLite (./open.ts, inside BEGIN IMMEDIATE) and on
// PostgreSQL (./pg/open.ts, under an advisory lock): what was applied is read again inside the lock, a migration
// this Folio does not know refuses the database, and the rest runs.
import { Migrator, type MigrationProvider } from 'kysely';
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
  const migrator = new Migrator({ db, provider });
  const applied = (await migrator.getMigrations()).filter((m) => m.executedAt).map((m) => m.name);
  const appliedSet = new Set(applied);
  // Kysely's own table lists what ran; a name we do not know means a newer Folio wrote this file.
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (tables.some((t) => t.name === 'kysely_migration')) {
    const rows = await db
      .withoutPlugins()
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    const unknown = (rows as Array<{ name: string }>).map((r) => r.name).filter((n) => !known.has(n));
    if (unknown.length) throw new SchemaTooNewError(unknown);
  }
  if ([...known].every((n) => appliedSet.has(n))) return;
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
