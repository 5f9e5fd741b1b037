// The XLSX export: one workbook, one sheet per table of the CSV export, the same columns. Written by
// write-excel-file; a workbook is one zipped file, so the rows are gathered first (an export covers a period the
// accountant chose, not the whole history at once, so this stays a few megabytes).
import { rename, writeFile } from 'node:fs/promises';
import writeXlsx, { type Cell, type SheetData } from 'write-excel-file/node';
import { fsyncFile } from '../backup/files';

/** The API's exact amounts ("1270.000", "-5.500") are numbers a spreadsheet can sum; any other text stays text. */
const AMOUNT = /^-?\d+\.\d{3}$/;

export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return { value, type: Number };
  if (typeof value === 'string' && AMOUNT.test(value)) return { value: Number(value), type: Number, format: '#,##0.000' };
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Always a string cell: text that starts with "=" is shown, never run as a formula.
  return { value: text, type: String };
}

export class Workbook {
  private readonly sheets = new Map<string, SheetData>();

  sheet(name: string, header: string[]): void {
    this.sheets.set(name, [header.map((h) => ({ value: h, type: String, fontWeight: 'bold' }) as Cell)]);
  }

  rows(name: string, rows: unknown[][]): void {
    const sheet = this.sheets.get(name);
    if (!sheet) throw new Error(`No sheet ${name}`);
    for (const r of rows) sheet.push(r.map(cellOf));
  }

  /** The workbook's bytes (a report download is answered in memory). */
  async toBuffer(): Promise<Buffer> {
    return writeXlsx([...this.sheets].map(([sheet, data]) => ({ data, sheet, stickyRowsCount: 1 }))).toBuffer();
  }

  /** Written under ".partial", flushed to disk, then renamed: an interrupted export is never taken for one. */
  async save(path: string): Promise<void> {
    const buffer = await this.toBuffer();
    const partial = `${path}.partial`;
    await writeFile(partial, buffer);
    fsyncFile(partial);
    await rename(partial, path);
  }
}
