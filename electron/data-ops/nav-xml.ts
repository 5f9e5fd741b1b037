// The NAV invoice data of a period, for a tax inspection (the audit data export of 23/2014 NGM rendelet §13/A):
// one invoiceData XML per reported invoice issued in the period, named after its number. A report NAV has
// (sent, done) is written as the very bytes NAV got; any other invoice is built as the NAV queue builds it.
// The same selection as `npm run folio -- nav export`. Each XML is written to disk under a plain running number
// (names differing only in letter case must not meet on a file system that ignores case); the archive gets the
// invoice-number names.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import type { Db } from '../db/types';
import type { ExportRange } from '../export/source';
import { buildInvoiceDataXml, navReportRequired } from '../nav/invoice-data';
import { navExportFileName } from '../nav/export-file-name';
import { navDb, navReportSource } from '../nav-queue/store';
import type { ZipEntry } from './zip';

const PAGE = 200;
const AS_SENT = ['sent', 'done', 'done_with_warnings'];

export interface NavXmlResult {
  entries: ZipEntry[];
  skipped: Array<{ number: string; message: string }>;
}

export async function writeNavXml(
  db: Db,
  dir: string,
  range: ExportRange,
  progress: (done: number, total: number) => void,
): Promise<NavXmlResult> {
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'prefix', 'invoice_no'])
    .where('type', '=', INVOICE_TYPE.invoice)
    .where('sealed', '=', 1)
    .where('date', '>=', range.from)
    .where('date', '<=', range.to)
    .orderBy('id')
    .execute();
  const entries: ZipEntry[] = [];
  const skipped: NavXmlResult['skipped'] = [];
  progress(0, rows.length);
  for (let i = 0; i < rows.length; i += PAGE) {
    const page = rows.slice(i, i + PAGE);
    const reports = await navDb(db)
      .selectFrom('nav_reports')
      .select(['invoice_id', 'state', 'invoice_data'])
      .where('invoice_id', 'in', page.map((r) => r.id))
      .execute();
    const sent = new Map(reports.filter((r) => r.invoice_data && AS_SENT.includes(r.state)).map((r) => [r.invoice_id, r.invoice_data!]));
    for (const row of page) {
      const { invoice, options } = await navReportSource(db, row.id);
      if (!navReportRequired(invoice.attributes)) continue;
      let xml: string;
      try {
        const bytes = sent.get(row.id);
        xml = bytes ? Buffer.from(bytes, 'base64').toString('utf8') : buildInvoiceDataXml(invoice.attributes, options);
      } catch (e) {
        skipped.push({ number: invoice.attributes.prefixed_invoice_no ?? String(row.id), message: e instanceof Error ? e.message : String(e) });
        continue;
      }
      const path = join(dir, `${entries.length + 1}.xml`);
      writeFileSync(path, xml);
      entries.push({ name: navExportFileName(row.prefix ?? '', row.invoice_no ?? String(row.id)), path });
    }
    progress(Math.min(i + PAGE, rows.length), rows.length);
  }
  return { entries, skipped };
}
