// The accountant package (könyvelői csomag) of a period: one ZIP with every issued invoice as PDF, its NAV
// invoiceData XML, its EN 16931 e-invoice (UBL), the CSV tables of the data export (invoices, lines, payments, expenses, clients, products), the
// files attached to the expenses, the VAT analysis (PDF, XLSX, CSV) and a summary page. Everything but the PDFs is
// read in one read transaction (one moment of the database: the counts, the XML, the tables, the VAT analysis);
// the PDFs are fed to their workers from a read-only connection of their own (withSnapshot). What is made in
// memory (the XML, the PDFs, the VAT files, the attached files) is packed into a spool as it comes and copied into the
// ZIP in its order at the end (zip.ts), never written as thousands of small files and read back.
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/types';
import { readSettings } from '../../core/settings/service';
import { exportData, type ExportProgress } from '../../export/export';
import { countRows, type ExportRange } from '../../export/source';
import { openSnapshot, withSnapshot, type ExportSource } from '../../export/snapshot';
import { writeZip, ZipSpool, type ZipEntry } from '../zip';
import { writeInvoiceXml } from './invoice-xml';
import { countIssued, countPdfs, expenseFiles, invoicePdfs, issuedWithNavState, vatFiles } from './parts';
import { summaryPdf, type PackageContents } from './summary';

/** The package's tables in one workbook beside the CSV files (issue 36). */
export const TABLES_WORKBOOK = 'konyvelesi-tablak.xlsx';

export interface AccountantPackage {
  zip: string;
  counts: Record<string, number>;
  skipped: Array<{ number: string; message: string }>;
  /** invoices without an e-invoice in e-szamla/, and why */
  einvoice_skipped: Array<{ number: string; message: string }>;
}

/** Builds the package in `dir`; `tick(done, total)` counts the invoices (PDF, NAV XML, e-invoice) and the other steps. */
export async function buildAccountantPackage(
  source: ExportSource,
  clock: Clock,
  dir: string,
  range: ExportRange,
  tick: (done: number, total: number) => void,
): Promise<AccountantPackage> {
  const spool = new ZipSpool(join(dir, 'package.spool'));
  try {
    return await withSnapshot(source, (db) => build(db, source, spool, clock, dir, range, tick));
  } finally {
    spool.remove();
  }
}

async function build(
  db: Db,
  source: ExportSource,
  spool: ZipSpool,
  clock: Clock,
  dir: string,
  range: ExportRange,
  tick: (done: number, total: number) => void,
): Promise<AccountantPackage> {
  // the period counted once: the bar's total, and the tables' counts (they are written in this same read)
  const invoices = await countIssued(db, range);
  const counts = await countRows(db, range);
  // the rows of the tables too (written twice: CSV and workbook), each as it is written
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  const STEPS = 2; // expense files, VAT analysis and summary
  const total = invoices * 3 + rows * 2 + STEPS;
  let pdfDone = 0;
  let xmlDone = 0;
  let einvoiceDone = 0;
  let steps = 0;
  const tables = { csv: new Map<string, number>(), xlsx: new Map<string, number>() };
  const tableDone = () => Math.min([...tables.csv.values(), ...tables.xlsx.values()].reduce((a, b) => a + b, 0), rows * 2);
  const report = () => tick(pdfDone + xmlDone + einvoiceDone + tableDone() + steps, total);
  const tableProgress = (kind: 'csv' | 'xlsx') => (p: ExportProgress) => {
    tables[kind].set(p.section, p.done);
    report();
  };
  report();

  // The PDFs are the bulk of the work: worker threads start drawing them at once, while this thread writes the NAV
  // XML, the e-invoices and the CSV tables, so that both cores are busy from the first second to the last. The
  // workers are fed from this thread, so each holds several invoices in hand (a few kilobytes each): a longer step
  // here (a page of invoices read, a workbook written) must not leave them waiting.
  let stopped: unknown = null;
  const pdfs = withSnapshot(source, (pdfDb) =>
    invoicePdfs(pdfDb, spool, range, (done) => {
      // a failure of the other steps (or the job stopped) ends the batch at its next PDF
      if (stopped) throw stopped;
      pdfDone = Math.min(done, invoices);
      report();
    }),
  );
  try {

    // The XML first: it counts invoice by invoice from the first one, so the progress bar moves within a second.
    const xml = await writeInvoiceXml(db, spool, range, {
      nav: (done) => ((xmlDone = Math.min(done, invoices)), report()),
      einvoice: (done) => ((einvoiceDone = Math.min(done, invoices)), report()),
    });
    const { nav, einvoices } = xml;
    xmlDone = invoices;
    einvoiceDone = invoices;

    // the tables as an accountant opens them (issue 36): Hungarian headers, decimal commas; the same in one workbook
    const here = openSnapshot(db);
    const csv = await exportData({ source: here, counts, outDir: join(dir, 'csv'), format: 'csv', delimiter: ';', range, clock, tables: 'accountant', onProgress: tableProgress('csv') });
    const xlsx = await exportData({ source: here, counts, outDir: join(dir, 'xlsx'), format: 'xlsx', range, clock, tables: 'accountant', onProgress: tableProgress('xlsx') });
    const csvEntries: ZipEntry[] = [
      ...readdirSync(csv.path).sort().map((name) => ({ name: `csv/${name}`, path: join(csv.path, name) })),
      { name: `csv/${TABLES_WORKBOOK}`, path: xlsx.path },
    ];
    // a table the accountant's set leaves out counted in `rows` all the same: the tables are done
    tables.csv.clear();
    tables.xlsx.clear();
    tables.csv.set('all', rows * 2);
    report();

    const attached = await expenseFiles(db, spool, range);
    steps++;
    report();
    const vat = await vatFiles(db, clock, spool, range);
    const settings = await readSettings(db);
    const issued = await issuedWithNavState(db, range);

    // The summary is drawn while the last PDFs are: it names how many there will be (the PDF batch reads its own
    // snapshot: if another moment held another number, the page is drawn again with the right one).
    const contents = (pdfs: number): PackageContents => ({
      seller: settings.seller.name,
      taxcode: settings.seller.taxcode,
      range,
      invoices,
      pdfs,
      navXml: nav.entries.length,
      einvoices: einvoices.entries.length,
      expenseFiles: attached.length,
      csvFiles: csvEntries.map((e) => basename(e.name)),
      skipped: nav.skipped,
      einvoiceSkipped: einvoices.skipped,
      issued,
    });
    const expectedPdfs = await countPdfs(db, range);
    let summary = await summaryPdf(contents(expectedPdfs), vat.analysis);
    steps++;
    report();

    const pdf = await pdfs;
    pdfDone = invoices;
    if (pdf.failures.length) throw new Error(`${pdf.failures.length} invoice PDFs could not be made: ${pdf.failures[0]!.error}`);
    if (pdf.entries.length !== expectedPdfs) summary = await summaryPdf(contents(pdf.entries.length), vat.analysis);
    report();

    const zip = join(dir, `konyvelo-csomag_${range.from}_${range.to}.zip`);
    await writeZip(zip, [spool.add('osszesito.pdf', summary), ...vat.entries, ...csvEntries, ...nav.entries, ...einvoices.entries, ...pdf.entries, ...attached], clock.now());
    return {
      zip,
      counts: { invoices: pdf.entries.length, nav_xml: nav.entries.length, einvoice_xml: einvoices.entries.length, expense_files: attached.length, ...Object.fromEntries(Object.entries(csv.counts).map(([k, v]) => [`csv_${k}`, v])) },
      skipped: nav.skipped,
      einvoice_skipped: einvoices.skipped,
    };
  } catch (e) {
    // nothing of the package goes on after it failed: the workers and their connection end before the job does
    stopped = e;
    await pdfs.catch(() => undefined);
    throw e;
  }
}
