// Reports benchmarks (issue 19).
// - report_vat_year_ms: p50 of the VAT analysis of a year (core.call('reports.vat')) over 100,000 issued invoices of
//   3 lines each (2 % of them in EUR), their fulfillment dates spread over the year; the target is ≤ 200 ms.
// - report_revenue_year_ms: p50 of the revenue report of the same year (core.call('reports.revenue'), accrual basis:
//   the year and the year before it), on the same database.
// - accountant_zip_5k_s: the accountant package (ZIP with every invoice PDF, NAV XML, e-invoice, CSVs, the VAT
//   analysis) of a year of 5,000 invoices, start to finished file; the target is ≤ 40 s (issue 41).
// - accountant_einvoice_ms: the package's e-szamla/ step alone over the same 5,000 invoices (read, EN 16931 model,
//   UBL packed into the ZIP's spool; no rules), ms per invoice.
import { mkdirSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { writeEinvoiceXml } from '../../electron/data-ops/accountant/einvoices';
import { ZipSpool } from '../../electron/data-ops/zip';
import { buildAccountantPackage } from '../../electron/data-ops/accountant/package';
import { sqliteSource, withSnapshot } from '../../electron/export/snapshot';
import { openDatabase } from '../../electron/db/open';
import { createCore } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';
import { benchInvoice, buyerBody, SELLER } from '../fault/support/bodies';
import { tempDir } from '../fault/support/procs';
import { FULL, sized, type BenchOptions } from './size';

type Row = Record<string, unknown>;
const YEAR = 2026;

/**
 * `count` issued invoices written with raw statements from a core-made template, one per day of the year in turn.
 * `spread` gives them that many clients and products (clones of the template's, the client and products of each
 * invoice varying), as a real year's revenue by client and product has; without it every invoice is the template's.
 */
export async function seedYear(file: string, count: number, spread: { clients: number; products: number } | null = null): Promise<void> {
  const opened = await openDatabase(file);
  try {
    const core = await createCore({ db: opened.db, clock: fixedClock(`${YEAR}-12-31T10:00:00+01:00`) });
    await core.call('settings.update', { seller: SELLER });
    const client = await core.call('clients.create', buyerBody('Bench Kft.'));
    const first = await core.call('invoices.create', benchInvoice(client.id, `${YEAR}-12-31`));
    const sqlite: BetterSqlite3.Database = opened.sqlite;
    const invoice = sqlite.prepare('SELECT * FROM invoices WHERE id = ?').get(first.id) as Row;
    const items = sqlite.prepare('SELECT * FROM invoice_items WHERE invoice_id = ? ORDER BY position').all(first.id) as Row[];
    const invCols = Object.keys(invoice).filter((c) => c !== 'id');
    const itemCols = Object.keys(items[0]!).filter((c) => c !== 'id' && c !== 'invoice_id');
    const insertInvoice = sqlite.prepare(`INSERT INTO invoices (${invCols.join(', ')}) VALUES (${invCols.map((c) => `@${c}`).join(', ')}) RETURNING id`);
    const insertItem = sqlite.prepare(`INSERT INTO invoice_items (invoice_id, ${itemCols.join(', ')}) VALUES (@invoice_id, ${itemCols.map((c) => `@${c}`).join(', ')})`);
    const clientIds: number[] = [];
    const productIds: number[] = [];
    if (spread) {
      const product = await core.call('products.create', { name: 'Termék 0', price: '1000', vat_id: '1', unit: 'db' } as never);
      const clone = (table: string, id: number, n: number, name: (i: number) => string) => {
        const row = sqlite.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Row;
        const cols = Object.keys(row).filter((c) => c !== 'id');
        const insert = sqlite.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')}) RETURNING id`);
        return Array.from({ length: n }, (_, i) => (insert.get({ ...row, name: name(i) }) as { id: number }).id);
      };
      sqlite.transaction(() => {
        clientIds.push(...clone('clients', client.id, spread.clients, (i) => `Ügyfél ${i} Kft.`));
        productIds.push(...clone('products', product.id, spread.products, (i) => `Termék ${i}`));
      })();
    }
    sqlite.transaction(() => {
      for (let seq = 2; seq <= count; seq++) {
        const day = new Date(Date.UTC(YEAR, 0, 1 + (seq % 365))).toISOString().slice(0, 10);
        const foreign = seq % 50 === 0 ? { currency: 'EUR', exchange_rate: '400.25' } : {};
        const { id } = insertInvoice.get({
          ...invoice,
          ...foreign,
          date: day,
          fulfillment_date: day,
          due_date: day,
          sealed: 0,
          number_seq: seq,
          invoice_no: `${YEAR}-${String(seq).padStart(6, '0')}`,
          ...(spread ? { client_id: clientIds[(seq * 7919) % spread.clients] } : {}),
        }) as { id: number };
        items.forEach((item, j) => {
          const product = spread ? { product_id: productIds[(seq * 31 + j * 997) % spread.products] } : {};
          insertItem.run({ ...item, ...product, invoice_id: id });
        });
      }
      sqlite.prepare('UPDATE invoices SET sealed = 1 WHERE sealed = 0').run();
      sqlite.prepare("UPDATE number_counters SET last_no = ? WHERE block_id = 0 AND kind = 'invoice' AND year = ?").run(count, YEAR);
    })();
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await opened.close();
  }
}

const p50 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10;
};

export async function vatYear(samples = 21, count = 100_000): Promise<{ report_vat_year_ms: number; report_revenue_year_ms: number }> {
  const tmp = tempDir('reports-bench');
  const file = tmp.file('folio.db');
  try {
    // a year's sales spread over 5,000 clients and 2,000 products, as the million bench's are
    await seedYear(file, count, { clients: Math.min(5000, count), products: Math.min(2000, count) });
    const opened = await openDatabase(file);
    try {
      const core = await createCore({ db: opened.db, clock: fixedClock(`${YEAR}-12-31T10:00:00+01:00`) });
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        const report = await core.call('reports.vat', { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` });
        times.push(performance.now() - t);
        if (report.output.documents.length !== count) throw new Error(`the year holds ${report.output.documents.length} invoices, not ${count}`);
      }
      const revenueTimes: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        const report = await core.call('reports.revenue', { from: `${YEAR}-01-01`, to: `${YEAR}-12-31`, basis: 'accrual' });
        revenueTimes.push(performance.now() - t);
        const documents = report.revenue.by_month.reduce((n, m) => n + m.count, 0);
        if (documents !== count) throw new Error(`the revenue of the year holds ${documents} invoices, not ${count}`);
      }
      return { report_vat_year_ms: p50(times), report_revenue_year_ms: p50(revenueTimes) };
    } finally {
      await opened.close();
    }
  } finally {
    tmp.remove();
  }
}

/** The accountant package of a year of 5,000 invoices, as the export job builds it (PDFs on two worker threads). */
export async function accountantZip5k(count = 5000): Promise<{ accountant_zip_5k_s: number; accountant_einvoice_ms: number }> {
  const tmp = tempDir('accountant-bench');
  const file = tmp.file('folio.db');
  try {
    await seedYear(file, count);
    const work = tmp.file('work');
    mkdirSync(work);
    const t = performance.now();
    const built = await buildAccountantPackage(sqliteSource(file), fixedClock(`${YEAR}-12-31T10:00:00+01:00`), work, { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` }, () => undefined);
    const seconds = (performance.now() - t) / 1000;
    if (built.counts.invoices !== count || built.counts.nav_xml !== count || built.counts.einvoice_xml !== count) throw new Error(`the package holds ${JSON.stringify(built.counts)}`);
    const spool = new ZipSpool(tmp.file('einvoice.spool'));
    const e = performance.now();
    const einvoices = await withSnapshot(sqliteSource(file), (db) => writeEinvoiceXml(db, spool, { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` }, () => undefined));
    const perInvoice = (performance.now() - e) / einvoices.entries.length;
    spool.remove();
    if (einvoices.entries.length !== count) throw new Error(`${einvoices.entries.length} e-invoices, ${einvoices.skipped.length} skipped: ${einvoices.skipped[0]?.message}`);
    return { accountant_zip_5k_s: Math.round(seconds * 10) / 10, accountant_einvoice_ms: Math.round(perInvoice * 100) / 100 };
  } finally {
    tmp.remove();
  }
}

/** A smoke run (size.ts): a year of 1,000 invoices, 3 reports of each kind; a package of 20 invoices. */
export async function run(options: BenchOptions = FULL) {
  return { ...(await vatYear(sized(options, 21, 3), sized(options, 100_000, 1_000))), ...(await accountantZip5k(sized(options, 5000, 20))) };
}
