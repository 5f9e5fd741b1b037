// `npm run folio -- nav export --db <file> --out <dir> [--from YYYY-MM-DD] [--to YYYY-MM-DD]`
// Writes one invoiceData XML per reported invoice in the issue-date range: the data export the tax authority may
// ask for at an inspection. A report NAV has (sent, done) is written as the very bytes it got; any other invoice is
// built as the queue builds it (navReportSource).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isValidDate } from '../../../shared/dates';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import { openDatabase } from '../../db/open';
import { buildInvoiceDataXml, navReportRequired } from '../../nav/invoice-data';
import { navDb, navReportSource } from '../../nav-queue/store';

const HELP = `Usage: npm run folio -- nav export --db <file> --out <dir> [--from YYYY-MM-DD] [--to YYYY-MM-DD]
Writes one NAV Online Számla 3.0 invoiceData XML file per reported invoice (normal and cancelling invoices) issued
in the date range (default: all), named after the invoice number.`;

async function exportXml(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { db: { type: 'string' }, out: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (!values.db || !values.out) {
    console.error(`Missing --db or --out.\n${HELP}`);
    return 2;
  }
  for (const d of [values.from, values.to]) {
    if (d !== undefined && !isValidDate(d)) {
      console.error(`Not a date: ${d} (use YYYY-MM-DD)`);
      return 2;
    }
  }
  const { db, close } = await openDatabase(values.db);
  try {
    mkdirSync(values.out, { recursive: true });
    let q = db.selectFrom('invoices').selectAll().where('type', '=', INVOICE_TYPE.invoice).where('sealed', '=', 1);
    if (values.from) q = q.where('date', '>=', values.from);
    if (values.to) q = q.where('date', '<=', values.to);
    const rows = await q.orderBy('id').execute();
    let written = 0;
    let failed = 0;
    for (let i = 0; i < rows.length; i += 200) {
      const page = rows.slice(i, i + 200);
      const reports = await navDb(db)
        .selectFrom('nav_reports')
        .select(['invoice_id', 'state', 'invoice_data'])
        .where('invoice_id', 'in', page.map((r) => r.id))
        .execute();
      const sentData = new Map(
        reports.filter((r) => r.invoice_data && ['sent', 'done', 'done_with_warnings'].includes(r.state)).map((r) => [r.invoice_id, r.invoice_data!]),
      );
      for (const row of page) {
        const { invoice, options } = await navReportSource(db, row.id);
        if (!navReportRequired(invoice.attributes)) continue;
        let xml: string;
        try {
          const sent = sentData.get(row.id);
          xml = sent ? Buffer.from(sent, 'base64').toString('utf8') : buildInvoiceDataXml(invoice.attributes, options);
        } catch (e) {
          failed++;
          console.error(`\n${invoice.attributes.prefixed_invoice_no}: ${e instanceof Error ? e.message : String(e)}`);
          continue;
        }
        const name = (invoice.attributes.prefixed_invoice_no ?? String(invoice.id)).replace(/[^\p{L}\p{N}-]+/gu, '_');
        writeFileSync(join(values.out, `${name}.xml`), xml);
        written++;
      }
      process.stderr.write(`\r${Math.min(i + 200, rows.length)} / ${rows.length} invoices`);
    }
    process.stderr.write('\n');
    console.log(`wrote ${written} invoiceData XML files to ${values.out}${failed ? `; ${failed} could not be built (see above)` : ''}`);
    return failed ? 1 : 0;
  } finally {
    await close();
  }
}

export const command = {
  summary: 'NAV Online Számla: `nav export` writes the invoiceData XML of reported invoices',
  async run(args: string[]): Promise<number> {
    const [sub, ...rest] = args;
    if (sub === 'export') return exportXml(rest);
    console.log(HELP);
    return sub === undefined || sub === '--help' || sub === '-h' ? 0 : 2;
  },
};
