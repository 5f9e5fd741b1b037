// Telling the device whose edit lost. Master data is last-writer-wins in the order the remote accepts writes; the
// later writer sees the conflict (it pulls the other version while its own edit waits to be pushed) and logs the
// losing version. The device that made the losing version learns it this way:
// - sync_conflicts.tell (on the winner): the device whose version lost, until the winning push is journaled;
// - sync_journal.overwrites: that push carries it to the remote (header X-Folio-Overwrites), replayed unchanged;
// - change_overwrites (on the remote): stored with the winning change, in its transaction, keyed by its change-log
//   seq; the change feed hands it out with that change, so the losing device logs its own version before the
//   winner's replaces it. Like the idempotency key (migration 0008), the note rides on the call and a trigger on
//   change_log stores it with the call's first change (folio_claim_overwrites answers the devices once per call).
import { sql, type Kysely } from 'kysely';
import { isPostgres, PG_OVERWRITES, pgClaim, pgTrigger, pgUnclaimed } from './dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('change_overwrites')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('devices', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('sync_conflicts').addColumn('tell', 'text').execute();
  await db.schema.alterTable('sync_journal').addColumn('overwrites', 'text').execute();
  if (isPostgres(db)) {
    await pgTrigger(db, {
      name: 'change_capture_overwrites',
      table: 'change_log',
      timing: 'AFTER',
      events: 'INSERT',
      body: `IF ${pgUnclaimed('overwrites')} THEN
        ${pgClaim('overwrites')}
        INSERT INTO change_overwrites (seq, devices) VALUES (NEW.seq, ${PG_OVERWRITES});
      END IF;`,
    });
    return;
  }
  await sql`CREATE TRIGGER change_capture_overwrites AFTER INSERT ON change_log WHEN folio_claim_overwrites() IS NOT NULL
     BEGIN
       INSERT INTO change_overwrites (seq, devices) VALUES (NEW.seq, folio_overwrites());
     END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER change_capture_overwrites`.execute(db);
  await db.schema.alterTable('sync_journal').dropColumn('overwrites').execute();
  await db.schema.alterTable('sync_conflicts').dropColumn('tell').execute();
  await db.schema.dropTable('change_overwrites').execute();
}
