// Write transactions with group commit.
//
// Every write runs inside `BEGIN IMMEDIATE`: SQLite takes the write lock up front, so a second process queues on the
// busy timeout instead of failing half-way with SQLITE_BUSY. With synchronous=FULL each COMMIT waits for the disk
// (a few hundred fsyncs a second here), so writes that arrive while one commits are gathered into the next
// transaction, each inside its own SAVEPOINT: a write that fails rolls back alone (its number goes back to the
// counter), the others commit together with one fsync, and nobody is answered before that COMMIT is durable.
// Kysely's SQLite dialect runs on one connection, so nothing else interleaves with a batch.
import { AsyncResource } from 'node:async_hooks';
import { sql } from 'kysely';
import type { Db } from './open';

interface Job {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

const MAX_BATCH = 64;

class WriteQueue {
  private jobs: Job[] = [];
  private draining = false;

  constructor(private readonly db: Db) {}

  run<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // The batch runs in whichever caller started it; bind each job to its own caller's async context, so what a
      // call carries (its origin, its idempotency key) is its own inside the transaction.
      this.jobs.push({ work: AsyncResource.bind(work), resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.jobs.length) {
        // better-sqlite3 runs on this thread, so requests that arrived during the last COMMIT are still unread:
        // one turn of the event loop lets them reach the queue and share the next fsync.
        await new Promise<void>((resolve) => setImmediate(resolve));
        await this.commitBatch(this.jobs.splice(0, MAX_BATCH));
      }
    } finally {
      this.draining = false;
    }
  }

  private async commitBatch(batch: Job[]): Promise<void> {
    const done: Array<{ job: Job; value: unknown }> = [];
    try {
      await this.db.connection().execute(async (conn) => {
        await sql`begin immediate`.execute(conn);
        try {
          for (const job of batch) {
            // A lone write needs no savepoint: its failure rolls back the whole (one-job) transaction.
            const alone = batch.length === 1;
            if (!alone) await sql`savepoint folio_write`.execute(conn);
            try {
              const value = await job.work(conn);
              if (!alone) await sql`release folio_write`.execute(conn);
              done.push({ job, value });
            } catch (e) {
              if (!alone) {
                await sql`rollback to folio_write`.execute(conn);
                await sql`release folio_write`.execute(conn);
              }
              job.reject(e);
              if (alone) throw e;
            }
          }
          await sql`commit`.execute(conn);
        } catch (e) {
          await sql`rollback`.execute(conn).catch(() => undefined);
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

export function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  let queue = queues.get(db);
  if (!queue) {
    queue = new WriteQueue(db);
    queues.set(db, queue);
  }
  return queue.run(work);
}
