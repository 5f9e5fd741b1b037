// CSV per RFC 4180, written by csv-stringify: records ended by CRLF, quotes doubled. Text that a spreadsheet would
// run as a formula is defused first (see csvText).
import { stringify } from 'csv-stringify/sync';

export type CsvDelimiter = ',' | ';';

/** Excel, LibreOffice and Numbers read UTF-8 (accents in "Példa Kft.") only when the file starts with a BOM. */
export const UTF8_BOM = '\ufeff';

// a point or (the accountant package's, issue 36) a decimal comma
const PLAIN_NUMBER = /^-?\d+([.,]\d+)?$/;
/** = + - @, tab and CR, and their full-width forms, which some spreadsheets take for the same. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * Fields holding either delimiter are quoted, not only the file's own: a spreadsheet may open a comma file with the
 * semicolon of a Hungarian locale (or the other way round) and would split "Kiss; Nagy" in two otherwise.
 * csv-stringify quotes the file's delimiter, quotes and line breaks by itself.
 */
const ALWAYS_QUOTED = /[;,]/;

/**
 * One field as text. A text beginning with = + - @ (a client named "=HYPERLINK(…)") would be run as a formula by a
 * spreadsheet (CSV injection), so it gets a leading apostrophe; plain numbers such as "-1270.000" stay numbers.
 */
export function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** Records (arrays of fields) as CSV text, each ended by CRLF; no records give ''. */
export function csvRecords(records: unknown[][], delimiter: CsvDelimiter = ','): string {
  if (!records.length) return '';
  return stringify(
    records.map((r) => r.map(csvText)),
    // quote_record_delimiter: a lone "\n" or "\r" inside a field is quoted too (with record_delimiter given,
    // csv-stringify would otherwise quote only a whole "\r\n").
    { delimiter, record_delimiter: 'windows', quote_record_delimiter: true, quoted_match: ALWAYS_QUOTED },
  );
}
