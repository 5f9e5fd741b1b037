// The backup settings row (migration 0014), typed for Kysely without touching the shared schema: the folder, the
// daily schedule, the count kept, and the last backup's outcome. No row yet means the installation's defaults.
import type { Kysely } from 'kysely';
import type { BackupFailureReason, BackupKind, LastBackup } from '../../shared/contract/areas/data';
import type { Database } from '../db/schema';
import type { Db } from '../db/types';
import { writeTransaction } from '../db/transaction';

type BackupSettingsTable = {
  id: number;
  dir: string;
  schedule_enabled: number;
  schedule_time: string;
  keep: number;
  last_at: string | null;
  last_ok: number | null;
  last_kind: string | null;
  last_file: string | null;
  last_bytes: number | null;
  last_reason: string | null;
  last_detail: string | null;
  updated_at: string;
};

export type BackupSettingsRow = BackupSettingsTable;

function settingsDb(db: Db): Kysely<Database & { backup_settings: BackupSettingsTable }> {
  return db.withTables<{ backup_settings: BackupSettingsTable }>();
}

export interface BackupSettings {
  dir: string;
  scheduleEnabled: boolean;
  scheduleTime: string;
  keep: number;
}

export type BackupDefaults = BackupSettings;

export interface BackupSettingsStore {
  read(): Promise<BackupSettings & { last: LastBackup | null }>;
  save(settings: BackupSettings): Promise<void>;
  recordLast(last: LastBackup): Promise<void>;
}

export function createBackupSettingsStore(db: Db, defaults: BackupDefaults, now: () => Date): BackupSettingsStore {
  const q = settingsDb(db);
  const row = () => q.selectFrom('backup_settings').selectAll().where('id', '=', 1).executeTakeFirst();

  /** Writes the row whole: the given fields over what is stored (or over the defaults). */
  async function upsert(change: Partial<BackupSettingsTable>): Promise<void> {
    await writeTransaction(db, async (trx) => {
      const t = settingsDb(trx);
      const current = await t.selectFrom('backup_settings').selectAll().where('id', '=', 1).executeTakeFirst();
      const next: BackupSettingsTable = {
        ...(current ?? { ...emptyLast(), ...toColumns(defaults), id: 1 }),
        ...change,
        id: 1,
        updated_at: now().toISOString(),
      };
      await t.insertInto('backup_settings').values(next).onConflict((oc) => oc.column('id').doUpdateSet(next)).execute();
    });
  }

  return {
    async read() {
      const r = await row();
      if (!r) return { ...defaults, last: null };
      return { dir: r.dir, scheduleEnabled: r.schedule_enabled === 1, scheduleTime: r.schedule_time, keep: r.keep, last: lastOf(r) };
    },
    save: (settings) => upsert(toColumns(settings)),
    recordLast: (last) =>
      upsert({
        last_at: last.at,
        last_ok: last.ok ? 1 : 0,
        last_kind: last.kind,
        last_file: last.file,
        last_bytes: last.bytes,
        last_reason: last.reason,
        last_detail: last.detail,
      }),
  };
}

function toColumns(s: BackupSettings): Pick<BackupSettingsTable, 'dir' | 'schedule_enabled' | 'schedule_time' | 'keep'> {
  return { dir: s.dir, schedule_enabled: s.scheduleEnabled ? 1 : 0, schedule_time: s.scheduleTime, keep: s.keep };
}

function emptyLast(): Omit<BackupSettingsTable, 'id' | 'dir' | 'schedule_enabled' | 'schedule_time' | 'keep' | 'updated_at'> {
  return { last_at: null, last_ok: null, last_kind: null, last_file: null, last_bytes: null, last_reason: null, last_detail: null };
}

function lastOf(r: BackupSettingsTable): LastBackup | null {
  if (!r.last_at) return null;
  return {
    at: r.last_at,
    ok: r.last_ok === 1,
    kind: (r.last_kind ?? 'manual') as BackupKind,
    file: r.last_file,
    bytes: r.last_bytes,
    reason: r.last_reason as BackupFailureReason | null,
    detail: r.last_detail,
  };
}
