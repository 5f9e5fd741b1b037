// One runner at a time (docs/team-server.md "One runner at a time"): the background jobs that must not run in two
// processes at once — the recurring scheduler, the NAV reporter, the mail outbox worker, the reminder pass — ask
// (and the NAV inbound fetch's daily run) for their runner's lock before each pass and skip the pass while another process holds it; they keep it until
// they stop, so the same process goes on running them, and others try again on their next pass.
//
// - PostgreSQL: a session advisory lock on the handle's lock connection (./pg/lock-session.ts). A process that dies
//   loses the lock with its connection, wherever it ran.
// - SQLite: a runner that brings a lease of its own (the NAV reporter's lease row) uses it; the others run in every
//   process, as they always have on a file — exactly once is kept by primary keys (`recurring_runs`, `reminders`)
//   and each mail message's claim, not by the lock.
import { createHash } from 'node:crypto';
import { isPostgres } from '../../migrations/dialect';
import { advisoryLocksOf } from './advisory-locks';
import type { Db } from './types';

export interface RunnerLock {
  /** Takes the lock, or confirms it is still held; false while another process holds it. */
  tryHold(): Promise<boolean>;
  /** Lets it go (a runner stopping); holding nothing is fine. */
  release(): Promise<void>;
}

export type RunnerName = 'recurring' | 'nav-reporter' | 'mail-outbox' | 'reminders' | 'nav-receipts' | 'nav-inbound';

export interface RunnerLockOptions {
  /** what holds the runner on SQLite (default: nothing — the runner runs in every process) */
  sqlite?: RunnerLock;
}

/**
 * The runner's 64-bit lock key: the first 8 bytes of SHA-256("folio:" + name), as PostgreSQL's signed bigint. A hash
 * of Folio's own prefix meets no other application's lock on a shared server, nor the migrations' (pg/open.ts).
 */
export function runnerLockKey(name: string): bigint {
  return createHash('sha256').update(`folio:${name}`).digest().readBigInt64BE(0);
}

/** Always held: a runner on SQLite without a lease of its own. */
const EVERY_PROCESS: RunnerLock = { tryHold: async () => true, release: async () => undefined };

export function runnerLock(db: Db, name: RunnerName, options: RunnerLockOptions = {}): RunnerLock {
  if (!isPostgres(db)) return options.sqlite ?? EVERY_PROCESS;
  const locks = advisoryLocksOf(db);
  if (!locks) throw new Error(`The ${name} runner needs a PostgreSQL handle opened by openPostgres (it holds the advisory locks)`);
  const key = runnerLockKey(name);
  return {
    tryHold: () => locks.tryLock(key),
    release: () => locks.unlock(key),
  };
}
