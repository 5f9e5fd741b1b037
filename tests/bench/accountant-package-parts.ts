// Dev harness (issue 41): each part of the accountant package alone on a seeded year, wall and CPU (all threads; the
// PDFs' figure is the two workers' and the feeding thread's, worker start-up included).
// `npx tsx tests/bench/accountant-package-parts.ts <invoices>` (the seeded database is kept in /tmp/zipw).
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sqliteSource, withSnapshot, openSnapshot } from '../../electron/export/snapshot';
import { fixedClock } from '../../electron/core/clock';
import { tempDir } from '../fault/support/procs';
import { seedYear } from './reports-bench';
import { ZipSpool, writeZip, type ZipEntry } from '../../electron/data-ops/zip';
import { countIssued, invoicePdfs, issuedWithNavState, vatFiles } from '../../electron/data-ops/accountant/parts';
import { writeInvoiceXml } from '../../electron/data-ops/accountant/invoice-xml';
import { summaryPdf } from '../../electron/data-ops/accountant/summary';
import { exportData } from '../../electron/export/export';
import { countRows } from '../../electron/export/source';
import { readSettings } from '../../electron/core/settings/service';
const n = Number(process.argv[2] ?? 1000);
mkdirSync('/tmp/zipw', { recursive: true });
const file = `/tmp/zipw/acct-${n}.db`;
if (!existsSync(file)) await seedYear(file, n);
const clock = fixedClock('2026-12-31T10:00:00+01:00');
const range = { from: '2026-01-01', to: '2026-12-31' };
const tmp = tempDir('acct-parts');
const spool = new ZipSpool(tmp.file('spool'));
const out: Record<string, string> = {};
async function part<T>(name: string, f: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const c0 = process.cpuUsage();
  const r = await f();
  const c = process.cpuUsage(c0);
  out[name] = `${((performance.now() - t) / 1000).toFixed(2)} s wall, ${((c.user + c.system) / 1e6).toFixed(2)} CPU-s`;
  console.error(name, out[name]);
  return r;
}
const entries: ZipEntry[] = [];
await withSnapshot(sqliteSource(file), async (db) => {
  const counts = await part('counts', async () => ({ issued: await countIssued(db, range), rows: await countRows(db, range) }));
  const xml = await part('nav+einvoice xml', () => writeInvoiceXml(db, spool, range, { nav: () => undefined, einvoice: () => undefined }));
  entries.push(...xml.nav.entries, ...xml.einvoices.entries);
  const here = openSnapshot(db);
  const csv = await part('csv tables', () => exportData({ source: here, counts: counts.rows, outDir: tmp.file('csv'), format: 'csv', delimiter: ';', range, clock, tables: 'accountant' }));
  const xlsx = await part('xlsx tables', () => exportData({ source: here, counts: counts.rows, outDir: tmp.file('xlsx'), format: 'xlsx', range, clock, tables: 'accountant' }));
  entries.push(...readdirSync(csv.path).map((name) => ({ name: `csv/${name}`, path: join(csv.path, name) })), { name: 'x.xlsx', path: xlsx.path });
  const vat = await part('vat files', () => vatFiles(db, clock, spool, range));
  entries.push(...vat.entries);
  const settings = await readSettings(db);
  const issued = await part('issued list', () => issuedWithNavState(db, range));
  const pdf = await part('summary pdf', () =>
    summaryPdf({ seller: settings.seller.name, taxcode: settings.seller.taxcode, range, invoices: n, pdfs: n, navXml: n, einvoices: n, expenseFiles: 0, csvFiles: [], skipped: [], einvoiceSkipped: [], issued }, vat.analysis),
  );
  entries.push(spool.add('osszesito.pdf', pdf));
});
const pdfs = await part('invoice pdfs (2 workers)', () => withSnapshot(sqliteSource(file), (db) => invoicePdfs(db, spool, range, () => undefined)));
entries.push(...pdfs.entries);
mkdirSync(tmp.file('z'));
await part('zip', () => writeZip(tmp.file('z/out.zip'), entries, clock.now()));
spool.remove();
tmp.remove();
console.log(JSON.stringify({ n, ...out }, null, 1));
process.exit(0);
