// The SQL functions the change-capture triggers (migrations/0008) call: registered on every handle Folio opens
// (./open.ts), since SQLite refuses to run a statement whose triggers call a function the handle does not know — a
// write to a table sync carries cannot slip past the change log. See docs/sync.md "How changes are captured".
import type BetterSqlite3 from 'better-sqlite3';
import { DEFAULT_TIME_ZONE, timestampIn } from '../../shared/dates';
import { callContext } from './call-context';
import { rawHandle } from './prepared';
import type { Db } from './types';
import { isPostgres } from '../../migrations/dialect';
import { setPostgresChangeClock } from './pg/write';

const clocks = new WeakMap<BetterSqlite3.Database, () => string>();

/** Until a core tells the handle its business clock: the system clock in the default zone. */
const systemStamp = () => timestampIn(new Date(), DEFAULT_TIME_ZONE);

export function registerChangeCapture(sqlite: BetterSqlite3.Database): void {
  const volatile = { deterministic: false };
  // The device whose request makes the change, 'local' for this node's own users (and for writes outside any call).
  sqlite.function('folio_change_origin', volatile, () => callContext.getStore()?.origin ?? 'local');
  // The business clock, for a change that leaves no row whose updated_at could date it (an expense deleted for real).
  sqlite.function('folio_change_time', volatile, () => (clocks.get(sqlite) ?? systemStamp)());
  // 1 the first time it is asked during a call with an idempotency key, else NULL: the key goes with the first change.
  sqlite.function('folio_claim_idempotency', volatile, () => {
    const idem = callContext.getStore()?.idempotency;
    if (!idem || idem.stored) return null;
    idem.stored = true;
    return 1;
  });
  // The devices a request's change overwrites (sync, X-Folio-Overwrites): claimed once per call, like the key.
  sqlite.function('folio_claim_overwrites', volatile, () => {
    const noted = callContext.getStore()?.overwrites;
    if (!noted || noted.stored) return null;
    return noted.devices;
  });
  sqlite.function('folio_overwrites', volatile, () => {
    const noted = callContext.getStore()?.overwrites;
    if (!noted || noted.stored) return null;
    noted.stored = true;
    return noted.devices;
  });
  sqlite.function('folio_idempotency', volatile, (field: unknown) => {
    const idem = callContext.getStore()?.idempotency;
    if (!idem) return null;
    if (field === 'key') return idem.key;
    if (field === 'hash') return idem.hash;
    if (field === 'operation') return idem.operation;
    throw new Error(`folio_idempotency: no field ${String(field)}`);
  });
}

/** The business clock of the core on this database, which dates a change that leaves no row behind. */
export function setChangeClock(db: Db, clock: () => string): void {
  // On PostgreSQL the write path puts the time into the transaction's settings, where the triggers read it.
  if (isPostgres(db)) setPostgresChangeClock(db, clock);
  else clocks.set(rawHandle(db), clock);
}
