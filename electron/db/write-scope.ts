// What one write remembers while it runs: a value it reads several times that nothing in the same write changes
// (the settings an invoice is issued with are read by the request, the legal check and the seller's snapshot).
// On PostgreSQL each read is a round trip, and round trips are most of a write's cost there (./pg/write.ts).
//
// "One write" is one job of a write transaction — not the transaction: a group-committed transaction holds the
// writes of several calls, and one of them may change what another read. Both write queues run each job in a scope
// of its own (runWriteJob); outside one, nothing is remembered.
//
// The memory belongs to the job's transaction handle while the job runs (a handle runs one job at a time: the jobs
// of a batch one after another), not to an AsyncLocalStorage: on Node 20 an AsyncLocalStorage in use hooks every
// promise the process makes, ~7 KB of garbage and a hook call per promise for each issued invoice (issue 41).
import type { WriteTx } from './types';

/** A key: an object of the module that remembers, or a text naming the value (`block:3`). */
type Key = object | string;

const memories = new WeakMap<WriteTx, Map<Key, Promise<unknown>>>();

export async function runWriteJob<T>(trx: WriteTx, work: () => Promise<T>): Promise<T> {
  const memory = new Map<Key, Promise<unknown>>();
  memories.set(trx, memory);
  try {
    return await work();
  } finally {
    if (memories.get(trx) === memory) memories.delete(trx);
  }
}

/** `read()` once per write for `key`; its answer (or failure) is given again to the same write's next asks. */
export function rememberedInWrite<T>(trx: WriteTx, key: Key, read: () => Promise<T>): Promise<T> {
  const memo = memories.get(trx);
  if (!memo) return read();
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = read();
    memo.set(key, value);
  }
  return value;
}

/** The write changed what `key` remembers: its next ask reads again. */
export function forgetInWrite(trx: WriteTx, key: Key): void {
  memories.get(trx)?.delete(key);
}

/**
 * What the writes of one per-block transaction on PostgreSQL (./pg/write.ts WriteLocks) remember together, by the
 * transaction's connection. Such a transaction holds the write lock shared, so no write that changes a client, a
 * block or the settings runs until it commits (those hold the lock exclusively), and the writes it groups are creates
 * only, which change none of them: what one of its writes read of them is still true for the next. Elsewhere (SQLite,
 * whose group commit mixes any writes; an exclusive transaction) nothing is shared.
 */
const lockedMemos = new WeakMap<object, Map<string, Promise<unknown>>>();

export function shareWhileBlockLocked(conn: object): void {
  lockedMemos.set(conn, new Map());
}

export function endBlockLocked(conn: object): void {
  lockedMemos.delete(conn);
}

/**
 * `read()` once per per-block transaction for `key` (the rows of clients, blocks and settings only: see above), else
 * every time. A failed read is not remembered.
 */
export function rememberedWhileBlockLocked<T>(conn: object, key: string, read: () => Promise<T>): Promise<T> {
  const memo = lockedMemos.get(conn);
  if (!memo) return read();
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = read();
    memo.set(key, value);
    value.catch(() => memo.delete(key));
  }
  return value;
}
