// `npm run folio -- einvoice export --db <file> --out <dir> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--format ubl|cii|facturx]`
// Writes the EN 16931 e-invoice of every issued invoice in the issue-date range, each checked against the standard's
// rules first: an invoice whose file would fail a rule is reported and not written, and the command exits 1.
import { reportWrittenFiles } from '../written-files';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dateRangeProblem, readOptions, refuse } from '../options';
import { EINVOICE_EXPORT_FORMATS } from '../../../shared/contract/areas/einvoice';
import { FolioError } from '../../../shared/errors';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import { systemClock } from '../../core/clock';
import { exportEinvoice, isExportFormat, type FacturxRenderer } from '../../core/einvoice/export';
import { readSettings } from '../../core/settings/service';
import { openDatabase } from '../../db/open';

const HELP = `Usage: npm run folio -- einvoice export --db <file> --out <dir> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--format ubl|cii|facturx]
Writes one EN 16931 e-invoice per issued invoice (normal, cancelling, modifying, advance and final invoices) issued in
the date range (default: all): UBL 2.1 (default) or UN/CEFACT CII D16B, named <number>-<format>.xml, or Factur-X (the
PDF with the CII inside), named <number>-facturx.pdf. Every file is checked against the official EN 16931 rules before
it is written; exits 1 if any invoice could not be written.`;

// The PDF engine is loaded only when Factur-X is asked for.
const facturx: FacturxRenderer = async (invoice, cii) => (await import('../../documents/facturx')).renderFacturX(invoice.attributes, cii);

async function exportEinvoices(args: string[]): Promise<number> {
  const options = readOptions(
    {
      args,
      options: {
        db: { type: 'string' },
        out: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        format: { type: 'string', default: 'ubl' },
        help: { type: 'boolean' },
      },
    },
    HELP,
  );
  if (typeof options === 'number') return options;
  const { values } = options;
  if (!values.db || !values.out) return refuse('Missing --db or --out.', HELP);
  const format = values.format.toLowerCase();
  if (!isExportFormat(format)) return refuse(`Unknown format "${values.format}": use one of ${EINVOICE_EXPORT_FORMATS.join(', ')}`, HELP);
  const wrongDate = dateRangeProblem(values.from, values.to);
  if (wrongDate) return refuse(wrongDate, HELP);
  const { db, close } = await openDatabase(values.db);
  try {
    const ctx = { db, clock: systemClock, timeZone: (await readSettings(db)).time_zone };
    let q = db.selectFrom('invoices').select(['id', 'invoice_no', 'prefix']).where('type', '=', INVOICE_TYPE.invoice).where('invoice_no', 'is not', null);
    if (values.from) q = q.where('date', '>=', values.from);
    if (values.to) q = q.where('date', '<=', values.to);
    const rows = await q.orderBy('date').orderBy('id').execute();
    mkdirSync(values.out, { recursive: true });
    const names = new Set<string>();
    let failed = 0;
    for (const [i, row] of rows.entries()) {
      process.stderr.write(`\r${i + 1} / ${rows.length} invoices`);
      try {
        const file = await exportEinvoice(ctx, { id: row.id, format }, facturx);
        writeFileSync(join(values.out, file.filename), file.content);
        names.add(file.filename);
      } catch (e) {
        failed++;
        const detail = e instanceof FolioError && e.errors ? `\n  ${e.errors.map((f) => f.message).join('\n  ')}` : '';
        console.error(`\n${row.prefix ? `${row.prefix} / ` : ''}${row.invoice_no}: ${e instanceof Error ? e.message : String(e)}${detail}`);
      }
    }
    process.stderr.write('\n');
    const label = format === 'facturx' ? 'Factur-X' : format.toUpperCase();
    return reportWrittenFiles(values.out, names, { selected: rows.length, failed }, { files: `${label} e-invoices`, failed: 'could not be made', onDisk: 'files' });
  } finally {
    await close();
  }
}

export const command = {
  summary: 'E-invoices (EN 16931): `einvoice export` writes the UBL, CII or Factur-X file of issued invoices',
  async run(args: string[]): Promise<number> {
    const [sub, ...rest] = args;
    if (sub === 'export') return exportEinvoices(rest);
    console.log(HELP);
    return sub === undefined || sub === '--help' || sub === '-h' ? 0 : 2;
  },
};
