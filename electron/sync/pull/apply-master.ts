// Applying one remote change of master data on this device. Last writer wins, in the order the remote accepted the
// writes: a remote change is applied unless this device has a change of the same record still waiting to be pushed
// — that change reaches the remote later, so it wins there, and the remote's version goes to the conflict log here.
// A delete wins over a concurrent edit (the remote refuses edits of deleted records); the edit goes to the log.
// The device whose version lost is told too: the winner's push names it (conflict-log `tell`, X-Folio-Overwrites),
// the remote hands that on with the winning change, and there the version about to be replaced goes to the log.
import type { ChangeEntry } from '../../../shared/contract/operations';
import type { Db, WriteTx } from '../../db/types';
import type { ChangeEntity } from '../../db/schema';
import { logConflict } from '../conflict-log';
import { localIdOf, removeMapping, setMapping } from '../id-map';
import { quoteRefs, readLocal, rowOf, TABLE, translatedQuote, type MasterEntity, type Version } from '../master-data';
import { writeQuoteLines } from '../../core/sync/quote-record';

export interface PullEnv {
  trx: WriteTx;
  pushCursor: number;
  now: string;
  /** this device's id, to recognise a change that replaced this device's own version (ChangeEntry.overwrites) */
  deviceId?: string;
}

const LOST_HERE = "Changed on this computer and on another device at the same time; the other device's change reached the remote later and replaced the one made here";

/** The device that made a remote change's losing version, to be told (none when the remote's own users made it). */
function deviceOf(change: ChangeEntry): string | null {
  return change.origin === 'local' ? null : change.origin;
}

/**
 * True when the remote change replaced this device's own version of the record: the winner said so, and the version
 * here is still the one this device made (its last change is this device's own, not one pulled since).
 */
async function replacesMine(env: PullEnv, entity: ChangeEntity, localId: number, change: ChangeEntry): Promise<boolean> {
  if (!env.deviceId || !change.overwrites?.includes(env.deviceId)) return false;
  const last = await env.trx
    .selectFrom('change_log')
    .select('origin')
    .where('entity', '=', entity)
    .where('entity_id', '=', localId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.origin === 'local';
}

type Feed = { attributes: Record<string, any>; deleted?: boolean } | null;

/** True while this device has a change of the record that the remote has not accepted yet. */
export async function hasPending(trx: Db, entity: ChangeEntity, localId: number, pushCursor: number): Promise<boolean> {
  const r = await trx
    .selectFrom('change_log')
    .select('seq')
    .where('entity', '=', entity)
    .where('entity_id', '=', localId)
    .where('origin', '=', 'local')
    .where('seq', '>', pushCursor)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

function isTombstone(entity: MasterEntity, data: NonNullable<Feed>): boolean {
  if (entity === 'client') return data.deleted === true;
  if (entity === 'product') return Number(data.attributes.deleted) === 1;
  if (entity === 'quote') return data.deleted === true;
  return false;
}

/** Resolves the references a pulled record carries into this device's ids, ahead of the synchronous row mapping. */
async function refsOf(trx: Db, entity: MasterEntity, a: Record<string, any>) {
  const known = new Map<string, number | null>();
  if (entity === 'expense' && a.client_uid) known.set(`client:${a.client_uid}`, await localIdOf(trx, 'client', a.client_uid));
  if (entity === 'recurring') {
    known.set(`invoice:${a.base_invoice_uid}`, await localIdOf(trx, 'invoice', a.base_invoice_uid));
    if (a.client_uid) known.set(`client:${a.client_uid}`, await localIdOf(trx, 'client', a.client_uid));
    for (const line of (a.items ?? []) as Array<{ product_uid?: number }>) {
      if (typeof line.product_uid === 'number') known.set(`product:${line.product_uid}`, await localIdOf(trx, 'product', line.product_uid));
    }
  }
  if (entity === 'quote') for (const [e, id] of quoteRefs(a)) known.set(`${e}:${id}`, await localIdOf(trx, e, id));
  return (e: ChangeEntity, id: number) => known.get(`${e}:${id}`) ?? null;
}

/** The remote's version with its references in this device's ids, as the conflict log keeps it (restorable here). */
function localized(entity: MasterEntity, data: NonNullable<Feed>, ref: (e: ChangeEntity, id: number) => number | null): Version {
  const a = { ...data.attributes };
  if (entity === 'expense') a.client_uid = a.client_uid ? ref('client', a.client_uid) : null;
  if (entity === 'recurring') {
    a.base_invoice_uid = ref('invoice', a.base_invoice_uid);
    if (a.client_uid) a.client_uid = ref('client', a.client_uid);
  }
  if (entity === 'quote') return { attributes: translatedQuote(a, ref), deleted: isTombstone(entity, data) };
  return { attributes: a, deleted: isTombstone(entity, data) };
}

export async function applyMaster(env: PullEnv, entity: MasterEntity, change: ChangeEntry): Promise<void> {
  const { trx, now } = env;
  const data = change.data as Feed;
  const local = await localIdOf(trx, entity, change.id);
  const table = TABLE[entity];

  if (data === null) {
    // gone for good on the remote (expenses are deleted for real)
    if (local === null) return;
    if (entity === 'expense') {
      const mine = await readLocal(trx, entity, local);
      if (mine && (await hasPending(trx, entity, local, env.pushCursor))) {
        await logConflict(trx, { entity, localId: local, remoteId: change.id, version: mine, winner: 'remote', reason: 'Deleted on the remote while it was changed on this computer' });
      } else if (mine && (await replacesMine(env, entity, local, change))) {
        await logConflict(trx, { entity, localId: local, remoteId: change.id, version: mine, winner: 'remote', reason: LOST_HERE });
      }
      await trx.deleteFrom('expenses').where('id', '=', local).execute();
      await removeMapping(trx, entity, local);
    }
    return;
  }

  const ref = await refsOf(trx, entity, data.attributes);
  const row = rowOf(entity, data, ref, now);

  if (local === null) {
    if (entity === 'recurring' && row.base_invoice_id === null) return; // based on a remote draft: nothing to attach it to
    if (entity === 'quote' && row.client_id === null) return; // its client never reached this device
    // A block or profile made elsewhere is run by its maker: never numbered or issued here.
    const owner = change.origin === 'local' ? 'remote' : change.origin;
    const values = entity === 'block' || entity === 'recurring' ? { ...row, owner } : row;
    const inserted = await (trx.insertInto(table) as any).values(values).returning('id').executeTakeFirstOrThrow();
    await setMapping(trx, entity, inserted.id, change.id);
    if (entity === 'quote') await writeQuoteLines(trx, inserted.id, translatedQuote(data.attributes, ref).items);
    return;
  }

  const tombstone = isTombstone(entity, data);
  let values: Record<string, unknown> = row;
  if (await hasPending(trx, entity, local, env.pushCursor)) {
    const mine = await readLocal(trx, entity, local);
    if (tombstone) {
      if (mine && !mine.deleted) await logConflict(trx, { entity, localId: local, remoteId: change.id, version: mine, winner: 'remote', reason: 'Deleted on the remote while it was changed on this computer' });
    } else if (!mine || mine.deleted) {
      await logConflict(trx, { entity, localId: local, remoteId: change.id, version: localized(entity, data, ref), winner: 'local', reason: 'Changed on the remote while it was deleted on this computer', tell: deviceOf(change) });
      if (!mine || entity === 'expense') return;
      // the tombstone takes the remote's last version, so both sides keep the same deleted record
      values = { ...row, deleted_at: (await trx.selectFrom(table as 'clients').select('deleted_at').where('id', '=', local).executeTakeFirst())?.deleted_at };
    } else {
      await logConflict(trx, {
        entity,
        localId: local,
        remoteId: change.id,
        version: localized(entity, data, ref),
        winner: 'local',
        reason: 'Changed on the remote and on this computer at the same time; the change made here reached the remote later and wins',
        tell: deviceOf(change),
      });
      return;
    }
  } else if (await replacesMine(env, entity, local, change)) {
    const mine = await readLocal(trx, entity, local);
    if (mine) await logConflict(trx, { entity, localId: local, remoteId: change.id, version: mine, winner: 'remote', reason: LOST_HERE });
  }
  if (entity === 'recurring') {
    if (values.base_invoice_id === null) delete values.base_invoice_id;
    const current = await trx.selectFrom('recurring_profiles').select('owner').where('id', '=', local).executeTakeFirst();
    // The owner's own counters are the true ones: the remote only learns what the owner pushes.
    if (current?.owner === 'local') {
      delete values.used_qty;
      delete values.last_recurring_date;
    }
  }
  if (entity === 'quote') {
    if (values.client_id === null) delete values.client_id;
    // the number is the quote's for good: a pulled version never renumbers it
    for (const k of ['quote_no', 'number_series', 'number_year', 'number_seq']) delete values[k];
  }
  await (trx.updateTable(table) as any).set(values).where('id', '=', local).execute();
  if (entity === 'quote') await writeQuoteLines(trx, local, translatedQuote(data.attributes, ref).items);
}
