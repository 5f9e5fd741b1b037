// Online backup of the live database with SQLite's backup API (better-sqlite3's db.backup()): the app keeps
// working while pages are copied, and the result is a consistent snapshot. The copy is written as "….partial",
// made a self-contained single file (no -wal), checked, fsynced, and only then renamed to its final name.
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { systemClock, type Clock } from '../core/clock';
import { fsyncDir, fsyncFile, uniqueBackupPath } from './files';
import { withBinding } from './native-binding';

export interface BackupProgress {
  totalPages: number;
  remainingPages: number;
  /** times SQLite began again because another process wrote to the database meanwhile */
  restarts: number;
}

export interface BackupOptions {
  /** the live database: an open handle (the app's own, so its writes carry on) or a file path */
  source: BetterSqlite3.Database | string;
  dir: string;
  clock?: Clock;
  /** 'folio-backup' for backups a person asked for, 'folio-auto' for the daily ones (the only ones pruned) */
  prefix?: string;
  onProgress?: (p: BackupProgress) => void;
  /** pages per step (4 KiB each); small steps keep the app responsive between them */
  pagesPerStep?: number;
}

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
  restarts: number;
  ms: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const clock = options.clock ?? systemClock;
  const started = Date.now();
  mkdirSync(options.dir, { recursive: true });
  const file = uniqueBackupPath(options.dir, options.prefix ?? 'folio-backup', clock.now());
  const partial = `${file}.partial`;
  const ownSource = typeof options.source === 'string';
  // A path is opened read-write but never migrated: a backup tool must not change the schema of what it copies.
  const source = typeof options.source === 'string' ? openSource(options.source) : options.source;
  const pagesPerStep = options.pagesPerStep ?? 256;
  let restarts = 0;
  let last = Infinity;
  try {
    const done = await source.backup(partial, {
      progress({ totalPages, remainingPages }) {
        // Another connection wrote: SQLite starts the copy over (the snapshot stays consistent). A busy writer could
        // restart us forever, so after a restart the rest is copied in one step, inside one read transaction.
        if (remainingPages > last) restarts += 1;
        last = remainingPages;
        options.onProgress?.({ totalPages, remainingPages, restarts });
        return restarts > 0 ? 0x7fffffff : pagesPerStep;
      },
    });
    options.onProgress?.({ totalPages: done.totalPages, remainingPages: 0, restarts });
    seal(partial);
    renameSync(partial, file);
    fsyncDir(dirname(file));
    return { file, bytes: statSync(file).size, pages: done.totalPages, restarts, ms: Date.now() - started };
  } catch (e) {
    for (const leftover of [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`]) rmSync(leftover, { force: true });
    // the cause keeps the system's code (ENOSPC, SQLITE_FULL…), which the UI turns into words
    throw e instanceof BackupError ? e : new BackupError(`Backup failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  } finally {
    if (ownSource) source.close();
  }
}

function openSource(path: string): BetterSqlite3.Database {
  try {
    const db = new BetterSqlite3(path, withBinding({ fileMustExist: true }));
    db.pragma('busy_timeout = 10000');
    return db;
  } catch (e) {
    throw new BackupError(`Cannot open the database ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** One self-contained file (a copy of a WAL database would want a -wal beside it), checked and on disk. */
function seal(partial: string): void {
  const db = new BetterSqlite3(partial, withBinding({ fileMustExist: true }));
  try {
    db.pragma('journal_mode = DELETE');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The backup copy failed its check (${String(check)}); it was not kept`);
  } finally {
    db.close();
  }
  fsyncFile(partial);
}
