// Statement import: camt.053 (001.02 and 001.08), MT940 with structured and free-text :86:, and the CSV shapes of two
// Hungarian banks (Windows-1250 and UTF-8, Hungarian numbers and dates), read into entries on a real SQLite file;
// the same or an overlapping statement adds nothing twice; a file that is not a statement, or a broken one, is
// refused with its reason and leaves nothing behind. Also the REST door with the file itself as the body.
import { expect, test } from '@playwright/test';
import { FolioError } from '../../shared/errors';
import type { BankEntry } from '../../shared/contract/areas/bank-types';
import { openTestCore, startTestServer, type TestCore } from '../support/fixtures';
import { OWN_IBAN, b64, bankACsv, bankBCsv, camt053, mt940, type TestEntry } from './statements';

const ENTRIES: TestEntry[] = [
  { ref: 'R-0001', date: '2026-03-02', amount: '127000', direction: 'credit', name: 'Példa Ügyfél Kft.', iban: 'HU93116000060000000012345676', remittance: 'Számla ABC/2026-000017 kiegyenlítése' },
  { ref: 'R-0002', date: '2026-03-03', amount: '15240.5', direction: 'debit', name: 'Irodaszer Bt.', iban: 'HU21104000000000000000000123', remittance: 'IR-55 számla' },
  { ref: 'R-0003', date: '2026-03-05', amount: '1234567.89', direction: 'credit', name: 'Hőszigetelő Zrt.', iban: 'HU35120000000000000000000777', remittance: 'Előleg D-2026-000004 és egy nagyon hosszú közlemény, amely több darabra törik' },
];

let tc: TestCore;
let account: number;

test.beforeEach(async () => {
  tc = await openTestCore();
  account = (await tc.core.call('bankAccounts.create', { bank_name: 'Teszt Bank', account_no_iban: OWN_IBAN, currency: 'HUF' })).id;
});
test.afterEach(async () => tc?.close());

async function entries(): Promise<BankEntry[]> {
  return (await tc.core.call('bankEntries.list', { state: 'all', max_per_page: 2000 })).items.sort((a, b) => a.booking_date.localeCompare(b.booking_date));
}

async function importFile(file: string | Buffer, extra: Record<string, unknown> = {}) {
  return tc.core.call('bankStatements.import', { account_id: account, file: b64(file), ...extra });
}

/** The stored entries as the test wrote them (amounts as 3-decimal strings). */
function expectEntries(stored: BankEntry[], written: TestEntry[], fields: { names: boolean; ibans: boolean }) {
  expect(stored).toHaveLength(written.length);
  stored.forEach((s, i) => {
    const w = written[i]!;
    expect(s.booking_date).toBe(w.date);
    expect(s.direction).toBe(w.direction);
    expect(Number(s.amount)).toBe(Number(w.amount));
    expect(s.amount).toMatch(/^\d+\.\d{3}$/);
    expect(s.currency).toBe('HUF');
    expect(s.remittance).toContain(w.remittance!);
    if (fields.names) expect(s.counterparty_name).toBe(w.name);
    if (fields.ibans) expect(s.counterparty_iban).toBe(w.iban);
    expect(s.state).toBe('open');
  });
}

for (const version of ['02', '08'] as const) {
  test(`camt.053.001.${version}: entries with payer, account, remittance; again adds nothing`, async () => {
    const first = await importFile(camt053(ENTRIES, { version }), { file_name: `marcius.${version}.xml` });
    expect(first).toMatchObject({ format: 'camt053', entries: 3, added: 3, duplicates: 0, period_from: '2026-03-02', period_to: '2026-03-05' });
    expectEntries(await entries(), ENTRIES, { names: true, ibans: true });
    const again = await importFile(camt053(ENTRIES, { version }));
    expect(again).toMatchObject({ entries: 3, added: 0, duplicates: 3 });
    expect(await entries()).toHaveLength(3);
  });
}

for (const info of ['structured', 'slashes', 'free'] as const) {
  test(`MT940 with ${info} :86: information`, async () => {
    const result = await importFile(mt940(ENTRIES, { info }));
    expect(result).toMatchObject({ format: 'mt940', entries: 3, added: 3 });
    const stored = await entries();
    // free text carries no separate name or account: it is all remittance, and the invoice number is found in it
    expectEntries(stored, ENTRIES, { names: info !== 'free', ibans: info !== 'free' });
    expect(stored.map((e) => e.bank_ref)).toEqual(['R-0001', 'R-0002', 'R-0003']);
  });
}

test('CSV of bank A (Windows-1250, signed Hungarian amounts, "2026.03.05." dates): the columns found and saved for the account', async () => {
  const result = await importFile(bankACsv(ENTRIES));
  expect(result).toMatchObject({ format: 'csv', entries: 3, added: 3 });
  expect(result.csv_mapping).toMatchObject({ encoding: 'windows-1250', separator: ';', columns: { booking_date: 'Könyvelés dátuma', amount: 'Összeg', counterparty_name: 'Partner neve', reference: 'Tranzakció azonosító' } });
  expectEntries(await entries(), ENTRIES, { names: true, ibans: true });
  expect((await tc.core.call('bankStatements.csvMapping', { id: account })).mapping).toEqual(result.csv_mapping);
});

test('CSV of bank B (UTF-8 with BOM, credit and debit columns, remittance in two columns); a mapping given by hand is used and kept', async () => {
  const mapping = { columns: { booking_date: 'Dátum', credit: 'Jóváírás', debit: 'Terhelés', counterparty_name: 'Partner', counterparty_iban: 'Partner IBAN', remittance: ['Közlemény 1', 'Közlemény 2'] } };
  const result = await importFile(bankBCsv(ENTRIES), { csv: mapping });
  expect(result).toMatchObject({ format: 'csv', entries: 3, added: 3 });
  expectEntries(await entries(), ENTRIES, { names: true, ibans: true });
  const saved = (await tc.core.call('bankStatements.csvMapping', { id: account })).mapping;
  expect(saved?.columns).toEqual(mapping.columns);
  // the next month's file needs no mapping: the account's saved one reads it
  const april = ENTRIES.map((e, i) => ({ ...e, date: `2026-04-0${i + 1}`, ref: `${e.ref}-A` }));
  expect(await importFile(bankBCsv(april))).toMatchObject({ entries: 3, added: 3 });
});

test('an overlapping statement adds only the entries not seen before, whichever format brings them', async () => {
  await importFile(camt053(ENTRIES.slice(0, 2)));
  const result = await importFile(camt053(ENTRIES.slice(1)));
  expect(result).toMatchObject({ entries: 2, added: 1, duplicates: 1 });
  expect(await entries()).toHaveLength(3);
  // a CSV without references: the same rows twice are one set of entries, and two equal transfers stay two
  const twins: TestEntry[] = [
    { ref: '', date: '2026-05-02', amount: '5000', direction: 'credit', name: 'Ikrek Kft.', remittance: 'tagdíj' },
    { ref: '', date: '2026-05-02', amount: '5000', direction: 'credit', name: 'Ikrek Kft.', remittance: 'tagdíj' },
  ];
  expect(await importFile(bankACsv(twins))).toMatchObject({ added: 2 });
  expect(await importFile(bankACsv(twins))).toMatchObject({ added: 0, duplicates: 2 });
  expect(await entries()).toHaveLength(5);
});

const MALFORMED: Array<[string, () => string | Buffer, RegExp]> = [
  ['plain text', () => 'Kedves Ügyfelünk, a kivonatot mellékelten küldjük.', /not a bank statement|columns Folio does not recognise/],
  ['a PDF', () => Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), /is a PDF/],
  ['XML that is not camt.053', () => '<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>', /not a camt\.053 statement/],
  ['camt.053 cut off in the middle', () => camt053(ENTRIES).slice(0, 1500), /not well-formed XML/],
  ['camt.053 whose entry has no amount', () => camt053(ENTRIES).replace(/<Amt Ccy="HUF">127000.00<\/Amt>/, ''), /entry 1: "" is not an amount/],
  ['camt.053 whose entries do not add up to the closing balance', () => camt053(ENTRIES, { closing: '1.00' }), /do not add up/],
  ['camt.053 with a credit/debit mark that is neither', () => camt053(ENTRIES).replace('<CdtDbtInd>CRDT</CdtDbtInd>\n        <Sts>', '<CdtDbtInd>PLUS</CdtDbtInd>\n        <Sts>'), /CdtDbtInd must be CRDT or DBIT/],
  ['MT940 without its closing balance', () => mt940(ENTRIES).replace(/:62F:.*\r\n/, ''), /no closing balance/],
  ['MT940 with a broken statement line', () => mt940(ENTRIES).replace(/:61:260303/, ':61:26X303'), /:61: is not a statement line/],
  ['MT940 whose entries do not add up', () => mt940(ENTRIES, { closing: '1' }), /do not add up/],
  ['CSV with a date that is not one', () => bankACsv(ENTRIES).toString('latin1').replace('2026.03.03.;', '2026.13.03.;'), /row 3: "2026\.13\.03\." is not a date/],
  ['CSV with an amount that is not one', () => bankBCsv(ENTRIES).toString('utf8').replace('127000.00', '127 000 forint'), /row 2: "127 000 forint" is not an amount/],
];

for (const [what, file, reason] of MALFORMED) {
  test(`refused with the reason: ${what}; nothing stored`, async () => {
    const before = await tc.core.call('bankStatements.list', {});
    const data = file();
    const error = await importFile(typeof data === 'string' ? data : data).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FolioError);
    const folio = error as FolioError;
    expect(folio.code).toBe('validation_failed');
    expect(folio.errors?.[0]?.field).toBe('file');
    expect(folio.errors?.[0]?.message).toMatch(reason);
    expect(await entries()).toHaveLength(0);
    expect(await tc.core.call('bankStatements.list', {})).toEqual(before);
  });
}

test('a statement of another account is refused (its money would land on the wrong one)', async () => {
  const error = await importFile(camt053(ENTRIES, { iban: 'HU17101000000000000000000999' })).catch((e: unknown) => e as FolioError);
  expect((error as FolioError).code).toBe('rule_violation');
  expect((error as FolioError).message).toMatch(/for account HU17101000000000000000000999/);
  expect(await entries()).toHaveLength(0);
});

test('REST: POST /bank-statements takes the file itself as the body, or JSON; GET /bank-entries lists them', async () => {
  const server = await startTestServer();
  try {
    const acct = (await server.api.post('/bank_accounts', { bank_name: 'Teszt Bank', account_no_iban: OWN_IBAN, currency: 'HUF' })).body.data.id;
    const raw = await server.api.request('POST', '/bank-statements', {
      body: mt940(ENTRIES, { info: 'structured' }),
      query: { account_id: acct, file_name: 'marcius.sta' },
      headers: { 'content-type': 'text/plain' },
    });
    expect(raw.status, raw.text).toBe(200);
    expect(raw.body).toMatchObject({ success: true, type: 'bank_statement', data: { format: 'mt940', added: 3 } });
    const xml = await server.api.request('POST', '/bank-statements', { body: camt053(ENTRIES, { version: '08' }), query: { account_id: acct }, headers: { 'content-type': 'application/xml' } });
    expect(xml.body.data).toMatchObject({ format: 'camt053', added: 0, duplicates: 3 });
    const json = await server.api.post('/bank-statements', { account_id: acct, file: b64('nem kivonat') });
    expect(json.status).toBe(400);
    expect(json.body.errors[0].field).toBe('file');
    const list = await server.api.get('/bank-entries', { state: 'all' });
    expect(list.body).toMatchObject({ success: true, type: 'bank_entries' });
    expect(list.body.data).toHaveLength(3);
    // elsewhere a text body is still a 415
    const other = await server.api.request('POST', '/clients', { body: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(other.status).toBe(415);
  } finally {
    await server.close();
  }
});
