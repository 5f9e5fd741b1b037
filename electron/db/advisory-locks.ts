// Which database handles can hold advisory locks, and on what: openPostgres registers each PostgreSQL handle's lock
// session here (./pg/lock-session.ts). A module of its own so the runners reach the locks without importing `pg`
// (the desktop app's bundle, on SQLite, carries no PostgreSQL driver).
import type { Db } from './types';

export interface AdvisoryLocks {
  /** takes the lock, or confirms this session still holds it; false while another session holds it */
  tryLock(key: bigint): Promise<boolean>;
  unlock(key: bigint): Promise<void>;
}

const sessions = new WeakMap<Db, AdvisoryLocks>();

export function registerAdvisoryLocks(db: Db, locks: AdvisoryLocks): void {
  sessions.set(db, locks);
}

/** The handle's lock session; undefined for a handle without one (SQLite). */
export function advisoryLocksOf(db: Db): AdvisoryLocks | undefined {
  return sessions.get(db);
}
