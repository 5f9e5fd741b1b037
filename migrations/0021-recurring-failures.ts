// A recurring occurrence that cannot be issued (the legal checks refuse it, the rate is missing) is not skipped: the
// scheduler tries it again on every pass, and the profile shows why it waits. The failure is this installation's own
// state, not the profile's data: a table of its own, outside change capture, so a retry every minute syncs nothing.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recurring_failures')
    .addColumn('profile_id', 'integer', (c) => c.primaryKey().references('recurring_profiles.id').onDelete('cascade'))
    .addColumn('occurrence_date', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('errors_json', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recurring_failures').execute();
}
