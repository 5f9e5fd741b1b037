// Statement files as banks really give them (issue 37), built here from their published or observed layouts — not
// from Folio's code: OTP netbank spreadsheets in both layouts (written by ExcelJS, another program than the reader,
// with the bank's title block, hidden rows, rows not booked yet, dates as date cells, as bare serial numbers and as
// text), Revolut's and Wise's CSV exports, a Hungarian bank's MT940 (funds code after the mark, blank transaction
// type, the non-SWIFT :NS: field, CP852 or Windows-1250), a German MT940 (BLZ/Kontonummer), and camt.053 / MT940
// files of several accounts. Broken spreadsheets too: password-protected, damaged, formulas without values.
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { Big } from '../../shared/money';
import { csv, utf8, windows1250 } from '../import/files';
import { camt053, mt940, type TestEntry } from './statements';

/** An entry of a netbank spreadsheet: the own account it is on, and how the bank wrote the row. */
export interface SheetEntry extends TestEntry {
  /** the business's account the row is on (the sheet's "Számlaszám" column) */
  account?: string;
  /** the bank hid the row (e.g. a reversed pair) */
  hidden?: boolean;
  /** not booked yet: the booking date cell is empty */
  unbooked?: boolean;
  /** how the booking date is written: a date cell (default), a bare serial number, or text "2026.03.02." */
  dateAs?: 'date' | 'serial' | 'text';
}

const excelDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const serialOf = (iso: string) => Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);
const signed = (e: TestEntry) => (e.direction === 'debit' ? new Big(e.amount).neg() : new Big(e.amount));

function bookingCell(e: SheetEntry): Date | number | string | null {
  if (e.unbooked) return null;
  if (e.dateAs === 'serial') return serialOf(e.date);
  if (e.dateAs === 'text') return `${e.date.replace(/-/g, '.')}.`;
  return excelDate(e.date);
}

/** A booking date written as a bare serial number keeps the General format, whatever the column's format is. */
function bareSerials(ws: ExcelJS.Worksheet, entries: SheetEntry[], headerRow: number, column: number) {
  entries.forEach((e, i) => {
    if (e.dateAs === 'serial') ws.getRow(headerRow + 1 + i).getCell(column).numFmt = 'General';
  });
}

async function book(fill: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'OTP Bank Nyrt.';
  fill(wb.addWorksheet('Számlatörténet'));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const OTP_NEW_HEADER = ['Számlaszám', 'Ellenoldali számlaszám', 'Ellenoldali név', 'Forgalom típusa', 'Közlemény', 'Tranzakció időpontja', 'Könyvelés dátuma', 'Összeg', 'Devizanem'];

/**
 * OTP's newer account history: a title block (bank, title, the accounts, the period, an empty row), then the header
 * and one row per transaction; the transaction's time as a date-time cell, the booking date as the entry says, the
 * amount signed, forints with fractions as the bank keeps them.
 */
export function otpNewXlsx(entries: SheetEntry[], defaultAccount: string): Promise<Buffer> {
  return book((ws) => {
    ws.addRow(['OTP Bank Nyrt.']);
    ws.addRow(['Számlatörténet']);
    ws.addRow(['Lekérdezett számlák:', [...new Set(entries.map((e) => e.account ?? defaultAccount))].join(', ')]);
    ws.addRow(['Időszak:', `${entries[0]?.date ?? ''} – ${entries[entries.length - 1]?.date ?? ''}`]);
    ws.addRow([]);
    ws.addRow(OTP_NEW_HEADER);
    for (const e of entries) {
      const row = ws.addRow([e.account ?? defaultAccount, e.iban ?? '', e.name ?? '', e.direction === 'credit' ? 'Jóváírás' : 'Átutalás', e.remittance ?? '', new Date(`${e.date}T09:30:00Z`), bookingCell(e), Number(signed(e).toFixed()), e.currency ?? 'HUF']);
      if (e.hidden) row.hidden = true;
    }
    ws.getColumn(6).numFmt = 'yyyy.mm.dd hh:mm';
    ws.getColumn(7).numFmt = 'yyyy.mm.dd';
    ws.getColumn(8).numFmt = '#,##0.00';
    bareSerials(ws, entries, 6, 7);
  });
}

export const OTP_OLD_HEADER = ['Tranzakció dátuma', 'Könyvelés dátuma', 'Megnevezés', 'Be/Ki', 'Partner neve', 'Partner számlaszáma', 'Kategória', 'Közlemény', 'Számla neve', 'Számlaszám', 'Összeg', 'Pénznem'];

/** OTP's older layout: the header in row 1, a Be/Ki column beside an unsigned amount, the account's name and number. */
export function otpOldXlsx(entries: SheetEntry[], defaultAccount: string): Promise<Buffer> {
  return book((ws) => {
    ws.addRow(OTP_OLD_HEADER);
    for (const e of entries) {
      // the transaction day is the day before the booking: the booking date must be the one read
      const day = new Date(Date.parse(`${e.date}T00:00:00Z`) - 86_400_000);
      const row = ws.addRow([day, bookingCell(e), e.direction === 'credit' ? 'Bejövő átutalás' : 'Kimenő átutalás', e.direction === 'credit' ? 'Be' : 'Ki', e.name ?? '', e.iban ?? '', 'Egyéb', e.remittance ?? '', 'Vállalkozói számla', e.account ?? defaultAccount, Number(new Big(e.amount).toFixed()), e.currency ?? 'HUF']);
      if (e.hidden) row.hidden = true;
    }
    ws.getColumn(1).numFmt = 'yyyy.mm.dd';
    ws.getColumn(2).numFmt = 'yyyy.mm.dd';
    bareSerials(ws, entries, 1, 2);
  });
}

/** The same old-layout sheet as a legacy .xls (BIFF8), the form some banks still export. */
export async function otpOldXls(entries: SheetEntry[], defaultAccount: string): Promise<Buffer> {
  const rows = [OTP_OLD_HEADER, ...entries.map((e) => [e.date, `${e.date.replace(/-/g, '.')}.`, 'Átutalás', e.direction === 'credit' ? 'Be' : 'Ki', e.name ?? '', e.iban ?? '', 'Egyéb', e.remittance ?? '', 'Számla', e.account ?? defaultAccount, Number(new Big(e.amount).toFixed()), e.currency ?? 'HUF'])];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Számlatörténet');
  return XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

export interface RevolutRow extends TestEntry {
  state?: 'COMPLETED' | 'PENDING' | 'REVERTED' | 'DECLINED';
  fee?: string;
  type?: string;
}

/**
 * Revolut Business/personal account statement CSV: Type, Product, Started Date, Completed Date, Description, Amount,
 * Fee, Currency, State, Balance; timestamps "2026-03-02 10:11:12"; a pending row has no completed date; the fee is
 * taken beside the amount (Balance = before + Amount − Fee).
 */
export function revolutCsv(rows: RevolutRow[], opening = '1000'): Buffer {
  let balance = new Big(opening);
  const lines = rows.map((r) => {
    const completed = r.state === undefined || r.state === 'COMPLETED';
    if (completed) balance = balance.plus(signed(r)).minus(r.fee ?? '0');
    return [r.type ?? (r.direction === 'credit' ? 'TOPUP' : 'CARD_PAYMENT'), 'Current', `${r.date} 08:15:00`, completed ? `${r.date} 10:11:12` : '', r.remittance ?? '', signed(r).toFixed(2), new Big(r.fee ?? '0').toFixed(2), r.currency ?? 'EUR', r.state ?? 'COMPLETED', completed ? balance.toFixed(2) : ''];
  });
  return utf8(csv([['Type', 'Product', 'Started Date', 'Completed Date', 'Description', 'Amount', 'Fee', 'Currency', 'State', 'Balance'], ...lines], ','));
}

/**
 * Wise statement CSV: "TransferWise ID", Date (DD-MM-YYYY), Amount (signed), Currency, Description, Payment
 * Reference, Running Balance, …, Payer Name, Payee Name, …, Total fees. A transfer's fee is its own row under the
 * same id.
 */
export function wiseCsv(rows: TestEntry[]): Buffer {
  const header = ['TransferWise ID', 'Date', 'Amount', 'Currency', 'Description', 'Payment Reference', 'Running Balance', 'Exchange From', 'Exchange To', 'Exchange Rate', 'Payer Name', 'Payee Name', 'Payee Account Number', 'Merchant', 'Card Last Four Digits', 'Card Holder Full Name', 'Attachment', 'Note', 'Total fees'];
  let balance = new Big('500');
  const lines = rows.map((r) => {
    balance = balance.plus(signed(r));
    const [y, m, d] = r.date.split('-');
    return [r.ref, `${d}-${m}-${y}`, signed(r).toFixed(2), r.currency ?? 'EUR', r.direction === 'credit' ? `Received money from ${r.name ?? ''}` : `Wise Charges for: ${r.ref}`, r.remittance ?? '', balance.toFixed(2), '', '', '', r.direction === 'credit' ? (r.name ?? '') : '', r.direction === 'debit' ? (r.name ?? '') : '', '', '', '', '', '', '', '0.00'];
  });
  return utf8(csv([header, ...lines], ','));
}

// CP852 (the DOS code page of Central Europe) bytes of the Hungarian letters, from the code page's table
const CP852: Record<string, number> = {
  á: 0xa0, é: 0x82, í: 0xa1, ó: 0xa2, ö: 0x94, ő: 0x8b, ú: 0xa3, ü: 0x81, ű: 0xfb,
  Á: 0xb5, É: 0x90, Í: 0xd6, Ó: 0xe0, Ö: 0x99, Ő: 0x8a, Ú: 0xe9, Ü: 0x9a, Ű: 0xeb,
};

export function cp852(text: string): Buffer {
  return Buffer.from([...text].map((ch) => (ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : (CP852[ch] ?? (() => { throw new Error(`no CP852 byte for ${ch}`); })()))));
}

const yymmdd = (d: string) => d.slice(2).replace(/-/g, '');
const mtAmount = (a: Big | string) => new Big(a).abs().toFixed(2).replace('.', ',');

/**
 * A Hungarian bank's MT940: ":25:" as "BIC/account/currency", a funds code letter after the mark ("CF", "DF"), a
 * blank transaction type ("S   "), no :86:, and the non-SWIFT ":NS:" field: 01 the transaction's name, 02 the other
 * party, 03 its account, 04–07 the remittance, 08 the transaction levy.
 */
export function hungarianMt940(entries: TestEntry[], options: { account: string; opening?: string; encoding: 'cp852' | 'windows-1250' }): Buffer {
  const net = entries.reduce((s, e) => s.plus(signed(e)), new Big(0));
  const opening = new Big(options.opening ?? '100000');
  const first = entries[0]!.date;
  const last = entries[entries.length - 1]!.date;
  const lines = [':20:HU' + yymmdd(last), `:25:OTPVHUHB/${options.account}/HUF`, ':28C:00012', `:60F:C${yymmdd(first)}HUF${mtAmount(opening)}`];
  for (const e of entries) {
    lines.push(`:61:${yymmdd(e.date)}${e.date.slice(5).replace('-', '')}${e.direction === 'credit' ? 'C' : 'D'}F${mtAmount(e.amount)}S   ${e.ref}`);
    lines.push(`:NS:01${e.direction === 'credit' ? 'Jóváírás' : 'Átutalás'}`, `02${e.name ?? ''}`, `03${e.iban ?? ''}`);
    const text = e.remittance ?? '';
    (text.match(/.{1,35}/g) ?? []).slice(0, 4).forEach((piece, i) => lines.push(`0${4 + i}${piece}`));
    if (e.direction === 'debit') lines.push(`08Tranzakciós illeték: ${mtAmount(new Big(e.amount).times('0.0045').round(0))}`);
  }
  lines.push(`:62F:C${yymmdd(last)}HUF${mtAmount(opening.plus(net))}`, '-');
  const text = `${lines.join('\r\n')}\r\n`;
  return options.encoding === 'cp852' ? cp852(text) : windows1250(text);
}

/** A German bank's MT940: ":25:BLZ/Kontonummer", the "?20…?32" :86: of the Verwendungszweck form. */
export function germanMt940(entries: TestEntry[], account = '20090500/0006853030'): string {
  return mt940(entries, { info: 'structured', account });
}

/** A camt.053 file of several statements, one per account (each with its own balances). */
export function camtOfAccounts(parts: Array<{ iban: string; entries: TestEntry[] }>): string {
  const docs = parts.map((p) => camt053(p.entries, { version: '08', iban: p.iban }));
  const stmt = (doc: string) => doc.slice(doc.indexOf('<Stmt>'), doc.indexOf('</Stmt>') + '</Stmt>'.length);
  const first = docs[0]!;
  return first.replace(stmt(first), docs.map(stmt).join('\n'));
}

/** An MT940 file with one statement per account, one after the other. */
export function mt940OfAccounts(parts: Array<{ account: string; entries: TestEntry[] }>): string {
  return parts.map((p) => mt940(p.entries, { account: p.account })).join('');
}

// Broken spreadsheets

/** What an Office program writes for a workbook with a password: a compound file of EncryptionInfo and EncryptedPackage. */
export function passwordProtectedXlsx(): Buffer {
  const cfb = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(cfb, 'EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0, ...Buffer.from('<encryption/>')]));
  XLSX.CFB.utils.cfb_add(cfb, 'EncryptedPackage', Buffer.alloc(4096, 0x5a));
  return Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

/** A sheet whose amounts are formulas saved without their computed values (as some export tools write them). */
export function formulasXlsx(): Promise<Buffer> {
  return book((ws) => {
    ws.addRow(OTP_NEW_HEADER);
    ws.addRow(['11773016-11111018', '', 'Vevő Kft.', 'Jóváírás', 'Számla 1', excelDate('2026-03-02'), excelDate('2026-03-02'), { formula: '1000*12.7' }, 'HUF']);
    ws.getColumn(7).numFmt = 'yyyy.mm.dd';
  });
}

/** A spreadsheet that is no statement: a price list. */
export function noHeaderXlsx(): Promise<Buffer> {
  return book((ws) => {
    ws.addRow(['Árlista 2026']);
    ws.addRow(['Termék', 'Egységár', 'Készlet']);
    ws.addRow(['Csavar', 12, 4000]);
  });
}
