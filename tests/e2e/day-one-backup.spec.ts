// A backup taken away from the browser (issue 36): Settings → Data lists the backups with "Letöltés", the file comes
// with the API key and is the database itself, named in Budapest wall-clock time; a name outside the listing is 404.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { API_KEY, rpcOn, setSeller, signIn, startFolio, watchErrors, type Folio } from './support/folio';
import { screenshot } from './support/shots';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

test('a backup is downloaded from the browser, named in Budapest time; only the listed backups are served', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const dir = join(folio.dbFile, '..', 'mentesek');
  await rpcOn(folio.url, API_KEY, 'data.saveBackupSettings', { backup_folder: dir, schedule_enabled: false, schedule_time: '02:00', keep_daily: 7 });
  const made = await rpcOn(folio.url, API_KEY, 'data.backupNow');
  const name = String(made.last.file).split(/[\\/]/).pop()!;
  // the wall clock in Budapest with its offset (the real clock: backups never use the business clock)
  expect(name).toMatch(/^folio-backup-\d{4}-\d{2}-\d{2}T\d{6}\+0[12]00\.sqlite$/);

  await signIn(page, folio, '#/settings/data');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Letöltés: / }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(name);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\u0000');
  expect(bytes.length).toBe(made.last.bytes);
  await screenshot(page, 'day-one', 'backup-download');

  // without the key, or with a name that is not one of the folder's backups: nothing is served
  expect((await fetch(`${folio.url}/data/backups/${name}/file`)).status).toBe(401);
  for (const other of ['folio-backup-2026-01-01T000000+0100.sqlite', '..%2Ffolio.sqlite', 'folio.sqlite']) {
    const res = await fetch(`${folio.url}/data/backups/${other}/file`, { headers: { 'X-API-KEY': API_KEY } });
    expect(res.status).toBe(404);
  }
  expect(errors).toEqual([]);
});
