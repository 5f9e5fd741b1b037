// The change log's ids in commit order on PostgreSQL (issue 41: per-block writes, docs/team-server.md).
//
// A device pulls the change log from the id it has read up to, so an id must never commit after a larger one: a
// pull that read up to N would never see it. While every write held Folio's one write lock this was so by
// construction. Writes in different invoice blocks now overlap (electron/db/pg/write.ts), so the first change-log row
// of a transaction takes the change-log lock — a transaction-level advisory lock held until its COMMIT — and draws
// its id again under it: the id the column's default drew before the trigger ran may be smaller than one another
// transaction drew and committed meanwhile. Later rows of the same transaction draw theirs holding the lock. Ids
// stay unique and increasing; the ones drawn and not used are gaps, which the feed never relied on (a rolled-back
// write left gaps before).
//
// The lock is taken last of Folio's locks (after the write lock and a block's), at the seal of the first invoice a
// transaction issues: what a transaction does before its first change overlaps, what follows waits its turn.
// SQLite has one writer and needs none of this: this migration changes nothing there.
import { sql, type Kysely } from 'kysely';
import { isPostgres, pgTrigger } from './dialect';

/** The change-log lock: the bytes of "folio-cl", beside the write lock ("folio-wr") and the migrations' ("folio-mg"). */
export const CHANGE_LOG_LOCK = BigInt('0x666f6c696f2d636c');

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await pgTrigger(db, {
    name: 'change_log_commit_order',
    table: 'change_log',
    timing: 'BEFORE',
    events: 'INSERT',
    body: `IF current_setting('folio.change_log_locked', true) IS DISTINCT FROM '1' THEN
      PERFORM pg_advisory_xact_lock(${CHANGE_LOG_LOCK});
      PERFORM set_config('folio.change_log_locked', '1', true);
      NEW.seq := nextval(pg_get_serial_sequence('change_log', 'seq'));
    END IF;`,
  });
}

// Every migration can be undone (a test or a downgrade migrates back past it; one without `down` would stay recorded
// as applied, out of order): ids drawn from then on are in the column's default order again.
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TRIGGER change_log_commit_order ON change_log`.execute(db);
  await sql`DROP FUNCTION change_log_commit_order()`.execute(db);
}
