// The parts of the accountant package, each packed into the package's ZIP spool and named for the archive:
// the issued invoices as PDF (the documents' worker pool), the expenses' attached files, and the VAT analysis as
// PDF, XLSX and CSV. The CSV tables and the NAV XML come from the data export's own writers (package.ts).
import { sql } from 'kysely';
import { INVOICE_TYPE, prefixedNumber, SALE_TYPES } from '../../../shared/invoice-codes';
import { fromMilli } from '../../../shared/money';
import type { InvoiceAttributes } from '../../../shared/resources';
import type { VatAnalysis } from '../../../shared/reports';
import type { Db } from '../../db/types';
import type { Clock } from '../../core/clock';
import { renderBatch, type BatchFailure } from '../../documents/batch';
import { records } from '../../export/records';
import type { ExportRange } from '../../export/source';
import { vatAnalysis } from '../../core/reports/vat';
import { reportFile } from '../../core/reports/export/files';
import { vatTables } from '../../core/reports/export/tables';
import { exportWords } from '../../core/reports/export/words';
import { documentNumbers } from '../../core/reports/export/numbers';
import type { ZipEntry, ZipSpool } from '../zip';

/**
 * Every issued invoice and receipt dated in the range as a PDF, packed into `spool` as the workers hand them back,
 * listed by file name; `tick` after each.
 */
export async function invoicePdfs(db: Db, spool: ZipSpool, range: ExportRange, tick: (done: number) => void): Promise<{ entries: ZipEntry[]; failures: BatchFailure[] }> {
  async function* issued(): AsyncGenerator<InvoiceAttributes> {
    for await (const batch of records(db, 'invoices', 200, range)) {
      for (const invoice of batch) if (SALE_TYPES.includes(invoice.attributes.type)) yield invoice.attributes;
    }
  }
  const entries: ZipEntry[] = [];
  // 200 invoices in hand per worker (~2–3 s of drawing, a megabyte or two of invoices; a worker draws one at a time):
  // the package's other steps run on the thread that feeds them, and its longest (the workbook, the VAT analysis's
  // and the summary's pages) hold that thread for a second or more at a time.
  const result = await renderBatch(issued(), '', {
    onProgress: tick,
    inFlightPerWorker: PDFS_IN_HAND,
    onPdf: (file, pdf) => entries.push(spool.add(`szamlak/${file}`, pdf)),
  });
  // in the order of their names, as a folder lists them
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { entries, failures: result.failures };
}

const PDFS_IN_HAND = 200;

/** How many PDFs invoicePdfs makes of the range (its invoices and receipts, as it reads them). */
export async function countPdfs(db: Db, range: ExportRange): Promise<number> {
  const row = await sql<{ n: number }>`select count(*) as n from invoices where type in (${sql.join(SALE_TYPES)}) and date between ${range.from} and ${range.to}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** The issued invoices of the range (for the progress bar's total and the summary). */
export async function countIssued(db: Db, range: ExportRange): Promise<number> {
  const row = await sql<{ n: number }>`select count(*) as n from invoices where type in (${sql.join(SALE_TYPES)}) and sealed = 1 and date between ${range.from} and ${range.to}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * The files attached to the expenses of the range (the expenses.csv of the package holds the same expenses: by due
 * date, else the day recorded), as "koltsegek/<expense id>-<file name>".
 */
export async function expenseFiles(db: Db, spool: ZipSpool, range: ExportRange): Promise<ZipEntry[]> {
  const rows = await sql<{ id: number; file_name: string; content: Uint8Array }>`
    select e.id as id, a.file_name as file_name, a.content as content
    from expense_attachments a join expenses e on e.id = a.expense_id
    where coalesce(e.due_date, substr(e.created_at, 1, 10)) between ${range.from} and ${range.to}
    order by e.id`.execute(db);
  return rows.rows.map((r) => spool.add(`koltsegek/${r.id}-${r.file_name.replace(/[\\/]/g, '_')}`, r.content));
}

/** The VAT analysis of the range as afa-analitika.pdf, .xlsx and .csv (Hungarian headings). */
export async function vatFiles(db: Db, clock: Clock, spool: ZipSpool, range: ExportRange): Promise<{ analysis: VatAnalysis; entries: ZipEntry[] }> {
  const analysis = await vatAnalysis({ db, clock, timeZone: 'Europe/Budapest' }, range);
  // the documents by their numbers, the CSV's amounts with a decimal comma (issue 36)
  const tables = vatTables(analysis, exportWords('hu'), await documentNumbers(db, analysis));
  const entries: ZipEntry[] = [];
  for (const format of ['pdf', 'xlsx', 'csv'] as const) {
    const file = await reportFile(tables, format, { decimalComma: true });
    entries.push(spool.add(`afa-analitika.${format}`, file));
  }
  return { analysis, entries };
}

/** NAV's word on an invoice, as the summary page says it (issue 36). */
const NAV_STATE_WORDS: Readonly<Record<string, string>> = {
  waiting: 'Küldésre vár',
  sent: 'Elküldve, NAV válaszára vár',
  done: 'Befogadva',
  done_with_warnings: 'Befogadva, figyelmeztetéssel',
  aborted: 'Hibás, nincs befogadva',
  not_required: 'Nem kell jelenteni',
};

export interface IssuedRow {
  number: string;
  kind: string;
  date: string;
  client: string;
  total: string;
  currency: string;
  nav: string;
}

/** The issued invoices and receipts of the range with NAV's state of each, oldest first (the summary's list). */
export async function issuedWithNavState(db: Db, range: ExportRange): Promise<IssuedRow[]> {
  const rows = await sql<{ prefix: string; invoice_no: string; type: number; is_cancel_invoice: number; is_advance: number; modifies_id: number | null; date: string; client_snapshot: string; total_milli: number; currency: string; state: string | null }>`
    select i.prefix as prefix, i.invoice_no as invoice_no, i.type as type, i.is_cancel_invoice as is_cancel_invoice, i.is_advance as is_advance,
      i.modifies_id as modifies_id, i.date as date, i.client_snapshot as client_snapshot, i.total_milli as total_milli, i.currency as currency, n.state as state
    from invoices i left join nav_reports n on n.invoice_id = i.id
    where i.type in (${sql.join(SALE_TYPES)}) and i.sealed = 1 and i.date between ${range.from} and ${range.to}
    order by i.date, i.id`.execute(db);
  return rows.rows.map((r) => {
    const receipt = Number(r.type) === INVOICE_TYPE.receipt;
    const kind = receipt ? (r.is_cancel_invoice ? 'Sztornó nyugta' : 'Nyugta') : r.is_cancel_invoice ? 'Sztornó számla' : r.modifies_id !== null ? 'Módosító számla' : r.is_advance ? 'Előlegszámla' : 'Számla';
    let client = '';
    try {
      client = String((JSON.parse(r.client_snapshot) as { name?: string }).name ?? '');
    } catch {
      client = '';
    }
    return {
      number: prefixedNumber(r.prefix, r.invoice_no) ?? '',
      kind,
      date: r.date,
      client,
      total: fromMilli(Number(r.total_milli)).toFixed(3),
      currency: r.currency,
      nav: r.state ? (NAV_STATE_WORDS[r.state] ?? r.state) : receipt ? 'Nem kell jelenteni (nyugta)' : 'Nincs a küldési sorban',
    };
  });
}
