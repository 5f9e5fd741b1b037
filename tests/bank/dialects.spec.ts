// The files banks really give (issue 37), each imported to the cent on a real SQLite file: OTP netbank spreadsheets
// in both layouts (title block, hidden rows, rows not booked yet, date cells, serial numbers and text dates, several
// accounts in one sheet), a legacy .xls, Revolut's CSV (pending rows left out and counted, the fee its own debit),
// Wise's (DD-MM-YYYY, a payment and its fee under one id), other CSV forms of dates and amounts, a Hungarian MT940
// (funds code, blank type, :NS:, CP852 and Windows-1250), a German MT940 (BLZ/Kontonummer), camt.053 and MT940 files of
// several accounts (the unknown ones named, skipped only when confirmed, nothing half-stored), balances that do not
// add up (refused; imported with the difference on request), broken spreadsheets refused in words. The same file
// twice adds nothing.
import { expect, test } from '@playwright/test';
import { FolioError } from '../../shared/errors';
import type { BankEntry } from '../../shared/contract/areas/bank-types';
import { openTestCore, startTestServer, type TestCore } from '../support/fixtures';
import { OWN_IBAN, b64, camt053, mt940, type TestEntry } from './statements';
import { camtOfAccounts, formulasXlsx, germanMt940, hungarianMt940, mt940OfAccounts, noHeaderXlsx, otpNewXlsx, otpOldXls, otpOldXlsx, passwordProtectedXlsx, revolutCsv, wiseCsv, type SheetEntry } from './bank-files';
import { csv, utf8 } from '../import/files';

const OWN = '11773016-11111018'; // OWN_IBAN's Hungarian form
const SECOND = '11773016-22222222-00000000';
const UNKNOWN = 'HU17101000000000000000000999';

let tc: TestCore;
let account: number;
let second: number;

test.beforeEach(async () => {
  tc = await openTestCore();
  account = (await tc.core.call('bankAccounts.create', { bank_name: 'OTP Bank', account_no_iban: OWN_IBAN, currency: 'HUF' })).id;
  second = (await tc.core.call('bankAccounts.create', { bank_name: 'OTP Bank (megtakarítás)', account_no: SECOND, currency: 'HUF' })).id;
});
test.afterEach(async () => tc?.close());

async function entries(accountId?: number): Promise<BankEntry[]> {
  const items = (await tc.core.call('bankEntries.list', { state: 'all', max_per_page: 2000, ...(accountId ? { account_id: accountId } : {}) })).items;
  return items.sort((a, b) => a.booking_date.localeCompare(b.booking_date) || a.id - b.id);
}

function importFile(file: string | Buffer, extra: Record<string, unknown> = {}) {
  return tc.core.call('bankStatements.import', { account_id: account, file: b64(file), ...extra });
}

async function refusal(work: Promise<unknown>): Promise<FolioError> {
  const error = await work.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FolioError);
  return error as FolioError;
}

/** What is stored, to the cent: date, direction, amount (3 decimals), currency, party, account, remittance. */
const shape = (e: BankEntry) => [e.booking_date, e.direction, e.amount, e.currency, e.counterparty_name, e.counterparty_iban, e.remittance].join(' | ');

const SHEET: SheetEntry[] = [
  { ref: '', date: '2026-03-02', amount: '127000', direction: 'credit', name: 'Példa Ügyfél Kft.', iban: '11600006-00000000-12345676', remittance: 'ABC/2026-000017' },
  { ref: '', date: '2026-03-03', amount: '15240.5', direction: 'debit', name: 'Irodaszer Bt.', iban: '10400000-00000000-00000123', remittance: 'IR-55 számla', dateAs: 'serial' },
  { ref: '', date: '2026-03-04', amount: '999', direction: 'debit', name: 'Visszavont', remittance: 'storno pár', hidden: true },
  { ref: '', date: '2026-03-05', amount: '38100.25', direction: 'credit', name: 'Hőszigetelő Zrt.', iban: '12000000-00000000-00000777', remittance: 'Előleg D-2026-000004', dateAs: 'text' },
  { ref: '', date: '2026-03-06', amount: '5000', direction: 'debit', name: 'Függő Kft.', remittance: 'még nem könyvelt', unbooked: true },
  { ref: '', date: '2026-03-06', amount: '250000', direction: 'credit', name: 'Megtakarítás', remittance: 'lekötés vége', account: SECOND },
];

test('OTP netbank XLSX, newer layout: title block, two accounts in one sheet, hidden and unbooked rows left out and counted; again adds nothing', async () => {
  const file = await otpNewXlsx(SHEET, OWN);
  const result = await importFile(file, { file_name: 'szamlatortenet.xlsx' });
  expect(result).toMatchObject({ format: 'xlsx', entries: 4, added: 4, duplicates: 0, left_out: { pending: 0, hidden: 1, unbooked: 1 }, skipped_accounts: [] });
  expect(result.accounts.map((a) => [a.bank_account_id, a.entries])).toEqual([[account, 3], [second, 1]]);
  expect(result.csv_mapping?.columns).toMatchObject({ booking_date: 'Könyvelés dátuma', amount: 'Összeg', account: 'Számlaszám', counterparty_iban: 'Ellenoldali számlaszám', counterparty_name: 'Ellenoldali név', currency: 'Devizanem', remittance: ['Közlemény'] });
  expect((await entries(account)).map(shape)).toEqual([
    '2026-03-02 | credit | 127000.000 | HUF | Példa Ügyfél Kft. | 116000060000000012345676 | ABC/2026-000017',
    '2026-03-03 | debit | 15240.500 | HUF | Irodaszer Bt. | 104000000000000000000123 | IR-55 számla',
    '2026-03-05 | credit | 38100.250 | HUF | Hőszigetelő Zrt. | 120000000000000000000777 | Előleg D-2026-000004',
  ]);
  expect((await entries(second)).map(shape)).toEqual(['2026-03-06 | credit | 250000.000 | HUF | Megtakarítás |  | lekötés vége']);
  const again = await importFile(file);
  expect(again).toMatchObject({ entries: 4, added: 0, duplicates: 4 });
  expect(await entries()).toHaveLength(4);
  const list = await tc.core.call('bankStatements.list', {});
  expect(list.find((s) => s.id === result.statement_id)).toMatchObject({ format: 'xlsx', left_out: 2, balance_difference: null });
});

test('OTP netbank XLSX, older layout: header in row 1, Be/Ki beside an unsigned amount, the booking date (not the transaction date) books', async () => {
  const rows = SHEET.filter((e) => !e.account);
  const result = await importFile(await otpOldXlsx(rows, `${OWN}-00000000`));
  expect(result).toMatchObject({ format: 'xlsx', entries: 3, added: 3, left_out: { hidden: 1, unbooked: 1, pending: 0 } });
  expect(result.csv_mapping?.columns).toMatchObject({ booking_date: 'Könyvelés dátuma', direction: 'Be/Ki', account: 'Számlaszám', counterparty_name: 'Partner neve', counterparty_iban: 'Partner számlaszáma', currency: 'Pénznem' });
  expect((await entries()).map((e) => [e.booking_date, e.direction, e.amount])).toEqual([
    ['2026-03-02', 'credit', '127000.000'],
    ['2026-03-03', 'debit', '15240.500'],
    ['2026-03-05', 'credit', '38100.250'],
  ]);
  expect(await importFile(await otpOldXlsx(rows, `${OWN}-00000000`))).toMatchObject({ added: 0, duplicates: 3 });
});

test('a legacy .xls export (BIFF8) reads like the XLSX', async () => {
  const rows = SHEET.filter((e) => !e.account && !e.hidden && !e.unbooked);
  const result = await importFile(await otpOldXls(rows, OWN));
  expect(result).toMatchObject({ format: 'xlsx', entries: 3, added: 3 });
  expect((await entries()).map((e) => e.amount)).toEqual(['127000.000', '15240.500', '38100.250']);
});

test('Revolut CSV: completed rows only, pending ones left out and counted; a fee is a debit of its own; again adds nothing', async () => {
  const file = revolutCsv([
    { ref: '', date: '2026-03-02', amount: '1270.50', direction: 'credit', type: 'TRANSFER', remittance: 'Payment from Example GmbH INV ABC/2026-000017' },
    { ref: '', date: '2026-03-03', amount: '23.99', direction: 'debit', remittance: 'Amazon Web Services', fee: '0.35' },
    { ref: '', date: '2026-03-04', amount: '80', direction: 'debit', remittance: 'Hotel', state: 'PENDING' },
    { ref: '', date: '2026-03-04', amount: '12', direction: 'debit', remittance: 'Declined shop', state: 'DECLINED' },
    { ref: '', date: '2026-03-05', amount: '300', direction: 'credit', type: 'TOPUP', remittance: 'Top-up by *1234' },
  ]);
  const result = await importFile(file);
  expect(result).toMatchObject({ format: 'csv', entries: 4, added: 4, left_out: { pending: 2, hidden: 0, unbooked: 0 } });
  expect(result.csv_mapping?.columns).toMatchObject({ booking_date: 'Completed Date', state: 'State', fee: 'Fee', amount: 'Amount', currency: 'Currency' });
  expect((await entries()).map((e) => [e.booking_date, e.direction, e.amount, e.currency, e.remittance])).toEqual([
    ['2026-03-02', 'credit', '1270.500', 'EUR', 'Payment from Example GmbH INV ABC/2026-000017'],
    ['2026-03-03', 'debit', '23.990', 'EUR', 'Amazon Web Services'],
    ['2026-03-03', 'debit', '0.350', 'EUR', 'Fee: Amazon Web Services'],
    ['2026-03-05', 'credit', '300.000', 'EUR', 'Top-up by *1234'],
  ]);
  expect(await importFile(file)).toMatchObject({ added: 0, duplicates: 4 });
});

test('Wise CSV: DD-MM-YYYY dates; a transfer and its fee share one id and are two entries; again adds nothing', async () => {
  const file = wiseCsv([
    { ref: 'TRANSFER-884712', date: '2026-03-02', amount: '1500', direction: 'credit', name: 'Example Ltd', remittance: 'Invoice ABC/2026-000017' },
    { ref: 'TRANSFER-884790', date: '2026-03-24', amount: '200', direction: 'debit', name: 'Supplier GmbH', remittance: 'RE-2026-55' },
    { ref: 'TRANSFER-884790', date: '2026-03-24', amount: '1.27', direction: 'debit', remittance: '' },
  ]);
  const result = await importFile(file);
  expect(result).toMatchObject({ format: 'csv', entries: 3, added: 3 });
  expect(result.csv_mapping?.columns).toMatchObject({ booking_date: 'Date', reference: 'TransferWise ID', counterparty_name: 'Payer Name' });
  expect((await entries()).map((e) => [e.bank_ref, e.booking_date, e.direction, e.amount])).toEqual([
    ['TRANSFER-884712', '2026-03-02', 'credit', '1500.000'],
    ['TRANSFER-884790', '2026-03-24', 'debit', '200.000'],
    ['TRANSFER-884790', '2026-03-24', 'debit', '1.270'],
  ]);
  expect(await importFile(file)).toMatchObject({ added: 0, duplicates: 3 });
});

test('CSV dates D/M/YYYY, YYYY.MM.DD., ISO timestamps; amounts with currency signs; a Hungarian state column', async () => {
  const file = utf8(
    csv(
      [
        ['Könyvelés dátuma', 'Összeg', 'Állapot', 'Partner neve', 'Közlemény'],
        ['2/3/2026', '€1,234.50', 'Könyvelt', 'Kunde A', 'ABC/2026-000017'],
        ['2026.03.03.', '-€12.50', 'Könyvelt', 'Bank', 'díj'],
        ['2026-03-04T09:15:00+01:00', '12 000 Ft', 'Teljesített', 'Vevő B', 'előleg'],
        ['2026-03-05T10:00:00Z', '-$5.00', 'Függőben', 'Bolt', 'kártya'],
      ],
      ';',
    ),
  );
  const result = await importFile(file);
  expect(result).toMatchObject({ entries: 3, added: 3, left_out: { pending: 1 } });
  expect((await entries()).map((e) => [e.booking_date, e.direction, e.amount])).toEqual([
    ['2026-03-02', 'credit', '1234.500'],
    ['2026-03-03', 'debit', '12.500'],
    ['2026-03-04', 'credit', '12000.000'],
  ]);
});

const HU_ENTRIES: TestEntry[] = [
  { ref: '2026030200001', date: '2026-03-02', amount: '127000', direction: 'credit', name: 'Példa Ügyfél Kft.', iban: '11600006-00000000-12345676', remittance: 'Számla ABC/2026-000017 kiegyenlítése, köszönjük' },
  { ref: '2026030300002', date: '2026-03-03', amount: '15240.5', direction: 'debit', name: 'Irodaszer Bt.', iban: '10400000-00000000-00000123', remittance: 'IR-55 számla' },
];

for (const encoding of ['cp852', 'windows-1250'] as const) {
  test(`Hungarian MT940 (${encoding}): funds code after the mark, blank transaction type, :NS: sub-fields as partner and remittance; "BIC/account/currency" is this account`, async () => {
    const file = hungarianMt940(HU_ENTRIES, { account: OWN_IBAN, encoding });
    const result = await importFile(file);
    expect(result).toMatchObject({ format: 'mt940', entries: 2, added: 2 });
    expect((await entries()).map(shape)).toEqual([
      '2026-03-02 | credit | 127000.000 | HUF | Példa Ügyfél Kft. | 116000060000000012345676 | Számla ABC/2026-000017 kiegyenlítése, köszönjük',
      '2026-03-03 | debit | 15240.500 | HUF | Irodaszer Bt. | 104000000000000000000123 | IR-55 számla',
    ]);
    expect((await entries()).map((e) => e.bank_ref)).toEqual(['2026030200001', '2026030300002']);
    expect(await importFile(file)).toMatchObject({ added: 0, duplicates: 2 });
  });
}

test('accounts are compared by number: a German MT940 "BLZ/Kontonummer", an "IBAN CUR" :25:, the account typed either way', async () => {
  const de = (await tc.core.call('bankAccounts.create', { bank_name: 'Commerzbank', account_no: '20090500/0006853030', currency: 'EUR' })).id;
  const german = germanMt940(HU_ENTRIES);
  expect(await tc.core.call('bankStatements.import', { account_id: de, file: b64(german) })).toMatchObject({ added: 2 });
  // the same account written as its IBAN by the business
  const de2 = (await tc.core.call('bankAccounts.create', { bank_name: 'Commerzbank 2', account_no_iban: 'DE41 2009 0500 0006 8530 30', currency: 'EUR' })).id;
  expect(await tc.core.call('bankStatements.import', { account_id: de2, file: b64(german) })).toMatchObject({ added: 2 });
  expect(await importFile(mt940(HU_ENTRIES, { account: `${OWN_IBAN} HUF` }))).toMatchObject({ added: 2 });
  const other = await refusal(importFile(mt940(HU_ENTRIES, { account: '20090500/0006853031' })));
  expect(other.code).toBe('rule_violation');
  expect(other.message).toMatch(/for account 20090500\/0006853031/);
});

test('camt.053 of several accounts: each statement to its own account; an unknown account is named, skipped only when confirmed, nothing half-stored', async () => {
  const file = camtOfAccounts([
    { iban: OWN_IBAN, entries: HU_ENTRIES },
    { iban: 'HU93117730162222222200000000', entries: [{ ref: 'S-1', date: '2026-03-04', amount: '250000', direction: 'credit', remittance: 'lekötés' }] },
    { iban: UNKNOWN, entries: [{ ref: 'X-1', date: '2026-03-04', amount: '1', direction: 'credit' }, { ref: 'X-2', date: '2026-03-05', amount: '2', direction: 'debit' }] },
  ]);
  const first = await refusal(importFile(file));
  expect(first.code).toBe('rule_violation');
  expect(first.message).toContain(`accounts the business does not have: ${UNKNOWN} (2)`);
  expect(await entries()).toHaveLength(0);
  expect(await tc.core.call('bankStatements.list', {})).toEqual([]);
  const result = await importFile(file, { skip_unknown_accounts: true });
  expect(result).toMatchObject({ entries: 3, added: 3, skipped_accounts: [{ account: UNKNOWN, entries: 2 }] });
  expect(result.accounts.map((a) => [a.bank_account_id, a.entries])).toEqual([[account, 2], [second, 1]]);
  expect((await entries(second)).map((e) => e.amount)).toEqual(['250000.000']);
  expect(await importFile(file, { skip_unknown_accounts: true })).toMatchObject({ added: 0, duplicates: 3 });
});

test('an MT940 of many accounts: each to its own; the ones the business does not have skipped with one confirmation', async () => {
  const parts = Array.from({ length: 20 }, (_, i) => ({
    account: i === 0 ? OWN_IBAN : i === 1 ? SECOND : `HU${String(10 + i)}1177301699990${String(i).padStart(3, '0')}00000000`,
    entries: [{ ref: `M${i}`, date: '2026-03-02', amount: String(1000 + i), direction: 'credit' as const, remittance: `számla ${i}` }],
  }));
  const file = mt940OfAccounts(parts);
  const refused = await refusal(importFile(file));
  expect(refused.message).toMatch(/accounts the business does not have: .*\(1\)/);
  expect(refused.message.split('(1)').length - 1).toBe(18);
  const result = await importFile(file, { skip_unknown_accounts: true });
  expect(result).toMatchObject({ entries: 2, added: 2 });
  expect(result.skipped_accounts).toHaveLength(18);
  expect((await entries(account)).map((e) => e.amount)).toEqual(['1000.000']);
  expect((await entries(second)).map((e) => e.amount)).toEqual(['1001.000']);
});

test('balances that do not add up: refused with the reason; imported anyway on request, the entries as the file gives them and the difference on the statement', async () => {
  const file = camt053(HU_ENTRIES, { closing: '1111000.00' }); // opening 1,000,000 + 111,759.50 = 1,111,759.50
  const refused = await refusal(importFile(file));
  expect(refused.errors?.[0]).toMatchObject({ field: 'file' });
  expect(refused.errors?.[0]?.message).toMatch(/the entries do not add up: opening balance 1000000 \+ entries 111759\.5 ≠ closing balance 1111000/);
  expect(await entries()).toHaveLength(0);
  const result = await importFile(file, { accept_difference: true });
  expect(result).toMatchObject({ added: 2, accounts: [{ balance_difference: '-759.5' }] });
  expect((await entries()).map((e) => e.amount)).toEqual(['127000.000', '15240.500']);
  expect((await tc.core.call('bankStatements.list', {}))[0]).toMatchObject({ balance_difference: '-759.500' });
  const mt = await refusal(importFile(mt940(HU_ENTRIES, { closing: '1' })));
  expect(mt.errors?.[0]?.message).toMatch(/do not add up/);
});

const BAD: Array<[string, () => Buffer | Promise<Buffer>, RegExp]> = [
  ['a password-protected XLSX', () => passwordProtectedXlsx(), /is a password-protected spreadsheet/],
  ['a damaged XLSX (cut in half)', async () => (await otpNewXlsx(SHEET, OWN)).subarray(0, 3000), /is a damaged spreadsheet/],
  ['a sheet whose amounts are formulas without values', () => formulasXlsx(), /cell H2 of sheet "Számlatörténet" holds a formula without a saved value/],
  ['a spreadsheet with no recognisable header', () => noHeaderXlsx(), /is a spreadsheet whose columns Folio does not recognise.*The first row is: Árlista 2026/],
];

for (const [what, make, reason] of BAD) {
  test(`refused in words, nothing stored: ${what}`, async () => {
    const error = await refusal(importFile(await make()));
    expect(error.code).toBe('validation_failed');
    expect(error.errors?.[0]?.field).toBe('file');
    expect(error.errors?.[0]?.message).toMatch(reason);
    expect(await entries()).toHaveLength(0);
    expect(await tc.core.call('bankStatements.list', {})).toEqual([]);
  });
}

test('refused in words, nothing stored: a 50 MB file', async () => {
  const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
  const error = await refusal(importFile(big));
  expect(error.errors?.[0]).toMatchObject({ field: 'file', message: 'is larger than 20 MB' });
  expect(await tc.core.call('bankStatements.list', {})).toEqual([]);
});

test('the column form’s preview: the header found under a title block, the first rows, the proposed columns (XLSX and CSV)', async () => {
  const sheet = await tc.core.call('bankStatements.preview', { account_id: account, file: b64(await otpNewXlsx(SHEET, OWN)) });
  expect(sheet).toMatchObject({ format: 'xlsx', header_row: 6, header_found: true, headers: ['Számlaszám', 'Ellenoldali számlaszám', 'Ellenoldali név', 'Forgalom típusa', 'Közlemény', 'Tranzakció időpontja', 'Könyvelés dátuma', 'Összeg', 'Devizanem'] });
  expect(sheet.rows[0]).toEqual([OWN, '11600006-00000000-12345676', 'Példa Ügyfél Kft.', 'Jóváírás', 'ABC/2026-000017', '2026-03-02', '2026-03-02', '127000', 'HUF']);
  expect(sheet.rows[1]![6]).toBe('46084');
  expect(sheet.proposed).toMatchObject({ booking_date: 'Könyvelés dátuma', amount: 'Összeg' });
  const text = await tc.core.call('bankStatements.preview', { account_id: account, file: b64(utf8(csv([['Nap', 'Érték', 'Szöveg'], ['2026.11.10.', '12 700,00', 'Számla']], ';'))) });
  expect(text).toMatchObject({ format: 'csv', header_row: 1, header_found: false, headers: ['Nap', 'Érték', 'Szöveg'], rows: [['2026.11.10.', '12 700,00', 'Számla']] });
});

test('REST: an XLSX as the body of POST /bank-statements (its spreadsheet content type), the confirmation in the query', async () => {
  const server = await startTestServer();
  try {
    const acct = (await server.api.post('/bank_accounts', { bank_name: 'OTP Bank', account_no_iban: OWN_IBAN, currency: 'HUF' })).body.data.id;
    const body = await otpNewXlsx(SHEET.filter((e) => !e.account), OWN);
    // the spreadsheet's own bytes as the body (the test client sends text, so fetch is used here)
    const res = await fetch(server.api.url('/bank-statements', { account_id: acct, file_name: 'szamlatortenet.xlsx' }), {
      method: 'POST',
      headers: { ...server.api.defaultHeaders, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      body: new Uint8Array(body),
    });
    const raw = (await res.json()) as { success: boolean; type: string; data: unknown };
    expect(res.status, JSON.stringify(raw)).toBe(200);
    expect(raw).toMatchObject({ success: true, type: 'bank_statement', data: { format: 'xlsx', added: 3, left_out: { hidden: 1, unbooked: 1 } } });
    const multi = camtOfAccounts([{ iban: OWN_IBAN, entries: HU_ENTRIES }, { iban: UNKNOWN, entries: [{ ref: 'X', date: '2026-03-09', amount: '5', direction: 'credit' }] }]);
    const refused = await server.api.request('POST', '/bank-statements', { body: multi, query: { account_id: acct }, headers: { 'content-type': 'application/xml' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe('account_id');
    const skipped = await server.api.request('POST', '/bank-statements', { body: multi, query: { account_id: acct, skip_unknown_accounts: 'true' }, headers: { 'content-type': 'application/xml' } });
    expect(skipped.body.data).toMatchObject({ added: 2, skipped_accounts: [{ account: UNKNOWN, entries: 1 }] });
  } finally {
    await server.close();
  }
});

test('a column mapping sent with the file must fit it; the account’s saved one gives way to a file its header words explain', async () => {
  const file = wiseCsv([{ ref: 'TRANSFER-1', date: '2026-03-02', amount: '15', direction: 'credit', name: 'Example Ltd' }]);
  const refused = await refusal(importFile(file, { csv: { columns: { booking_date: 'Könyvelés dátuma', amount: 'Összeg' } } }));
  expect(refused.errors?.[0]?.message).toMatch(/^has no column "Könyvelés dátuma"/);
  expect(await entries()).toHaveLength(0);
  await tc.core.call('bankStatements.saveCsvMapping', { id: account, mapping: { columns: { booking_date: 'Könyvelés dátuma', amount: 'Összeg' } } });
  expect(await importFile(file)).toMatchObject({ added: 1, csv_mapping: { columns: { booking_date: 'Date', amount: 'Amount' } } });
});
