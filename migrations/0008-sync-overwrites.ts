// Telling the device whose edit lost. Master data is last-writer-wins in the order the remote accepts writes; the
// later writer sees the conflict (it pulls the other version while its own edit waits to be pushed) and logs the
// losing version. The device that made the losing version learns it this way:
// - sync_conflicts.tell (on the winner): the device whose version lost, until the winning push is journaled;
// - sync_journal.overwrites: that push carries it to the remote (header X-Folio-Overwrites), replayed unchanged;
// - change_overwrites (on the remote): stored with the winning change, in its transaction, keyed by its change-log
//   seq; the change feed hands it out with that change, so the losing device logs its own version before the
//   winner's replaces it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('change_overwrites')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('devices', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('sync_conflicts').addColumn('tell', 'text').execute();
  await db.schema.alterTable('sync_journal').addColumn('overwrites', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_journal').dropColumn('overwrites').execute();
  await db.schema.alterTable('sync_conflicts').dropColumn('tell').execute();
  await db.schema.dropTable('change_overwrites').execute();
}
