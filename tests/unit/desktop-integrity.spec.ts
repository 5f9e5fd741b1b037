// The desktop app's start-up quick_check (electron/main/integrity.ts): the window waits for it only when the last
// session did not close the database cleanly, and a damaged file found then is still refused with its message.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { cleanCloseMark, markCleanClose, startNeedsCheck } from '../../electron/main/integrity';
import { DatabaseDamagedError, openDatabase } from '../../electron/db/open';

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'folio-integrity-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

test('the first start and a start after a crash check; a start after a clean close does not, once', async () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, 'folio.sqlite');
    expect(startNeedsCheck(file)).toBe(true); // first start: no mark
    const opened = await openDatabase(file, { quickCheck: true });
    await opened.close();
    markCleanClose(file, new Date('2026-11-27T09:00:00Z'));
    expect(JSON.parse(readFileSync(cleanCloseMark(file), 'utf8'))).toEqual({ file, closed_at: '2026-11-27T09:00:00.000Z' });

    expect(startNeedsCheck(file)).toBe(false); // closed cleanly: the window does not wait
    expect(existsSync(cleanCloseMark(file))).toBe(false); // the running session holds no mark…
    expect(startNeedsCheck(file)).toBe(true); // …so if it crashes, the next start checks
  } finally {
    tmp.remove();
  }
});

test('a mark that cannot be read or names another file counts as none', () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, 'folio.sqlite');
    writeFileSync(cleanCloseMark(file), 'half a wri');
    expect(startNeedsCheck(file)).toBe(true);
    markCleanClose(join(tmp.dir, 'other.sqlite'));
    writeFileSync(cleanCloseMark(file), readFileSync(cleanCloseMark(join(tmp.dir, 'other.sqlite'))));
    expect(startNeedsCheck(file)).toBe(true);
  } finally {
    tmp.remove();
  }
});

test('a file damaged in a session that crashed is refused at the next start with the damage named', async () => {
  const tmp = tempDir();
  try {
    const file = join(tmp.dir, 'folio.sqlite');
    const opened = await openDatabase(file);
    opened.sqlite.exec('create table filler (id integer primary key, text text)');
    const insert = opened.sqlite.prepare('insert into filler (text) values (?)');
    for (let i = 0; i < 3000; i++) insert.run(`row ${i} ${'x'.repeat(200)}`);
    await opened.close();
    markCleanClose(file);
    expect(startNeedsCheck(file)).toBe(false);
    // the session that followed never closed (no mark), and its file got damaged meanwhile
    const bytes = readFileSync(file);
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 8192);
    writeFileSync(file, bytes);

    const check = startNeedsCheck(file);
    expect(check).toBe(true);
    const refused = await openDatabase(file, { quickCheck: check }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).not.toBeNull();
    // quick_check's report, or SQLite refusing the file before the check could run
    expect(refused instanceof DatabaseDamagedError || /SQLITE_CORRUPT|malformed|not a database/i.test(String((refused as Error).message) + String((refused as { code?: string }).code))).toBe(true);
  } finally {
    tmp.remove();
  }
});
