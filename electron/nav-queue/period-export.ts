// The NAV invoice data of a period, for a tax inspection (the audit data export of 23/2014 NGM rendelet §13/A): one
// invoiceData XML per reported invoice issued in the period. A report NAV has (sent, done) is given as the very bytes
// NAV got; any other invoice is built as the queue builds it (navReportSource). The CLI's `nav export` and the Data
// screen's export both read it from here, so they select and build alike.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import type { Db } from '../db/types';
import { buildInvoiceDataXml, navReportRequired } from '../nav/invoice-data';
import { navExportFileName } from '../nav/export-file-name';
import { navDb, navReportSource } from './store';

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
  let q = db.selectFrom('invoices').select(['id', 'prefix', 'invoice_no']).where('type', '=', INVOICE_TYPE.invoice).where('sealed', '=', 1);
  if (range.from) q = q.where('date', '>=', range.from);
  if (range.to) q = q.where('date', '<=', range.to);
  const rows = await q.orderBy('id').execute();
  progress(0, rows.length);
  for (let i = 0; i < rows.length; i += PAGE) {
    const page = rows.slice(i, i + PAGE);
    const reports = await navDb(db)
      .selectFrom('nav_reports')
      .select(['invoice_id', 'state', 'invoice_data'])
      .where('invoice_id', 'in', page.map((r) => r.id))
      .execute();
    const sent = new Map(reports.filter((r) => r.invoice_data && AS_SENT.includes(r.state)).map((r) => [r.invoice_id, r.invoice_data!]));
    for (const [j, row] of page.entries()) {
      // The invoice before this one counted, and a turn of the event loop: building is synchronous work (the
      // accountant package's PDF workers are fed from this thread, and its progress bar moves by these counts).
      if (j > 0) {
        progress(i + j, rows.length);
        await nextTurn();
      }
      const { invoice, options } = await navReportSource(db, row.id);
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
    progress(Math.min(i + PAGE, rows.length), rows.length);
  }
}
