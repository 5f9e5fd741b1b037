// Delivery notes, order confirmations and completion certificates travel with sync (issue 40, docs/sync.md
// "Delivery documents"), as quotes do:
// - Their changes are captured by triggers like every synced table's (migration 0008's rules): an insert is a
//   'create', a write of updated_at an 'update' (cancelled, invoiced, or the invoice's link arriving). They are never
//   deleted. Documents made before this migration are logged once here, so that they travel too.
// - `invoiced_by`: on a remote, the device whose invoice covers the document (null: this node's own users, or not
//   invoiced). The remote lets only that device set the link later (a draft's link arrives when the draft is
//   issued), so a document is never invoiced by two devices: the second is refused.
// - A device already joined moves the documents it numbered in the plain series into its own (the join does the
//   same from now on): the plain series is the remote's.
// Frozen in time like every migration.
import { sql, type Kysely } from 'kysely';
import { isPostgres, PG_CHANGE_ORIGIN, pgTrigger } from './dialect';

const LOG = 'INSERT INTO change_log (entity, entity_id, op, origin, created_at)';
const PREFIX = `CASE kind WHEN 'order_form' THEN 'MV' WHEN 'cert_of_completion' THEN 'TIG' ELSE 'SZL' END`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('delivery_notes').addColumn('invoiced_by', 'text').execute();
  if (isPostgres(db)) {
    const log = (op: string) => `${LOG} VALUES ('delivery_note', NEW.id, ${op}, ${PG_CHANGE_ORIGIN}, NEW.updated_at);`;
    await pgTrigger(db, { name: 'change_capture_delivery_notes_insert', table: 'delivery_notes', timing: 'AFTER', events: 'INSERT', body: log(`'create'`) });
    await pgTrigger(db, { name: 'change_capture_delivery_notes_update', table: 'delivery_notes', timing: 'AFTER', events: 'UPDATE OF updated_at', body: log(`'update'`) });
  } else {
    await sql.raw(
      `CREATE TRIGGER change_capture_delivery_notes_insert AFTER INSERT ON delivery_notes
       BEGIN ${LOG} VALUES ('delivery_note', NEW.id, 'create', folio_change_origin(), NEW.updated_at); END`,
    ).execute(db);
    await sql.raw(
      `CREATE TRIGGER change_capture_delivery_notes_update AFTER UPDATE OF updated_at ON delivery_notes
       BEGIN ${LOG} VALUES ('delivery_note', NEW.id, 'update', folio_change_origin(), NEW.updated_at); END`,
    ).execute(db);
  }
  await seriesOfJoinedDevice(db);
  await sql`INSERT INTO change_log (entity, entity_id, op, origin, created_at)
     SELECT 'delivery_note', id, 'create', 'local', updated_at FROM delivery_notes ORDER BY id`.execute(db);
}

/** A device that joined before this migration numbers its documents in its quote series: the older ones move there. */
async function seriesOfJoinedDevice(db: Kysely<any>): Promise<void> {
  const state = await sql<{ value: string }>`SELECT value FROM settings WHERE key = 'quote_series' AND value <> ''`.execute(db);
  const series = state.rows[0]?.value;
  if (!series) return;
  const six = isPostgres(db) ? sql`right('000000' || number_seq, 6)` : sql`substr('000000' || number_seq, -6, 6)`;
  await sql`UPDATE delivery_notes SET number_series = ${series},
     note_no = ${sql.raw(PREFIX)} || '-' || CAST(${series} AS TEXT) || '-' || number_year || '-' || ${six}
     WHERE number_series = ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['change_capture_delivery_notes_update', 'change_capture_delivery_notes_insert']) {
    if (isPostgres(db)) {
      await sql.raw(`DROP TRIGGER ${t} ON delivery_notes`).execute(db);
      await sql.raw(`DROP FUNCTION ${t}()`).execute(db);
    } else await sql.raw(`DROP TRIGGER ${t}`).execute(db);
  }
  await sql`DELETE FROM change_log WHERE entity = 'delivery_note'`.execute(db);
  await db.schema.alterTable('delivery_notes').dropColumn('invoiced_by').execute();
}
