// Export of all data as one JSON file, a folder of CSV files or one XLSX workbook, streamed batch by batch from one consistent
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
import { records, type SectionRecords } from './records';
import {
  csvAmount, HU_CLIENT_COLUMNS, HU_EXPENSE_COLUMNS, HU_INVOICE_COLUMNS, HU_ITEM_COLUMNS, HU_PAYMENT_COLUMNS, HU_PRODUCT_COLUMNS, HU_TABLE_TITLES,
} from './columns-hu';
import { FileSink } from './sink';
import { Workbook } from './xlsx';
import { countRows, SECTIONS, type ExportRange, type Section } from './source';
import { withSnapshot, type ExportSource } from './snapshot';

export type ExportFormat = 'json' | 'csv' | 'xlsx';

export interface ExportProgress {
  section: Section;
  done: number;
  total: number;
}

export interface ExportOptions {
  /** the database; the export opens its own read-only connection beside the app's */
  source: ExportSource;
  outDir: string;
  format: ExportFormat;
  clock?: Clock;
  /** CSV only: ';' suits a spreadsheet set to a Hungarian or German locale */
  delimiter?: CsvDelimiter;
  onProgress?: (p: ExportProgress) => void;
  batchSize?: number;
  /** only the invoices and expenses of a period (see ExportRange); default everything */
  range?: ExportRange;
  /**
   * CSV and XLSX: 'program' (the default) are the columns programs read back (English names, ids, amounts with a
   * point); 'accountant' the accountant package's (issue 36: Hungarian headers and sheet names, numbers and words
   * instead of ids, CSV amounts with a decimal comma), see columns-hu.ts
   */
  tables?: TableStyle;
  /**
   * the sections' counts, when the caller counted them already in the very snapshot `source` gives (the accountant
   * package counts the period once, for its progress bar, and writes its tables in the same read); counted here
   * otherwise
   */
  counts?: Record<Section, number>;
}

export type TableStyle = 'program' | 'accountant';

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
  return withSnapshot(options.source, async (db) => {
    const counts = options.counts ?? (await countRows(db, options.range));
    const progress = (section: Section, done: number) => options.onProgress?.({ section, done, total: counts[section] });
    if (options.format === 'json') {
      const path = `${base}.json`;
      await writeJson(db, path, at, counts, size, progress, options.range);
      return { path, files: [path], counts, ms: Date.now() - started };
    }
    if (options.format === 'xlsx') {
      const path = `${base}.xlsx`;
      await writeXlsxFile(db, path, size, progress, options.range, options.tables);
      return { path, files: [path], counts, ms: Date.now() - started };
    }
    const files = await writeCsvFolder(db, base, options.delimiter ?? ',', size, progress, options.range, options.tables);
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

/** The tables of the CSV and XLSX exports: one per file or sheet, with their columns, in this order. */
export const TABLE_NAMES = ['clients', 'products', 'expenses', 'invoices', 'invoice_items', 'invoice_payments'] as const;
export type TableName = (typeof TABLE_NAMES)[number];

/** Where the rows of the tables go: a CSV file each, or a sheet each of one workbook. */
export interface TableWriter {
  header(table: TableName, header: string[]): Promise<void>;
  rows(table: TableName, rows: unknown[][]): Promise<void>;
}

/** Every table's header, then its rows batch by batch (invoices, their lines and payments in one pass). */
const COLUMN_SETS = {
  program: { clients: CLIENT_COLUMNS, products: PRODUCT_COLUMNS, expenses: EXPENSE_COLUMNS, invoices: INVOICE_COLUMNS, items: ITEM_COLUMNS, payments: PAYMENT_COLUMNS },
  accountant: { clients: HU_CLIENT_COLUMNS, products: HU_PRODUCT_COLUMNS, expenses: HU_EXPENSE_COLUMNS, invoices: HU_INVOICE_COLUMNS, items: HU_ITEM_COLUMNS, payments: HU_PAYMENT_COLUMNS },
} as const;

async function writeTables(
  db: Db, out: TableWriter, size: number, progress: (s: Section, n: number) => void, range?: ExportRange, style: TableStyle = 'program',
): Promise<void> {
  const set = COLUMN_SETS[style];
  const INVOICE_COLUMNS = set.invoices as Array<Column<SectionRecords['invoices']>>;
  const ITEM_COLUMNS = set.items as Array<Column<Item>>;
  const PAYMENT_COLUMNS = set.payments as Array<Column<Payment>>;
  const row = <R>(columns: Array<Column<R>>, r: R) => columns.map(([, v]) => v(r));
  const headerOf = (columns: Array<Column<never>>) => columns.map(([h]) => h);
  const simple = [
    ['clients', set.clients],
    ['products', set.products],
    ['expenses', set.expenses],
  ] as const;
  for (const [section, columns] of simple) {
    await out.header(section, headerOf(columns as Array<Column<never>>));
    let done = 0;
    for await (const batch of records(db, section, size, range)) {
      await out.rows(section, batch.map((r) => row(columns as Array<Column<typeof r>>, r)));
      done += batch.length;
      progress(section, done);
    }
    if (!done) progress(section, 0);
  }
  await out.header('invoices', headerOf(INVOICE_COLUMNS as Array<Column<never>>));
  await out.header('invoice_items', headerOf(ITEM_COLUMNS as Array<Column<never>>));
  await out.header('invoice_payments', headerOf(PAYMENT_COLUMNS as Array<Column<never>>));
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
    await Promise.all([out.rows('invoices', a), out.rows('invoice_items', b), out.rows('invoice_payments', c)]);
    done += batch.length;
    progress('invoices', done);
  }
  if (!done) progress('invoices', 0);
}

async function writeCsvFolder(
  db: Db, base: string, delimiter: CsvDelimiter, size: number, progress: (s: Section, n: number) => void, range?: ExportRange, style: TableStyle = 'program',
): Promise<string[]> {
  // the accountant's amounts with a decimal comma (a Hungarian spreadsheet reads "47470.000" as text)
  const cells = style === 'accountant' ? (rows: unknown[][]) => rows.map((r) => r.map(csvAmount)) : (rows: unknown[][]) => rows;
  const partialDir = `${base}.partial`;
  mkdirSync(partialDir, { recursive: true });
  const sinks = new Map<TableName, FileSink>();
  try {
    await writeTables(
      db,
      {
        async header(table, header) {
          const sink = new FileSink(join(partialDir, `${table}.csv`));
          sinks.set(table, sink);
          await sink.write(UTF8_BOM + csvRecords([header], delimiter));
        },
        rows: (table, rows) => sinks.get(table)!.write(csvRecords(cells(rows), delimiter)),
      },
      size,
      progress,
      range,
      style,
    );
    for (const s of sinks.values()) await s.finish();
    renameSync(partialDir, base);
    return [...sinks.keys()].map((t) => join(base, `${t}.csv`));
  } catch (e) {
    for (const s of sinks.values()) s.abort();
    rmSync(partialDir, { recursive: true, force: true });
    throw e;
  }
}

async function writeXlsxFile(
  db: Db, path: string, size: number, progress: (s: Section, n: number) => void, range?: ExportRange, style: TableStyle = 'program',
): Promise<void> {
  const book = new Workbook();
  const sheet = (table: TableName) => (style === 'accountant' ? HU_TABLE_TITLES[table] : table);
  await writeTables(
    db,
    {
      header: async (table, header) => book.sheet(sheet(table), header),
      rows: async (table, rows) => book.rows(sheet(table), rows),
    },
    size,
    progress,
    range,
    style,
  );
  await book.save(path);
}
