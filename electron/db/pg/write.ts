// Write transactions on PostgreSQL (the team server, docs/team-server.md "Write transactions").
//
// Each write runs under Folio's write lock — a transaction-level advisory lock, the same one in every server process
// on the database — with the call's context in the transaction's settings (which the change-capture triggers read).
// Holding the lock, a write sees everything committed before it (READ COMMITTED reads afresh at every statement) and
// nothing commits beside it: the services keep the one-writer-at-a-time world they were written for on SQLite (read
// an invoice, decide, write it), and numbering stays gapless without a retry. The lock ends with the transaction,
// also when the connection or the process dies.
//
// Per-block writes (issue 41): a write that declares it numbers in one block and decides on nothing else another write
// changes (issuing a new invoice: its client, block and settings are read, its counter is bumped, its rows inserted)
// holds the write lock SHARED and the block's own lock exclusively. Such writes in different blocks overlap; one in the
// same block waits, so the block's numbering stays gapless and never doubled; every other write holds the write lock
// exclusively and so still runs alone. The locks are always taken in this order — write lock, block lock, then (by the
// trigger of migration 0063, at the transaction's first change-log row) the change-log lock held to the COMMIT, which
// keeps the change log's ids committed in order (a sync pull that has read up to id N never meets a smaller id later)
// — so Folio's own advisory locks form no cycle (docs/team-server.md "Per-block writes").
//
// Group commit, as SQLite's queue does it (../transaction.ts): the writes of this process wait in one queue, in the
// order they were called, and the writes waiting when a transaction starts share it — one BEGIN, one lock, one
// COMMIT — each in a savepoint of its own, so one that fails is undone alone. On loopback the cost of a write is
// mostly its round trips (each a system call and a wake-up of the server process), so the shared transaction and a
// per-write preamble sent as one statement are what let one process issue several times as many invoices.
//
// A deadlock or serialization failure cannot come from Folio's own writes under the lock, but one from a write made
// beside Folio (psql, a migration of another tool) is answered by running that work again, whole.
import { AsyncResource } from 'node:async_hooks';
import { sql } from 'kysely';
import { asWriteTx, type Db, type WriteTx } from '../types';
import { callContext, type CallContext } from '../call-context';
import { endBlockLocked, runWriteJob, shareWhileBlockLocked } from '../write-scope';
import { DEFAULT_TIME_ZONE, timestampIn } from '../../../shared/dates';

/** The write lock: a constant of Folio's own (the bytes of "folio-wr"), so it meets no other application's lock. */
export const WRITE_LOCK = BigInt('0x666f6c696f2d7772');
/**
 * A block's lock is the two-key advisory lock (BLOCK_LOCK_SPACE, block id): the two-key form never meets a one-key
 * lock (WRITE_LOCK, the runners'), and this first key (the bytes of "folb") names Folio's blocks.
 */
export const BLOCK_LOCK_SPACE = 0x666f6c62;
/** How many write transactions of one process may be open at once, by default (several only for per-block writes). */
const LANES = 4;

/**
 * What a write declares it touches (undefined: anything, under the exclusive write lock). `block`: it numbers in this
 * block and decides on nothing but that block's counter — the rows it reads (client, block, settings, products) only
 * writes under the exclusive lock change.
 */
export interface WriteLocks {
  block: number;
}

/** The locks a transaction of a lane takes, in the order that makes no cycle (write lock first). */
function lockText(locks: WriteLocks | undefined): string {
  if (!locks) return `SELECT pg_advisory_xact_lock(${WRITE_LOCK})`;
  if (!Number.isSafeInteger(locks.block)) throw new Error(`not a block id: ${String(locks.block)}`);
  return `SELECT pg_advisory_xact_lock_shared(${WRITE_LOCK}); SELECT pg_advisory_xact_lock(${BLOCK_LOCK_SPACE}, ${locks.block})`;
}

/** Failures that mean "run it again": serialization_failure, deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;
/** The most writes one transaction takes: the lock is held for all of them, and other processes wait that long. */
const MAX_BATCH = 32;
/**
 * A transaction takes no further waiting write once it has run this long: each of its callers is answered only at
 * its COMMIT, and a long write (a device pushing 200 invoices) would otherwise hold the answers of those before it.
 */
const BATCH_MS = 50;

/** The transactions of PostgreSQL connections open for a write now: compiled statements run only inside one. */
const openWrites = new WeakSet<Db>();

/**
 * Statements a write sends with its savepoint's RELEASE instead of on their own (runAtRelease in ../prepared.ts: a
 * change nothing of the write reads back, such as its audit row or the seal of the invoice it inserted), by open
 * transaction connection: one round trip less per statement. They run inside the write's savepoint, so one that fails
 * fails that write alone, as any of its statements would. A write whose claims are read (it carries an idempotency
 * key or an overwrite note) sends them before that read, since their triggers may write the change log that claims.
 */
const atRelease = new WeakMap<Db, string[]>();

export function deferToRelease(conn: Db, text: string, values: readonly unknown[]): void {
  const list = atRelease.get(conn);
  if (!list) throw new Error(`A statement was deferred outside a write transaction: ${text}`);
  list.push(text.replace(/\$(\d+)/g, (_m, n: string) => literal(values[Number(n) - 1])));
}

/** Sends what the write deferred now, in one round trip (before a read that must see it). */
async function sendDeferred(conn: Db): Promise<void> {
  const deferred = atRelease.get(conn) ?? [];
  if (!deferred.length) return;
  atRelease.set(conn, []);
  await sql.raw(deferred.join('; ')).execute(conn);
}

/** A value as SQL text in a multi-statement query (which takes no parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return quoteLiteral(value);
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value))) return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  throw new Error(`A ${typeof value} cannot be sent as text with a RELEASE`);
}

/** The business clock of a core on this database (./../change-capture.ts setChangeClock). */
const clocks = new WeakMap<Db, () => string>();

export function setPostgresChangeClock(db: Db, clock: () => string): void {
  clocks.set(db, clock);
}

export function inPostgresWrite(db: Db): boolean {
  return openWrites.has(db);
}

interface Job {
  work: (trx: WriteTx) => Promise<unknown>;
  /** the caller's async context, which the work runs in */
  scope: AsyncResource;
  context: CallContext | undefined;
  attempts: number;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** What a job's preamble told the triggers, so its claims can be noted once it committed. */
interface Told {
  idempotency: CallContext['idempotency'];
  overwrites: CallContext['overwrites'];
}

const retryable = (e: unknown) => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
};

/** The writes of one kind of lock (all exclusive ones, or one block's), committed in their order. */
interface Lane {
  lockText: string;
  /** its writes hold the write lock shared and a block's (WriteLocks) */
  perBlock: boolean;
  jobs: Job[];
  /** a transaction of this lane is open, or the lane waits for a turn */
  busy: boolean;
}

class PgWriteQueue {
  private readonly lanes = new Map<string, Lane>();
  /** lanes with writes waiting for a transaction slot, in the order they asked */
  private readonly waiting: Lane[] = [];
  private open = 0;

  constructor(
    private readonly db: Db,
    private readonly slots: number,
  ) {}

  run<T>(work: (trx: WriteTx) => Promise<T>, locks: WriteLocks | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = { work, scope: new AsyncResource('FolioPgWrite'), context: callContext.getStore(), attempts: 0, resolve: resolve as (v: unknown) => void, reject };
      const key = locks ? `block:${locks.block}` : 'all';
      let lane = this.lanes.get(key);
      if (!lane) {
        lane = { lockText: lockText(locks), perBlock: !!locks, jobs: [], busy: false };
        this.lanes.set(key, lane);
      }
      lane.jobs.push(job);
      if (!lane.busy) this.ask(lane);
    });
  }

  /** A lane with writes asks for a transaction slot: it starts at once when one is free, else waits its turn. */
  private ask(lane: Lane): void {
    lane.busy = true;
    if (this.open < this.slots) void this.drain(lane);
    else this.waiting.push(lane);
  }

  /**
   * One transaction of a lane: the writes waiting in it share it (up to MAX_BATCH), and a lane with more writes asks
   * again behind the lanes waiting, so a busy block does not keep the others out.
   */
  private async drain(lane: Lane): Promise<void> {
    this.open++;
    try {
      await this.commitBatch(lane, lane.jobs.splice(0, MAX_BATCH));
    } finally {
      this.open--;
      lane.busy = false;
      const next = this.waiting.shift();
      if (next) void this.drain(next);
      if (lane.jobs.length) this.ask(lane);
    }
  }

  /** A job that met a deadlock or serialization failure goes first into its lane's next transaction, or fails for good. */
  private retryOrReject(lane: Lane, job: Job, e: unknown): void {
    job.attempts++;
    if (retryable(e) && job.attempts < ATTEMPTS) {
      lane.jobs.unshift(job);
      if (!lane.busy) this.ask(lane);
    } else job.reject(e);
  }

  private async commitBatch(lane: Lane, batch: Job[]): Promise<void> {
    const changeTime = (clocks.get(this.db) ?? (() => timestampIn(new Date(), DEFAULT_TIME_ZONE)))();
    const done: Array<{ job: Job; value: unknown; told: Told; claimed: Claims }> = [];
    const retried: Job[] = [];
    const failed = new Set<Job>();
    /** the jobs of the batch not yet run to their end (on a failure of the transaction, they failed too) */
    let unfinished = batch;
    try {
      await this.db.connection().execute(async (conn) => {
        openWrites.add(conn);
        if (lane.perBlock) shareWhileBlockLocked(conn);
        /**
         * A write whose work ended without error, but after a statement of it failed (an error caught and not passed
         * on), leaves the transaction aborted; COMMIT would then roll back every write of the transaction without a
         * word. The RELEASE of its savepoint says so: that write is undone alone and fails, and the others go on.
         */
        const releasing = async (then: string) => {
          const deferred = atRelease.get(conn) ?? [];
          atRelease.set(conn, []);
          try {
            await sql.raw(`${deferred.map((d) => `${d}; `).join('')}RELEASE SAVEPOINT folio_write; ${then}`).execute(conn);
          } catch (e) {
            await sql.raw('ROLLBACK TO SAVEPOINT folio_write').execute(conn);
            const last = done.pop();
            if (!last) throw e;
            // a deadlock met by what the write deferred (its seal waiting for the change-log lock) runs it again whole
            if (retryable(e)) retried.push(last.job);
            else {
              failed.add(last.job);
              last.job.reject(e);
            }
            await sql.raw(`RELEASE SAVEPOINT folio_write; ${then}`).execute(conn);
          }
        };
        try {
          const started = performance.now();
          for (const [i, job] of batch.entries()) {
            if (i > 0 && performance.now() - started > BATCH_MS) {
              // the rest wait for the next transaction, first in the queue and in their order
              lane.jobs.unshift(...batch.slice(i));
              batch.length = i;
              break;
            }
            unfinished = batch.slice(i);
            const { text, told } = preamble(job.context, changeTime);
            // One round trip: BEGIN and the lock with the first write's preamble, the RELEASE of the savepoint before
            // with each next one; every write in a savepoint of its own.
            if (i === 0) await sql.raw(`BEGIN; ${lane.lockText}; SAVEPOINT folio_write; ${text}`).execute(conn);
            else await releasing(`SAVEPOINT folio_write; ${text}`);
            atRelease.set(conn, []);
            try {
              const trx = asWriteTx(conn);
              const value = await job.scope.runInAsyncScope(() => runWriteJob(trx, () => job.work(trx)));
              let claimed = NO_CLAIMS;
              if (told.idempotency || told.overwrites) {
                await sendDeferred(conn);
                claimed = await claims(conn);
              }
              done.push({ job, value, told, claimed });
            } catch (e) {
              atRelease.set(conn, []); // what the failed write deferred is not sent
              await sql.raw('ROLLBACK TO SAVEPOINT folio_write').execute(conn);
              if (retryable(e)) retried.push(job);
              else {
                failed.add(job);
                job.reject(e);
              }
            }
          }
          unfinished = [];
          await releasing('COMMIT');
        } catch (e) {
          await sql.raw('ROLLBACK').execute(conn).catch(() => undefined);
          throw e;
        } finally {
          openWrites.delete(conn);
          atRelease.delete(conn);
          endBlockLocked(conn);
        }
      });
    } catch (e) {
      // The transaction did not commit: none of its writes happened.
      const lost = [...done.map((d) => d.job), ...retried, ...unfinished].filter((job) => !failed.has(job));
      for (const job of new Set(lost)) this.retryOrReject(lane, job, e);
      return;
    }
    for (const job of retried) this.retryOrReject(lane, job, Object.assign(new Error('retry'), { code: '40001' }));
    for (const { job, value, told, claimed } of done) {
      // As on SQLite, a call that writes in two transactions stores its key (and its overwrite note) once.
      if (told.idempotency && claimed.idempotency) told.idempotency.stored = true;
      if (told.overwrites && claimed.overwrites) told.overwrites.stored = true;
      job.resolve(value);
    }
  }
}

/**
 * What the triggers read, set for one write: origin, time, idempotency key, overwrite note (an unset value is '',
 * as NULL is no setting), and the claims of the write before it cleared. Sent as text in the same statement as the
 * BEGIN or the savepoint — a multi-statement query takes no parameters — so every value is quoted by quoteLiteral
 * (a client's idempotency key included).
 */
function preamble(context: CallContext | undefined, changeTime: string): { text: string; told: Told } {
  const idempotency = context?.idempotency && !context.idempotency.stored ? context.idempotency : undefined;
  const overwrites = context?.overwrites && !context.overwrites.stored ? context.overwrites : undefined;
  const settings: Array<[string, string]> = [
    ['folio.origin', context?.origin ?? 'local'],
    ['folio.change_time', changeTime],
    ['folio.idempotency_key', idempotency?.key ?? ''],
    ['folio.idempotency_hash', idempotency?.hash ?? ''],
    ['folio.idempotency_operation', idempotency?.operation ?? ''],
    ['folio.overwrites', overwrites?.devices ?? ''],
    ['folio.idempotency_claimed', ''],
    ['folio.overwrites_claimed', ''],
  ];
  const text = `SELECT ${settings.map(([k, v]) => `set_config(${quoteLiteral(k)}, ${quoteLiteral(v)}, true)`).join(', ')}`;
  return { text, told: { idempotency, overwrites } };
}

/**
 * A text as a PostgreSQL string literal: quotes doubled, and — when it holds a backslash — the E'' form with the
 * backslashes doubled, which reads the same whatever standard_conforming_strings says (node-postgres's escapeLiteral
 * does the same; this module stays free of `pg`, since the desktop bundle that imports it carries no PostgreSQL driver).
 */
export function quoteLiteral(text: string): string {
  const quoted = `'${text.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`;
  return text.includes('\\') ? ` E${quoted}` : quoted;
}

interface Claims {
  idempotency: boolean;
  overwrites: boolean;
}
const NO_CLAIMS: Claims = { idempotency: false, overwrites: false };

/** Whether the triggers stored the write's idempotency key and overwrite note. */
async function claims(conn: Db): Promise<Claims> {
  const { rows } = await sql<{ idempotency: string | null; overwrites: string | null }>`SELECT
    current_setting('folio.idempotency_claimed', true) AS idempotency,
    current_setting('folio.overwrites_claimed', true) AS overwrites`.execute(conn);
  return { idempotency: rows[0]?.idempotency === '1', overwrites: rows[0]?.overwrites === '1' };
}

const queues = new WeakMap<Db, PgWriteQueue>();
const slotsOf = new WeakMap<Db, number>();

/**
 * How many write transactions a process may hold open at once on this database (openPostgres: a few fewer than the
 * pool's connections, so reads always find one). One is the old one-at-a-time; per-block writes need more to overlap.
 */
export function setPostgresWriteSlots(db: Db, slots: number): void {
  slotsOf.set(db, Math.max(1, Math.floor(slots)));
}

/**
 * Runs `work` in a write transaction of this database's queue (shared with the writes waiting beside it in the same
 * lane): under the exclusive write lock, or with `locks`, the write lock shared and the block's own (WriteLocks).
 */
export function pgWriteTransaction<T>(db: Db, work: (trx: WriteTx) => Promise<T>, locks?: WriteLocks): Promise<T> {
  let queue = queues.get(db);
  if (!queue) {
    queue = new PgWriteQueue(db, slotsOf.get(db) ?? LANES);
    queues.set(db, queue);
  }
  return queue.run(work, locks);
}
