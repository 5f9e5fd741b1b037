// `npm run folio -- recurring …` as a user runs it: a real process on a database file.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { FOLIO_ENTRY } from '../support/built';
import { makeBase, makeClient, makeProfile, openCore } from './support/setup';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NOW = '2026-03-15T10:00:00+01:00';

function folio(...args: string[]) {
  const r = spawnSync(process.execPath, [FOLIO_ENTRY, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, FOLIO_NOW: NOW },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('recurring --help, pending, skip and run', async () => {
  test.setTimeout(120_000);
  const t = await openCore(NOW);
  const profile = await makeProfile(t.core, await makeBase(t.core, await makeClient(t.core, 'Parancssor Kft.')), { start_date: '2026-01-05' });
  await t.closeDb();
  try {
    const help = folio('recurring', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npm run folio -- recurring <run | pending | skip>');
    expect(folio('recurring', 'run').code).toBe(2); // no --db

    const pending = folio('recurring', 'pending', '--db', t.file);
    expect(pending.code, pending.err).toBe(0);
    expect(pending.out).toContain('3 occurrence(s) due');
    expect(pending.out).toContain('Parancssor Kft.');

    const skip = folio('recurring', 'skip', '--db', t.file, '--profile', String(profile), '--date', '2026-01-05');
    expect(skip.code, skip.err).toBe(0);
    expect(skip.out).toContain('skipped profile');

    const run = folio('recurring', 'run', '--db', t.file);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('Recurring pass for 2026-03-15: 2 issued, 0 failed.');
    expect(run.out).toContain('issued 2026-000001');
    expect(run.out).toContain('period 2026-02-05 – 2026-03-04, fulfillment 2026-02-05');

    const again = folio('recurring', 'run', '--db', t.file, '--json');
    expect(JSON.parse(again.out)).toMatchObject({ date: '2026-03-15', issued: [], failed: [] });
  } finally {
    rmSync(t.dir, { recursive: true, force: true });
  }
});
