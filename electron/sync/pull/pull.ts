// Pull: the remote's change feed after this device's cursor, page by page, each page applied in one local write
// transaction together with the cursor — so a page is either wholly applied or not at all, and a crash or a cut
// connection resumes at the first page not applied. Changes this device made itself are skipped (it has them).
// Everything is applied with the origin 'remote', so the local change log records it without putting it in the
// outbox.
import type { ChangeEntry, ChangeFeed } from '../../../shared/contract/operations';
import { callContext } from '../../core/changes';
import { writeTransaction } from '../../db/transaction';
import { SyncError } from '../errors';
import { localIdOf } from '../id-map';
import type { MasterEntity } from '../master-data';
import { readState, updateState } from '../state';
import type { RoundContext } from '../round-context';
import { applyMaster } from './apply-master';
import { applyInvoice } from './apply-invoice';
import { applyDeliveryNote } from '../delivery-notes';
import { keepClientMatchKeys } from '../../core/clients/match-keys';

export async function pullAll(rc: RoundContext, remoteLastSeq: number): Promise<number> {
  let applied = 0;
  const start = (await readState(rc.db)).pull_cursor;
  let canSkip = true;
  for (let page = 0; page < rc.limits.maxPullPages; page++) {
    if (rc.stopping()) break;
    if (canSkip) canSkip = await skipOwn(rc);
    const cursor = (await readState(rc.db)).pull_cursor;
    rc.progress({ phase: 'pulling', done: cursor - start, total: Math.max(remoteLastSeq - start, cursor - start) });
    const answer = await rc.remote.request({ method: 'GET', path: '/sync/changes', query: { after: cursor, limit: rc.limits.pullPage } });
    const feed = (answer.body as { data?: ChangeFeed } | undefined)?.data;
    if (answer.status !== 200 || !feed || !Array.isArray(feed.changes)) {
      throw new SyncError('not_folio', `The remote at ${rc.remote.baseUrl} did not send its change feed (HTTP ${answer.status})`);
    }
    const changes = feed.changes.filter((c) => c.origin !== rc.deviceId);
    const unannounced = await unannouncedBlocks(rc, changes);
    await callContext.run({ origin: 'remote' }, () =>
      writeTransaction(rc.db, async (trx) => {
        const state = await readState(trx);
        if (state.pull_cursor !== cursor) return; // applied meanwhile (a second round in this process)
        const env = { trx, pushCursor: state.push_cursor, now: rc.stamp(), unannouncedBlocks: unannounced, deviceId: rc.deviceId };
        for (const c of changes) {
          if (c.entity === 'invoice') await applyInvoice(env, c);
          else if (c.entity === 'delivery_note') await applyDeliveryNote(env, c);
          else await applyMaster(env, c.entity as MasterEntity, c);
        }
        // the keys of the clients the page wrote (theirs and the hidden copies invoices bring), for the bank screen
        await keepClientMatchKeys(trx);
        await updateState(trx, { pull_cursor: feed.last_seq });
      }),
    );
    applied += changes.length;
    if (!feed.has_more) break;
  }
  return applied;
}

/**
 * Jumps the cursor over a run of this device's own changes (the remote tells where the next other change is), so
 * they are not built and sent only to be skipped. False when the remote has no such answer (then the feed is read
 * as it is).
 */
async function skipOwn(rc: RoundContext): Promise<boolean> {
  const cursor = (await readState(rc.db)).pull_cursor;
  const answer = await rc.remote.request({ method: 'GET', path: '/sync/skip', query: { after: cursor } });
  const after = (answer.body as { data?: { after?: unknown } } | undefined)?.data?.after;
  if (answer.status !== 200 || typeof after !== 'number') return false;
  if (after > cursor) {
    await writeTransaction(rc.db, async (trx) => {
      if ((await readState(trx)).pull_cursor === cursor) await updateState(trx, { pull_cursor: after });
    });
  }
  return true;
}

/** Blocks the page's invoices use that neither this device nor the page knows (a remote older than its change log). */
async function unannouncedBlocks(rc: RoundContext, changes: ChangeEntry[]): Promise<Map<number, { name: string; prefix: string }>> {
  const announced = new Set(changes.filter((c) => c.entity === 'block').map((c) => c.id));
  const wanted = new Set<number>();
  for (const c of changes) {
    const blockUid = c.entity === 'invoice' ? (c.data as { attributes?: { block_uid?: number } } | null)?.attributes?.block_uid : undefined;
    if (blockUid === undefined || announced.has(blockUid) || wanted.has(blockUid)) continue;
    if ((await localIdOf(rc.db, 'block', blockUid)) === null) wanted.add(blockUid);
  }
  const found = new Map<number, { name: string; prefix: string }>();
  if (!wanted.size) return found;
  const answer = await rc.remote.request({ method: 'GET', path: '/invoices/blocks' });
  for (const b of ((answer.body as { data?: Array<{ id: number; attributes: { name: string; prefix: string } }> })?.data ?? [])) {
    if (wanted.has(b.id)) found.set(b.id, { name: b.attributes.name, prefix: b.attributes.prefix });
  }
  return found;
}
