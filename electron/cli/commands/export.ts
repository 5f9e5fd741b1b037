// `npm run folio -- export --db <file> --out <dir> [--format json|csv|xlsx]`: all data as one JSON file or a folder of
// CSV files (UTF-8 with BOM, RFC 4180). Prints the path; progress goes to stderr.
import { resolve } from 'node:path';
import { readOptions, refuse } from '../options';
import { progressLine } from '../../backup/progress-line';
import { openDatabase } from '../../db/open';
import { exportData } from '../../export/export';
import { sqliteSource } from '../../export/snapshot';

const HELP = `Usage: npm run folio -- export --db <file> --out <dir> [--format json|csv|xlsx] [--delimiter ,|;]

Writes every invoice (with its lines and payments), client, product, expense and bank account:
  json   <dir>/folio-export-<UTC time>.json — the same read forms as the HTTP interface, plus the settings
  csv    <dir>/folio-export-<UTC time>/ with clients.csv, products.csv, expenses.csv, invoices.csv,
         invoice_items.csv and invoice_payments.csv — a header row, RFC 4180 quoting, UTF-8 with a BOM
         for Excel; amounts with a decimal point ("1270.000")
Safe while Folio is running: the export reads one consistent moment of the data.

Options:
  --db <file>        the Folio database (required)
  --out <dir>        the folder to write into (required; created if missing)
  --format <f>       json (default), csv or xlsx
  --delimiter <c>    CSV field separator: , (default) or ; (for a spreadsheet set to a Hungarian locale)
  -h, --help         this text`;

export const command = {
  summary: 'Export all data as JSON or CSV',

  async run(args: string[]): Promise<number> {
    const options = readOptions(
      {
        args,
        options: {
          db: { type: 'string' },
          out: { type: 'string' },
          format: { type: 'string', default: 'json' },
          delimiter: { type: 'string', default: ',' },
          help: { type: 'boolean', short: 'h' },
        },
      },
      HELP,
    );
    if (typeof options === 'number') return options;
    const { values } = options;
    const problem = !values.db
      ? 'Missing --db <file>.'
      : !values.out
        ? 'Missing --out <dir>.'
        : !['json', 'csv', 'xlsx'].includes(values.format)
          ? `Unknown format "${values.format}" (json, csv or xlsx).`
          : values.delimiter !== ',' && values.delimiter !== ';'
            ? `Unknown delimiter "${values.delimiter}" (, or ;).`
            : null;
    if (problem) return refuse(problem, HELP);
    const progress = progressLine();
    try {
      const db = resolve(values.db!);
      // The same schema guard as every start: a newer Folio's file is refused, an older one brought up to date.
      await (await openDatabase(db)).close();
      const result = await exportData({
        source: sqliteSource(db),
        outDir: resolve(values.out!),
        format: values.format as 'json' | 'csv' | 'xlsx',
        delimiter: values.delimiter as ',' | ';',
        onProgress: (p) => progress.update(p.section, p.done, p.total),
      });
      const c = result.counts;
      progress.done(
        `Exported ${c.invoices} invoices, ${c.clients} clients, ${c.products} products, ${c.expenses} expenses, ` +
          `${c.bank_accounts} bank accounts in ${result.ms} ms → ${result.path}`,
      );
      console.log(result.path);
      return 0;
    } catch (e) {
      progress.done();
      console.error(`folio export: ${e instanceof Error ? e.message : String(e)}`);
      return 1;
    }
  },
};
