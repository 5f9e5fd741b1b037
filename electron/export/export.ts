// Export of all data as one JSON file or a folder of CSV files, streamed batch by batch from one consistent
// snapshot, with progress. Files carry ".partial" until complete, so an interrupted export is never mistaken for one.
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock, type Clock } from '../core/clock';
import { readSettings } from '../core/settings/service';
import { fileStamp } from '../backup/files';
import type { Db } from '../db/types';
import { csvRecords, UTF8_BOM, type CsvDelimiter } from './csv';
import {
  CLIENT_COLUMNS, EXPENSE_COLUMNS, INVOICE_COLUMNS, ITEM_COLUMNS, PAYMENT_COLUMNS, PRODUCT_COLUMNS, type Column, type Item, type Payment,
} from './columns';
import { records } from './records';
import { FileSink } from './sink';
import { countRows, SECTIONS, withSnapshot, type ExportRange, type Section } from './source';

export type ExportFormat = 'json' | 'csv';

export interface ExportProgress {
  section: Section;
  done: number;
  total: number;
}

export interface ExportOptions {
  /** the database file; the export opens its own read-only connection beside the app's */
  dbFile: string;
  outDir: string;
  format: ExportFormat;
  clock?: Clock;
  /** CSV only: ';' suits a spreadsheet set to a Hungarian or German locale */
  delimiter?: CsvDelimiter;
  onProgress?: (p: ExportProgress) => void;
  batchSize?: number;
  /** only the invoices and expenses of a period (see ExportRange); default everything */
  range?: ExportRange;
}

export interface ExportResult {
  /** the JSON file, or the folder of CSV files */
  path: string;
  files: string[];
  counts: Record<Section, number>;
  ms: number;
}

export const EXPORT_FORMAT_VERSION = 1;

export async function exportData(options: ExportOptions): Promise<ExportResult> {
  const started = Date.now();
  const clock = options.clock ?? systemClock;
  const at = clock.now();
  mkdirSync(options.outDir, { recursive: true });
  const base = join(options.outDir, `folio-export-${fileStamp(at)}`);
  const size = options.batchSize ?? 200;
  return withSnapshot(options.dbFile, async (db) => {
    const counts = await countRows(db, options.range);
    const progress = (section: Section, done: number) => options.onProgress?.({ section, done, total: counts[section] });
    if (options.format === 'json') {
      const path = `${base}.json`;
      await writeJson(db, path, at, counts, size, progress, options.range);
      return { path, files: [path], counts, ms: Date.now() - started };
    }
    const files = await writeCsvFolder(db, base, options.delimiter ?? ',', size, progress, options.range);
    return { path: base, files, counts, ms: Date.now() - started };
  });
}

async function writeJson(
  db: Db, path: string, at: Date, counts: Record<Section, number>, size: number, progress: (s: Section, n: number) => void, range?: ExportRange,
): Promise<void> {
  const sink = new FileSink(path);
  try {
    const header = {
      format: 'folio-export',
      version: EXPORT_FORMAT_VERSION,
      exported_at: at.toISOString(),
      ...(range ? { range } : {}),
      counts,
      settings: await readSettings(db),
    };
    // The header's fields, then one array per section written record by record (never the whole data in memory).
    await sink.write(JSON.stringify(header, null, 2).replace(/\n}$/, ''));
    for (const section of SECTIONS) {
      await sink.write(`,\n  ${JSON.stringify(section)}: [`);
      let done = 0;
      for await (const batch of records(db, section, size, range)) {
        let chunk = '';
        for (const record of batch) chunk += `${done++ ? ',' : ''}\n    ${JSON.stringify(record)}`;
        await sink.write(chunk);
        progress(section, done);
      }
      await sink.write(done ? '\n  ]' : ']');
      if (!done) progress(section, 0);
    }
    await sink.write('\n}\n');
    await sink.finish();
  } catch (e) {
    sink.abort();
    throw e;
  }
}

async function writeCsvFolder(
  db: Db, base: string, delimiter: CsvDelimiter, size: number, progress: (s: Section, n: number) => void, range?: ExportRange,
): Promise<string[]> {
  const partialDir = `${base}.partial`;
  mkdirSync(partialDir, { recursive: true });
  const open = (name: string, columns: Array<Column<never>>) => {
    const sink = new FileSink(join(partialDir, name));
    return { sink, name, ready: sink.write(UTF8_BOM + csvRecords([columns.map(([h]) => h)], delimiter)) };
  };
  const row = <R>(columns: Array<Column<R>>, r: R) => columns.map(([, v]) => v(r));
  const sinks: Array<{ sink: FileSink; name: string }> = [];
  try {
    const simple = [
      ['clients', 'clients.csv', CLIENT_COLUMNS],
      ['products', 'products.csv', PRODUCT_COLUMNS],
      ['expenses', 'expenses.csv', EXPENSE_COLUMNS],
    ] as const;
    for (const [section, name, columns] of simple) {
      const f = open(name, columns as Array<Column<never>>);
      sinks.push(f);
      await f.ready;
      let done = 0;
      for await (const batch of records(db, section, size, range)) {
        await f.sink.write(csvRecords(batch.map((r) => row(columns as Array<Column<typeof r>>, r)), delimiter));
        done += batch.length;
        progress(section, done);
      }
      if (!done) progress(section, 0);
    }
    // Invoices, their lines and their payments in one pass over the invoices.
    const inv = open('invoices.csv', INVOICE_COLUMNS as Array<Column<never>>);
    const items = open('invoice_items.csv', ITEM_COLUMNS as Array<Column<never>>);
    const pays = open('invoice_payments.csv', PAYMENT_COLUMNS as Array<Column<never>>);
    sinks.push(inv, items, pays);
    await Promise.all([inv.ready, items.ready, pays.ready]);
    let done = 0;
    for await (const batch of records(db, 'invoices', size, range)) {
      const a: unknown[][] = [];
      const b: unknown[][] = [];
      const c: unknown[][] = [];
      for (const r of batch) {
        a.push(row(INVOICE_COLUMNS, r));
        r.attributes.items.forEach((item, i) => b.push(row<Item>(ITEM_COLUMNS, { invoice: r.attributes, item, line: i + 1 })));
        for (const payment of r.attributes.payments) c.push(row<Payment>(PAYMENT_COLUMNS, { invoice: r.attributes, payment }));
      }
      await Promise.all([inv.sink.write(csvRecords(a, delimiter)), items.sink.write(csvRecords(b, delimiter)), pays.sink.write(csvRecords(c, delimiter))]);
      done += batch.length;
      progress('invoices', done);
    }
    if (!done) progress('invoices', 0);
    for (const s of sinks) await s.sink.finish();
    renameSync(partialDir, base);
    return sinks.map((s) => join(base, s.name));
  } catch (e) {
    for (const s of sinks) s.sink.abort();
    rmSync(partialDir, { recursive: true, force: true });
    throw e;
  }
}
