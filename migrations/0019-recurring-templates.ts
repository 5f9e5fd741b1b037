// A recurring profile can be edited on its own: its own client and lines (a template, so the base invoice — often
// issued and sealed — never has to change), and an end date beside the count. Null keeps today's behaviour: the
// profile follows its base invoice and has no end date.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recurring_profiles').addColumn('client_id', 'integer').execute();
  await db.schema.alterTable('recurring_profiles').addColumn('items_json', 'text').execute();
  await db.schema.alterTable('recurring_profiles').addColumn('end_date', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recurring_profiles').dropColumn('end_date').execute();
  await db.schema.alterTable('recurring_profiles').dropColumn('items_json').execute();
  await db.schema.alterTable('recurring_profiles').dropColumn('client_id').execute();
}
