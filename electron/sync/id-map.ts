// The map between this device's ids and the remote's, per resource. Ids are never shared between nodes: each node
// numbers its own rows, and every reference crossing the wire is translated here. Block 0 maps to block 0.
import type { Db } from '../db/types';
import type { ChangeEntity } from '../db/schema';
import { syncDb } from './tables';

export async function remoteIdOf(db: Db, entity: ChangeEntity, localId: number): Promise<number | null> {
  const r = await syncDb(db).selectFrom('sync_map').select('remote_id').where('entity', '=', entity).where('local_id', '=', localId).executeTakeFirst();
  return r?.remote_id ?? null;
}

export async function localIdOf(db: Db, entity: ChangeEntity, remoteId: number): Promise<number | null> {
  const r = await syncDb(db).selectFrom('sync_map').select('local_id').where('entity', '=', entity).where('remote_id', '=', remoteId).executeTakeFirst();
  return r?.local_id ?? null;
}

export async function setMapping(db: Db, entity: ChangeEntity, localId: number, remoteId: number, remoteStatus: number | null = null): Promise<void> {
  await syncDb(db)
    .insertInto('sync_map')
    .values({ entity, local_id: localId, remote_id: remoteId, remote_status: remoteStatus })
    .onConflict((oc) => oc.columns(['entity', 'local_id']).doUpdateSet({ remote_id: remoteId, remote_status: remoteStatus }))
    .execute();
}

export async function setRemoteStatus(db: Db, localInvoiceId: number, status: number): Promise<void> {
  await syncDb(db).updateTable('sync_map').set({ remote_status: status }).where('entity', '=', 'invoice').where('local_id', '=', localInvoiceId).execute();
}

export async function removeMapping(db: Db, entity: ChangeEntity, localId: number): Promise<void> {
  await syncDb(db).deleteFrom('sync_map').where('entity', '=', entity).where('local_id', '=', localId).execute();
}

/** A whole map for one entity, both ways, for translating many records at once. */
export async function loadMap(db: Db, entity: ChangeEntity): Promise<{ toRemote: Map<number, number>; toLocal: Map<number, number> }> {
  const rows = await syncDb(db).selectFrom('sync_map').select(['local_id', 'remote_id']).where('entity', '=', entity).execute();
  return { toRemote: new Map(rows.map((r) => [r.local_id, r.remote_id])), toLocal: new Map(rows.map((r) => [r.remote_id, r.local_id])) };
}
