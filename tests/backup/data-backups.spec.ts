// The data area's backups and restore over the real HTTP door (/rpc), on a real server with a real SQLite file:
// the backup folder is checked when saved, "back up now" writes a database that opens, the daily schedule backs up
// at its time and keeps only the newest daily backups, and a restore swaps the database under the running server —
// refusing a damaged file and one from a newer Folio with reasons, changing nothing then.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../../electron/db/open';
import { BUYER, SELLER } from '../nav/queue-rig';
import { startDataRig, until, type DataRig } from './data-rig';

let rig: DataRig;
test.afterEach(async () => rig?.close());

const settings = (dir: string, over: Record<string, unknown> = {}) => ({ backup_folder: dir, schedule_enabled: false, schedule_time: '02:00', keep_daily: 7, ...over });
const clientNames = async (r: DataRig) => ((await r.ok('clients.list', {})).items as Array<{ attributes: { name: string } }>).map((c) => c.attributes.name).sort();
const count = (file: string, sql: string) => {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

test('the backup folder is checked when saved: each wrong folder is a field error on dir; a good one is created and kept', async () => {
  rig = await startDataRig();
  const defaults = await rig.ok('data.backupSettings');
  expect(defaults).toMatchObject({ backup_folder: join(rig.dir, 'backups'), default_folder: join(rig.dir, 'backups'), schedule_enabled: false, keep_daily: 14, last: null, next_run: null });

  const aFile = join(rig.dir, 'notes.txt');
  writeFileSync(aFile, 'not a folder');
  const wrong: Array<[unknown, RegExp]> = [
    ['backups', /^must be a full path/],
    [aFile, /^is a file, not a folder$/],
    [join(aFile, 'backups'), /^cannot be created: /],
  ];
  for (const [dir, message] of wrong) {
    const r = await rig.rpc('data.saveBackupSettings', settings(dir as string));
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.code).toBe('validation_failed');
    expect(r.body.errors).toEqual([{ field: 'backup_folder', message: expect.stringMatching(message) }]);
  }
  const badTime = await rig.rpc('data.saveBackupSettings', settings(join(rig.dir, 'x'), { schedule_time: '25:00', keep_daily: 0 }));
  expect(badTime.status).toBe(400);
  expect(badTime.body.errors!.map((e) => e.field).sort()).toEqual(['keep_daily', 'schedule_time']);
  // nothing was saved by the refused calls
  expect((await rig.ok('data.backupSettings')).backup_folder).toBe(join(rig.dir, 'backups'));

  const chosen = join(rig.dir, 'Mentések', 'Folio');
  const saved = await rig.ok('data.saveBackupSettings', settings(chosen, { schedule_enabled: true, schedule_time: '21:30', keep_daily: 3 }));
  expect(saved).toMatchObject({ backup_folder: chosen, schedule_enabled: true, schedule_time: '21:30', keep_daily: 3, time_zone: 'Europe/Budapest' });
  // 11:00 UTC is 12:00 in Budapest on 10 March: the next backup is at 21:30 there, 20:30 UTC
  expect(saved.next_run).toBe('2026-03-10T20:30:00.000Z');
  expect(existsSync(chosen)).toBe(true);
  expect(readdirSync(chosen)).toEqual([]); // the write test left nothing behind
  expect(await rig.ok('data.backupSettings')).toEqual(saved);
});

test('"back up now" writes a real SQLite file that opens with the data; a failure is recorded with its reason', async () => {
  rig = await startDataRig();
  await rig.ok('settings.update', { seller: SELLER });
  await rig.ok('clients.create', BUYER);
  const dir = join(rig.dir, 'usb', 'backups');
  await rig.ok('data.saveBackupSettings', settings(dir));

  const after = await rig.ok('data.backupNow');
  expect(after.last).toMatchObject({ ok: true, kind: 'manual', reason: null, at: '2026-03-10T11:00:00.000Z' });
  expect(after.last.file).toBe(join(dir, 'folio-backup-2026-03-10T120000+0100.sqlite'));
  const opened = await openDatabase(after.last.file);
  try {
    const names = await opened.db.selectFrom('clients').select('name').execute();
    expect(names).toEqual([{ name: BUYER.name }]);
    expect(String(opened.sqlite.pragma('integrity_check', { simple: true }))).toBe('ok');
  } finally {
    await opened.close();
  }
  const listed = await rig.ok('data.backups', {});
  expect(listed).toEqual({ folder: dir, backups: [{ file: after.last.file, name: 'folio-backup-2026-03-10T120000+0100.sqlite', kind: 'manual', at: '2026-03-10T11:00:00.000Z', bytes: after.last.bytes }] });

  // The drive is gone and a file sits where its folder was: the backup fails, and says why.
  rmSync(join(rig.dir, 'usb'), { recursive: true });
  writeFileSync(join(rig.dir, 'usb'), '');
  rig.dataClock.set('2026-03-10T12:00:00Z');
  const failed = await rig.ok('data.backupNow');
  expect(failed.last).toMatchObject({ ok: false, kind: 'manual', file: null, reason: 'folder_missing', at: '2026-03-10T12:00:00.000Z' });
  expect(failed.last.detail).toMatch(/ENOTDIR/);
});

test('the daily backup runs at its time on the injected clock and keeps only the newest daily ones; backups by hand stay', async () => {
  rig = await startDataRig({ checkEveryMs: 20 });
  const dir = join(rig.dir, 'daily');
  const autos = () => readdirSync(dir).filter((n) => n.startsWith('folio-auto-') && n.endsWith('.sqlite')).sort();
  const waitForAutos = (n: number) => until(`${n} daily backups`, async () => (autos().length === n ? autos() : undefined));
  const lastAt = async () => (await rig.ok('data.backupSettings')).last?.at as string | undefined;

  await rig.ok('data.saveBackupSettings', settings(dir));
  const manual = (await rig.ok('data.backupNow')).last.file as string;
  await rig.ok('data.saveBackupSettings', settings(dir, { schedule_enabled: true, schedule_time: '02:00', keep_daily: 2 }));
  // 12:00 in Budapest: today's 02:00 has passed and no daily backup exists yet, so one is made at once
  expect(await waitForAutos(1)).toEqual(['folio-auto-2026-03-10T120000+0100.sqlite']);
  expect(await until('the last backup to be the daily one', async () => ((await rig.ok('data.backupSettings')).last.kind === 'auto' ? true : undefined))).toBe(true);

  // later the same day: not due again
  rig.dataClock.set('2026-03-10T22:00:00Z');
  await new Promise((r) => setTimeout(r, 200));
  expect(autos()).toHaveLength(1);

  // 02:30 in Budapest on the next three days (01:30 UTC): one each, and only the newest two are kept
  for (const [day, expected] of [
    ['2026-03-11', ['folio-auto-2026-03-10T120000+0100.sqlite', 'folio-auto-2026-03-11T023000+0100.sqlite']],
    ['2026-03-12', ['folio-auto-2026-03-11T023000+0100.sqlite', 'folio-auto-2026-03-12T023000+0100.sqlite']],
    ['2026-03-13', ['folio-auto-2026-03-12T023000+0100.sqlite', 'folio-auto-2026-03-13T023000+0100.sqlite']],
  ] as const) {
    rig.dataClock.set(`${day}T01:30:00Z`);
    await until(`the backup of ${day}`, async () => ((await lastAt()) === `${day}T01:30:00.000Z` ? true : undefined));
    expect(autos()).toEqual(expected);
  }
  expect(existsSync(manual)).toBe(true);
  const view = await rig.ok('data.backupSettings');
  expect(view.last).toMatchObject({ ok: true, kind: 'auto', file: join(dir, 'folio-auto-2026-03-13T023000+0100.sqlite') });
  expect(view.next_run).toBe('2026-03-14T01:00:00.000Z');
});

test('restore swaps the database under the running server: the data is the backup’s, the current data is kept as a backup', async () => {
  rig = await startDataRig();
  await rig.ok('settings.update', { seller: SELLER });
  const buyer = await rig.ok('clients.create', BUYER);
  const issued = await rig.ok('invoices.create', {
    client_uid: buyer.id, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-03-10', due_date: '2026-03-18',
    items: [{ description: 'Tanácsadás', vat_id: '1', qty: '2', net_unit_price: '10000', unit: 'óra' }],
  });
  const dir = join(rig.dir, 'backups');
  await rig.ok('data.saveBackupSettings', settings(dir, { keep_daily: 5 }));
  const backup = (await rig.ok('data.backupNow')).last.file as string;
  await rig.ok('clients.create', { name: 'Később Felvett Bt.' });
  expect(await clientNames(rig)).toEqual(['Később Felvett Bt.', BUYER.name]);

  const look = await rig.ok('data.inspectBackup', { backup: backup });
  expect(look).toMatchObject({
    file: backup,
    refusal: null,
    company: SELLER.name,
    issued_invoices: 1,
    last_invoice_date: '2026-03-10',
    blocks: [{ prefix: '', last_number: issued.attributes.prefixed_invoice_no }],
    loss: { invoices: [], newer_rows: { clients: 1 } },
  });

  rig.dataClock.set('2026-03-10T11:05:00Z');
  // Requests arriving during the swap wait for it (or finish before it starts): none meets a closed database.
  let restoring = true;
  const statuses: number[] = [];
  const reader = async (op: string) => {
    while (restoring) statuses.push((await rig.rpc(op, {})).status);
  };
  const readers = [reader('clients.list'), reader('invoices.list'), reader('invoices.summary')];
  const outcome = await rig.ok('data.restore', { backup: backup }).finally(() => (restoring = false));
  await Promise.all(readers);
  expect(statuses.length).toBeGreaterThan(3);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  expect(outcome).toEqual({
    restored_from: backup,
    kept_backup: join(dir, 'folio-before-restore-2026-03-10T120500+0100.sqlite'),
    issued_invoices: 1,
    lost_invoices: [],
  });
  // the API now answers from the restored data, and keeps working on it
  expect(await clientNames(rig)).toEqual([BUYER.name]);
  expect((await rig.ok('invoices.list', {})).items).toHaveLength(1);
  await rig.ok('clients.create', { name: 'Visszaállítás Utáni Kft.' });
  expect(await clientNames(rig)).toEqual([BUYER.name, 'Visszaállítás Utáni Kft.']);
  // the data as it was before the restore is a backup in the folder, listed, and holds the later client
  expect(count(outcome.kept_backup, `select count(*) as n from clients where name = 'Később Felvett Bt.'`)).toBe(1);
  expect((await rig.ok('data.backups', {})).backups.map((b: { kind: string }) => b.kind)).toEqual(['before-restore', 'manual']);
  // this machine's backup settings survived the restore
  expect(await rig.ok('data.backupSettings')).toMatchObject({ backup_folder: dir, keep_daily: 5 });
  // the replaced file is also kept beside the database (the file swap's own safety net)
  expect(readdirSync(rig.dir).some((n) => n.startsWith('folio.sqlite.before-restore-'))).toBe(true);
});

test('a backup older than issued invoices is refused until accepted, naming the invoices it would lose', async () => {
  rig = await startDataRig();
  await rig.ok('settings.update', { seller: SELLER });
  const buyer = await rig.ok('clients.create', BUYER);
  const dir = join(rig.dir, 'backups');
  await rig.ok('data.saveBackupSettings', settings(dir));
  const backup = (await rig.ok('data.backupNow')).last.file as string;
  const later = await rig.ok('invoices.create', {
    client_uid: buyer.id, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-03-10', due_date: '2026-03-18',
    items: [{ description: 'Tanácsadás', vat_id: '1', qty: '1', net_unit_price: '5000', unit: 'óra' }],
  });
  const number = later.attributes.prefixed_invoice_no as string;
  expect((await rig.ok('data.inspectBackup', { backup: backup })).loss.invoices).toEqual([{ number, date: '2026-03-10' }]);

  const refused = await rig.rpc('data.restore', { backup: backup });
  expect(refused.status).toBe(422);
  expect(refused.body.errors).toEqual([{ field: 'accept_older', message: `would lose 1 issued invoice the backup does not contain: ${number}` }]);
  expect((await rig.ok('invoices.list', {})).items).toHaveLength(1);
  expect(readdirSync(dir)).toHaveLength(1);

  const outcome = await rig.ok('data.restore', { backup: backup, accept_older: true });
  expect(outcome.lost_invoices).toEqual([number]);
  expect((await rig.ok('invoices.list', {})).items).toHaveLength(0);
});

test('a damaged backup and one from a newer Folio are refused with their reasons; nothing changes', async () => {
  rig = await startDataRig();
  await rig.ok('settings.update', { seller: SELLER });
  const buyer = await rig.ok('clients.create', BUYER);
  for (let i = 0; i < 150; i++) {
    await rig.server.core.call('invoices.create', {
      client_uid: buyer.id, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-03-10', due_date: '2026-03-18',
      items: [{ description: `Tétel ${i}`, vat_id: '1', qty: '1', net_unit_price: '1000', unit: 'db' }],
    });
  }
  const dir = join(rig.dir, 'backups');
  await rig.ok('data.saveBackupSettings', settings(dir));
  const backup = (await rig.ok('data.backupNow')).last.file as string;
  await rig.ok('clients.create', { name: 'Marad Kft.' });
  const before = await clientNames(rig);

  const elsewhere = join(rig.dir, 'elsewhere');
  mkdirSync(elsewhere);
  const damaged = join(elsewhere, 'damaged.sqlite');
  const bytes = (await import('node:fs')).readFileSync(backup);
  bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 8192);
  writeFileSync(damaged, bytes);
  const newer = join(elsewhere, 'newer.sqlite');
  copyFileSync(backup, newer);
  const db = new BetterSqlite3(newer);
  db.prepare(`insert into kysely_migration (name, timestamp) values ('0999-from-the-future', '2030-01-01T00:00:00.000Z')`).run();
  db.close();

  const lookDamaged = await rig.ok('data.inspectBackup', { backup: damaged });
  expect(lookDamaged.refusal).toEqual({ reason: 'damaged', message: expect.stringMatching(/^is (damaged|not a readable SQLite database)/) });
  const lookNewer = await rig.ok('data.inspectBackup', { backup: newer });
  expect(lookNewer.refusal).toEqual({ reason: 'schema-too-new', message: expect.stringMatching(/^was written by a newer version of Folio .*0999-from-the-future/) });

  for (const [file, message] of [[damaged, /^is (damaged|not a readable SQLite database)/], [newer, /^was written by a newer version of Folio/]] as const) {
    const r = await rig.rpc('data.restore', { backup: file });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'backup', message: expect.stringMatching(message) }]);
  }
  const missing = await rig.rpc('data.inspectBackup', { backup: join(elsewhere, 'nincs.sqlite') });
  expect(missing.body.errors).toEqual([{ field: 'backup', message: 'does not exist or is not a file' }]);

  expect(await clientNames(rig)).toEqual(before);
  expect(readdirSync(dir)).toEqual([backup.slice(dir.length + 1)]);
  expect(readdirSync(rig.dir).some((n) => n.includes('before-restore'))).toBe(false);
});
