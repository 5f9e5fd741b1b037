// The accountant package (könyvelői csomag) of a period: one ZIP with every issued invoice as PDF, its NAV
// invoiceData XML, its EN 16931 e-invoice (UBL), the CSV tables of the data export (invoices, lines, payments, expenses, clients, products), the
// files attached to the expenses, the VAT analysis (PDF, XLSX, CSV) and a summary page. Every part reads one
// consistent moment of the database through its own read-only connection (withSnapshot).
import { mkdirSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Clock } from '../../core/clock';
import { readSettings } from '../../core/settings/service';
import { exportData, type ExportProgress } from '../../export/export';
import { countRows, type ExportRange } from '../../export/source';
import { withSnapshot, type ExportSource } from '../../export/snapshot';
import { writeNavXml } from '../nav-xml';
import { writeZip, type ZipEntry } from '../zip';
import { writeEinvoiceXml } from './einvoices';
import { countIssued, expenseFiles, invoicePdfs, issuedWithNavState, vatFiles } from './parts';

/** The package's tables in one workbook beside the CSV files (issue 36). */
export const TABLES_WORKBOOK = 'konyvelesi-tablak.xlsx';
import { writeSummary } from './summary';

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
  const snapshot = <T>(work: Parameters<typeof withSnapshot<T>>[1]) => withSnapshot(source, work);
  // the rows of the tables too (written twice: CSV and workbook), each as it is written: the tables come first on
  // this thread while the PDF workers start, so the bar moves in the first second, not at the first PDF
  const { invoices, rows } = await snapshot(async (db) => ({
    invoices: await countIssued(db, range),
    rows: Object.values(await countRows(db, range)).reduce((a, b) => a + b, 0),
  }));
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
  const pdfs = snapshot((db) => invoicePdfs(db, join(dir, 'pdf'), range, (done) => ((pdfDone = Math.min(done, invoices)), report())));
  // A failure here must not leave the PDF batch's promise unobserved: it is awaited (and its error reported) below.
  pdfs.catch(() => undefined);

  // The XML first: it counts invoice by invoice from the first one, so the progress bar moves within a second.
  const xmlDir = join(dir, 'xml');
  const einvoiceDir = join(dir, 'einvoice');
  mkdirSync(xmlDir);
  mkdirSync(einvoiceDir);
  const nav = await snapshot((db) => writeNavXml(db, xmlDir, range, (done) => ((xmlDone = Math.min(done, invoices)), report())));
  xmlDone = invoices;
  const einvoices = await snapshot((db) => writeEinvoiceXml(db, einvoiceDir, range, (done) => ((einvoiceDone = Math.min(done, invoices)), report())));
  einvoiceDone = invoices;

  // the tables as an accountant opens them (issue 36): Hungarian headers, decimal commas; the same in one workbook
  const csv = await exportData({ source, outDir: join(dir, 'csv'), format: 'csv', delimiter: ';', range, clock, tables: 'accountant', onProgress: tableProgress('csv') });
  const xlsx = await exportData({ source, outDir: join(dir, 'xlsx'), format: 'xlsx', range, clock, tables: 'accountant', onProgress: tableProgress('xlsx') });
  const csvEntries: ZipEntry[] = [
    ...readdirSync(csv.path).sort().map((name) => ({ name: `csv/${name}`, path: join(csv.path, name) })),
    { name: `csv/${TABLES_WORKBOOK}`, path: xlsx.path },
  ];
  // a table the accountant's set leaves out counted in `rows` all the same: the tables are done
  tables.csv.clear();
  tables.xlsx.clear();
  tables.csv.set('all', rows * 2);
  report();

  const attached = await snapshot((db) => expenseFiles(db, join(dir, 'attachments'), range));
  steps++;
  report();
  const vat = await snapshot((db) => vatFiles(db, clock, dir, range));
  const settings = await snapshot((db) => readSettings(db));
  const issued = await snapshot((db) => issuedWithNavState(db, range));

  const pdf = await pdfs;
  pdfDone = invoices;
  if (pdf.failures.length) throw new Error(`${pdf.failures.length} invoice PDFs could not be made: ${pdf.failures[0]!.error}`);
  const summary = join(dir, 'osszesito.pdf');
  await writeSummary(
    summary,
    {
      seller: settings.seller.name,
      taxcode: settings.seller.taxcode,
      range,
      invoices,
      pdfs: pdf.entries.length,
      navXml: nav.entries.length,
      einvoices: einvoices.entries.length,
      expenseFiles: attached.length,
      csvFiles: csvEntries.map((e) => basename(e.name)),
      skipped: nav.skipped,
      einvoiceSkipped: einvoices.skipped,
      issued,
    },
    vat.analysis,
  );
  steps++;
  report();

  const zip = join(dir, `konyvelo-csomag_${range.from}_${range.to}.zip`);
  const navEntries = nav.entries.map((e) => ({ ...e, name: `nav/${e.name}` }));
  await writeZip(zip, [{ name: 'osszesito.pdf', path: summary }, ...vat.entries, ...csvEntries, ...navEntries, ...einvoices.entries, ...pdf.entries, ...attached], clock.now());
  return {
    zip,
    counts: { invoices: pdf.entries.length, nav_xml: nav.entries.length, einvoice_xml: einvoices.entries.length, expense_files: attached.length, ...Object.fromEntries(Object.entries(csv.counts).map(([k, v]) => [`csv_${k}`, v])) },
    skipped: nav.skipped,
    einvoice_skipped: einvoices.skipped,
  };
}
