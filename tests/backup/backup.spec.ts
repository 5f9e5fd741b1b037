// Online backups: taken while another process issues invoices, the copy is consistent and complete up to the
// moment the backup began; progress is reported; the daily schedule backs up when due and keeps `keep` copies.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import { backupDatabase, createBackupSchedule, restore, type BackupProgress } from '../../electron/backup/index';
import { fileStamp, stampOf } from '../../electron/backup/files';
import type { Clock } from '../../electron/core/clock';
import { createClient, integrity, issue, Issuer, openLive, query, tempDir } from './helpers';

test('a backup taken while another process issues invoices restores to a sound database holding every invoice committed before it began', async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, 'folio.sqlite');
  const live = await openLive(file);
  const clientId = await createClient(live.core);
  for (let i = 0; i < 200; i++) await issue(live.core, clientId);
  const issuer = new Issuer(file);
  try {
    await issuer.waitFor(20);
    const before = [...issuer.committed];
    const progress: BackupProgress[] = [];
    // Small steps, each held a few milliseconds, so the other process's commits land between them.
    const result = await backupDatabase({
      source: file,
      dir: join(tmp.dir, 'backups'),
      pagesPerStep: 2,
      onProgress: (p) => {
        progress.push(p);
        const until = Date.now() + 5;
        while (p.restarts === 0 && Date.now() < until);
      },
    });
    const during = issuer.committed.length - before.length;
    await issuer.stop();

    // The other process wrote while the copy ran (SQLite restarted the copy, or commits arrived meanwhile).
    expect(result.restarts + during).toBeGreaterThan(0);
    expect(result.file).toMatch(/folio-backup-\d{4}-\d{2}-\d{2}T\d{6}[+-]\d{4}\.sqlite$/);
    expect(existsSync(`${result.file}-wal`)).toBe(false);
    expect(progress.at(-1)).toMatchObject({ remainingPages: 0 });
    expect(integrity(result.file)).toBe('ok');

    const restoredFile = join(tmp.dir, 'restored.sqlite');
    await restore(result.file, restoredFile);
    expect(integrity(restoredFile)).toBe('ok');
    const rows = query<{ id: number; invoice_no: string; items: number; total_milli: number }>(
      restoredFile,
      `select i.id, i.invoice_no, i.total_milli, (select count(*) from invoice_items t where t.invoice_id = i.id) as items
         from invoices i where i.sealed = 1 order by i.number_seq`,
    );
    const present = new Set(rows.map((r) => r.invoice_no));
    for (const inv of before) expect(present.has(inv.no)).toBe(true);
    // A consistent moment: numbers without gaps, and every invoice with all of its lines.
    rows.forEach((r, i) => expect(r.invoice_no).toBe(`2026-${String(i + 1).padStart(6, '0')}`));
    const fromIssuer = new Set(issuer.committed.map((c) => c.no));
    for (const r of rows) expect(r.items).toBe(fromIssuer.has(r.invoice_no) ? 2 : 1);
    test.info().annotations.push({
      type: 'figures',
      description: `${rows.length} invoices in the backup, ${during} committed by the other process while it ran, ${result.pages} pages, ${result.restarts} restart(s), ${result.ms} ms`,
    });
  } finally {
    await issuer.stop().catch(() => undefined);
    await live.close();
    tmp.remove();
  }
});

test('a write by another connection mid-copy restarts the copy, which then holds that write', async () => {
  const tmp = tempDir();
  const live = await openLive(join(tmp.dir, 'folio.sqlite'));
  const other = new BetterSqlite3(live.file);
  try {
    const clientId = await createClient(live.core);
    for (let i = 0; i < 100; i++) await issue(live.core, clientId);
    let wrote = false;
    const result = await backupDatabase({
      source: live.opened.sqlite,
      dir: tmp.dir,
      pagesPerStep: 4,
      onProgress: (p) => {
        if (!wrote && p.remainingPages < p.totalPages / 2) {
          other.prepare(`insert into settings (key, value) values ('backup-test', 'written mid-copy')`).run();
          wrote = true;
        }
      },
    });
    expect(wrote).toBe(true);
    expect(result.restarts).toBe(1);
    expect(query(result.file, `select value from settings where key = 'backup-test'`)).toEqual([{ value: 'written mid-copy' }]);
    expect(integrity(result.file)).toBe('ok');
  } finally {
    other.close();
    await live.close();
    tmp.remove();
  }
});

test("backing up through the app's own connection: its writes carry on and are all in or all out", async () => {
  const tmp = tempDir();
  const live = await openLive(join(tmp.dir, 'folio.sqlite'));
  try {
    const clientId = await createClient(live.core);
    for (let i = 0; i < 50; i++) await issue(live.core, clientId);
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        await issue(live.core, clientId);
        n++;
        // as requests arrive in the app: each from its own turn of the event loop, where the backup's steps run too
        await new Promise((resolve) => setImmediate(resolve));
      }
      return n;
    })();
    const result = await backupDatabase({ source: live.opened.sqlite, dir: tmp.dir, pagesPerStep: 1 });
    writing = false;
    const written = await writer;
    expect(written).toBeGreaterThan(0);
    expect(integrity(result.file)).toBe('ok');
    const { n, maxSeq } = query<{ n: number; maxSeq: number }>(result.file, 'select count(*) as n, max(number_seq) as maxSeq from invoices')[0]!;
    expect(n).toBe(maxSeq);
    expect(n).toBeGreaterThanOrEqual(50);
  } finally {
    await live.close();
    tmp.remove();
  }
});

class StepClock implements Clock {
  constructor(private ms: number) {}
  now() {
    return new Date(this.ms);
  }
  advance(ms: number) {
    this.ms += ms;
  }
}

test('the daily schedule backs up when the newest automatic backup is a day old and keeps the newest `keep`', async () => {
  const tmp = tempDir();
  const live = await openLive(join(tmp.dir, 'folio.sqlite'));
  const dir = join(tmp.dir, 'backups');
  try {
    await createClient(live.core);
    const clock = new StepClock(Date.parse('2026-03-15T02:00:00Z'));
    const backups: string[] = [];
    const schedule = createBackupSchedule({ dir, keep: 3, clock, source: live.opened.sqlite, onBackup: (r) => backups.push(r.file) });
    expect(schedule.latest()).toBeNull();
    expect(await schedule.runIfDue()).not.toBeNull();
    clock.advance(23 * 3_600_000);
    expect(await schedule.runIfDue()).toBeNull();
    // A backup a person made by hand is not the schedule's to delete.
    await backupDatabase({ source: live.opened.sqlite, dir, clock });
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    for (let day = 0; day < 5; day++) {
      clock.advance(3_600_000);
      expect(await schedule.runIfDue()).not.toBeNull();
      clock.advance(23 * 3_600_000);
    }
    const names = readdirSync(dir).sort();
    expect(names.filter((n) => n.startsWith('folio-auto-'))).toEqual([
      'folio-auto-2026-03-18T030000+0100.sqlite',
      'folio-auto-2026-03-19T030000+0100.sqlite',
      'folio-auto-2026-03-20T030000+0100.sqlite',
    ]);
    expect(names.filter((n) => n.startsWith('folio-backup-'))).toHaveLength(1);
    expect(names).toContain('notes.txt');
    expect(schedule.latest()!.file).toBe(join(dir, 'folio-auto-2026-03-20T030000+0100.sqlite'));
    for (const n of names.filter((x) => x.endsWith('.sqlite'))) expect(integrity(join(dir, n))).toBe('ok');
  } finally {
    await live.close();
    tmp.remove();
  }
});

test('start() looks first after a minute, then every hour, with injected timers; stop() cancels', async () => {
  const tmp = tempDir();
  const live = await openLive(join(tmp.dir, 'folio.sqlite'));
  try {
    const pending: Array<{ fn: () => void; ms: number }> = [];
    const timers = {
      setTimeout: (fn: () => void, ms: number) => {
        const t = { fn, ms };
        pending.push(t);
        return t;
      },
      clearTimeout: (h: unknown) => {
        const i = pending.indexOf(h as (typeof pending)[number]);
        if (i >= 0) pending.splice(i, 1);
      },
    };
    let made = 0;
    const schedule = createBackupSchedule({ dir: tmp.dir, keep: 2, source: live.file, timers, onBackup: () => made++ });
    schedule.start();
    expect(pending.map((t) => t.ms)).toEqual([60_000]);
    pending.shift()!.fn();
    await expect.poll(() => made).toBe(1);
    await expect.poll(() => pending.map((t) => t.ms)).toEqual([3_600_000]);
    await schedule.stop();
    expect(pending).toHaveLength(0);
  } finally {
    await live.close();
    tmp.remove();
  }
});

test('backup names read as Budapest wall-clock time with the offset, in winter and in summer; older UTC names still parse', () => {
  expect(fileStamp(new Date('2026-03-10T11:00:00Z'))).toBe('2026-03-10T120000+0100');
  expect(fileStamp(new Date('2026-07-01T22:30:05Z'))).toBe('2026-07-02T003005+0200');
  // the hour repeated when summer time ends: the offset tells the two apart
  expect(fileStamp(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25T023000+0200');
  expect(fileStamp(new Date('2026-10-25T01:30:00Z'))).toBe('2026-10-25T023000+0100');
  expect(stampOf('folio-backup-2026-10-25T023000+0100.sqlite')!.toISOString()).toBe('2026-10-25T01:30:00.000Z');
  expect(stampOf('folio-auto-2026-07-02T003005+0200-1.sqlite')!.toISOString()).toBe('2026-07-01T22:30:05.000Z');
  expect(stampOf('folio-backup-2026-03-15T090000Z.sqlite')!.toISOString()).toBe('2026-03-15T09:00:00.000Z');
  expect(stampOf('notes.sqlite')).toBeNull();
});
