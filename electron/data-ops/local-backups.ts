// Backups of the SQLite file Folio runs on: the folder and the daily schedule (kept in the database), "back up now",
// the list and inspection of backups, and restore. The desktop app and `serve --db` have them; the team server on
// PostgreSQL has its administrator's instead (team-backups.ts).
import type BetterSqlite3 from 'better-sqlite3';
import type { BackupSettingsView } from '../../shared/contract/areas/data';
import type { Clock } from '../core/clock';
import type { RuntimeHandlers } from '../core/index';
import type { Db } from '../db/types';
import { checkBackupFolder, fullPath } from './folder';
import { createReadStream } from 'node:fs';
import { backupFiles } from './backup-files';
import type { ExportDownload } from './export-request';
import { createBackupRunner } from './backup-runner';
import { nextScheduled } from './daily';
import { inspectBackup } from './inspect-backup';
import { restoreBackup, type Swap } from './restore-backup';
import { createDailyBackups, type ScheduleTuning } from './scheduler';
import { createBackupSettingsStore, type BackupDefaults } from './settings-store';

export type BackupOperationName =
  | 'data.backupSettings'
  | 'data.saveBackupSettings'
  | 'data.backupNow'
  | 'data.backups'
  | 'data.inspectBackup'
  | 'data.restore';

/** The data area's backup half: its operations, the folder an export's copy is kept in, and the daily schedule. */
export interface BackupArea {
  operations: Pick<RuntimeHandlers, BackupOperationName>;
  /** where an export keeps a copy when asked to (save_to_folder) */
  saveDir(): Promise<string>;
  /** refuses an export request this area cannot serve, before it starts */
  checkExport(request: { save_to_folder: boolean }): void;
  /** a backup of the backup folder by its file name, for the browser's download (issue 36); undefined: none such */
  backupFile(name: string): Promise<ExportDownload | undefined>;
  start(): void;
  stop(): Promise<void>;
}

/** The SQLite file Folio runs on, and what its backups need. */
export interface LocalDatabase {
  /** the database file (restore replaces it; exports read it through their own connections) */
  dbFile: string;
  /** the app's own handle: online backups copy through it, so the app's writes carry on meanwhile */
  sqlite: BetterSqlite3.Database;
  /** stops the running app, runs the work on the closed database file, and opens it again (DatabaseHolder.swap) */
  swap: Swap;
  /** the settings until someone saves their own */
  defaults: BackupDefaults;
}

export function createLocalBackups(
  local: LocalDatabase,
  deps: { db: Db; clock: Clock; timeZone: () => string; schedule?: ScheduleTuning },
): BackupArea {
  const { clock } = deps;
  const defaults = local.defaults;
  const store = createBackupSettingsStore(deps.db, defaults, () => clock.now());
  const runner = createBackupRunner({ sqlite: local.sqlite, store, clock });
  const daily = createDailyBackups({
    store,
    runner,
    clock,
    timeZone: deps.timeZone,
    ...(deps.schedule ? { tuning: deps.schedule } : {}),
    onError: (e) => console.error('folio: daily backup:', e),
  });

  async function view(): Promise<BackupSettingsView> {
    const s = await store.read();
    const timeZone = deps.timeZone();
    return {
      managed_by_server: false,
      backup_folder: s.dir,
      default_folder: defaults.dir,
      schedule_enabled: s.scheduleEnabled,
      schedule_time: s.scheduleTime,
      keep_daily: s.keep,
      time_zone: timeZone,
      last: s.last,
      next_run: s.scheduleEnabled ? nextScheduled(clock.now(), s.scheduleTime, timeZone).toISOString() : null,
    };
  }

  return {
    operations: {
      'data.backupSettings': view,
      'data.saveBackupSettings': async (input) => {
        const dir = checkBackupFolder(input.backup_folder, 'backup_folder');
        await store.save({ dir, scheduleEnabled: input.schedule_enabled, scheduleTime: input.schedule_time, keep: input.keep_daily });
        return view();
      },
      'data.backupNow': async () => {
        await runner.run('manual');
        return view();
      },
      'data.backups': async (input) => {
        const folder = input.folder ? fullPath(input.folder, 'folder') : (await store.read()).dir;
        return { folder, backups: backupFiles(folder) };
      },
      'data.inspectBackup': (input) => inspectBackup(fullPath(input.backup, 'backup'), local.sqlite),
      'data.restore': async (input) =>
        restoreBackup(
          { dbFile: local.dbFile, sqlite: local.sqlite, backupDir: (await store.read()).dir, clock, swap: local.swap },
          fullPath(input.backup, 'backup'),
          input.accept_older,
        ),
    },
    saveDir: async () => (await store.read()).dir,
    checkExport: () => undefined,
    // only a name the folder's listing holds: never a path, never another file of the folder
    async backupFile(name) {
      const found = backupFiles((await store.read()).dir).find((b) => b.name === name);
      if (!found) return undefined;
      return { filename: found.name, bytes: found.bytes, contentType: 'application/vnd.sqlite3', open: () => createReadStream(found.file) };
    },
    start: () => daily.start(),
    stop: () => daily.stop(),
  };
}
