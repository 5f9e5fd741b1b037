// The data area on the team server: the same year of documents is written over HTTP into a server on SQLite and a
// server on PostgreSQL (`startServer({ pgUrl })`), and the exports of both are downloaded and read back — the CSV
// and JSON exports and the accountant package hold the same files line for line (PDFs compared by their text, the
// workbook by its cells). The package is also e-mailed from the PostgreSQL server to a real SMTP server. The backup
// operations are refused there with the administrator's words, and nothing in the database changes. And the
// snapshot an export reads on PostgreSQL is one moment: what commits meanwhile is not in it, and it writes nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import readXlsxFile, { readSheet } from 'read-excel-file/node';
import { sql } from 'kysely';
import { createCore, type Core } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';
import { openPostgres } from '../../electron/db/pg/open';
import { postgresSource } from '../../electron/export/postgres-source';
import { exportFile, startDataRig, startPgDataRig, until, type DataRig, type PgDataRig, type ServerRig } from '../backup/data-rig';
import { unzip } from '../backup/unzip';
import { pdfText } from '../documents/pdf-text';
import { startSmtp, type TestSmtp } from '../mail/helpers';
import { validateNavXml } from '../nav/schema';
import { accountantPackage } from '../reports/accountant-zip';
import { seedYear, type YearDocs } from '../reports/vat-year';
import { clientBody, FIXED_NOW, seedSeller, TEST_SELLER } from '../support/fixtures';
import { pgDigest } from '../support/pg-digest';
import { freshPgDatabase } from '../support/postgres';

const YEAR = { date_from: '2026-01-01', date_to: '2026-12-31' };
const RECEIPT = Buffer.from('%PDF-1.4\n% a supplier invoice\n');

let sqliteRig: DataRig | undefined;
let pgRig: PgDataRig | undefined;
let smtp: TestSmtp | undefined;
test.afterEach(async () => {
  await Promise.all([sqliteRig?.close(), pgRig?.close(), smtp?.close()]);
  sqliteRig = pgRig = smtp = undefined;
});

/** The report tests' year (seedYear), every call of it made over the rig's HTTP door. */
async function seedOverHttp(rig: ServerRig): Promise<YearDocs> {
  await rig.ok('settings.update', { seller: TEST_SELLER });
  const overHttp = { call: (name: string, input: unknown) => rig.ok(name, input) } as unknown as Core;
  const docs = await seedYear(overHttp, rig.business);
  await rig.ok('invoices.pay', { id: docs.inv2, date: '2026-02-20', amount: 10000 });
  await rig.ok('expenses.attach', { id: docs.e1, file_name: 'szallito-szamla.pdf', content_base64: RECEIPT.toString('base64') });
  return docs;
}

/** Two ZIPs hold the same files with the same content; PDFs by their text (their bytes carry a creation time). */
async function expectSameFiles(pg: Map<string, Buffer>, sqlite: Map<string, Buffer>): Promise<void> {
  expect([...pg.keys()].sort()).toEqual([...sqlite.keys()].sort());
  for (const [name, content] of pg) {
    const other = sqlite.get(name)!;
    if (name.endsWith('.pdf') && content.subarray(0, 5).toString() === '%PDF-' && !name.startsWith('koltsegek/')) {
      expect((await pdfText(content)).text, name).toBe((await pdfText(other)).text);
    } else if (name.endsWith('.xlsx')) {
      // every sheet of the workbook, cell by cell (the VAT analysis's summary, the accountant's tables)
      expect(await readXlsxFile(content), name).toEqual(await readXlsxFile(other));
    } else {
      expect(content.toString('utf8'), name).toBe(other.toString('utf8'));
    }
  }
}

test('exports and the accountant package on PostgreSQL hold what the same data gives on SQLite', async () => {
  test.setTimeout(240_000);
  [sqliteRig, pgRig] = await Promise.all([startDataRig(), startPgDataRig(await freshPgDatabase())]);
  const [onSqlite, onPg] = await Promise.all([seedOverHttp(sqliteRig), seedOverHttp(pgRig)]);
  expect(onPg).toEqual(onSqlite);

  // the CSV export of the year: the same six tables, the same lines
  const csvPg = await exportFile(pgRig, { format: 'csv', ...YEAR, delimiter: ';' });
  const csvSqlite = await exportFile(sqliteRig, { format: 'csv', ...YEAR, delimiter: ';' });
  expect(csvPg.filename).toBe('folio-export-2026-01-01_2026-12-31.zip');
  const tablesPg = unzip(csvPg.body);
  expect([...tablesPg.keys()].sort()).toEqual(['clients.csv', 'expenses.csv', 'invoice_items.csv', 'invoice_payments.csv', 'invoices.csv', 'products.csv']);
  await expectSameFiles(tablesPg, unzip(csvSqlite.body));
  const invoices = parse(tablesPg.get('invoices.csv')!.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Array<Record<string, string>>;
  expect(invoices).toHaveLength(7);
  expect(csvPg.job.counts).toEqual(csvSqlite.job.counts);

  // the JSON export: the same document, record for record
  const jsonPg = await exportFile(pgRig, { format: 'json', ...YEAR });
  const jsonSqlite = await exportFile(sqliteRig, { format: 'json', ...YEAR });
  expect(JSON.parse(jsonPg.body.toString('utf8'))).toEqual(JSON.parse(jsonSqlite.body.toString('utf8')));

  // the accountant package: every part, and the NAV XML still valid against NAV's schema
  const pkgPg = await accountantPackage(pgRig, YEAR.date_from, YEAR.date_to);
  const pkgSqlite = await accountantPackage(sqliteRig, YEAR.date_from, YEAR.date_to);
  expect(pkgPg.job.counts).toEqual(pkgSqlite.job.counts);
  expect(pkgPg.job.counts).toMatchObject({ invoices: 7, nav_xml: 7, einvoice_xml: 7, expense_files: 1 });
  await expectSameFiles(pkgPg.files, pkgSqlite.files);
  expect(pkgPg.files.get(`koltsegek/${onPg.e1}-szallito-szamla.pdf`)).toEqual(RECEIPT);
  for (const [name, xml] of pkgPg.files) {
    if (!name.startsWith('nav/')) continue;
    const result = await validateNavXml('data', xml.toString('utf8'));
    expect(result.ok, `${name}: ${result.errors}`).toBe(true);
  }
  expect(await readSheet(pkgPg.files.get('afa-analitika.xlsx')!, 'Összesítés')).toContainEqual(['Fizetendő áfa', 137035]);
});

test('the accountant package is e-mailed from a server on PostgreSQL', async () => {
  test.setTimeout(180_000);
  smtp = await startSmtp();
  pgRig = await startPgDataRig(await freshPgDatabase(), {
    env: { FOLIO_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?security=none`, FOLIO_MAIL_FROM: 'Minta Eladó Kft. <szamla@minta-elado.hu>' },
  });
  const docs = await seedOverHttp(pgRig);
  await pgRig.ok('settings.update', { accountant: { name: 'Kovács Anna', email: 'konyvelo@pelda.hu' } });
  const started = await pgRig.ok('data.accountantStart', { ...YEAR, email: true });
  expect(started.email).toEqual({ to: 'konyvelo@pelda.hu', messages: null, error: null });
  const job = await until('the package', async () => {
    const s = await pgRig!.ok('data.exportStatus', { job: started.job });
    return s.state === 'running' ? undefined : s;
  }, 90_000);
  expect(job.error).toBeNull();
  expect(job.email).toEqual({ to: 'konyvelo@pelda.hu', messages: 1, error: null });

  const [mail] = await smtp.waitFor(1, 30_000);
  expect(mail!.subject).toBe(`Könyvelői csomag – ${TEST_SELLER.name} – 2026-01-01–2026-12-31`);
  const download = Buffer.from(await (await pgRig.get(`/data/exports/${job.job}/file`)).arrayBuffer());
  expect(mail!.attachments[0]!.content.equals(download)).toBe(true);
  const files = unzip(download);
  expect([...files.keys()].filter((n) => n.startsWith('szamlak/'))).toHaveLength(7);
  expect(files.get(`koltsegek/${docs.e1}-szallito-szamla.pdf`)).toEqual(RECEIPT);
});

test('on PostgreSQL the backup operations are refused with the administrator’s words, and nothing changes', async () => {
  test.setTimeout(120_000);
  const url = await freshPgDatabase();
  pgRig = await startPgDataRig(url);
  await pgRig.ok('settings.update', { seller: TEST_SELLER });
  expect(await pgRig.ok('data.backupSettings')).toEqual({ managed_by_server: true });

  const folder = join(pgRig.dir, 'backups');
  const before = await pgDigest(url);
  const attempts: Array<[string, Record<string, unknown>]> = [
    ['data.saveBackupSettings', { backup_folder: folder, schedule_enabled: true, schedule_time: '02:00', keep_daily: 7 }],
    ['data.backupNow', {}],
    ['data.backups', { folder }],
    ['data.inspectBackup', { backup: join(folder, 'folio-backup.sqlite') }],
    ['data.restore', { backup: join(folder, 'folio-backup.sqlite'), accept_older: true }],
  ];
  for (const [name, input] of attempts) {
    const reply = await pgRig.rpc(name, input);
    expect(reply.status, name).toBe(422);
    expect(reply.body, name).toMatchObject({ success: false, code: 'rule_violation' });
    expect(reply.body.error, name).toMatch(/backed up by its administrator with PostgreSQL's own tools/);
    expect(reply.body.error, name).toMatch(/nothing was changed$/);
  }
  // an export kept in a folder on the server's machine: refused before it starts (download it instead)
  const kept = await pgRig.rpc('data.exportStart', { format: 'csv', ...YEAR, save_to_folder: true });
  expect(kept.status).toBe(422);
  expect(kept.body.errors).toEqual([{ field: 'save_to_folder', message: 'is not available on a team server; download the file instead' }]);

  expect(await pgDigest(url)).toBe(before);
  expect(existsSync(folder)).toBe(false);
  expect(await pgRig.ok('data.backupSettings')).toEqual({ managed_by_server: true });
});

test('an export on PostgreSQL reads one moment: a client added meanwhile is not in it, and it cannot write', async () => {
  const url = await freshPgDatabase();
  const opened = await openPostgres(url);
  try {
    const core = await createCore({ db: opened.db, clock: fixedClock(FIXED_NOW) });
    await seedSeller(core);
    await core.call('clients.create', clientBody({ name: 'Első Kft.' }) as never);
    const clients = async (db: typeof opened.db) => Number((await db.selectFrom('clients').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const seen = await postgresSource(url).snapshot(async (db) => {
      const first = await clients(db);
      // committed by the server's own pool while the export reads
      await core.call('clients.create', clientBody({ name: 'Második Kft.' }) as never);
      const second = await clients(db);
      // last: a refused statement ends the transaction's use
      const write = await sql`insert into clients (name, created_at, updated_at) values ('Harmadik Kft.', '2026-03-15 10:00:00', '2026-03-15 10:00:00')`
        .execute(db)
        .then(() => null, (e: unknown) => (e as Error).message);
      return { first, second, write };
    });
    expect(seen).toEqual({ first: 1, second: 1, write: expect.stringMatching(/read-only transaction/) });
    expect(await clients(opened.db)).toBe(2);
  } finally {
    await opened.close();
  }
});
