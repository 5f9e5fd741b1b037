// The CLI as a user runs it (its bundle, what `npm run folio -- …` runs, in a child process): --help for each command, wrong
// usage, and a full round trip — backup, more invoices, restore refused then accepted, export as JSON and CSV.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse as parseCsv } from 'csv-parse/sync';
import { cli, createClient, integrity, issue, openLive, query, tempDir } from './helpers';

test('--help of backup, restore and export, and wrong usage', async () => {
  const [backup, restore, exp, bad, top] = await Promise.all([
    cli(['backup', '--help']),
    cli(['restore', '--help']),
    cli(['export', '-h']),
    cli(['restore', '--db', 'x.sqlite']),
    cli(['--help']),
  ]);
  expect(backup.code).toBe(0);
  expect(backup.stdout).toContain('Usage: npm run folio -- backup --db <file> [--out <dir>]');
  expect(restore.code).toBe(0);
  expect(restore.stdout).toContain('Usage: npm run folio -- restore --db <file> --from <backup> [--accept-older]');
  expect(restore.stdout).toContain('--accept-older');
  expect(exp.code).toBe(0);
  expect(exp.stdout).toContain('Usage: npm run folio -- export --db <file> --out <dir> [--format json|csv|xlsx]');
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('Missing --from <backup>.');
  expect(top.stdout).toMatch(/backup\s+Back up the database/);
  expect(top.stdout).toMatch(/restore\s+Restore the database from a backup/);
  expect(top.stdout).toMatch(/export\s+Export all data as JSON or CSV/);
});

test('round trip: backup, issue more, restore refused then accepted, export JSON and CSV', async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, 'folio.sqlite');
  try {
    let live = await openLive(file);
    const clientId = await createClient(live.core);
    for (let i = 0; i < 5; i++) await issue(live.core, clientId);
    await live.close();

    const backup = await cli(['backup', '--db', file]);
    expect(backup.code).toBe(0);
    const backupFile = backup.stdout.trim();
    expect(backupFile).toMatch(new RegExp(`^${join(tmp.dir, 'backups').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/folio-backup-.*\\.sqlite$`));
    expect(backup.stderr).toContain('backup: 100%');
    expect(integrity(backupFile)).toBe('ok');

    live = await openLive(file);
    const sixth = await issue(live.core, clientId);
    await live.close();

    const refused = await cli(['restore', '--db', file, '--from', backupFile]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Restore refused: The backup ${backupFile} is older than the live data`);
    expect(refused.stderr).toContain(`${sixth.no} (2026-03-15)`);
    expect(query(file, 'select count(*) as n from invoices')).toEqual([{ n: 6 }]);

    const accepted = await cli(['restore', '--db', file, '--from', backupFile, '--accept-older']);
    expect(accepted.code).toBe(0);
    expect(accepted.stderr).toContain('(5 issued invoices)');
    expect(accepted.stderr).toContain(`Given up (--accept-older): ${sixth.no}`);
    const aside = /kept as (.+)$/m.exec(accepted.stderr)![1]!;
    expect(existsSync(aside)).toBe(true);
    expect(query(file, 'select count(*) as n from invoices')).toEqual([{ n: 5 }]);
    expect(integrity(file)).toBe('ok');

    const json = await cli(['export', '--db', file, '--out', join(tmp.dir, 'export')]);
    expect(json.code).toBe(0);
    expect(json.stderr).toContain('invoices: 100% (5/5)');
    const data = JSON.parse(readFileSync(json.stdout.trim(), 'utf8'));
    expect(data.invoices).toHaveLength(5);
    expect(data.invoices.map((i: { attributes: { total: string } }) => i.attributes.total)).toEqual(Array(5).fill('1270.000'));

    const csv = await cli(['export', '--db', file, '--out', join(tmp.dir, 'export'), '--format', 'csv']);
    expect(csv.code).toBe(0);
    const rows: string[][] = parseCsv(readFileSync(join(csv.stdout.trim(), 'invoices.csv'), 'utf8'), { bom: true });
    expect(rows).toHaveLength(6);
    expect(rows[0]!.slice(0, 2)).toEqual(['id', 'invoice_no']);

    const badFormat = await cli(['export', '--db', file, '--out', tmp.dir, '--format', 'xml']);
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toContain('Unknown format "xml"');
  } finally {
    tmp.remove();
  }
});
