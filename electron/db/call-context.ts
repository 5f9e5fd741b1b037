// What a call carries to the statements it runs: the origin of its changes and its idempotency key. Carried with
// AsyncLocalStorage, so the services need no extra parameter; the change-capture triggers read it through the SQL
// functions of ./change-capture at the moment a statement runs (better-sqlite3 runs statements, and so triggers,
// synchronously on the calling job's stack, so `getStore()` answers for the call whose statement it is, also when
// several calls share one group-committed transaction: each job runs in its own caller's async context).
import { AsyncLocalStorage } from 'node:async_hooks';

export interface CallContext {
  /** 'local', or the id of the device that sent the request */
  origin: string;
  /** `stored` is set once the key is stored with the request's first change */
  idempotency?: { key: string; hash: string; operation: string; stored: boolean };
  /** devices whose concurrent versions of the record this request's change replaces (X-Folio-Overwrites) */
  overwrites?: { devices: string; stored: boolean };
}

export const callContext = new AsyncLocalStorage<CallContext>();

/** The origin of what the current call writes: a plain local call runs with no context at all. */
export function currentOrigin(): string {
  return callContext.getStore()?.origin ?? 'local';
}
