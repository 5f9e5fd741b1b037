// `npm run folio -- nav export --db <file> --out <dir> [--from YYYY-MM-DD] [--to YYYY-MM-DD]`
// Writes one invoiceData XML per reported invoice in the issue-date range: the data export the tax authority may
// ask for at an inspection. A report NAV has (sent, done) is written as the very bytes it got; any other invoice is
// built as the queue builds it (navReportSource).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isValidDate } from '../../../shared/dates';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import { openDatabase } from '../../db/open';
import { buildInvoiceDataXml, navReportRequired } from '../../nav/invoice-data';
import { navExportFileName } from '../../nav/export-file-name';
import { navDb, navReportSource } from '../../nav-queue/store';

const HELP = `Usage: npm run folio -- nav export --db <file> --out <dir> [--from YYYY-MM-DD] [--to YYYY-MM-DD]
Writes one NAV Online Számla 3.0 invoiceData XML file per reported invoice (normal and cancelling invoices) issued
in the date range (default: all), named after the invoice number: <prefix>_<number>.xml (<number>.xml in the block
without a prefix). Exits 1 if any invoice could not be written.`;

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
    let selected = 0;
    let failed = 0;
    const names = new Set<string>();
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
        selected++;
        let xml: string;
        try {
          const sent = sentData.get(row.id);
          xml = sent ? Buffer.from(sent, 'base64').toString('utf8') : buildInvoiceDataXml(invoice.attributes, options);
        } catch (e) {
          failed++;
          console.error(`\n${invoice.attributes.prefixed_invoice_no}: ${e instanceof Error ? e.message : String(e)}`);
          continue;
        }
        const name = navExportFileName(row.prefix ?? '', row.invoice_no ?? String(row.id));
        writeFileSync(join(values.out, name), xml);
        names.add(name);
      }
      process.stderr.write(`\r${Math.min(i + 200, rows.length)} / ${rows.length} invoices`);
    }
    process.stderr.write('\n');
    // Count what is really in the folder: two invoices whose names met (a file system that ignores letter case)
    // would leave one file for two, and an inspection must never get one invoice fewer without a word.
    const onDisk = new Set(readdirSync(values.out));
    const written = [...names].filter((n) => onDisk.has(n)).length;
    console.log(`wrote ${written} invoiceData XML files to ${values.out}${failed ? `; ${failed} could not be built (see above)` : ''}`);
    if (written + failed !== selected) {
      console.error(`folio: ${selected} invoices were selected but only ${written} XML files are in ${values.out} (${failed} failed): file names collided; the export is incomplete`);
      return 1;
    }
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
