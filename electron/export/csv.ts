// CSV per RFC 4180: fields quoted when they hold the delimiter, a quote, CR or LF (quotes doubled), records ended
// by CRLF. Text that a spreadsheet would run as a formula is defused (see csvCell).

export type CsvDelimiter = ',' | ';';

/** Excel, LibreOffice and Numbers read UTF-8 (accents in "Példa Kft.") only when the file starts with a BOM. */
export const UTF8_BOM = '\ufeff';

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field. A text beginning with = + - @ (a client named "=HYPERLINK(…)") would be run as a formula by a
 * spreadsheet (CSV injection), so it gets a leading apostrophe; plain numbers such as "-1270.000" stay numbers.
 */
export function csvCell(value: unknown, delimiter: CsvDelimiter = ','): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  const needsQuotes = text.includes(delimiter) || text.includes('"') || text.includes('\n') || text.includes('\r');
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRecord(values: unknown[], delimiter: CsvDelimiter = ','): string {
  return `${values.map((v) => csvCell(v, delimiter)).join(delimiter)}\r\n`;
}

/** A small RFC 4180 reader (tests, imports): the inverse of csvRecord, BOM tolerated. */
export function parseCsv(text: string, delimiter: CsvDelimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.startsWith(UTF8_BOM) ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
