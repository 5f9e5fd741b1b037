// One sync round: check who answers, join if this device has not yet, finish the requests an interrupted round left
// unanswered, pull, then push. Pull comes before the push so that a change this device still has to push is known to
// be concurrent with the remote's (the conflict log gets the remote's version, and the push then makes this device's
// the last writer). After a push the feed is read once more, past this device's own changes (skipped: it has them).
// Any failure ends the round; everything done before it is kept.
import { SYNC_PROTOCOL, type SyncInfo } from '../../shared/contract/operations';
import { SyncError } from './errors';
import { checkMembership, ensureJoined } from './join';
import { pullAll } from './pull/pull';
import { drainJournal, pushAll } from './push/push';
import type { RoundContext } from './round-context';

export interface RoundResult {
  pulled: number;
  pushedUnits: number;
}

export async function checkRemote(rc: RoundContext): Promise<SyncInfo> {
  rc.progress({ phase: 'connecting', done: 0, total: 1 });
  const answer = await rc.remote.request({ method: 'GET', path: '/sync/info' });
  const info = (answer.body as { data?: SyncInfo } | undefined)?.data;
  if (answer.status !== 200 || !info || info.app !== 'folio' || typeof info.protocol !== 'number') {
    throw new SyncError('not_folio', `The address ${rc.remote.baseUrl} does not answer as a Folio server with sync (HTTP ${answer.status}); check the address`);
  }
  if (info.protocol > SYNC_PROTOCOL) {
    throw new SyncError(
      'protocol',
      `The remote speaks sync protocol ${info.protocol}, newer than this Folio's (${SYNC_PROTOCOL}). Update Folio on this computer to sync with it; nothing was sent.`,
    );
  }
  if (info.protocol < SYNC_PROTOCOL) {
    throw new SyncError('protocol', `The remote speaks an older sync protocol (${info.protocol}; this Folio speaks ${SYNC_PROTOCOL}). Update Folio on the remote; nothing was sent.`);
  }
  return info;
}

export async function runRound(rc: RoundContext, options: { checkMembership: boolean }): Promise<RoundResult> {
  const info = await checkRemote(rc);
  await ensureJoined(rc);
  if (options.checkMembership) await checkMembership(rc);
  const replayed = await drainJournal(rc);
  let pulled = await pullAll(rc, info.last_seq);
  const pushedUnits = (await pushAll(rc)) + replayed;
  // Read past this device's own changes now (and whatever others did meanwhile), so the next round starts at the
  // remote's head and a round that ends without error means "up to date".
  if (pushedUnits > 0 && !rc.stopping()) pulled += await pullAll(rc, info.last_seq);
  return { pulled, pushedUnits };
}
