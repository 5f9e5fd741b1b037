// Restores a backup over the live database file, refusing anything that could make things worse: a damaged
// backup, one from a newer Folio, one older than invoices already issued (unless accepted), a live file in use.
// The backup is copied to a temporary file beside the target, checked and brought to the current schema there,
// fsynced, and renamed over the target in one step; the replaced file is kept aside under its own name.
import { copyFileSync, existsSync, linkSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { systemClock, type Clock } from '../core/clock';
import { openDatabase, SchemaTooNewError } from '../db/open';
import type { BackupProgress } from './backup';
import { fileStamp, fsyncDir, fsyncFile } from './files';
import { shorten } from './health';
import { describeLoss, lossReport, type LossReport } from './inspect';
import { withBinding } from './native-binding';

export interface RestoreOptions {
  /** restore even though live issued invoices are missing from the backup */
  acceptOlder?: boolean;
  clock?: Clock;
  onProgress?: (p: BackupProgress) => void;
}

export interface RestoreResult {
  file: string;
  from: string;
  /** where the replaced live file was kept, or null when there was none */
  replacedFile: string | null;
  /** what the restore gave up (acceptOlder), or null when nothing */
  lost: LossReport | null;
  issuedInvoices: number;
}

export type RestoreRefusal = 'missing' | 'damaged' | 'not-folio' | 'schema-too-new' | 'older' | 'live-unreadable' | 'in-use';

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
  constructor(
    readonly reason: RestoreRefusal,
    message: string,
    readonly loss?: LossReport,
  ) {
    super(message);
  }
}

export async function restore(from: string, to: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const clock = options.clock ?? systemClock;
  if (!existsSync(from)) throw new RestoreRefusedError('missing', `The backup ${from} does not exist. Nothing was changed.`);
  const tmp = join(dirname(to), `.${basename(to)}.restore-${process.pid}.tmp`);
  const cleanup = () => {
    for (const f of [tmp, `${tmp}-journal`, `${tmp}-wal`, `${tmp}-shm`]) rmSync(f, { force: true });
  };
  try {
    await copyChecked(from, tmp, options.onProgress);
    await migrateCopy(from, tmp);
    const restored = new BetterSqlite3(tmp, withBinding({ fileMustExist: true }));
    let lost: LossReport | null = null;
    let issuedCount: number;
    try {
      restored.pragma('journal_mode = DELETE');
      issuedCount = (restored.prepare('select count(*) as n from invoices where sealed = 1').get() as { n: number }).n;
      if (existsSync(to)) {
        const loss = compareWithLive(to, restored, from, options.acceptOlder === true);
        if (loss.invoices.length && !options.acceptOlder) throw new RestoreRefusedError('older', describeLoss(loss, from), loss);
        if (loss.invoices.length || Object.keys(loss.newerRows).length || loss.liveUnreadable) lost = loss;
      }
    } finally {
      restored.close();
    }
    fsyncFile(tmp);

    let replacedFile: string | null = null;
    if (existsSync(to)) {
      quiesceLive(to);
      replacedFile = keepAside(to, clock.now());
    }
    // The single step that swaps the data: the target is the old file or the new one, never a half of either.
    renameSync(tmp, to);
    fsyncDir(dirname(to));
    return { file: to, from, replacedFile, lost, issuedInvoices: issuedCount };
  } finally {
    cleanup();
  }
}

/** The backup must pass a full integrity_check; it is copied with the backup API (which reads a -wal if present). */
async function copyChecked(from: string, tmp: string, onProgress?: (p: BackupProgress) => void): Promise<void> {
  let src: BetterSqlite3.Database;
  try {
    src = new BetterSqlite3(from, withBinding({ readonly: true, fileMustExist: true }));
  } catch (e) {
    throw new RestoreRefusedError('damaged', `The backup ${from} cannot be opened (${messageOf(e)}). Nothing was changed.`);
  }
  try {
    let check: unknown;
    try {
      check = src.pragma('integrity_check', { simple: true });
    } catch (e) {
      throw new RestoreRefusedError('damaged', `The backup ${from} is not a readable SQLite database (${messageOf(e)}). Nothing was changed.`);
    }
    if (check !== 'ok') {
      throw new RestoreRefusedError('damaged', `The backup ${from} is damaged (integrity_check: ${shorten(String(check))}). Nothing was changed; choose another backup.`);
    }
    const hasInvoices = src.prepare(`select 1 from sqlite_master where type = 'table' and name = 'invoices'`).get();
    if (!hasInvoices) throw new RestoreRefusedError('not-folio', `${from} is an SQLite database but not a Folio database. Nothing was changed.`);
    const done = await src.backup(tmp, {
      progress({ totalPages, remainingPages }) {
        onProgress?.({ totalPages, remainingPages, restarts: 0 });
        return 1024;
      },
    });
    onProgress?.({ totalPages: done.totalPages, remainingPages: 0, restarts: 0 });
  } finally {
    src.close();
  }
}

/** The same schema guard as every start (openDatabase): a newer schema is refused, an older one brought up to date. */
async function migrateCopy(from: string, tmp: string): Promise<void> {
  try {
    const opened = await openDatabase(tmp, withBinding({}));
    await opened.close();
  } catch (e) {
    if (e instanceof SchemaTooNewError) {
      throw new RestoreRefusedError('schema-too-new', `Cannot restore ${from}: ${e.message}`);
    }
    throw new RestoreRefusedError('damaged', `The backup ${from} could not be brought to this version's schema (${messageOf(e)}). Nothing was changed.`);
  }
}

function compareWithLive(to: string, restored: BetterSqlite3.Database, from: string, acceptOlder: boolean): LossReport {
  let live: BetterSqlite3.Database | null = null;
  try {
    live = new BetterSqlite3(to, withBinding({ readonly: true, fileMustExist: true }));
    live.pragma('busy_timeout = 10000');
    return lossReport(live, restored);
  } catch (e) {
    // A live file that cannot be read is often why someone restores, but then nobody can tell what would be lost.
    const reason = messageOf(e);
    if (!acceptOlder) {
      throw new RestoreRefusedError(
        'live-unreadable',
        `The live database ${to} cannot be read (${reason}), so it is unknown which issued invoices restoring ${from} ` +
          'would lose. Nothing was changed. To restore anyway, pass --accept-older ({ acceptOlder: true }); the current file is kept aside.',
      );
    }
    return { invoices: [], newerRows: {}, liveUnreadable: reason };
  } finally {
    live?.close();
  }
}

/**
 * Makes sure nobody has the live file open and folds its -wal into it. Leaving WAL mode needs the only connection,
 * so it doubles as the in-use check. A damaged live file may refuse the checkpoint: its -wal then goes aside with it.
 */
function quiesceLive(to: string): void {
  let live: BetterSqlite3.Database | null = null;
  try {
    live = new BetterSqlite3(to, withBinding({ fileMustExist: true }));
    live.pragma('busy_timeout = 2000');
    live.pragma('wal_checkpoint(TRUNCATE)');
    const mode = live.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') throw Object.assign(new Error(`journal mode stays ${String(mode)}`), { code: 'SQLITE_BUSY' });
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
      throw new RestoreRefusedError(
        'in-use',
        `The database ${to} is in use (${messageOf(e)}). Close Folio (the desktop app and any \`npm run serve\`) and try again. Nothing was changed.`,
      );
    }
  } finally {
    live?.close();
  }
}

/** "<to>.before-restore-<stamp>": a hard link (instant, and the target is never missing), else a copy. */
function keepAside(to: string, at: Date): string {
  let aside = `${to}.before-restore-${fileStamp(at)}`;
  for (let n = 1; existsSync(aside); n++) aside = `${to}.before-restore-${fileStamp(at)}-${n}`;
  try {
    linkSync(to, aside);
  } catch {
    copyFileSync(to, aside);
    fsyncFile(aside);
  }
  // A -wal that could not be folded in belongs to the old file: it goes with it, and must never meet the new one.
  if (existsSync(`${to}-wal`)) renameSync(`${to}-wal`, `${aside}-wal`);
  rmSync(`${to}-shm`, { force: true });
  return aside;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
