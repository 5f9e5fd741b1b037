// A NAV report queued again after NAV aborted it (`nav.retry`) is the same row started afresh; what NAV said about
// the earlier tries is kept here, oldest first, as JSON: [{transaction_id, error_code, error_message, messages, at}].
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('nav_reports').addColumn('history', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('nav_reports').dropColumn('history').execute();
}
