// What sync could not reconcile silently, kept for the user:
// - conflicts: a version of a client, product, expense, bank account, block or recurring profile that lost to a
//   concurrent change (last writer wins, in the order the remote accepted the writes). The losing version is kept
//   whole, so the user can look at it and bring it back;
// - issues: operations the remote refused (a payment on an invoice cancelled elsewhere, a proforma voided twice …)
//   or stored with a warning. Never dropped silently: they stay listed until the user dismisses them.
import type { SyncConflict, SyncIssue } from '../../shared/contract/sync';
import type { Db } from '../db/types';
import type { ChangeEntity } from '../db/schema';
import { parseJson } from '../core/json';
import { syncDb } from './tables';

export async function logConflict(
  db: Db,
  c: {
    entity: ChangeEntity;
    localId: number;
    remoteId: number | null;
    version: unknown;
    winner: 'remote' | 'local';
    reason: string;
    /** the device that made the losing version, told by this device's winning push (none for the remote's own users) */
    tell?: string | null;
  },
): Promise<void> {
  const sdb = syncDb(db);
  const version = JSON.stringify(c.version);
  // The feed sends a record as it is now, so several changes of one record repeat the same version: log it once.
  const same = await sdb
    .selectFrom('sync_conflicts')
    .select('id')
    .where('entity', '=', c.entity)
    .where('local_id', '=', c.localId)
    .where('version', '=', version)
    .where('restored_at', 'is', null)
    .executeTakeFirst();
  if (same) return;
  await sdb
    .insertInto('sync_conflicts')
    .values({
      entity: c.entity,
      local_id: c.localId,
      remote_id: c.remoteId,
      version,
      winner: c.winner,
      reason: c.reason,
      created_at: new Date().toISOString(),
      restored_at: null,
      tell: c.tell ?? null,
    })
    .execute();
}

export async function logIssue(db: Db, i: { entity: string; localId: number | null; operation: string; message: string; data?: unknown }): Promise<void> {
  await syncDb(db)
    .insertInto('sync_issues')
    .values({
      entity: i.entity,
      local_id: i.localId,
      operation: i.operation,
      message: i.message,
      data: i.data === undefined ? null : JSON.stringify(i.data),
      created_at: new Date().toISOString(),
      dismissed_at: null,
    })
    .execute();
}

export function conflictView(r: { id: number; entity: string; local_id: number; remote_id: number | null; version: string; winner: string; reason: string; created_at: string; restored_at: string | null }): SyncConflict {
  return {
    id: r.id,
    entity: r.entity,
    local_uid: r.local_id,
    remote_uid: r.remote_id,
    version: parseJson<unknown>(r.version, null),
    winner: r.winner,
    reason: r.reason,
    created_at: r.created_at,
    restored_at: r.restored_at,
  };
}

export function issueView(r: { id: number; entity: string; local_id: number | null; operation: string; message: string; data: string | null; created_at: string; dismissed_at: string | null }): SyncIssue {
  return {
    id: r.id,
    entity: r.entity,
    local_uid: r.local_id,
    operation: r.operation,
    message: r.message,
    data: parseJson<unknown>(r.data, null),
    created_at: r.created_at,
    dismissed_at: r.dismissed_at,
  };
}

export async function openCounts(db: Db): Promise<{ conflicts: number; issues: number }> {
  const sdb = syncDb(db);
  const c = await sdb.selectFrom('sync_conflicts').select((eb) => eb.fn.countAll<number>().as('n')).where('restored_at', 'is', null).executeTakeFirst();
  const i = await sdb.selectFrom('sync_issues').select((eb) => eb.fn.countAll<number>().as('n')).where('dismissed_at', 'is', null).executeTakeFirst();
  return { conflicts: Number(c?.n ?? 0), issues: Number(i?.n ?? 0) };
}
