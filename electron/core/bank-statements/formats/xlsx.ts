// Netbank spreadsheets (XLSX, and the older XLS): the sheet as rows of text for ./table.ts, read by SheetJS (the
// `@e965/xlsx` build), which gives each cell's type and number format and each row's hidden mark. Dates come as
// ISO text whether the bank wrote a date cell (a serial number with a date format), a plain serial number (read as
// a date in a date column) or text; numbers as exact decimal text of what the cell holds. A password-protected or
// damaged file, or a cell whose formula has no saved value, is refused with the reason.
import * as XLSX from '@e965/xlsx';
import { refuse } from './types';
import { excelSerialDate } from './values';
import type { Sheet, SheetRow } from './table';

/** A spreadsheet: an Office Open XML zip (XLSX), or an OLE compound file (XLS, or any Office file with a password). */
export function looksLikeSpreadsheet(bytes: Uint8Array): boolean {
  return isZip(bytes) || isCompound(bytes);
}
const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isCompound = (b: Uint8Array) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/** The largest sheet read: a year of a busy account fits; more is a file of something else. */
const MAX_ROWS = 200_000;

/** Each sheet of the workbook as rows of text, in the workbook's order. */
export function spreadsheetSheets(bytes: Uint8Array): Sheet[] {
  // an encrypted OOXML file is a compound file holding "EncryptionInfo" and "EncryptedPackage" (MS-OFFCRYPTO)
  if (isCompound(bytes) && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from('EncryptionInfo', 'utf16le'))) {
    refuse('is a password-protected spreadsheet; open it, save a copy without the password, and import that copy');
  }
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, { type: 'array', dense: true, cellStyles: true, cellFormula: true, cellHTML: false, cellText: false, sheetRows: MAX_ROWS + 1 });
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    if (/password|encrypt/i.test(why)) refuse('is a password-protected spreadsheet; open it, save a copy without the password, and import that copy');
    return refuse(`is a damaged spreadsheet that cannot be read (${why}); export the statement again`);
  }
  const date1904 = !!book.Workbook?.WBProps?.date1904;
  const sheets = book.SheetNames.map((name) => sheetRows(book.Sheets[name]!, name, date1904));
  if (!sheets.length) refuse('is a spreadsheet with no sheet');
  return sheets;
}

function sheetRows(ws: XLSX.WorkSheet, name: string, date1904: boolean): Sheet {
  const data = ((ws as unknown as { '!data'?: XLSX.CellObject[][] })['!data'] ?? []) as Array<XLSX.CellObject[] | undefined>;
  const props = ws['!rows'] ?? [];
  if (data.length > MAX_ROWS) refuse(`has more than ${MAX_ROWS.toLocaleString('en')} rows in sheet "${name}"; export a shorter period`);
  const rows: SheetRow[] = [];
  data.forEach((cells, r) => {
    if (!cells) return;
    const row = r + 1;
    const text: string[] = [];
    cells.forEach((cell, c) => {
      text[c] = cell ? cellText(cell, row, c, name, date1904) : '';
    });
    for (let c = 0; c < text.length; c++) text[c] ??= '';
    rows.push({ row, cells: text, ...(props[r]?.hidden ? { hidden: true } : {}) });
  });
  return { format: 'xlsx', rows, serialDates: true, date1904 };
}

function cellText(cell: XLSX.CellObject, row: number, col: number, sheet: string, date1904: boolean): string {
  if (cell.f !== undefined && (cell.t === 'z' || cell.v === undefined)) {
    refuse(`cell ${XLSX.utils.encode_col(col)}${row} of sheet "${sheet}" holds a formula without a saved value; open the file in a spreadsheet program, save it, and import again`);
  }
  switch (cell.t) {
    case 'n': {
      const n = cell.v as number;
      if (cell.z !== undefined && typeof cell.z === 'string' && XLSX.SSF.is_date(cell.z)) return excelSerialDate(n, date1904) ?? String(n);
      // what the cell holds to Excel's own 15 digits: 1234.5 is "1234.5", not 1234.4999999999998
      return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15)));
    }
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : String(cell.v ?? '');
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return '';
    case 'z':
      return '';
    default:
      return cell.v === undefined || cell.v === null ? '' : String(cell.v);
  }
}
