// Write transactions with group commit.
//
// Every write runs inside `BEGIN IMMEDIATE`: SQLite takes the write lock up front, so a second process queues on the
// busy timeout instead of failing half-way with SQLITE_BUSY. With synchronous=FULL each COMMIT waits for the disk
// (a few hundred fsyncs a second here), so writes that arrive while one commits are gathered into the next
// transaction, each inside its own SAVEPOINT: a write that fails rolls back alone (its number goes back to the
// counter), the others commit together with one fsync, and nobody is answered before that COMMIT is durable.
// Kysely's SQLite dialect runs on one connection, so nothing else interleaves with a batch: the batch holds that
// connection, and runs its transaction control as prepared statements on it.
import { AsyncResource } from 'node:async_hooks';
import type BetterSqlite3 from 'better-sqlite3';
import { asWriteTx, type Db, type WriteTx } from './types';
import { rawHandle, registerHandle } from './prepared';
import { isPostgres } from '../../migrations/dialect';
import { pgWriteTransaction, type WriteLocks } from './pg/write';

export type { WriteLocks };
import { runWriteJob } from './write-scope';

interface Job {
  work: (trx: WriteTx) => Promise<unknown>;
  /** the caller's async context, which the job runs in */
  scope: AsyncResource;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  /** answered as soon as its work has run, before the batch's COMMIT (writeSoon) */
  eager?: boolean;
}

const MAX_BATCH = 64;

/** One turn of the event loop: the requests read in it reach the queue before the wait ends. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * While writes come one at a time, a write now and then still waits a turn, to notice company arriving: first after
 * this many lone writes, then after twice as many each time nobody came, up to the most; company resets the gap.
 */
const PROBE_GAP_FIRST = 16;
const PROBE_GAP_MOST = 128;
/** How long a batch with company keeps the queue waiting for more. */
const COMPANY_MEMORY_MS = 1000;

class WriteQueue {
  private jobs: Job[] = [];
  private draining = false;
  private companySeenAt = -Infinity;
  /** set by a door that knows of other requests in progress (the HTTP server) */
  companyHint: (() => boolean) | undefined;
  /** set by a door that holds requests until the end of a turn (the HTTP server's rate-limit counts): see drain */
  heldHint: (() => boolean) | undefined;
  private lonelyStarts = 0;
  private probeGap = PROBE_GAP_FIRST;
  /** whether the wait before the current batch was a probe */
  private probing = false;
  private readonly sqlite: BetterSqlite3.Database;
  /** whether a batch of eager writes alone may commit without waiting for the disk (WAL only, see commitBatch) */
  private readonly wal: boolean;
  private readonly control: Record<'begin' | 'commit' | 'rollback' | 'savepoint' | 'release' | 'rollbackTo', BetterSqlite3.Statement>;

  constructor(private readonly db: Db) {
    const sqlite = rawHandle(db);
    this.sqlite = sqlite;
    this.wal = String(sqlite.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal';
    this.control = {
      begin: sqlite.prepare('BEGIN IMMEDIATE'),
      commit: sqlite.prepare('COMMIT'),
      rollback: sqlite.prepare('ROLLBACK'),
      savepoint: sqlite.prepare('SAVEPOINT folio_write'),
      release: sqlite.prepare('RELEASE folio_write'),
      rollbackTo: sqlite.prepare('ROLLBACK TO folio_write'),
    };
  }

  run<T>(work: (trx: WriteTx) => Promise<T>, eager = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // The batch runs in whichever caller started it; each job runs in its own caller's async context, so what a
      // call carries (its origin, its idempotency key) is its own inside the transaction.
      this.jobs.push({ work, scope: new AsyncResource('FolioWrite'), resolve: resolve as (v: unknown) => void, reject, eager });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      let first = true;
      while (this.jobs.length) {
        // better-sqlite3 runs on this thread, so requests that arrived during the last COMMIT are still unread:
        // one turn of the event loop lets them reach the queue and share the next fsync.
        if (!first || this.expectCompany()) {
          await nextTurn();
          // Requests the door holds until the end of this turn (their rate-limit counts written together, after this
          // callback) would reach the queue just after the batch was taken, and wait a whole batch more: one more
          // turn lets them in. Without it /v3's creates committed ~6 to a batch against v2's ~8 (issue 41).
          if (this.heldHint?.()) await nextTurn();
        }
        first = false;
        const batch = this.jobs.splice(0, MAX_BATCH);
        this.noteCompany(batch.length > 1);
        await this.commitBatch(batch);
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * Whether a write that finds the queue idle should wait a turn for others. Waiting costs a lone caller about a
   * fifth of an invoice's CPU time, and nobody else arrives while writes come one at a time; so the queue waits while
   * it has recently seen company (a batch of more than one write within COMPANY_MEMORY_MS), and otherwise only once
   * in a while (a probe), to notice company arriving: concurrent callers each reach the queue in their own callback,
   * so only a wait reveals them. A door that knows of its other requests (the HTTP server) says so through the hint.
   */
  private expectCompany(): boolean {
    if (this.companyHint?.()) return true;
    if (performance.now() - this.companySeenAt < COMPANY_MEMORY_MS) return true;
    if (++this.lonelyStarts < this.probeGap) return false;
    this.lonelyStarts = 0;
    this.probing = true;
    return true;
  }

  /** A probe that found nobody makes the next one wait twice as long (up to the most); company starts over. */
  private noteCompany(seen: boolean): void {
    if (seen) {
      this.companySeenAt = performance.now();
      this.probeGap = PROBE_GAP_FIRST;
    } else if (this.probing) {
      this.probeGap = Math.min(this.probeGap * 2, PROBE_GAP_MOST);
    }
    this.probing = false;
  }

  private rollback(): void {
    // A failed COMMIT (disk full, I/O error) may already have ended the transaction.
    try {
      if (this.sqlite.inTransaction) this.control.rollback.run();
    } catch {
      // nothing left to roll back
    }
  }

  private async commitBatch(batch: Job[]): Promise<void> {
    // A batch of eager writes alone (the HTTP door's counts while no business write is waiting) commits without its own
    // fsync: with synchronous=NORMAL a WAL commit is consistent but waits for no disk, and the next business write's
    // fsync makes it durable with its own. (That fsync blocked this thread ~6 ms per batch, one for each /v3 request's
    // rate-limit count besides the one for its write, when those counts were still in this file.) Synchronous is the connection's, changed outside a transaction only.
    const lighten = this.wal && batch.every((j) => j.eager) && Number(this.sqlite.pragma('synchronous', { simple: true })) > 1;
    const level = lighten ? Number(this.sqlite.pragma('synchronous', { simple: true })) : 0;
    if (lighten) this.sqlite.pragma('synchronous = NORMAL');
    try {
      await this.commitBatchAt(batch);
    } finally {
      if (lighten) this.sqlite.pragma(`synchronous = ${level}`);
    }
  }

  private async commitBatchAt(batch: Job[]): Promise<void> {
    const c = this.control;
    const done: Array<{ job: Job; value: unknown }> = [];
    try {
      await this.db.connection().execute(async (conn) => {
        // statements compiled once (./prepared) run on this connection's handle
        registerHandle(conn, this.sqlite);
        c.begin.run();
        try {
          // A lone write needs no savepoint: its failure rolls back the whole (one-job) transaction.
          const alone = batch.length === 1;
          for (const job of batch) {
            if (!alone) c.savepoint.run();
            try {
              const trx = asWriteTx(conn);
              const value = await job.scope.runInAsyncScope(() => runWriteJob(trx, () => job.work(trx)));
              if (!alone) c.release.run();
              if (job.eager) job.resolve(value);
              else done.push({ job, value });
            } catch (e) {
              if (!alone) {
                c.rollbackTo.run();
                c.release.run();
              }
              job.reject(e);
              if (alone) throw e;
            }
          }
          c.commit.run();
        } catch (e) {
          this.rollback();
          throw e;
        }
      });
    } catch (e) {
      // The batch did not commit: none of its writes happened.
      for (const { job } of done) job.reject(e);
      return;
    }
    for (const { job, value } of done) job.resolve(value);
  }
}

const queues = new WeakMap<Db, WriteQueue>();

function queueFor(db: Db): WriteQueue {
  let queue = queues.get(db);
  if (!queue) {
    queue = new WriteQueue(db);
    queues.set(db, queue);
  }
  return queue;
}

/**
 * Runs `work` in a write transaction: SQLite's group-committing queue, or a PostgreSQL transaction (./pg/write.ts).
 * `locks` declares a write that numbers in one block and decides on nothing else (WriteLocks): on PostgreSQL it
 * overlaps such writes in other blocks; SQLite has one writer and ignores it.
 */
export function writeTransaction<T>(db: Db, work: (trx: WriteTx) => Promise<T>, locks?: WriteLocks): Promise<T> {
  if (isPostgres(db)) return pgWriteTransaction(db, work, locks);
  return queueFor(db).run(work);
}

/**
 * A write whose answer need not wait for the disk: its work runs in the queue's next transaction, as any write's, but
 * its caller is answered as soon as the work has run, without waiting for that transaction's COMMIT and fsync. For
 * counts that are not business data (the HTTP door's share-link misses, server/counter-write.ts): a crash, or a COMMIT
 * that fails, may lose a count already answered, which costs nothing; waiting for the fsync cost a whole turn of the
 * queue before every /v3 request was handled while the rate limit counted here (issue 41). On PostgreSQL it is
 * writeTransaction.
 */
export function writeSoon<T>(db: Db, work: (trx: WriteTx) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return pgWriteTransaction(db, work);
  return queueFor(db).run(work, true);
}

/** A door's hint that requests it holds until the end of the current turn will write (WriteQueue.heldHint). */
export function setHeldHint(db: Db, hint: () => boolean): void {
  if (isPostgres(db)) return;
  queueFor(db).heldHint = hint;
}

/**
 * Tells the write queue of a database how to know that other requests are in progress (the HTTP server counts its
 * open requests): while they are, a write waits a turn for them to share its fsync.
 */
export function setCompanyHint(db: Db, hint: () => boolean): void {
  // PostgreSQL's writes have no queue here: each runs on a pool connection of its own (./pg/write.ts).
  if (isPostgres(db)) return;
  queueFor(db).companyHint = hint;
}
