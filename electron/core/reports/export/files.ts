// A report's tables as a file: CSV (sections one below the other, a title line each; UTF-8 with BOM, the
// spreadsheet-safe writer of the data export), XLSX (a sheet per table, through the export's Workbook) or PDF
// (one page of tables through the documents' locked pdfmake engine, loaded only when a PDF is asked for).
import { csvRecords, UTF8_BOM } from '../../../export/csv';
import { Workbook } from '../../../export/xlsx';
import { csvAmount } from '../../../export/columns-hu';
import type { ReportTables } from './tables';

export type ReportFormat = 'csv' | 'xlsx' | 'pdf';

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** `decimalComma` (the accountant package's CSV, issue 36): amounts as a Hungarian spreadsheet reads them. */
export async function reportFile(report: ReportTables, format: ReportFormat, options: { decimalComma?: boolean } = {}): Promise<Buffer> {
  if (format === 'csv') {
    const records: unknown[][] = [[report.title], [report.subtitle]];
    const cells = (rows: unknown[][]) => (options.decimalComma ? rows.map((r) => r.map(csvAmount)) : rows);
    for (const table of report.tables) records.push([], [table.title], table.header, ...cells(table.rows));
    return Buffer.from(UTF8_BOM + csvRecords(records, ';'), 'utf8');
  }
  if (format === 'xlsx') {
    const book = new Workbook();
    for (const table of report.tables) {
      // sheet names: at most 31 characters, unique
      const name = table.title.slice(0, 31);
      book.sheet(name, table.header);
      book.rows(name, table.rows);
    }
    return book.toBuffer();
  }
  const { renderDocDefinition } = await import('../../../documents/engine');
  const { pdfDefinition } = await import('./pdf');
  return renderDocDefinition(pdfDefinition(report));
}
