// Restore: refuses what could make things worse (an older backup without the flag, a damaged file, a schema from a
// newer Folio, a database in use), says exactly what would be lost, keeps the replaced file aside, and swaps files
// in one rename. The start-up quick_check gives a message that says what to do.
import { orderedSelect } from '../support/table-order';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import { backupDatabase, openDatabaseChecked, restore, RestoreRefusedError, DamagedDatabaseError } from '../../electron/backup/index';
import { openDatabase } from '../../electron/db/open';
import { createClient, integrity, issue, openLive, query, tempDir } from './helpers';

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Every row of every table: equal for two files that hold the same data in different journal modes. */
function digest(file: string): string {
  const hash = createHash('sha256');
  const tables = query<{ name: string }>(file, `select name from sqlite_master where type = 'table' order by name`);
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    for (const { name } of tables) hash.update(name + JSON.stringify(db.prepare(orderedSelect(db, name)).all()));
  } finally {
    db.close();
  }
  return hash.digest('hex');
}

async function refusal(p: Promise<unknown>): Promise<RestoreRefusedError> {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(RestoreRefusedError);
  return e as RestoreRefusedError;
}

test('an older backup is refused with the list of issued invoices it lacks; --accept-older restores and keeps the old file aside', async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, 'folio.sqlite');
  let live = await openLive(file);
  try {
    const clientId = await createClient(live.core);
    for (let i = 0; i < 3; i++) await issue(live.core, clientId);
    const backup = await backupDatabase({ source: live.opened.sqlite, dir: join(tmp.dir, 'backups') });
    const later = [await issue(live.core, clientId), await issue(live.core, clientId)];
    await live.core.call('invoices.pay', { id: later[0]!.id, date: '2026-03-15', amount: 100, payment_method: 1 } as never);
    await createClient(live.core, { name: 'Új Ügyfél' });
    await live.close();
    const before = sha(file);
    const data = digest(file);

    const e = await refusal(restore(backup.file, file));
    expect(e.reason).toBe('older');
    expect(e.message).toContain('would lose 2 issued invoices that the backup does not contain: 2026-000004 (2026-03-15), 2026-000005 (2026-03-15)');
    expect(e.message).toContain('Issued invoices are legal records');
    expect(e.message).toContain('Also added since the backup and lost by restoring it: 1 payment, 1 client.');
    expect(e.message).toContain('Nothing was changed');
    expect(e.message).toContain('--accept-older');
    expect(e.loss!.invoices.map((i) => i.number)).toEqual(later.map((l) => l.no));
    expect(sha(file)).toBe(before);
    // (a reader leaves SQLite's -wal/-shm beside a WAL database, as the app itself does; nothing else appears)
    expect(readdirSync(tmp.dir).filter((n) => !/-(wal|shm)$/.test(n)).sort()).toEqual(['backups', 'folio.sqlite']);

    const result = await restore(backup.file, file, { acceptOlder: true });
    expect(result.lost!.invoices).toHaveLength(2);
    expect(result.issuedInvoices).toBe(3);
    expect(integrity(file)).toBe('ok');
    expect(query(file, 'select invoice_no from invoices order by id')).toEqual([
      { invoice_no: '2026-000001' }, { invoice_no: '2026-000002' }, { invoice_no: '2026-000003' },
    ]);
    // The replaced database is kept whole (folded into one file, journal mode aside), not deleted.
    expect(result.replacedFile).toMatch(/folio\.sqlite\.before-restore-\d{4}-\d{2}-\d{2}T\d{6}[+-]\d{4}$/);
    expect(digest(result.replacedFile!)).toBe(data);
    expect(integrity(result.replacedFile!)).toBe('ok');
    expect(query(result.replacedFile!, 'select count(*) as n from invoices')).toEqual([{ n: 5 }]);
    expect(readdirSync(tmp.dir).filter((n) => n.includes('.tmp'))).toEqual([]);

    // The restored file opens normally and issues the next number after the backup's last.
    live = await openLive(file);
    expect((await issue(live.core, clientId)).no).toBe('2026-000004');
  } finally {
    await live.close().catch(() => undefined);
    tmp.remove();
  }
});

test('a backup that holds every issued invoice (same or newer) restores without the flag', async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, 'folio.sqlite');
  const live = await openLive(file);
  const clientId = await createClient(live.core);
  await issue(live.core, clientId);
  const old = await backupDatabase({ source: live.opened.sqlite, dir: tmp.dir });
  await issue(live.core, clientId);
  const newer = await backupDatabase({ source: live.opened.sqlite, dir: tmp.dir });
  await live.close();
  try {
    await restore(old.file, file, { acceptOlder: true });
    const result = await restore(newer.file, file);
    expect(result.lost).toBeNull();
    expect(query(file, 'select count(*) as n from invoices')).toEqual([{ n: 2 }]);
    // a fresh target: nothing to compare, nothing to keep aside
    const fresh = await restore(newer.file, join(tmp.dir, 'elsewhere.sqlite'));
    expect(fresh.replacedFile).toBeNull();
  } finally {
    tmp.remove();
  }
});

test('damaged, foreign and missing backups are refused; the live file is untouched', async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, 'folio.sqlite');
  const live = await openLive(file);
  const clientId = await createClient(live.core);
  for (let i = 0; i < 300; i++) await issue(live.core, clientId);
  const backup = await backupDatabase({ source: live.opened.sqlite, dir: tmp.dir });
  await live.close();
  const before = sha(file);
  try {
    const damaged = join(tmp.dir, 'damaged.sqlite');
    const bytes = readFileSync(backup.file);
    // Garbage over the middle of the file: b-tree pages of the invoices.
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 8192);
    writeFileSync(damaged, bytes);
    const e1 = await refusal(restore(damaged, file));
    expect(e1.reason).toBe('damaged');
    expect(e1.message).toMatch(/is (damaged \(integrity_check|not a readable SQLite database)/);

    const text = join(tmp.dir, 'notes.sqlite');
    writeFileSync(text, 'not a database at all, just some text that is long enough to have a header'.repeat(20));
    expect((await refusal(restore(text, file))).reason).toBe('damaged');

    const foreign = join(tmp.dir, 'foreign.sqlite');
    const f = new BetterSqlite3(foreign);
    f.exec('create table t (x)');
    f.close();
    const e3 = await refusal(restore(foreign, file));
    expect(e3.reason).toBe('not-folio');

    expect((await refusal(restore(join(tmp.dir, 'nope.sqlite'), file))).reason).toBe('missing');
    expect(sha(file)).toBe(before);
    expect(readdirSync(tmp.dir).filter((n) => n.includes('.tmp') || n.includes('before-restore'))).toEqual([]);
  } finally {
    tmp.remove();
  }
});

test('a backup written by a newer Folio (unknown migration) is refused with the schema message', async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, 'folio.sqlite');
  const live = await openLive(file);
  await createClient(live.core);
  const backup = await backupDatabase({ source: live.opened.sqlite, dir: tmp.dir });
  await live.close();
  try {
    const b = new BetterSqlite3(backup.file);
    b.prepare(`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2030-01-01T00:00:00.000Z')`).run();
    b.close();
    const e = await refusal(restore(backup.file, file));
    expect(e.reason).toBe('schema-too-new');
    expect(e.message).toContain('written by a newer version of Folio');
    expect(e.message).toContain('9999-from-the-future');
  } finally {
    tmp.remove();
  }
});

test('a database in use by another connection is not replaced', async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, 'folio.sqlite');
  const live = await openLive(file);
  try {
    await createClient(live.core);
    const backup = await backupDatabase({ source: live.opened.sqlite, dir: tmp.dir });
    const e = await refusal(restore(backup.file, file));
    expect(e.reason).toBe('in-use');
    expect(e.message).toContain('Close Folio');
    expect(readdirSync(tmp.dir).filter((n) => n.includes('before-restore') || n.includes('.tmp'))).toEqual([]);
    // the app still works on its file
    await createClient(live.core, { name: 'Még működik' });
  } finally {
    await live.close();
    tmp.remove();
  }
});

test('start-up quick_check: a damaged database gets a message naming the newest backups and the restore command', async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, 'folio.sqlite');
  const backups = join(tmp.dir, 'backups');
  const live = await openLive(file);
  const clientId = await createClient(live.core);
  for (let i = 0; i < 300; i++) await issue(live.core, clientId);
  const backup = await backupDatabase({ source: live.opened.sqlite, dir: backups });
  await live.close();
  try {
    const bytes = readFileSync(file);
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 8192);
    writeFileSync(file, bytes);
    const e = await openDatabaseChecked(file, { backupDir: backups }).then(() => null, (x: unknown) => x);
    expect(e).toBeInstanceOf(DamagedDatabaseError);
    const message = (e as Error).message;
    expect(message).toContain(`Folio's database file is damaged and was not opened: ${file}`);
    expect(message).toContain('Nothing was changed');
    expect(message).toContain(backup.file);
    expect(message).toContain(`npm run folio -- restore --db "${file}" --from <backup>`);

    // …and the way out works: the damaged file is kept aside, the backup takes its place.
    const result = await restore(backup.file, file, { acceptOlder: true });
    expect(existsSync(result.replacedFile!)).toBe(true);
    const reopened = await openDatabase(file, { quickCheck: true });
    await reopened.close();
  } finally {
    tmp.remove();
  }
});
