// The data area's service, built by the runtime beside the core: backup settings and "back up now", the daily
// schedule, the list and inspection of backups, restore, and the exports for the accountant. Its operations reach
// every door through `core.provide` (electron/runtime/runtime.ts).
//
// On a SQLite file it has both halves. On the team server (PostgreSQL) it has the exports and the accountant package
// — the accountant's whole role is to read everything and take it away — while the backups are the administrator's
// (team-backups.ts).
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../core/clock';
import type { RuntimeHandlers } from '../core/index';
import type { Db } from '../db/types';
import { sqliteSource, type ExportSource } from '../export/snapshot';
import { createExportJobs } from './export-jobs';
import { createSharedExportJobs, type SharedJobTuning } from './shared-export-jobs';
import type { ExportDownload, ExportJobs } from './export-request';
import { createAccountantMail } from './accountant/mail';
import type { Mailer } from '../mail/mailer';
import { FolioError } from '../../shared/errors';
import { createLocalBackups, type BackupOperationName, type LocalDatabase } from './local-backups';
import { teamServerBackups } from './team-backups';
import type { ScheduleTuning } from './scheduler';

export type { LocalDatabase } from './local-backups';

export type DataOperationName = BackupOperationName | 'data.exportStart' | 'data.accountantStart' | 'data.exportStatus';

/**
 * The team server's database: exports read it through `exportSource` (postgresSource, which the server process
 * passes, so that the desktop's runtime never loads a PostgreSQL driver); it has no backups of Folio's.
 */
export interface TeamDatabase {
  exportSource: ExportSource;
}

/** What tests and the starting process tune, whichever the database. */
export interface DataTuning {
  /** backup names and the schedule run on real time by default: the business clock (FOLIO_NOW) may stand still */
  clock?: Clock;
  schedule?: ScheduleTuning;
  /** where export jobs put their files; default a fresh folder in the system's temp folder */
  workDir?: string;
  /** the team server's export jobs in the database: piece size, progress and heartbeat intervals, keeping */
  sharedJobs?: SharedJobTuning;
  /** the mail outbox the accountant package is e-mailed through (the runtime's mailer); without it `email` is refused */
  mailer?: Pick<Mailer, 'fixedSettings' | 'settings' | 'kick'>;
  /** the largest ZIP one e-mail carries (tests make it small to see a split); default ZIP_PART_BYTES */
  accountantMailPartBytes?: number;
}

export type DataServiceOptions = DataTuning & (LocalDatabase | TeamDatabase);

export interface DataService {
  operations: Pick<RuntimeHandlers, DataOperationName>;
  /** an export's finished file, for the HTTP download route */
  exportFile(job: string): Promise<ExportDownload | undefined>;
  /** a backup of the backup folder by name, for the HTTP download route (browser mode) */
  backupFile(name: string): Promise<ExportDownload | undefined>;
  start(): void;
  stop(): Promise<void>;
}

export function createDataService(options: DataServiceOptions & { db: Db; timeZone: () => string }): DataService {
  const clock = options.clock ?? systemClock;
  const backups =
    'exportSource' in options
      ? teamServerBackups()
      : createLocalBackups(
          { dbFile: options.dbFile, sqlite: options.sqlite, swap: options.swap, defaults: { ...options.defaults, dir: resolve(options.defaults.dir) } },
          { db: options.db, clock, timeZone: options.timeZone, ...(options.schedule ? { schedule: options.schedule } : {}) },
        );
  const workDir = options.workDir ?? join(tmpdir(), `folio-exports-${randomBytes(6).toString('hex')}`);
  // A SQLite file has one process that owns it: its jobs live in its memory. The team server's processes share
  // theirs through the database, so any of them answers a job's status and its download (shared-export-jobs.ts).
  const shared =
    'exportSource' in options
      ? createSharedExportJobs({ source: options.exportSource, clock, db: options.db, workDir, ...(options.sharedJobs ? { tuning: options.sharedJobs } : {}) })
      : null;
  const exports: ExportJobs =
    'exportSource' in options
      ? shared!
      : createExportJobs({ source: sqliteSource(options.dbFile), workDir, clock, saveDir: () => backups.saveDir() });

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

  return {
    operations: {
      ...backups.operations,
      'data.exportStart': async (input, caller) => {
        backups.checkExport(input);
        return exports.start(input, caller);
      },
      'data.accountantStart': async ({ email, ...input }, caller) => {
        backups.checkExport(input);
        if (email && !accountantMail) throw new FolioError('not_available', 'E-mailing the accountant package is not available here');
        // checked before anything is built: no address or no e-mail set up is a 422 now, not a failed job later
        const delivery = email && accountantMail ? await accountantMail.prepare() : undefined;
        return exports.start({ ...input, format: 'accountant', delimiter: ';', ...(delivery ? { email: delivery } : {}) }, caller);
      },
      'data.exportStatus': (input) => exports.status(input.job),
    },
    exportFile: (job) => exports.file(job),
    backupFile: (name) => backups.backupFile(name),
    start() {
      backups.start();
      // jobs a day old go now, not at the next export (a server may go days without one)
      void shared?.prune().catch((e: unknown) => console.error(`folio: old export jobs could not be deleted: ${e instanceof Error ? e.message : String(e)}`));
    },
    async stop() {
      await backups.stop();
      await exports.stop();
    },
  };
}
