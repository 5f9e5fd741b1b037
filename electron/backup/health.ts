// Opening the database at start with PRAGMA quick_check (openDatabase's quickCheck option), and one clear message
// when it fails: what is wrong, that nothing was changed, which backups exist and how to restore one.
import { DatabaseDamagedError, openDatabase, type OpenedDatabase, type OpenOptions } from '../db/open';
import { listBackups } from './files';
import { AUTO_PREFIX } from './schedule';

export class DamagedDatabaseError extends DatabaseDamagedError {
  override name = 'DamagedDatabaseError';
  constructor(
    message: string,
    readonly file: string,
    readonly backups: Array<{ file: string; at: Date }>,
  ) {
    super(message);
  }
}

// SQLite's codes for "this file is not (or no longer) a database": a damaged file often fails before quick_check runs.
const DAMAGE_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_VTAB']);

export async function openDatabaseChecked(file: string, options: OpenOptions & { backupDir?: string } = {}): Promise<OpenedDatabase> {
  const { backupDir, ...open } = options;
  try {
    return await openDatabase(file, { ...open, quickCheck: true });
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    if (!(e instanceof DatabaseDamagedError) && !DAMAGE_CODES.has(code)) throw e;
    const detail = e instanceof DatabaseDamagedError ? quickCheckDetail(e.message) : e instanceof Error ? e.message : String(e);
    throw damagedMessage(file, detail, backupDir);
  }
}

/** openDatabase says "… (quick_check: <SQLite's report>). Restore it from a backup."; the report may hold ")". */
function quickCheckDetail(message: string): string {
  const start = message.indexOf('(quick_check: ');
  const end = message.lastIndexOf(')');
  return start >= 0 && end > start ? shorten(message.slice(start + '(quick_check: '.length, end)) : message;
}

/** SQLite lists up to 100 problems; the first few say enough. */
export function shorten(report: string, lines = 6): string {
  const all = report.split('\n');
  return all.length > lines ? [...all.slice(0, lines), `… (${all.length - lines} more lines)`].join('\n') : report;
}

export function damagedMessage(file: string, detail: string, backupDir?: string): DamagedDatabaseError {
  const backups = backupDir ? [...listBackups(backupDir, 'folio-backup'), ...listBackups(backupDir, AUTO_PREFIX)].sort((a, b) => b.at.getTime() - a.at.getTime()) : [];
  const newest = backups.slice(0, 3).map((b) => `  ${b.file}  (${b.at.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')})`);
  const lines = [
    `Folio's database file is damaged and was not opened: ${file}`,
    `SQLite's check reported: ${detail}`,
    'Nothing was changed. Keep this file (a specialist may still recover data from it) and restore a backup:',
    ...(newest.length ? ['Newest backups:', ...newest] : [backupDir ? `No backups were found in ${backupDir}.` : 'Look for your backups (folio-backup-….sqlite / folio-auto-….sqlite).']),
    `To restore: npm run folio -- restore --db "${file}" --from <backup>`,
    '(The damaged file is kept aside, not deleted. If the restore says it cannot read this file to compare it with',
    'the backup, add --accept-older: issued invoices newer than the backup are then lost.)',
  ];
  return new DamagedDatabaseError(lines.join('\n'), file, backups);
}
