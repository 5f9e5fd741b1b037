// Who a sync request comes from, and how the remote knows it (docs/sync.md "Device identity").
// A device is named by `X-Folio-Device`, but a name is not proof: every device holds the same API key. So joining
// gives each device a credential of its own — a random token answered once — and the remote keeps only its SHA-256
// here. The HTTP door asks `deviceRequestProblem` before any request that names a device; the sync operations then
// trust the origin (`deviceOrigin`) as authenticated.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, WriteTx } from '../../db/types';
import { FolioError } from '../../../shared/errors';
import { writeTransaction } from '../../db/transaction';
import { callContext, currentOrigin } from '../changes';

type SyncDevicesTable = {
  device: string;
  token_hash: string;
  created_at: string;
  /** when the device first authenticated with this token; null while the answer carrying it may have been lost */
  used_at: string | null;
  /** the user whose key paired the device (migration 0034; null: the server's own key) */
  user_id?: number | null;
};

const devicesDb = (db: Db) => db.withTables<{ sync_devices: SyncDevicesTable }>();

const TOKEN_BYTES = 32; // 256 bits

function hashOf(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** The device a sync operation acts for: named by the request, and authenticated by the door before it got here. */
export function deviceOrigin(): string {
  const device = currentOrigin();
  if (device === 'local') {
    throw new FolioError('unauthorized', 'Only a joined device can do this: send its id (X-Folio-Device) and its token (X-Folio-Device-Token)', [
      { field: 'X-Folio-Device', message: 'must name a joined device' },
    ]);
  }
  return device;
}

/**
 * True when `token` is the credential of `deviceId` and the user who paired the device is not disabled (a device
 * belongs to its user: disabling them ends its sync whatever key it sends); the first success marks it as used.
 */
export async function authenticateDevice(db: Db, deviceId: string, token: string): Promise<boolean> {
  const row = await devicesDb(db).selectFrom('sync_devices').selectAll().where('device', '=', deviceId).executeTakeFirst();
  if (!row) return false;
  // compare the hashes (equal length whatever was sent), in constant time
  const ok = timingSafeEqual(hashOf(token), Buffer.from(row.token_hash, 'hex'));
  if (!ok) return false;
  if (row.user_id != null) {
    const owner = await db.selectFrom('users').select('disabled_at').where('id', '=', row.user_id).executeTakeFirst();
    if (!owner || owner.disabled_at !== null) return false;
  }
  if (row.used_at === null) {
    await writeTransaction(db, (trx) =>
      devicesDb(trx).updateTable('sync_devices').set({ used_at: new Date().toISOString() }).where('device', '=', deviceId).where('used_at', 'is', null).execute(),
    );
  }
  return true;
}

/**
 * May this device join without presenting a token? Yes while it has no credential (its first join, or a device that
 * joined before credentials existed) or one it never used (the answer carrying it may have been lost).
 */
export async function mayJoinWithoutToken(db: Db, deviceId: string): Promise<boolean> {
  const row = await devicesDb(db).selectFrom('sync_devices').select('used_at').where('device', '=', deviceId).executeTakeFirst();
  return !row || row.used_at === null;
}

/**
 * Why a request that names a device is refused, in plain words, or null when it may go on. The one request a device
 * may make without its token is POST /sync/join while `mayJoinWithoutToken` (the join then issues the token).
 */
export async function deviceRequestProblem(db: Db, request: { deviceId: string; token: string | undefined; joining: boolean }): Promise<string | null> {
  const { deviceId, token } = request;
  if (token === undefined || token === '') {
    if (!request.joining) {
      return `This request names the device ${deviceId} but carries no device token (X-Folio-Device-Token); a device gets its token by joining (POST /sync/join)`;
    }
    if (await mayJoinWithoutToken(db, deviceId)) return null;
    return `The device id ${deviceId} is already joined on this remote and has its own token; a join without it is refused. Join as a new device`;
  }
  if (await authenticateDevice(db, deviceId, token)) return null;
  return `The device token does not belong to the device ${deviceId} on this remote (wrong token, another device's, or a remote this device never joined)`;
}

/**
 * Makes a new credential for a device joining without a token (see mayJoinWithoutToken), replacing one never used,
 * or null when the device already used its credential (it then authenticated to get here, and keeps its token).
 * The token is answered once: only its hash is stored.
 */
export async function issueDeviceToken(trx: WriteTx, deviceId: string, now: string): Promise<string | null> {
  const ddb = devicesDb(trx);
  const row = await ddb.selectFrom('sync_devices').select('used_at').where('device', '=', deviceId).executeTakeFirst();
  if (row && row.used_at !== null) return null;
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const token_hash = hashOf(token).toString('hex');
  // the device belongs to whoever paired it (docs/users.md); a join always runs in its request's call context
  const user_id = callContext.getStore()?.caller?.user_id ?? null;
  await ddb
    .insertInto('sync_devices')
    .values({ device: deviceId, token_hash, created_at: now, used_at: null, user_id })
    .onConflict((oc) => oc.column('device').doUpdateSet({ token_hash, created_at: now, used_at: null, user_id }))
    .execute();
  return token;
}
