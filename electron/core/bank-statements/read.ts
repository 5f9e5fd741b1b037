// A statement file's bytes → its entries: the format found from the content (or the one the user named), the text
// decoded (UTF-8, or Windows-1250 for older Hungarian exports), and a CSV read with the account's column mapping, the
// one given, or the one the header's words suggest. Every refusal says why; nothing is stored before all is read.
import { decode, detectEncoding, detectSeparator, readTable } from '../import/csv-read';
import type { BankCsvMapping, BankStatementFormat } from '../../../shared/contract/areas/bank-types';
import { readCamt053, looksLikeCamt053 } from './formats/camt053';
import { readMt940, looksLikeMt940 } from './formats/mt940';
import { proposeColumns, readCsv } from './formats/csv';
import { refuse, StatementError, type ParsedStatement } from './formats/types';
import { invalid } from '../../../shared/errors';

export interface ReadOptions {
  format: BankStatementFormat;
  /** the mapping given with this file, else the account's saved one */
  csv: BankCsvMapping | null;
  accountCurrency: string;
}

export function readStatement(bytes: Uint8Array, options: ReadOptions): { statement: ParsedStatement; csv: BankCsvMapping | null } {
  try {
    return readAny(bytes, options);
  } catch (e) {
    if (e instanceof StatementError) throw invalid('file', e.message);
    throw e;
  }
}

function readAny(bytes: Uint8Array, options: ReadOptions): { statement: ParsedStatement; csv: BankCsvMapping | null } {
  if (!bytes.length) refuse('is empty');
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46) {
    refuse('is a PDF; export the statement from the bank as camt.053 (XML), MT940 or CSV');
  }
  if (bytes.subarray(0, 4096).includes(0)) refuse('is not a text file; export the statement as camt.053 (XML), MT940 or CSV');
  const encoding = options.csv?.encoding ?? detectEncoding(bytes);
  const text = decode(bytes, encoding);
  const head = text.slice(0, 4096).trimStart();
  const format = options.format !== 'auto' ? options.format : head.startsWith('<') ? 'camt053' : looksLikeMt940(head) ? 'mt940' : 'csv';
  if (format === 'camt053') {
    if (!head.startsWith('<')) refuse('is not XML, so not a camt.053 statement');
    if (!looksLikeCamt053(text.slice(0, 8192))) refuse('is XML but not a camt.053 statement (no Document with the camt.053 namespace)');
    return { statement: readCamt053(text), csv: null };
  }
  if (format === 'mt940') return { statement: readMt940(text), csv: null };
  if (head.startsWith('<')) refuse('is XML but not a camt.053 statement');
  const separator = options.csv?.separator ?? detectSeparator(text);
  let csv: BankCsvMapping;
  if (options.csv) csv = { ...options.csv, encoding, separator };
  else {
    const { headers } = readTable(text, separator);
    if (headers.length < 3) refuse('is not a bank statement Folio reads: not camt.053 XML, not MT940, and not a CSV table with a header');
    const columns = proposeColumns(headers);
    if (!columns.booking_date || (!columns.amount && !columns.credit && !columns.debit)) {
      refuse(`is a CSV whose columns Folio does not recognise (no booking date or amount column); map them for this bank account. The header is: ${headers.join(' | ')}`);
    }
    csv = { encoding, separator, columns };
  }
  return { statement: readCsv(text, { ...csv, separator }, options.accountCurrency), csv };
}
