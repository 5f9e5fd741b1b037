// The NAV technical user saved on Settings → NAV Online Számla (one row). The password and both keys are sealed by
// the runtime's secret box (the OS keychain on the desktop; FOLIO_SECRET_KEY or the key file beside the database
// for `npm run serve`) and never stored in the clear. FOLIO_NAV_* in the environment still take precedence.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('nav_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('tax_number', 'text', (c) => c.notNull())
    .addColumn('system', 'text', (c) => c.notNull().check(sql`system in ('test', 'production')`))
    .addColumn('password_sealed', 'text', (c) => c.notNull())
    .addColumn('signature_key_sealed', 'text', (c) => c.notNull())
    .addColumn('exchange_key_sealed', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('nav_settings').execute();
}
