// The change log: each write of business data adds one row in its own transaction (see migrations/0005). The origin
// of a change is the device whose request made it ('local' for this node's own users), carried through a call with
// AsyncLocalStorage so the services need no extra parameter. A request's idempotency key rides along the same way
// and is stored with the first change it makes, in the same transaction.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/open';
import type { ChangeEntity } from '../db/schema';

export interface CallContext {
  /** 'local', or the id of the device that sent the request */
  origin: string;
  idempotency?: { key: string; hash: string; operation: string; stored: boolean };
}

export const callContext = new AsyncLocalStorage<CallContext>();

export function currentOrigin(): string {
  return callContext.getStore()?.origin ?? 'local';
}

export async function recordChange(trx: Db, entity: ChangeEntity, entityId: number, op: 'create' | 'update' | 'delete', at: string) {
  const context = callContext.getStore();
  await trx
    .insertInto('change_log')
    .values({ entity, entity_id: entityId, op, origin: context?.origin ?? 'local', created_at: at })
    .execute();
  const idem = context?.idempotency;
  if (idem && !idem.stored) {
    await trx
      .insertInto('idempotency_keys')
      .values({ key: idem.key, request_hash: idem.hash, operation: idem.operation, entity, entity_id: entityId, created_at: at })
      .execute();
    idem.stored = true;
  }
}
