// Restoring a backup while Folio runs. The backup is inspected first (a damaged file, one that is not Folio's or one
// from a newer Folio is refused before anything happens), then the current data is kept as a backup in the backup
// folder, and only then is the database swapped: `swap` stops the running app, lets restore() (electron/backup)
// replace the closed file — checked copy, fsync, one rename — and opens it again with a new core.
// The backup settings belong to this machine, not to the data: they are carried over into the restored file.
import { rmSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import type { RestoreOutcome } from '../../shared/contract/areas/data';
import { FolioError, invalid } from '../../shared/errors';
import type { Clock } from '../core/clock';
import { backupDatabase } from '../backup/backup';
import { restore, RestoreRefusedError } from '../backup/restore';
import { BEFORE_RESTORE_PREFIX } from './backup-files';
import { inspectBackup } from './inspect-backup';
import type { BackupSettingsRow } from './settings-store';
import { withBinding } from '../backup/native-binding';

export type Swap = <T>(work: () => Promise<T>) => Promise<T>;

export interface RestoreDeps {
  dbFile: string;
  /** the live database's own handle: compared with the backup, and copied as the "before restore" backup */
  sqlite: BetterSqlite3.Database;
  backupDir: string;
  clock: Clock;
  swap: Swap;
}

export async function restoreBackup(deps: RestoreDeps, file: string, acceptOlder: boolean): Promise<RestoreOutcome> {
  const inspection = inspectBackup(file, deps.sqlite);
  if (inspection.refusal) throw invalid('backup', inspection.refusal.message);
  const lost = inspection.loss?.invoices ?? [];
  if (lost.length && !acceptOlder) throw olderRefusal(lost.map((i) => i.number));

  let kept: string;
  try {
    kept = (await backupDatabase({ source: deps.sqlite, dir: deps.backupDir, clock: deps.clock, prefix: BEFORE_RESTORE_PREFIX })).file;
  } catch (e) {
    throw new FolioError('rule_violation', `The current data could not be kept as a backup first, so nothing was restored: ${messageOf(e)}`);
  }
  const carried = deps.sqlite.prepare('select * from backup_settings where id = 1').get() as BackupSettingsRow | undefined;
  try {
    const result = await deps.swap(async () => {
      const r = await restore(file, deps.dbFile, { acceptOlder, clock: deps.clock });
      if (carried) carrySettings(deps.dbFile, carried);
      return r;
    });
    return {
      restored_from: file,
      kept_backup: kept,
      issued_invoices: result.issuedInvoices,
      lost_invoices: result.lost?.invoices.map((i) => i.number) ?? [],
    };
  } catch (e) {
    // Nothing was restored: the copy made a moment ago is the same data as the live file, and only clutter.
    rmSync(kept, { force: true });
    throw e instanceof RestoreRefusedError ? asFolioError(e) : e;
  }
}

function carrySettings(dbFile: string, row: BackupSettingsRow): void {
  const db = new BetterSqlite3(dbFile, withBinding({ fileMustExist: true }));
  try {
    const columns = Object.keys(row);
    db.prepare(`insert or replace into backup_settings (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`).run(row);
  } finally {
    db.close();
  }
}

function olderRefusal(numbers: string[]): FolioError {
  const shown = numbers.slice(0, 10).join(', ') + (numbers.length > 10 ? ` and ${numbers.length - 10} more` : '');
  const message = `would lose ${numbers.length} issued invoice${numbers.length === 1 ? '' : 's'} the backup does not contain: ${shown}`;
  return new FolioError('rule_violation', `Restoring this backup ${message}. Issued invoices are legal records; nothing was changed.`, [
    { field: 'accept_older', message },
  ]);
}

function asFolioError(e: RestoreRefusedError): FolioError {
  switch (e.reason) {
    case 'older':
      return olderRefusal(e.loss?.invoices.map((i) => i.number) ?? []);
    case 'in-use':
      return new FolioError('conflict', 'The database is open in another program (another Folio?); close it and try again. Nothing was changed.');
    case 'live-unreadable':
      return new FolioError('rule_violation', e.message);
    case 'schema-too-new':
      return invalid('backup', 'was written by a newer version of Folio; update Folio to restore it');
    case 'not-folio':
      return invalid('backup', 'is an SQLite database but not a Folio database');
    case 'missing':
      return invalid('backup', 'does not exist or is not a file');
    case 'damaged':
      return invalid('backup', `is damaged (${e.message})`);
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
