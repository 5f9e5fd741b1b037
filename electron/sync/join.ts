// Joining a remote, this device's side (docs/sync.md "Joining"). In three steps, each safe to repeat after a crash:
// 1. locally, block 0 is handed to the remote (this device numbers there no more) and the numbers it issued there so
//    far are read — they cannot grow after that;
// 2. the remote gives this device a block of its own with the chosen prefix, and reserves those numbers in its
//    block 0 if it can (else it refuses, and block 0 comes back to this device);
// 3. locally, the device's block is made (or an existing local block with that prefix is adopted) and mapped, its
//    prefix becomes the series of its quote numbers, and the token the join answered — this device's credential on
//    the remote — is stored sealed.
// A device that joined before credentials existed has no token: it asks for one by joining again (once).
import { callContext } from '../core/changes';
import { adoptQuoteSeries } from '../core/quotes/numbering';
import { adoptDeliveryNoteSeries } from '../core/delivery-notes/numbering';
import { writeTransaction } from '../db/transaction';
import { SyncError } from './errors';
import { setMapping } from './id-map';
import { answerMessage, type RemoteAnswer } from './remote-client';
import type { RoundContext } from './round-context';
import { defaultPrefix, readState, updateState } from './state';
import type { SyncStateRow } from './tables';
import type { SyncJoinResult } from '../../shared/contract/sync';

export async function ensureJoined(rc: RoundContext): Promise<void> {
  let state = await readState(rc.db);
  if (state.join_state === 'joined') {
    if (state.device_token === '') await claimToken(rc, state);
    return;
  }
  rc.progress({ phase: 'joining', done: 0, total: 1 });
  const prefix = state.block_prefix || defaultPrefix(state.device_name, state.device_id);

  const legacy = await writeTransaction(rc.db, async (trx) => {
    await trx.updateTable('invoice_blocks').set({ owner: 'remote' }).where('id', '=', 0).execute();
    await updateState(trx, { join_state: 'joining' });
    return trx.selectFrom('number_counters').select(['kind', 'year', 'last_no']).where('block_id', '=', 0).where('last_no', '>', 0).orderBy('year').execute();
  });
  state = await readState(rc.db);

  const giveBlock0Back = () =>
    writeTransaction(rc.db, async (trx) => {
      await trx.updateTable('invoice_blocks').set({ owner: 'local' }).where('id', '=', 0).execute();
      await updateState(trx, { join_state: 'none' });
    });
  let answer: RemoteAnswer;
  try {
    answer = await rc.remote.request({
      method: 'POST',
      path: '/sync/join',
      body: { name: state.device_name, prefix, legacy: legacy.map((l) => ({ kind: l.kind, year: l.year, last_no: l.last_no })) },
    });
  } catch (e) {
    // refused (this device id is taken there): nothing was reserved. A lost answer is not known to be a refusal.
    if (e instanceof SyncError && e.code === 'auth') await giveBlock0Back();
    throw e;
  }
  if (answer.status !== 200) {
    await giveBlock0Back();
    if (answer.status === 404) {
      throw new SyncError('not_folio', `The remote at ${rc.remote.baseUrl} does not take devices (no /sync/join): is it a Folio server?`);
    }
    throw new SyncError('join_refused', answerMessage(answer));
  }
  const joined = (answer.body as { data: SyncJoinResult }).data;
  // a device already holding a token is answered none (it sent it with the join)
  const token = joined.device_token ?? (state.device_token === '' ? null : undefined);
  if (token === null) throw noToken(rc);

  await callContext.run({ origin: 'remote' }, () =>
    writeTransaction(rc.db, async (trx) => {
      const now = rc.stamp();
      const existing = await trx.selectFrom('invoice_blocks').selectAll().where('prefix', '=', joined.block.prefix).where('owner', '=', 'local').executeTakeFirst();
      const own =
        existing ??
        (await trx
          .insertInto('invoice_blocks')
          .values({ name: joined.block.name, prefix: joined.block.prefix, owner: 'local', created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow());
      await setMapping(trx, 'block', own.id, joined.block.id);
      await setMapping(trx, 'block', 0, 0);
      // quotes are numbered in this device's own series from now on (docs/sync.md "Quotes")
      await adoptQuoteSeries(trx, joined.block.prefix);
      // and so are delivery notes, order confirmations and completion certificates (docs/sync.md "Delivery documents")
      await adoptDeliveryNoteSeries(trx, joined.block.prefix);
      await updateState(trx, {
        join_state: 'joined',
        own_block_id: own.id,
        block_prefix: joined.block.prefix,
        ...(token ? { device_token: rc.seal(token) } : {}),
      });
    }),
  );
  if (token) rc.remote.setDeviceToken(token);
}

/**
 * A device that joined before the remote gave credentials: it joins again, without a token, and the remote issues
 * one — only while it has no credential for this device id that was ever used (docs/sync.md "Device identity").
 */
async function claimToken(rc: RoundContext, state: SyncStateRow): Promise<void> {
  rc.progress({ phase: 'joining', done: 0, total: 1 });
  const answer = await rc.remote.request({ method: 'POST', path: '/sync/join', body: { name: state.device_name, prefix: state.block_prefix, legacy: [] } });
  if (answer.status !== 200) throw new SyncError('join_refused', answerMessage(answer));
  const token = (answer.body as { data: SyncJoinResult }).data.device_token;
  if (!token) throw noToken(rc);
  await updateState(rc.db, { device_token: rc.seal(token) });
  rc.remote.setDeviceToken(token);
}

function noToken(rc: RoundContext): SyncError {
  return new SyncError('protocol', `The remote at ${rc.remote.baseUrl} accepted this computer but gave it no device token; sync cannot go on (is the remote up to date?)`);
}

/** Checks, once per start, that the remote still knows this device's block (not another Folio at the same address). */
export async function checkMembership(rc: RoundContext): Promise<void> {
  const state = await readState(rc.db);
  if (state.join_state !== 'joined' || state.own_block_id === null) return;
  const answer = await rc.remote.request({ method: 'GET', path: '/invoices/blocks' });
  const blocks = ((answer.body as { data?: Array<{ attributes: { prefix: string } }> })?.data ?? []).map((b) => b.attributes.prefix);
  if (answer.status === 200 && !blocks.includes(state.block_prefix)) {
    throw new SyncError(
      'foreign_remote',
      `The remote at ${rc.remote.baseUrl} has no invoice block "${state.block_prefix}" — it is not the Folio this computer joined. Sync stopped; check the address.`,
    );
  }
}
