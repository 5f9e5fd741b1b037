// Reading a CSV export: the bytes to text (UTF-8 with or without BOM, or Windows-1250 from older Hungarian programs),
// the separator, and the records. Detection guesses; the user's choice, when given, always wins.
import { parse } from 'csv-parse/sync';
import { invalid } from '../../../shared/errors';
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_SEPARATORS,
  type ImportEncoding,
  type ImportSeparator,
} from '../../../shared/contract/areas/import';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

export function fileBytes(base64: string): Uint8Array {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > IMPORT_MAX_FILE_BYTES) throw invalid('file', `is larger than ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB`);
  return bytes;
}

/**
 * UTF-8 when the file starts with its BOM or is valid UTF-8 throughout; otherwise Windows-1250, what older Hungarian
 * programs write (a Windows-1250 file with accented letters is almost never valid UTF-8 by chance).
 */
export function detectEncoding(bytes: Uint8Array): ImportEncoding {
  if (UTF8_BOM.every((b, i) => bytes[i] === b)) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1250';
  }
}

/** The text of the file; a UTF-8 BOM is dropped. Node's full ICU (and Electron's) has the Windows-1250 decoder. */
export function decode(bytes: Uint8Array, encoding: ImportEncoding): string {
  return new TextDecoder(encoding).decode(bytes);
}

/** The separator used most in the header line, outside quotes; ';' when none is (Hungarian Excel's own choice). */
export function detectSeparator(text: string): ImportSeparator {
  const counts = new Map<string, number>(IMPORT_SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best: ImportSeparator = ';';
  for (const s of IMPORT_SEPARATORS) if (counts.get(s)! > counts.get(best)!) best = s;
  return best;
}

export interface CsvTable {
  headers: string[];
  /** data rows with their row number as a spreadsheet shows it (the header is row 1) */
  rows: Array<{ row: number; cells: string[] }>;
}

/** Quoted fields (with separators, quotes and line breaks inside) per RFC 4180; short rows read as empty cells. */
export function readTable(text: string, separator: ImportSeparator): CsvTable {
  let records: string[][];
  try {
    // Empty lines are kept as records, so that a record's index is its row in a spreadsheet; they are left out below.
    records = parse(text, { delimiter: separator, relax_column_count: true, relax_quotes: true }) as string[][];
  } catch (e) {
    throw invalid('file', `cannot be read as CSV: ${e instanceof Error ? e.message : String(e)}`);
  }
  const blank = (cells: string[]) => cells.every((c) => c.trim() === '');
  const headerAt = records.findIndex((r) => !blank(r));
  if (headerAt < 0) throw invalid('file', 'has no header row');
  return {
    headers: records[headerAt]!.map((h) => h.trim()),
    rows: records
      .map((cells, i) => ({ row: i + 1, cells }))
      .slice(headerAt + 1)
      .filter((r) => !blank(r.cells)),
  };
}
