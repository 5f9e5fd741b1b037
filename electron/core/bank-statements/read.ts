// A statement file's bytes → its statements: the format found from the content (or the one the user named), the text
// decoded (UTF-8, or Windows-1250/CP852 for older Hungarian exports), a spreadsheet's sheet, and a CSV or sheet read
// with the account's column mapping, the one given, or the one the header's words suggest. Every refusal says why;
// nothing is stored before all is read.
import { detectSeparator } from '../import/csv-read';
import type { BankCsvMapping, BankStatementFormat, BankStatementPreview } from '../../../shared/contract/areas/bank-types';
import { readCamt053, looksLikeCamt053 } from './formats/camt053';
import { readMt940, looksLikeMt940 } from './formats/mt940';
import { csvSheet } from './formats/csv';
import { findHeader, preview, proposeColumns, readSheet, type Sheet } from './formats/table';
import { decodeStatement, detectStatementEncoding } from './formats/text';
import { looksLikeSpreadsheet, spreadsheetSheets } from './formats/xlsx';
import { noneLeftOut, refuse, StatementError, type ParsedFile } from './formats/types';
import { invalid } from '../../../shared/errors';

export interface ReadOptions {
  format: BankStatementFormat;
  /** the mapping given with this file, else the account's saved one */
  csv: BankCsvMapping | null;
  /** `csv` was sent with this file (it must fit); a saved one that does not fit gives way to the header's words */
  csvGiven?: boolean;
  accountCurrency: string;
  /** statements whose balances do not add up are read anyway (the user confirmed it) */
  acceptDifference?: boolean;
}

export function readStatement(bytes: Uint8Array, options: ReadOptions): { file: ParsedFile; csv: BankCsvMapping | null } {
  return asFieldError(() => {
    const read = readAny(bytes, options);
    const problem = read.file.statements.find((s) => s.balance_problem);
    if (problem && !options.acceptDifference) refuse(problem.balance_problem);
    return read;
  });
}

/** The first rows of a CSV or spreadsheet, for the column form (and the mapping its header suggests). */
export function previewStatement(bytes: Uint8Array, mapping: BankCsvMapping | null): BankStatementPreview {
  return asFieldError(() => {
    const sheet = tableOf(bytes, mapping, 'auto');
    if (!sheet) refuse('is not a table (CSV or spreadsheet); camt.053 and MT940 files need no columns');
    return { format: sheet!.format === 'xlsx' ? 'xlsx' : 'csv', ...preview(sheet!, mapping?.columns ?? null) };
  });
}

function asFieldError<T>(work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (e instanceof StatementError) throw invalid('file', e.message);
    throw e;
  }
}

/** The file as a table (CSV text or a spreadsheet's sheet), or null when it is XML or MT940. */
function tableOf(bytes: Uint8Array, mapping: BankCsvMapping | null, format: BankStatementFormat): Sheet | null {
  if (!bytes.length) refuse('is empty');
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46) {
    refuse('is a PDF; export the statement from the bank as camt.053 (XML), MT940, CSV or XLSX');
  }
  if (format === 'xlsx' || (format === 'auto' && looksLikeSpreadsheet(bytes))) {
    if (!looksLikeSpreadsheet(bytes)) refuse('is not a spreadsheet (XLSX or XLS)');
    const sheets = spreadsheetSheets(bytes);
    // the sheet with the statement: the first whose header is found
    return sheets.find((s) => findHeader(s.rows, mapping?.columns ?? null) >= 0) ?? sheets.find((s) => findHeader(s.rows, null) >= 0) ?? sheets[0]!;
  }
  if (bytes.subarray(0, 4096).includes(0)) refuse('is not a text file; export the statement as camt.053 (XML), MT940, CSV or XLSX');
  const text = decodeStatement(bytes, mapping?.encoding ?? detectStatementEncoding(bytes));
  const head = text.slice(0, 4096).trimStart();
  if (format === 'camt053' || format === 'mt940' || (format === 'auto' && (head.startsWith('<') || looksLikeMt940(head)))) return null;
  if (head.startsWith('<')) refuse('is XML but not a camt.053 statement');
  return csvSheet(text, mapping?.separator ?? detectSeparator(text));
}

function readAny(bytes: Uint8Array, options: ReadOptions): { file: ParsedFile; csv: BankCsvMapping | null } {
  const sheet = tableOf(bytes, options.csv, options.format);
  if (!sheet) {
    const text = decodeStatement(bytes, options.csv?.encoding ?? detectStatementEncoding(bytes));
    const head = text.slice(0, 4096).trimStart();
    const format = options.format !== 'auto' ? options.format : head.startsWith('<') ? 'camt053' : 'mt940';
    if (format === 'camt053') {
      if (!head.startsWith('<')) refuse('is not XML, so not a camt.053 statement');
      if (!looksLikeCamt053(text.slice(0, 8192))) refuse('is XML but not a camt.053 statement (no Document with the camt.053 namespace)');
      return { file: { format: 'camt053', statements: readCamt053(text), left_out: noneLeftOut() }, csv: null };
    }
    return { file: { format: 'mt940', statements: readMt940(text), left_out: noneLeftOut() }, csv: null };
  }
  let mapping: BankCsvMapping;
  if (options.csv && findHeader(sheet.rows, options.csv.columns) >= 0) mapping = options.csv;
  else {
    const at = findHeader(sheet.rows, null);
    const first = sheet.rows.find((r) => r.cells.some((c) => c.trim()));
    // a mapping sent with the file must fit it; a saved one that does not (another bank's export) gives way to the
    // header's words, and when they find nothing either, its own refusal names the column it misses
    if (options.csv && (options.csvGiven || at < 0)) readSheet(sheet, options.csv.columns, options.accountCurrency);
    if (at < 0) {
      const shown = (first?.cells ?? []).map((c) => c.trim()).filter(Boolean);
      if (shown.length < 3 && sheet.format === 'csv') refuse('is not a bank statement Folio reads: not camt.053 XML, not MT940, and not a CSV table with a header');
      refuse(`is a ${sheet.format === 'xlsx' ? 'spreadsheet' : 'CSV'} whose columns Folio does not recognise (no booking date or amount column in its first rows); map them for this bank account. The first row is: ${shown.join(' | ')}`);
    }
    mapping = { columns: proposeColumns(sheet.rows[at]!.cells.map((c) => c.trim())) };
  }
  if (sheet.format === 'csv') {
    const text = decodeStatement(bytes, options.csv?.encoding ?? detectStatementEncoding(bytes));
    const encoding = options.csv?.encoding ?? detectStatementEncoding(bytes);
    mapping = { ...mapping, encoding, separator: options.csv?.separator ?? detectSeparator(text) };
  }
  const { statements, left_out } = readSheet(sheet, mapping.columns, options.accountCurrency);
  return { file: { format: sheet.format, statements, left_out }, csv: mapping };
}
