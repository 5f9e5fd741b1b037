// CSV exports of internet banks (and of Revolut and Wise): the records as a table, read by ./table.ts like a
// spreadsheet — the header row found, columns mapped by their words or the account's saved mapping.
import { readTable } from '../../import/csv-read';
import type { Sheet } from './table';

export { proposeColumns } from './table';

export function csvSheet(text: string, separator: ';' | ',' | '\t'): Sheet {
  const table = readTable(text, separator);
  const headerRow = Math.max(1, (table.rows[0]?.row ?? 2) - 1);
  return { format: 'csv', rows: [{ row: headerRow, cells: table.headers }, ...table.rows], serialDates: false };
}
