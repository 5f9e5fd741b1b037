// When the desktop app runs SQLite's quick_check on its database before the window opens. The check reads the whole
// file (3.7 s at a million invoices, docs/million.md "Start-up"), and a file closed cleanly by this app has not been
// written since, so the window does not wait for it then: the check runs when the last session did not end with a
// clean close (a crash, a kill, a power loss: when damage is likely), on the first start, and on every file a
// restore puts in place. A damaged file found then is reported as before (DatabaseDamagedError).
//
// The mark is a small file beside the database, written after the database was closed cleanly and removed when it
// is opened: while the app runs there is none, so a session that never closes leaves none behind.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** The mark's file for a database file. */
export function cleanCloseMark(dbFile: string): string {
  return `${dbFile}.closed-cleanly`;
}

/**
 * Whether this start must check the file first; consumes the mark, so a crash of this session leads to a check at
 * the next start. A mark that cannot be read (or names another file) counts as none: check.
 */
export function startNeedsCheck(dbFile: string): boolean {
  const mark = cleanCloseMark(dbFile);
  let closedCleanly = false;
  try {
    const content = JSON.parse(readFileSync(mark, 'utf8')) as { file?: unknown };
    closedCleanly = content.file === dbFile;
  } catch {
    closedCleanly = false;
  }
  rmSync(mark, { force: true });
  return !closedCleanly;
}

/** Called once the database was closed cleanly (WAL checkpointed, handle closed). */
export function markCleanClose(dbFile: string, now: Date = new Date()): void {
  writeFileSync(cleanCloseMark(dbFile), JSON.stringify({ file: dbFile, closed_at: now.toISOString() }));
}
