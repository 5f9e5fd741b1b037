// Quotes travel with sync like the other master data (docs/sync.md "Quotes"):
// - Their numbers stay unique across the nodes of a sync. A quote is not a tax document, but two quotes must never
//   show the same number: once this installation joins a remote, it numbers its quotes in a series of its own, named
//   by its device's block prefix ("AJ-LAP-2026-000001"), as invoices are numbered only in a block the node owns. The
//   remote (and a node not joined) numbers in the plain series '' ("AJ-2026-000001"). A quote's number is unique per
//   (series, year, sequence); the number text stays unique too.
// - Their changes are captured like the other master data's (migration 0008's rules): an insert is a 'create', a
//   write of updated_at an 'update', one that sets a new deleted_at a 'delete' (quotes are deleted softly). A quote's
//   lines are part of it: every write of them stamps the quote. Quotes made before this migration are logged once
//   here, so that they travel too; a device already joined takes its series here (as a join does from now on).
// Frozen in time like every migration.
import { sql, type Kysely } from 'kysely';
import { isPostgres, PG_CHANGE_ORIGIN, pgTrigger } from './dialect';

const LOG = 'INSERT INTO change_log (entity, entity_id, op, origin, created_at)';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quotes').addColumn('number_series', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.dropIndex('quotes_number').execute();
  await db.schema.createIndex('quotes_number').unique().on('quotes').columns(['number_series', 'number_year', 'number_seq']).execute();

  if (isPostgres(db)) await pgQuoteTriggers(db);
  else await sqliteQuoteTriggers(db);
  await seriesOfJoinedDevice(db);
  await sql`INSERT INTO change_log (entity, entity_id, op, origin, created_at)
     SELECT 'quote', id, 'create', 'local', updated_at FROM quotes WHERE deleted_at IS NULL ORDER BY id`.execute(db);
}

async function pgQuoteTriggers(db: Kysely<any>): Promise<void> {
  const log = (op: string) => `${LOG} VALUES ('quote', NEW.id, ${op}, ${PG_CHANGE_ORIGIN}, NEW.updated_at);`;
  await pgTrigger(db, { name: 'change_capture_quotes_insert', table: 'quotes', timing: 'AFTER', events: 'INSERT', body: log(`'create'`) });
  await pgTrigger(db, {
    name: 'change_capture_quotes_update',
    table: 'quotes',
    timing: 'AFTER',
    events: 'UPDATE OF updated_at',
    body: log(`CASE WHEN NEW.deleted_at IS NOT NULL AND NEW.deleted_at IS DISTINCT FROM OLD.deleted_at THEN 'delete' ELSE 'update' END`),
  });
}

async function sqliteQuoteTriggers(db: Kysely<any>): Promise<void> {
  await sql.raw(
    `CREATE TRIGGER change_capture_quotes_insert AFTER INSERT ON quotes
     BEGIN ${LOG} VALUES ('quote', NEW.id, 'create', folio_change_origin(), NEW.updated_at); END`,
  ).execute(db);
  await sql.raw(
    `CREATE TRIGGER change_capture_quotes_update AFTER UPDATE OF updated_at ON quotes
     BEGIN ${LOG} VALUES ('quote', NEW.id,
       CASE WHEN NEW.deleted_at IS NOT NULL AND NEW.deleted_at IS NOT OLD.deleted_at THEN 'delete' ELSE 'update' END,
       folio_change_origin(), NEW.updated_at); END`,
  ).execute(db);
}

/**
 * A device that joined before this migration takes its series now, as a join does from here on: its block's prefix,
 * and its quotes numbered so far move into it (year and sequence kept).
 */
async function seriesOfJoinedDevice(db: Kysely<any>): Promise<void> {
  const state = await sql<{ block_prefix: string }>`SELECT block_prefix FROM sync_state WHERE join_state = 'joined' AND block_prefix <> ''`.execute(db);
  const prefix = state.rows[0]?.block_prefix;
  if (!prefix) return;
  await sql`INSERT INTO settings (key, value) VALUES ('quote_series', ${prefix}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(db);
  if (isPostgres(db)) {
    // SQLite's substr(…, -6, 6) is the last six characters: right(…, 6); the prefix is typed, || takes no unknown
    await sql`UPDATE quotes SET number_series = ${prefix},
       quote_no = 'AJ-' || ${prefix}::text || '-' || number_year || '-' || right('000000' || number_seq, 6)
       WHERE number_series = ''`.execute(db);
    return;
  }
  await sql`UPDATE quotes SET number_series = ${prefix},
     quote_no = 'AJ-' || ${prefix} || '-' || number_year || '-' || substr('000000' || number_seq, -6, 6)
     WHERE number_series = ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER change_capture_quotes_update`.execute(db);
  await sql`DROP TRIGGER change_capture_quotes_insert`.execute(db);
  await sql`DELETE FROM change_log WHERE entity = 'quote'`.execute(db);
  await db.schema.dropIndex('quotes_number').execute();
  await db.schema.createIndex('quotes_number').unique().on('quotes').columns(['number_year', 'number_seq']).execute();
  await db.schema.alterTable('quotes').dropColumn('number_series').execute();
}
