// NAV reporting, second step.
// - A report queued again after NAV aborted it (`nav.retry`) is the same row started afresh; what NAV said about the
//   earlier tries is kept in `history`, oldest first, as JSON: [{state, transaction_id, error_code, error_message,
//   messages, at}].
// - One reporter per database: the desktop app and `npm run serve` may open one file together, and two senders
//   would each submit the same invoice. The process reporting holds this single-row lease (its owner id, pid and
//   expiry); another process takes over when it is released, expired, or its pid is gone.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('nav_reports').addColumn('history', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema
    .createTable('nav_reporter_lease')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('owner', 'text')
    .addColumn('pid', 'integer')
    .addColumn('until', 'text')
    .execute();
  await db.insertInto('nav_reporter_lease').values({ id: 1, owner: null, pid: null, until: null }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('nav_reporter_lease').execute();
  await db.schema.alterTable('nav_reports').dropColumn('history').execute();
}
