// The change log: each write of business data adds one row in its own transaction (see migrations/0005). The origin
// of a change is the device whose request made it ('local' for this node's own users), carried through a call with
// AsyncLocalStorage so the services need no extra parameter. A request's idempotency key rides along the same way
// and is stored with the first change it makes, in the same transaction.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/types';
import type { ChangeEntity } from '../db/schema';
import { prepareStatement } from '../db/prepared';

export interface CallContext {
  /** 'local', or the id of the device that sent the request */
  origin: string;
  idempotency?: { key: string; hash: string; operation: string; stored: boolean };
  /** devices whose concurrent versions of the record this request's change replaces (X-Folio-Overwrites) */
  overwrites?: { devices: string; stored: boolean };
}

export const callContext = new AsyncLocalStorage<CallContext>();

export function currentOrigin(): string {
  return callContext.getStore()?.origin ?? 'local';
}

interface ChangeRow {
  entity: ChangeEntity;
  entity_id: number;
  op: 'create' | 'update' | 'delete';
  origin: string;
  created_at: string;
}

// Every write of the core passes here, so its two statements are compiled once.
const insertChange = prepareStatement((db, p: ChangeRow) =>
  db.insertInto('change_log').values({ entity: p.entity, entity_id: p.entity_id, op: p.op, origin: p.origin, created_at: p.created_at }),
);

const insertIdempotencyKey = prepareStatement(
  (db, p: { key: string; request_hash: string; operation: string; entity: ChangeEntity; entity_id: number; created_at: string }) =>
    db.insertInto('idempotency_keys').values({
      key: p.key,
      request_hash: p.request_hash,
      operation: p.operation,
      entity: p.entity,
      entity_id: p.entity_id,
      created_at: p.created_at,
    }),
);

// Noted with the change just logged (the highest seq, in the same transaction), for the feed to hand to the losers.
const insertOverwrites = prepareStatement((db, p: { devices: string }) =>
  db.insertInto('change_overwrites').values((eb) => ({ seq: eb.selectFrom('change_log').select(eb.fn.max('seq').as('seq')), devices: p.devices })),
);

/** Adds the change-log row of a write (and the request's idempotency key with its first change), in its transaction. */
export function recordChange(trx: Db, entity: ChangeEntity, entityId: number, op: 'create' | 'update' | 'delete', at: string): void {
  const context = callContext.getStore();
  insertChange.run(trx, { entity, entity_id: entityId, op, origin: context?.origin ?? 'local', created_at: at });
  const idem = context?.idempotency;
  if (idem && !idem.stored) {
    insertIdempotencyKey.run(trx, {
      key: idem.key,
      request_hash: idem.hash,
      operation: idem.operation,
      entity,
      entity_id: entityId,
      created_at: at,
    });
    idem.stored = true;
  }
  const overwrites = context?.overwrites;
  if (overwrites && !overwrites.stored) {
    insertOverwrites.run(trx, { devices: overwrites.devices });
    overwrites.stored = true;
  }
}
