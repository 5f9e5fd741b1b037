// CSV exports of internet banks: one row per entry, columns named in the header. Which column holds what is the
// bank account's saved mapping, or — for the first file — found from the header's words (Hungarian and English).
// Amounts and dates are read in the Hungarian forms too ("-12 000,00", "2026.03.05.").
import { normalizedHeader } from './headers';
import { amountText, accountText, cleanText, dateText } from './values';
import { refuse, type ParsedEntry, type ParsedStatement } from './types';
import { readTable } from '../../import/csv-read';
import type { BankCsvColumns, BankCsvMapping } from '../../../../shared/contract/areas/bank';
import { Big } from '../../../../shared/money';

const WORDS: Record<keyof BankCsvColumns, string[]> = {
  booking_date: ['konyvelesi datum', 'konyveles datuma', 'konyveles napja', 'konyvelesi nap', 'tranzakcio datuma', 'datum', 'booking date', 'date'],
  value_date: ['erteknap', 'ertek nap', 'value date'],
  amount: ['osszeg', 'tranzakcio osszege', 'amount'],
  credit: ['jovairas', 'jovairt osszeg', 'bejovo osszeg', 'credit'],
  debit: ['terheles', 'terhelt osszeg', 'kimeno osszeg', 'debit'],
  currency: ['devizanem', 'deviza', 'penznem', 'currency'],
  counterparty_name: ['partner neve', 'ellenoldali nev', 'ellenpartner neve', 'partner', 'befizeto neve', 'kedvezmenyezett neve', 'counterparty', 'name'],
  counterparty_iban: ['partner szamlaszama', 'ellenoldali szamlaszam', 'ellenpartner szamlaszama', 'partner iban', 'szamlaszam', 'iban', 'counterparty account'],
  remittance: ['kozlemeny', 'kozlemeny 1', 'kozlemeny 2', 'megjegyzes', 'remittance', 'description'],
  reference: ['tranzakcio azonosito', 'tranzakcioazonosito', 'banki azonosito', 'azonosito', 'referencia', 'reference', 'bank reference'],
};

/**
 * The mapping the header's words suggest: each field the first header that names it (remittance: all of them).
 * Exact names are taken first, for every field, so that "Partner" as a prefix cannot take "Partner számlaszáma".
 */
export function proposeColumns(headers: string[]): BankCsvColumns {
  const normal = headers.map(normalizedHeader);
  const out: Record<string, string | string[]> = {};
  const taken = new Set<number>();
  const fields = Object.keys(WORDS) as Array<keyof BankCsvColumns>;
  const pass = (fits: (h: string, w: string) => boolean) => {
    for (const field of fields) {
      if (out[field] !== undefined && field !== 'remittance') continue;
      const matches = normal.map((h, i) => (!taken.has(i) && WORDS[field].some((w) => fits(h, w)) ? i : -1)).filter((i) => i >= 0);
      if (!matches.length) continue;
      const chosen = field === 'remittance' ? matches : matches.slice(0, 1);
      chosen.forEach((i) => taken.add(i));
      out[field] = field === 'remittance' ? [...((out[field] as string[] | undefined) ?? []), ...chosen.map((i) => headers[i]!)] : headers[chosen[0]!]!;
    }
  };
  pass((h, w) => h === w);
  pass((h, w) => w.length > 5 && h.startsWith(w));
  return out as unknown as BankCsvColumns;
}

export function readCsv(text: string, mapping: BankCsvMapping & { separator: ';' | ',' | '\t' }, accountCurrency: string): ParsedStatement {
  const table = readTable(text, mapping.separator);
  const columns = mapping.columns;
  const index = (header: string | undefined, field: string): number => {
    if (header === undefined) return -1;
    const i = table.headers.findIndex((h) => normalizedHeader(h) === normalizedHeader(header));
    if (i < 0) refuse(`has no column "${header}" (${field} in the bank account's CSV mapping); the header is: ${table.headers.join(' | ')}`);
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
    remittance: ([] as string[]).concat(columns.remittance ?? []).map((h) => index(h, 'remittance')),
  };
  if (col.booking < 0) refuse(`has no booking date column; the header is: ${table.headers.join(' | ')}`);
  if (col.amount < 0 && col.credit < 0 && col.debit < 0) refuse(`has no amount column (nor credit and debit columns); the header is: ${table.headers.join(' | ')}`);

  const entries: ParsedEntry[] = [];
  let from: string | null = null;
  let to: string | null = null;
  for (const { row, cells } of table.rows) {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const booking = dateText(cell(col.booking));
    if (!booking) refuse(`row ${row}: "${cell(col.booking)}" is not a date (${table.headers[col.booking]})`);
    const valueRaw = cell(col.value);
    const value = valueRaw ? dateText(valueRaw) : null;
    if (valueRaw && !value) refuse(`row ${row}: "${valueRaw}" is not a date (${table.headers[col.value]})`);
    const signed = signedAmount(cell, col, row, table.headers);
    if (signed.eq(0)) continue; // a zero line (a fee waived) moves no money
    const currency = (cell(col.currency) || accountCurrency).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) refuse(`row ${row}: "${currency}" is not a currency code`);
    if (!from || booking! < from) from = booking;
    if (!to || booking! > to) to = booking;
    entries.push({
      bank_ref: cell(col.reference),
      booking_date: booking!,
      value_date: value,
      direction: signed.gt(0) ? 'credit' : 'debit',
      amount: signed.abs().toFixed(),
      currency,
      counterparty_name: cleanText(cell(col.name)),
      counterparty_iban: accountText(cell(col.iban)),
      remittance: cleanText(col.remittance.map(cell).filter(Boolean).join(' ')),
    });
  }
  if (!table.rows.length) refuse('has a header but no entries');
  return { format: 'csv', statement_ref: '', account: '', period_from: from, period_to: to, entries };
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
