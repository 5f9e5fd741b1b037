// Write transactions on PostgreSQL (the team server, docs/team-server.md "Write transactions").
//
// Each write checks a connection out of the pool and runs BEGIN, then takes Folio's write lock — a transaction-level
// advisory lock, the same one in every server process on the database — then puts the call's context into the
// transaction's settings (which the change-capture triggers read), runs the work and commits. Holding the lock, a
// write sees everything committed before it (READ COMMITTED reads afresh at every statement) and nothing commits
// beside it: the services keep the one-writer-at-a-time world they were written for on SQLite (read an invoice,
// decide, write it), the change log's ids are committed in order (a sync pull that has read up to id N never meets
// a smaller id later), and numbering stays gapless without a retry. The lock ends with the transaction, also when
// the connection or the process dies.
//
// A deadlock or serialization failure cannot come from Folio's own writes under the lock, but one from a write made
// beside Folio (psql, a migration of another tool) is answered by running the work again, whole.
import { sql } from 'kysely';
import { asWriteTx, type Db, type WriteTx } from '../types';
import { callContext } from '../call-context';
import { DEFAULT_TIME_ZONE, timestampIn } from '../../../shared/dates';

/** The write lock: a constant of Folio's own (the bytes of "folio-wr"), so it meets no other application's lock. */
export const WRITE_LOCK = BigInt('0x666f6c696f2d7772');

/** Failures that mean "run it again": serialization_failure, deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

/** The transactions of PostgreSQL connections open for a write now: compiled statements run only inside one. */
const openWrites = new WeakSet<Db>();

/** The business clock of a core on this database (./../change-capture.ts setChangeClock). */
const clocks = new WeakMap<Db, () => string>();

export function setPostgresChangeClock(db: Db, clock: () => string): void {
  clocks.set(db, clock);
}

export function inPostgresWrite(db: Db): boolean {
  return openWrites.has(db);
}

/**
 * Per database, the last write of this process: its writes enter the write lock one after another, in the order they
 * were called, as SQLite's queue runs them. Callers count on that order — the recurring pass queues a profile's
 * catch-up occurrences back to back, each expecting the one before it committed — and the lock itself does not keep
 * it (connections are checked out and reach the lock in whatever order their round trips finish). Writes are one at
 * a time under the lock anyway, so waiting here costs nothing but a connection held idle.
 */
const lastWrite = new WeakMap<Db, Promise<void>>();

export async function pgWriteTransaction<T>(db: Db, work: (trx: WriteTx) => Promise<T>): Promise<T> {
  const before = lastWrite.get(db) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  lastWrite.set(db, mine);
  await before;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeOnce(db, work);
      } catch (e) {
        const code = (e as { code?: unknown } | null)?.code;
        if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw e;
      }
    }
  } finally {
    done();
  }
}

async function writeOnce<T>(db: Db, work: (trx: WriteTx) => Promise<T>): Promise<T> {
  const context = callContext.getStore();
  const idempotency = context?.idempotency && !context.idempotency.stored ? context.idempotency : undefined;
  const overwrites = context?.overwrites && !context.overwrites.stored ? context.overwrites : undefined;
  const changeTime = (clocks.get(db) ?? (() => timestampIn(new Date(), DEFAULT_TIME_ZONE)))();
  return db.connection().execute(async (conn) => {
    await sql`BEGIN`.execute(conn);
    openWrites.add(conn);
    try {
      // One round trip: the lock, then what the triggers read (an unset value stays unset: NULL is not a setting).
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(WRITE_LOCK)}),
        set_config('folio.origin', ${context?.origin ?? 'local'}, true),
        set_config('folio.change_time', ${changeTime}, true),
        set_config('folio.idempotency_key', ${idempotency?.key ?? ''}, true),
        set_config('folio.idempotency_hash', ${idempotency?.hash ?? ''}, true),
        set_config('folio.idempotency_operation', ${idempotency?.operation ?? ''}, true),
        set_config('folio.overwrites', ${overwrites?.devices ?? ''}, true)`.execute(conn);
      const value = await work(asWriteTx(conn));
      const claimed = idempotency || overwrites ? await claims(conn) : { idempotency: false, overwrites: false };
      await sql`COMMIT`.execute(conn);
      // As on SQLite, a call that writes in two transactions stores its key (and its overwrite note) once.
      if (idempotency && claimed.idempotency) idempotency.stored = true;
      if (overwrites && claimed.overwrites) overwrites.stored = true;
      return value;
    } catch (e) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw e;
    } finally {
      openWrites.delete(conn);
    }
  });
}

/** Whether the triggers stored the call's idempotency key and overwrite note in this transaction. */
async function claims(conn: Db): Promise<{ idempotency: boolean; overwrites: boolean }> {
  const { rows } = await sql<{ idempotency: string | null; overwrites: string | null }>`SELECT
    current_setting('folio.idempotency_claimed', true) AS idempotency,
    current_setting('folio.overwrites_claimed', true) AS overwrites`.execute(conn);
  return { idempotency: rows[0]?.idempotency === '1', overwrites: rows[0]?.overwrites === '1' };
}
