// What one write remembers while it runs: a value it reads several times that nothing in the same write changes
// (the settings an invoice is issued with are read by the request, the legal check and the seller's snapshot).
// On PostgreSQL each read is a round trip, and round trips are most of a write's cost there (./pg/write.ts).
//
// "One write" is one job of a write transaction — not the transaction: a group-committed transaction holds the
// writes of several calls, and one of them may change what another read. Both write queues run each job in a scope
// of its own (runWriteJob); outside one, nothing is remembered.
import { AsyncLocalStorage } from 'node:async_hooks';

/** A key: an object of the module that remembers, or a text naming the value (`block:3`). */
type Key = object | string;

const scope = new AsyncLocalStorage<Map<Key, Promise<unknown>>>();

export function runWriteJob<T>(work: () => Promise<T>): Promise<T> {
  return scope.run(new Map(), work);
}

/** `read()` once per write for `key`; its answer (or failure) is given again to the same write's next asks. */
export function rememberedInWrite<T>(key: Key, read: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return read();
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = read();
    memo.set(key, value);
  }
  return value;
}

/** The write changed what `key` remembers: its next ask reads again. */
export function forgetInWrite(key: Key): void {
  scope.getStore()?.delete(key);
}
