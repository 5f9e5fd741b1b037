// Operations of the data area: backups (folder, daily schedule, "back up now"), restore, and exports for the
// accountant (JSON, CSV, NAV invoiceData XML). Carried out by the runtime's data service (electron/data-ops/),
// which works on the database file itself, so they are runtime operations: the runtime hands them to the core.
import { z } from 'zod';
import { op, post } from '../define';
import { bool, date, int, requiredText } from '../fields';

/** Why a backup failed, as a code the UI puts into words (the system's own message travels beside it). */
export type BackupFailureReason = 'no_space' | 'no_access' | 'folder_missing' | 'read_only' | 'in_use' | 'other';

/** What kind of backup a file is, from its name. */
export type BackupKind = 'manual' | 'auto' | 'before-restore';

export interface LastBackup {
  /** ISO instant the backup finished (or failed) */
  at: string;
  ok: boolean;
  kind: BackupKind;
  file: string | null;
  bytes: number | null;
  reason: BackupFailureReason | null;
  /** the system's own words about a failure (English), for the curious and for support */
  detail: string | null;
}

export interface BackupSettingsView {
  /** false: Folio backs up its own database file, as set here */
  managed_by_server: false;
  /** the folder backups go into: a path on the machine Folio runs on */
  backup_folder: string;
  /** where backups go when no folder was chosen */
  default_folder: string;
  schedule_enabled: boolean;
  /** 'HH:MM' in the business's time zone */
  schedule_time: string;
  /** how many daily backups are kept (backups made by hand are never deleted) */
  keep_daily: number;
  time_zone: string;
  last: LastBackup | null;
  /** ISO instant of the next automatic backup, or null when the schedule is off */
  next_run: string | null;
}

/**
 * The team server on PostgreSQL (docs/team-server.md): its administrator backs the database up with PostgreSQL's
 * own tools, so Folio has no backup folder, schedule or restore there; the screen says so instead.
 */
export interface ServerManagedBackups {
  managed_by_server: true;
}

export interface BackupFile {
  file: string;
  name: string;
  kind: BackupKind;
  /** ISO instant the backup was made (from its name) */
  at: string;
  bytes: number;
}

/** Why a backup cannot be restored: the file is missing, damaged, not Folio's, or from a newer Folio. */
export type RestoreRefusalReason = 'missing' | 'damaged' | 'not-folio' | 'schema-too-new';

export interface BackupInspection {
  file: string;
  name: string;
  bytes: number;
  /** when the backup was made: from its name, else the file's time */
  at: string;
  /** null when the file can be restored */
  refusal: { reason: RestoreRefusalReason; message: string } | null;
  company: string | null;
  /** issued invoices (normal, cancelling, proforma) */
  issued_invoices: number;
  /** the newest issued invoice's date, or null */
  last_invoice_date: string | null;
  blocks: Array<{ name: string; prefix: string; last_number: string | null }>;
  /** what restoring it would give up of the current data; null when nothing */
  loss: { invoices: Array<{ number: string; date: string }>; newer_rows: Record<string, number> } | null;
}

export interface RestoreOutcome {
  restored_from: string;
  /** the backup of the data as it was just before the restore (in the backup folder) */
  kept_backup: string;
  issued_invoices: number;
  /** issued invoices given up (accept_older) */
  lost_invoices: string[];
}

export type ExportFormat = 'json' | 'csv' | 'xlsx' | 'nav';
/** A job's format: an export's, or 'accountant', the accountant package (POST /exports/accountant; docs/reports.md) */
export type ExportJobFormat = ExportFormat | 'accountant';

export interface ExportJob {
  job: string;
  format: ExportJobFormat;
  date_from: string;
  date_to: string;
  state: 'running' | 'done' | 'failed';
  /** work done and work in all (records, or invoices for NAV); done ≤ total */
  done: number;
  total: number;
  /** the file to download once done: folio-export-….json, ….zip */
  filename: string | null;
  bytes: number | null;
  /** where the file was also saved on this machine (desktop: the backup folder), or null */
  saved_to: string | null;
  /** how many records went into the file, by section */
  counts: Record<string, number> | null;
  /** NAV: invoices whose XML could not be built, with the reason */
  skipped: Array<{ number: string; message: string }>;
  error: string | null;
  /** the accountant package asked to be e-mailed (`email: true`); null otherwise */
  email: ExportJobEmail | null;
}

/** Where the package goes and, once built, how many messages were queued in the outbox (docs/reports.md). */
export interface ExportJobEmail {
  to: string;
  /** null until the package is built and queued; more than 1 when it was split to fit mail servers */
  messages: number | null;
  /** the package was built but could not be queued (it is still downloaded as usual) */
  error: string | null;
}

const path = () => requiredText(1000);

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A full path on Windows or elsewhere ("/home/anna/x", "D:\\x", "\\\\server\\share"); checked here too, beside the other
 * fields, so a form hears every problem at once (issue 36) and not the folder's after the time's. */
const FULL_PATH_RE = /^(\/|[A-Za-z]:[\\/]|\\\\)/;

export const backupSettingsInput = z.object({
  backup_folder: path().refine((p) => FULL_PATH_RE.test(p), { message: 'must be a full path (for example /home/anna/Folio-backups or D:\\Backups)' }),
  schedule_enabled: bool(),
  schedule_time: z.string({ error: 'must be a time of day (HH:MM)' }).trim().regex(TIME_RE, { message: 'must be a time of day (HH:MM)' }),
  keep_daily: int({ min: 1, max: 365 }),
});

export const exportStartInput = z
  .object({
    format: z.enum(['json', 'csv', 'xlsx', 'nav'], { error: 'must be json, csv, xlsx or nav' }),
    date_from: date(),
    date_to: date(),
    delimiter: z.enum([',', ';'], { error: 'must be , or ;' }).default(','),
    /** also keep the file in the backup folder (the desktop app, which has no browser download) */
    save_to_folder: bool().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.date_from > v.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'must not be before the start date' });
  });

/** POST /exports/accountant: the accountant package of a period, built in the background like the other exports. */
export const accountantStartInput = z
  .object({
    date_from: date(),
    date_to: date(),
    save_to_folder: bool().default(false),
    /** also e-mail it to the accountant's address of the settings, through the mail outbox */
    email: bool().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.date_from > v.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'must not be before the start date' });
  });

export const dataOperations = {
  'data.backupSettings': op<BackupSettingsView | ServerManagedBackups>()({
    name: 'data.backupSettings',
    summary: 'The backup folder, the daily schedule, how many to keep, and the last backup; on a team server only `managed_by_server: true` (backed up by its administrator)',
    input: z.object({}),
  }),
  'data.saveBackupSettings': op<BackupSettingsView>()({
    name: 'data.saveBackupSettings',
    summary: 'Set the backup folder (it must exist or be creatable, and be writable), the schedule and the count kept',
    input: backupSettingsInput,
  }),
  'data.backupNow': op<BackupSettingsView>()({
    name: 'data.backupNow',
    summary: 'Back up now into the backup folder; answers with the settings and the result as the last backup',
    input: z.object({}),
  }),
  'data.backups': op<{ folder: string; backups: BackupFile[] }>()({
    name: 'data.backups',
    summary: 'The backups in a folder (default: the backup folder), newest first',
    input: z.object({ folder: path().optional() }),
  }),
  'data.inspectBackup': op<BackupInspection>()({
    name: 'data.inspectBackup',
    summary: 'What a backup holds (company, invoices, last numbers) and whether it can be restored, before restoring it',
    input: z.object({ backup: path() }),
  }),
  'data.restore': op<RestoreOutcome>()({
    name: 'data.restore',
    summary: 'Replace the data with a backup, keeping the current data as a backup first; Folio reopens on it',
    input: z.object({ backup: path(), accept_older: bool().default(false) }),
  }),
  'data.exportStart': op<ExportJob>()({
    name: 'data.exportStart',
    summary: "Start an export for the accountant (JSON, CSV or NAV invoiceData XML) of a date range; poll data.exportStatus",
    input: exportStartInput,
  }),
  'data.accountantStart': op<ExportJob>()({
    name: 'data.accountantStart',
    summary: 'Start the accountant package of a period (invoice PDFs, NAV XML, CSVs, expense files, VAT analysis, summary) as one ZIP, optionally e-mailed to the accountant; poll data.exportStatus',
    input: accountantStartInput,
    http: post('/exports/accountant', 'data', 'export_job'),
  }),
  'data.exportStatus': op<ExportJob>()({
    name: 'data.exportStatus',
    summary: 'How far an export is; once done, its file is at GET /data/exports/:job/file',
    input: z.object({ job: z.string().regex(/^[a-f0-9]{16,64}$/, { message: 'is not an export job' }) }),
  }),
} as const;
