// Statements as tables — a CSV export or a netbank spreadsheet: one row per entry under a header row, which is found
// (a spreadsheet may open with a title block), not assumed to be the first. Which column holds what is the account's
// saved mapping, the one sent with the file, or the one the header's words suggest (Hungarian and English). Rows the
// file marks as not booked (a state column saying pending, a hidden spreadsheet row, no booking date) are left out and
// counted; a sheet naming its own account in a column is split into one statement per account.
import { normalizedHeader } from './headers';
import { amountText, accountText, cleanText, dateText, excelSerialDate } from './values';
import { noneLeftOut, refuse, type LeftOut, type ParsedEntry, type ParsedStatement, type StatementFormat } from './types';
import { accountKeys } from '../names';
import type { BankCsvColumns } from '../../../../shared/contract/areas/bank-types';
import { Big } from '../../../../shared/money';

export interface SheetRow {
  /** the row's number as a spreadsheet program shows it */
  row: number;
  cells: string[];
  hidden?: boolean;
}

export interface Sheet {
  format: StatementFormat;
  rows: SheetRow[];
  /** a number in a date column is an Excel date serial (spreadsheets only) */
  serialDates: boolean;
  date1904?: boolean;
}

type Field = keyof BankCsvColumns;

const WORDS: Record<Field, string[]> = {
  // in order of preference: a file with both a transaction date and a booking date books by the latter
  booking_date: ['konyvelesi datum', 'konyveles datuma', 'konyveles napja', 'konyvelesi nap', 'completed date', 'booking date', 'tranzakcio datuma', 'datum', 'date'],
  value_date: ['erteknap', 'ertek nap', 'value date'],
  amount: ['osszeg', 'tranzakcio osszege', 'amount'],
  credit: ['jovairas', 'jovairt osszeg', 'bejovo osszeg', 'credit'],
  debit: ['terheles', 'terhelt osszeg', 'kimeno osszeg', 'debit'],
  currency: ['devizanem', 'deviza', 'penznem', 'currency'],
  counterparty_name: ['partner neve', 'ellenoldali nev', 'ellenpartner neve', 'payer name', 'partner', 'befizeto neve', 'kedvezmenyezett neve', 'counterparty', 'name'],
  counterparty_iban: ['partner szamlaszama', 'ellenoldali szamlaszam', 'ellenpartner szamlaszama', 'partner iban', 'iban', 'counterparty account', 'payee account number'],
  remittance: ['kozlemeny', 'kozlemeny 1', 'kozlemeny 2', 'megjegyzes', 'remittance', 'description', 'payment reference'],
  reference: ['tranzakcio azonosito', 'tranzakcioazonosito', 'banki azonosito', 'azonosito', 'referencia', 'reference', 'bank reference', 'transferwise id'],
  // the business's own account, in a sheet that lists several
  account: ['szamlaszam', 'sajat szamlaszam', 'szamla szama', 'account number', 'account'],
  state: ['allapot', 'statusz', 'tranzakcio allapota', 'state', 'status'],
  fee: ['fee', 'jutalek'],
  direction: ['be ki', 'irany', 'jovairas terheles', 'terheles jovairas', 'credit debit', 'debit credit'],
};

/**
 * The mapping the header's words suggest: each field the header its most preferred word names (remittance: all that
 * name it). Exact names are taken first, for every field, so that "Partner" as a prefix cannot take "Partner
 * számlaszáma".
 */
export function proposeColumns(headers: string[]): BankCsvColumns {
  const normal = headers.map(normalizedHeader);
  const out: Record<string, string | string[]> = {};
  const taken = new Set<number>();
  const fields = Object.keys(WORDS) as Field[];
  const pass = (fits: (h: string, w: string) => boolean) => {
    for (const field of fields) {
      if (field === 'remittance') {
        const matches = normal.map((h, i) => (!taken.has(i) && WORDS[field].some((w) => fits(h, w)) ? i : -1)).filter((i) => i >= 0);
        matches.forEach((i) => taken.add(i));
        if (matches.length) out[field] = [...((out[field] as string[] | undefined) ?? []), ...matches.map((i) => headers[i]!)];
        continue;
      }
      if (out[field] !== undefined) continue;
      for (const w of WORDS[field]) {
        const i = normal.findIndex((h, j) => !taken.has(j) && fits(h, w));
        if (i < 0) continue;
        taken.add(i);
        out[field] = headers[i]!;
        break;
      }
    }
  };
  pass((h, w) => h === w);
  pass((h, w) => w.length > 5 && h.startsWith(w));
  return out as unknown as BankCsvColumns;
}

const usable = (c: BankCsvColumns) => !!c.booking_date && !!(c.amount || c.credit || c.debit);
const blank = (r: SheetRow) => r.cells.every((c) => c.trim() === '');

/**
 * The header row: the first of the first 40 rows that holds the mapping's booking date and amount columns, or, with
 * no mapping, whose words name a booking date and an amount. -1 when none does.
 */
export function findHeader(rows: SheetRow[], columns: BankCsvColumns | null): number {
  const limit = Math.min(rows.length, 40);
  for (let i = 0; i < limit; i++) {
    const cells = rows[i]!.cells;
    if (blank(rows[i]!)) continue;
    if (columns) {
      const names = new Set(cells.map(normalizedHeader));
      const amount = columns.amount ?? columns.credit ?? columns.debit;
      if (names.has(normalizedHeader(columns.booking_date)) && amount && names.has(normalizedHeader(amount))) return i;
    } else if (usable(proposeColumns(cells.map((c) => c.trim())))) return i;
  }
  return -1;
}

/** The first rows of a table as a column form shows them: the header found, and a few rows under it. */
export function preview(sheet: Sheet, columns: BankCsvColumns | null, count = 8) {
  let at = findHeader(sheet.rows, columns);
  if (at < 0) at = findHeader(sheet.rows, null);
  const found = at >= 0;
  if (!found) at = sheet.rows.findIndex((r) => !blank(r));
  const headers = at >= 0 ? sheet.rows[at]!.cells.map((c) => c.trim()) : [];
  const rows = sheet.rows
    .slice(at + 1)
    .filter((r) => !blank(r))
    .slice(0, count)
    .map((r) => headers.map((_, i) => r.cells[i] ?? ''));
  return { header_row: at >= 0 ? sheet.rows[at]!.row : null, header_found: found, headers, rows, proposed: proposeColumns(headers) };
}

const BOOKED = new Set(['completed', 'booked', 'konyvelt', 'teljesitett', 'teljesult', 'settled', 'posted', 'book']);
const DEBIT_MARKS = new Set(['ki', 'kimeno', 'terheles', 'debit', 'dbit', 'd', 'out', 'kiadas']);
const CREDIT_MARKS = new Set(['be', 'bejovo', 'jovairas', 'credit', 'crdt', 'c', 'in', 'bevetel']);

export function readSheet(sheet: Sheet, columns: BankCsvColumns, accountCurrency: string): { statements: ParsedStatement[]; left_out: LeftOut } {
  const at = findHeader(sheet.rows, columns);
  const firstRow = sheet.rows.find((r) => !blank(r));
  const shown = (firstRow?.cells ?? []).map((c) => c.trim()).join(' | ');
  if (at < 0) refuse(`has no column "${columns.booking_date}" (booking date in the bank account's column mapping) in its first rows; the first row is: ${shown}`);
  const headers = sheet.rows[at]!.cells.map((c) => c.trim());
  const index = (header: string | undefined, field: string): number => {
    if (header === undefined) return -1;
    const i = headers.findIndex((h) => normalizedHeader(h) === normalizedHeader(header));
    if (i < 0) refuse(`has no column "${header}" (${field} in the bank account's column mapping); the header is: ${headers.join(' | ')}`);
    return i;
  };
  const col = {
    booking: index(columns.booking_date, 'booking date'),
    value: index(columns.value_date, 'value date'),
    amount: index(columns.amount, 'amount'),
    credit: index(columns.credit, 'credit'),
    debit: index(columns.debit, 'debit'),
    currency: index(columns.currency, 'currency'),
    name: index(columns.counterparty_name, 'counterparty name'),
    iban: index(columns.counterparty_iban, 'counterparty account'),
    reference: index(columns.reference, 'reference'),
    account: index(columns.account, 'account'),
    state: index(columns.state, 'state'),
    fee: index(columns.fee, 'fee'),
    direction: index(columns.direction, 'credit/debit mark'),
    remittance: ([] as string[]).concat(columns.remittance ?? []).map((h) => index(h, 'remittance')),
  };
  if (col.amount < 0 && col.credit < 0 && col.debit < 0) refuse(`has no amount column (nor credit and debit columns); the header is: ${headers.join(' | ')}`);

  const date = (raw: string, row: number, i: number): string => {
    const serial = sheet.serialDates && /^\d{5}(\.\d+)?$/.test(raw) ? excelSerialDate(Number(raw), sheet.date1904) : null;
    const iso = serial ?? dateText(raw);
    if (!iso) refuse(`row ${row}: "${raw}" is not a date (${headers[i]})`);
    return iso!;
  };
  const left = noneLeftOut();
  const groups = new Map<string, ParsedStatement>();
  const data = sheet.rows.slice(at + 1).filter((r) => !blank(r));
  for (const { row, cells, hidden } of data) {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    if (hidden) {
      left.hidden++;
      continue;
    }
    if (col.state >= 0 && !BOOKED.has(normalizedHeader(cell(col.state)))) {
      left.pending++;
      continue;
    }
    if (!cell(col.booking)) {
      left.unbooked++;
      continue;
    }
    const booking = date(cell(col.booking), row, col.booking);
    const value = cell(col.value) ? date(cell(col.value), row, col.value) : null;
    let signed = signedAmount(cell, col, row, headers);
    const mark = normalizedHeader(cell(col.direction));
    if (DEBIT_MARKS.has(mark)) signed = signed.abs().neg();
    else if (CREDIT_MARKS.has(mark)) signed = signed.abs();
    const currency = (cell(col.currency) || accountCurrency).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) refuse(`row ${row}: "${currency}" is not a currency code`);
    const ownAccount = cell(col.account);
    const key = ownAccount ? (accountKeys(ownAccount)[0] ?? ownAccount) : '';
    let statement = groups.get(key);
    if (!statement) {
      statement = { format: sheet.format, statement_ref: '', account: ownAccount, period_from: null, period_to: null, entries: [], balance_difference: null, balance_problem: '' };
      groups.set(key, statement);
    }
    const base = {
      bank_ref: cell(col.reference),
      booking_date: booking,
      value_date: value,
      currency,
      counterparty_name: cleanText(cell(col.name)),
      counterparty_iban: accountText(cell(col.iban)),
      remittance: cleanText(col.remittance.map(cell).filter(Boolean).join(' ')),
    };
    const add = (entry: ParsedEntry) => {
      statement!.entries.push(entry);
      if (!statement!.period_from || booking < statement!.period_from) statement!.period_from = booking;
      if (!statement!.period_to || booking > statement!.period_to) statement!.period_to = booking;
    };
    // a zero line (a fee waived) moves no money
    if (!signed.eq(0)) add({ ...base, direction: signed.gt(0) ? 'credit' : 'debit', amount: signed.abs().toFixed() });
    // a fee column (Revolut): the fee is taken beside the amount, a debit of its own
    const feeRaw = cell(col.fee);
    if (feeRaw) {
      const fee = amountText(feeRaw);
      if (fee === null) refuse(`row ${row}: "${feeRaw}" is not an amount (${headers[col.fee]})`);
      const feeAmount = new Big(fee!).abs();
      if (feeAmount.gt(0)) add({ ...base, bank_ref: base.bank_ref ? `${base.bank_ref}/fee` : '', direction: 'debit', amount: feeAmount.toFixed(), remittance: cleanText(`${headers[col.fee]}: ${base.remittance}`) });
    }
  }
  if (!data.length) refuse('has a header but no entries');
  return { statements: groups.size ? [...groups.values()] : [{ format: sheet.format, statement_ref: '', account: '', period_from: null, period_to: null, entries: [], balance_difference: null, balance_problem: '' }], left_out: left };
}

function signedAmount(cell: (i: number) => string, col: { amount: number; credit: number; debit: number }, row: number, headers: string[]): Big {
  const read = (i: number): Big | null => {
    const raw = cell(i);
    if (raw === '') return null;
    const text = amountText(raw);
    if (text === null) refuse(`row ${row}: "${raw}" is not an amount (${headers[i]})`);
    return new Big(text!);
  };
  if (col.amount >= 0) {
    const amount = read(col.amount);
    if (amount === null) refuse(`row ${row}: the amount is empty (${headers[col.amount]})`);
    return amount!;
  }
  const credit = read(col.credit) ?? new Big(0);
  const debit = read(col.debit) ?? new Big(0);
  // a debit column holds the amount taken, with or without its minus sign
  return credit.abs().minus(debit.abs());
}
