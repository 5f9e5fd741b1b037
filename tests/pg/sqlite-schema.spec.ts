// The PostgreSQL branch of the migrations leaves SQLite's output as it was: existing files were migrated by these
// migrations, so a fresh SQLite database must get exactly the schema recorded in sqlite-schema.snapshot.json (dumped
// before the branch was added). A migration added later changes the snapshot on purpose: regenerate it then with
// FOLIO_UPDATE_SQLITE_SNAPSHOT=1 and review the diff.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../electron/db/open';

const SNAPSHOT = join(import.meta.dirname, 'sqlite-schema.snapshot.json');

test('a fresh SQLite database gets exactly the recorded schema (sqlite_master)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-sqlite-schema-'));
  const opened = await openDatabase(join(dir, 'folio.db'));
  try {
    const rows = opened.sqlite.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name').all();
    if (process.env.FOLIO_UPDATE_SQLITE_SNAPSHOT === '1') writeFileSync(SNAPSHOT, JSON.stringify(rows, null, 1) + '\n');
    const recorded = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as unknown[];
    expect(recorded.length).toBeGreaterThan(100);
    expect(rows).toEqual(recorded);
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
