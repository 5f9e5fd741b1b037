// The data area's service, built by the runtime beside the core: backup settings and "back up now", the daily
// schedule, the list and inspection of backups, restore, and the exports for the accountant. Its operations reach
// every door through `core.provide` (electron/runtime/runtime.ts).
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import type { BackupSettingsView } from '../../shared/contract/areas/data';
import { systemClock, type Clock } from '../core/clock';
import type { RuntimeHandlers } from '../core/index';
import type { Db } from '../db/types';
import { checkBackupFolder, fullPath } from './folder';
import { backupFiles } from './backup-files';
import { createBackupRunner } from './backup-runner';
import { nextScheduled } from './daily';
import { createExportJobs } from './export-jobs';
import { createAccountantMail } from './accountant/mail';
import type { Mailer } from '../mail/mailer';
import { FolioError } from '../../shared/errors';
import { inspectBackup } from './inspect-backup';
import { restoreBackup, type Swap } from './restore-backup';
import { createDailyBackups, type ScheduleTuning } from './scheduler';
import { createBackupSettingsStore, type BackupDefaults } from './settings-store';

export type DataOperationName =
  | 'data.backupSettings'
  | 'data.saveBackupSettings'
  | 'data.backupNow'
  | 'data.backups'
  | 'data.inspectBackup'
  | 'data.restore'
  | 'data.exportStart'
  | 'data.accountantStart'
  | 'data.exportStatus';

export interface DataServiceOptions {
  /** the database file (restore replaces it; exports read it through their own connections) */
  dbFile: string;
  /** the app's own handle: online backups copy through it, so the app's writes carry on meanwhile */
  sqlite: BetterSqlite3.Database;
  /** stops the running app, runs the work on the closed database file, and opens it again (DatabaseHolder.swap) */
  swap: Swap;
  /** the settings until someone saves their own */
  defaults: BackupDefaults;
  /** backup names and the schedule run on real time by default: the business clock (FOLIO_NOW) may stand still */
  clock?: Clock;
  schedule?: ScheduleTuning;
  /** where export jobs put their files; default a fresh folder in the system's temp folder */
  workDir?: string;
  /** the mail outbox the accountant package is e-mailed through (the runtime's mailer); without it `email` is refused */
  mailer?: Pick<Mailer, 'fixedSettings' | 'settings' | 'kick'>;
  /** the largest ZIP one e-mail carries (tests make it small to see a split); default ZIP_PART_BYTES */
  accountantMailPartBytes?: number;
}

export interface DataService {
  operations: Pick<RuntimeHandlers, DataOperationName>;
  /** an export's finished file, for the HTTP download route */
  exportFile(job: string): { path: string; filename: string } | undefined;
  start(): void;
  stop(): Promise<void>;
}

export function createDataService(options: DataServiceOptions & { db: Db; timeZone: () => string }): DataService {
  const clock = options.clock ?? systemClock;
  const defaults = { ...options.defaults, dir: resolve(options.defaults.dir) };
  const store = createBackupSettingsStore(options.db, defaults, () => clock.now());
  const runner = createBackupRunner({ sqlite: options.sqlite, store, clock });
  const daily = createDailyBackups({
    store,
    runner,
    clock,
    timeZone: options.timeZone,
    ...(options.schedule ? { tuning: options.schedule } : {}),
    onError: (e) => console.error('folio: daily backup:', e),
  });
  const exports = createExportJobs({
    dbFile: options.dbFile,
    workDir: options.workDir ?? join(tmpdir(), `folio-exports-${randomBytes(6).toString('hex')}`),
    clock,
    saveDir: async () => (await store.read()).dir,
  });

  // Mail retries run on real time (docs/mail.md), like the data clock's default.
  const mailer = options.mailer;
  const accountantMail = mailer
    ? createAccountantMail({
        db: options.db,
        // the account in use, as the send dialog asks it: FOLIO_SMTP_URL, else the saved one
        sender: async () => mailer.fixedSettings?.from ?? (await mailer.settings?.view())?.from ?? null,
        kick: () => mailer.kick(),
        clock: systemClock,
        ...(options.accountantMailPartBytes ? { zipPartBytes: options.accountantMailPartBytes } : {}),
      })
    : null;

  async function view(): Promise<BackupSettingsView> {
    const s = await store.read();
    const timeZone = options.timeZone();
    return {
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
      'data.inspectBackup': (input) => inspectBackup(fullPath(input.backup, 'backup'), options.sqlite),
      'data.restore': async (input) =>
        restoreBackup(
          { dbFile: options.dbFile, sqlite: options.sqlite, backupDir: (await store.read()).dir, clock, swap: options.swap },
          fullPath(input.backup, 'backup'),
          input.accept_older,
        ),
      'data.exportStart': (input) => exports.start(input),
      'data.accountantStart': async ({ email, ...input }) => {
        if (email && !accountantMail) throw new FolioError('not_available', 'E-mailing the accountant package is not available here');
        // checked before anything is built: no address or no e-mail set up is a 422 now, not a failed job later
        const delivery = email && accountantMail ? await accountantMail.prepare() : undefined;
        return exports.start({ ...input, format: 'accountant', delimiter: ';', ...(delivery ? { email: delivery } : {}) });
      },
      'data.exportStatus': (input) => exports.status(input.job),
    },
    exportFile: (job) => exports.file(job),
    start: () => daily.start(),
    async stop() {
      await daily.stop();
      await exports.stop();
    },
  };
}
