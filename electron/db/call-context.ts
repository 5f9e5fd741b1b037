// What a call carries to the statements it runs: the origin of its changes and its idempotency key. Carried with
// AsyncLocalStorage, so the services need no extra parameter; the change-capture triggers read it through the SQL
// functions of ./change-capture at the moment a statement runs (better-sqlite3 runs statements, and so triggers,
// synchronously on the calling job's stack, so `getStore()` answers for the call whose statement it is, also when
// several calls share one group-committed transaction: each job runs in its own caller's async context).
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who a call acts for (docs/users.md): a user found by their key at the HTTP door, or the owner. Checked against the
 * contract's permission table and written to the audit log by `core.call`.
 */
export interface Caller {
  /** null: the server's own API key (--api-key) or the local owner (desktop, CLI) */
  user_id: number | null;
  name: string;
  role: 'owner' | 'staff' | 'accountant';
  /** the door the call came through: 'http' or 'local' */
  door: string;
}

/** The desktop app, the CLI and the app's own jobs act as the owner of the data on this computer. */
export const LOCAL_OWNER: Caller = Object.freeze({ user_id: null, name: 'owner', role: 'owner', door: 'local' });

/** Folio's own background jobs (the reminder pass): they act with the owner's rights, and the log names them apart. */
export const FOLIO_ITSELF: Caller = Object.freeze({ user_id: null, name: 'Folio', role: 'owner', door: 'background' });

export interface CallContext {
  /** who the call acts for (absent: the local owner) */
  caller?: Caller;
  /** set inside an audited call: the calls it makes are part of its one audit row */
  audited?: boolean;
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
