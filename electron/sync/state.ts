// The device's sync settings and cursors: one row, made on first use with a random device id. The id names this
// device to the remote (X-Folio-Device) and owns its invoice blocks there; it is random rather than derived from the
// machine so that a copied database file is found out (the copy and the original would issue the same numbers) only
// when both sync — and so that it says nothing about the computer.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types';
import type { Updateable } from 'kysely';
import { syncDb, type SyncStateRow, type SyncStateTable } from './tables';

export function newDeviceId(): string {
  return `dev-${randomBytes(12).toString('hex')}`;
}

/**
 * The state row, or — before sync was ever set up — its defaults, without writing anything: a node that never syncs
 * (a `serve` remote, a desktop used alone) keeps its database exactly as its own work leaves it.
 */
export async function readState(db: Db): Promise<SyncStateRow> {
  const row = await syncDb(db).selectFrom('sync_state').selectAll().where('id', '=', 1).executeTakeFirst();
  return row ?? { ...DEFAULT_STATE, updated_at: '' };
}

/** The state row, made (with this device's new random id) on first use. */
export async function ensureState(db: Db): Promise<SyncStateRow> {
  const sdb = syncDb(db);
  await sdb
    .insertInto('sync_state')
    .values({ id: 1, device_id: newDeviceId(), updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return sdb.selectFrom('sync_state').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

const DEFAULT_STATE: Omit<SyncStateRow, 'updated_at'> = {
  id: 1,
  device_id: '',
  device_name: '',
  base_url: '',
  api_key: '',
  device_token: '',
  public_key: '',
  block_prefix: '',
  enabled: 0,
  join_state: 'none',
  own_block_id: null,
  push_cursor: 0,
  pull_cursor: 0,
  last_success_at: null,
  last_attempt_at: null,
  last_error: null,
  last_error_code: null,
};

export async function updateState(db: Db, changes: Omit<Updateable<SyncStateTable>, 'id' | 'device_id'>): Promise<void> {
  await syncDb(db)
    .updateTable('sync_state')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', 1)
    .execute();
}

export function isConfigured(s: Pick<SyncStateRow, 'base_url' | 'api_key' | 'device_name'>): boolean {
  return s.base_url !== '' && s.api_key !== '' && s.device_name.trim() !== '';
}

/** The block prefix a device proposes from its name: "Laptop Anna" → "LAPTOPAN". */
export function defaultPrefix(deviceName: string, deviceId: string): string {
  const letters = deviceName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 8);
  return letters || `D${deviceId.slice(-5).toUpperCase()}`;
}

/** Local changes the remote has not accepted yet: the outbox after the push cursor. */
export async function pendingCount(db: Db, pushCursor: number): Promise<number> {
  const r = await db
    .selectFrom('change_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('origin', '=', 'local')
    .where('seq', '>', pushCursor)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
