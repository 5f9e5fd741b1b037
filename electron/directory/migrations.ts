// The directory's own migration list, apart from the company databases' (migrations/index.ts): the directory is a
// different database with a different history. Both dialects build from the same schema-builder calls through
// migrationDb (SQLite's integer shapes become PostgreSQL's bigint and identity columns).
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migrationDb } from '../../migrations/dialect';

const m0001: Migration = {
  async up(raw: Kysely<any>) {
    const db = migrationDb(raw);
    await db.schema
      .createTable('companies')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('account_keys')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
      .addColumn('public_id', 'text', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createTable('grants')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'staff', 'accountant')`))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('grants_pk', ['account_id', 'company_id'])
      .execute();
  },
};

export const directoryMigrations: Record<string, Migration> = { '0001-directory': m0001 };

const provider: MigrationProvider = { getMigrations: async () => directoryMigrations };

export async function migrateDirectory(db: Kysely<any>): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
