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
    const detail = e instanceof DatabaseDamagedError ? /\(quick_check: ([^)]*)\)/.exec(e.message)?.[1] ?? e.message : e instanceof Error ? e.message : String(e);
    throw damagedMessage(file, detail, backupDir);
  }
}

export function damagedMessage(file: string, detail: string, backupDir?: string): DamagedDatabaseError {
  const backups = backupDir ? [...listBackups(backupDir, 'folio-backup'), ...listBackups(backupDir, AUTO_PREFIX)].sort((a, b) => b.at.getTime() - a.at.getTime()) : [];
  const newest = backups.slice(0, 3).map((b) => `  ${b.file}  (${b.at.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')})`);
  const lines = [
    `Folio's database file is damaged and was not opened: ${file}`,
    `SQLite's check reported: ${detail}`,
    'Nothing was changed. Keep this file (a specialist may still recover data from it) and restore a backup:',
    ...(newest.length ? ['Newest backups:', ...newest] : [backupDir ? `No backups were found in ${backupDir}.` : 'Look for your backups (folio-backup-….sqlite / folio-auto-….sqlite).']),
    `To restore: npm run folio -- restore --db "${file}" --from <backup> --accept-older`,
    '(--accept-older is needed because the damaged file cannot be compared with the backup; it is kept aside, not deleted.)',
  ];
  return new DamagedDatabaseError(lines.join('\n'), file, backups);
}
