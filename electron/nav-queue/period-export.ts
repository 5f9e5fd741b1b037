// The NAV invoice data of a period, for a tax inspection (the audit data export of 23/2014 NGM rendelet §13/A): one
// invoiceData XML per reported invoice issued in the period. A report NAV has (sent, done) is given as the very bytes
// NAV got; any other invoice is built as the queue builds it (navReportSource). The CLI's `nav export` and the Data
// screen's export both read it from here, so they select and build alike.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import type { InvoiceAttributes, Resource } from '../../shared/resources';
import type { Db } from '../db/types';
import type { InvoiceRow } from '../db/schema';
import { loadInvoices } from '../core/invoices/mapping';
import { buildInvoiceDataXml, navReportRequired } from '../nav/invoice-data';
import { navExportFileName } from '../nav/export-file-name';
import { navDb, navReportSources } from './store';

const PAGE = 200;
const AS_SENT = ['sent', 'done', 'done_with_warnings'];

export interface PeriodInvoiceData {
  /** the printed number ("WEB / 2026-000001") */
  number: string;
  /** `<prefix>_<number>.xml` */
  fileName: string;
  /** the XML, or why it could not be built */
  xml: string | null;
  error: string | null;
}

/** Every reported invoice dated in the range (either end open), in issue order; `progress` after each invoice. */
export async function* invoiceDataOfPeriod(
  db: Db,
  range: { from?: string | undefined; to?: string | undefined },
  progress: (done: number, total: number) => void = () => undefined,
): AsyncGenerator<PeriodInvoiceData> {
  let q = db.selectFrom('invoices').select(['id']).where('type', '=', INVOICE_TYPE.invoice).where('sealed', '=', 1);
  if (range.from) q = q.where('date', '>=', range.from);
  if (range.to) q = q.where('date', '<=', range.to);
  const ids = (await q.orderBy('id').execute()).map((r) => r.id);
  progress(0, ids.length);
  for (let i = 0; i < ids.length; i += PAGE) {
    const rows = await db.selectFrom('invoices').selectAll().where('id', 'in', ids.slice(i, i + PAGE)).orderBy('id').execute();
    yield* invoiceDataOfPage(db, rows, await loadInvoices(db, rows), (j) => progress(i + j, ids.length));
    progress(Math.min(i + PAGE, ids.length), ids.length);
  }
}

/** Whether an invoice's row is one the period's NAV export holds (a sealed invoice: no draft, receipt or proforma). */
export function reportedRow(row: Pick<InvoiceRow, 'type' | 'sealed'>): boolean {
  return Number(row.type) === INVOICE_TYPE.invoice && Number(row.sealed) === 1;
}

/**
 * The invoice data of a page of reported invoices read already (rows in id order, their resources in the same
 * order); `done(j)` before the j-th (j > 0), with a turn of the event loop: building is synchronous work (the
 * accountant package's PDF workers are fed from this thread, and its progress bar moves by these counts).
 */
export async function* invoiceDataOfPage(
  db: Db,
  rows: InvoiceRow[],
  invoices: Array<Resource<InvoiceAttributes>>,
  done: (j: number) => void = () => undefined,
): AsyncGenerator<PeriodInvoiceData> {
  const reports = rows.length
    ? await navDb(db)
        .selectFrom('nav_reports')
        .select(['invoice_id', 'state', 'invoice_data'])
        .where('invoice_id', 'in', rows.map((r) => r.id))
        .execute()
    : [];
  const sent = new Map(reports.filter((r) => r.invoice_data && AS_SENT.includes(r.state)).map((r) => [r.invoice_id, r.invoice_data!]));
  const sources = await navReportSources(db, rows, invoices);
  for (const [j, row] of rows.entries()) {
    if (j > 0) {
      done(j);
      await nextTurn();
    }
    const { invoice, options } = sources[j]!;
    if (!navReportRequired(invoice.attributes)) continue;
    const number = invoice.attributes.prefixed_invoice_no ?? String(row.id);
    const fileName = navExportFileName(row.prefix ?? '', row.invoice_no ?? String(row.id));
    try {
      const bytes = sent.get(row.id);
      const xml = bytes ? Buffer.from(bytes, 'base64').toString('utf8') : buildInvoiceDataXml(invoice.attributes, options);
      yield { number, fileName, xml, error: null };
    } catch (e) {
      yield { number, fileName, xml: null, error: e instanceof Error ? e.message : String(e) };
    }
  }
}
