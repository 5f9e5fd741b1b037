// Issue 36, items 1 and 2: a bank account number that cannot exist, or a community VAT number that is not the tax
// number's, is refused at its field (all problems at once), nothing saved; the IBAN is kept in its printed groups of
// four and the Hungarian account number is read from it.
import { expect, test } from '@playwright/test';
import { clientBody, createClient, serverPerFile, tableDigest, TEST_SELLER, VALID_TAXCODE } from '../support/fixtures';
import type { ApiResponse } from '../support/api-client';

const s = serverPerFile();
const errorsOf = (res: ApiResponse) => Object.fromEntries(((res.body?.errors ?? []) as Array<{ field: string; message: string }>).map((e) => [e.field, e.message]));

// The MNB's published example account (its check digits hold) and the same account in an IBAN.
const GOOD_ACCOUNT = '11773016-11111018';
const GOOD_IBAN = 'HU42117730161111101800000000';

test.describe('bank accounts: IBAN mod-97 and the GIRO check digits', () => {
  test('the issue\'s IBAN and account number are both refused, each at its field, nothing saved', async () => {
    const before = await tableDigest(s.server);
    const res = await s.api.post('/bank_accounts', { bank_name: 'OTP', account_no: '11773016-11111112-00000000', account_no_iban: 'HU42117730161111101800000001' });
    expect(res.status, res.text).toBe(400);
    const errors = errorsOf(res);
    expect(errors.account_no_iban).toMatch(/^is not an IBAN: its check digits do not match/);
    expect(errors.account_no).toMatch(/^is not a Hungarian account number: its check digits do not match/);
    expect(await tableDigest(s.server)).toBe(before);
  });

  test('a valid IBAN beside another valid account number is refused: they must name the same account', async () => {
    const res = await s.api.post('/bank_accounts', { bank_name: 'OTP', account_no: '11773016-11111111', account_no_iban: GOOD_IBAN });
    expect(res.status).toBe(400);
    expect(errorsOf(res).account_no).toBe('is not the account in the IBAN (11773016-11111018)');
  });

  test('an IBAN alone is kept in groups of four and the account number is read from it', async () => {
    const created = (await s.api.ok('POST', '/bank_accounts', { body: { bank_name: 'OTP', account_no_iban: 'hu42 1177-3016 1111 1018 0000 0000' } })).data;
    expect(created.attributes).toMatchObject({ account_no_iban: 'HU42 1177 3016 1111 1018 0000 0000', account_no: GOOD_ACCOUNT });
    const listed = (await s.api.ok('GET', '/bank_accounts')).data as Array<{ id: number; attributes: { account_no: string } }>;
    expect(listed.find((a) => a.id === created.id)?.attributes.account_no).toBe(GOOD_ACCOUNT);
  });

  test('an update is checked as the account will stand: a new IBAN must agree with the kept account number', async () => {
    const id = (await s.api.ok('POST', '/bank_accounts', { body: { bank_name: 'K&H', account_no: '11773016-11111111' } })).data.id;
    const res = await s.api.put(`/bank_accounts/${id}`, { account_no_iban: GOOD_IBAN });
    expect(res.status).toBe(400);
    expect(Object.keys(errorsOf(res))).toEqual(['account_no']);
    const bad = await s.api.put(`/bank_accounts/${id}`, { account_no: '11773016-11111112' });
    expect(errorsOf(bad).account_no).toMatch(/check digits/);
    const both = await s.api.ok('PUT', `/bank_accounts/${id}`, { body: { account_no: GOOD_ACCOUNT, account_no_iban: GOOD_IBAN } });
    expect(both.data.attributes).toMatchObject({ account_no: GOOD_ACCOUNT, account_no_iban: 'HU42 1177 3016 1111 1018 0000 0000' });
  });

  test('a foreign IBAN is checked by mod 97 and its length; its account number is left as given', async () => {
    const ok = await s.api.ok('POST', '/bank_accounts', { body: { bank_name: 'Deutsche Bank', account_no_iban: 'DE89370400440532013000', account_no: '0532013000', currency: 'EUR' } });
    expect(ok.data.attributes).toMatchObject({ account_no_iban: 'DE89 3704 0044 0532 0130 00', account_no: '0532013000' });
    const short = await s.api.post('/bank_accounts', { bank_name: 'DB', account_no_iban: 'DE8937040044053201300' });
    expect(errorsOf(short).account_no_iban).toBe('is not an IBAN: a DE IBAN has 22 characters');
  });

  test("a client's bank details are checked the same way, on create and on update", async () => {
    const res = await s.api.post('/clients', clientBody({ bank: { iban: 'HU42117730161111101800000001', account_no: '11773016-11111112' } }));
    expect(res.status).toBe(400);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(['bank.account_no', 'bank.iban']);
    const id = await createClient(s.api, { bank: { iban: GOOD_IBAN } });
    const client = (await s.api.ok('GET', `/clients/${id}`)).data.attributes;
    expect(client.bank).toMatchObject({ iban: 'HU42 1177 3016 1111 1018 0000 0000', account_no: GOOD_ACCOUNT });
    const upd = await s.api.put(`/clients/${id}`, { bank: { account_no: '11773016-11111111' } });
    expect(errorsOf(upd)['bank.account_no']).toBe('is not the account in the IBAN (11773016-11111018)');
  });
});

test.describe('community VAT number: HU and the first 8 digits of the tax number', () => {
  test("the seller's HU87654321 beside 12345676-2-41 is refused, nothing saved", async () => {
    const before = await tableDigest(s.server);
    const res = await s.api.put('/settings', { seller: { ...TEST_SELLER, taxcode: '12345676-2-41', eu_taxcode: 'HU87654321' } });
    expect(res.status, res.text).toBe(400);
    expect(errorsOf(res)['seller.eu_taxcode']).toBe('is not the community VAT number of the tax number 12345676-2-41 (that is HU12345676)');
    expect(await tableDigest(s.server)).toBe(before);
    // one field alone is checked against the stored other
    const alone = await s.api.put('/settings', { seller: { eu_taxcode: 'HU87654321' } });
    expect(errorsOf(alone)['seller.eu_taxcode']).toMatch(/^is not the community VAT number of the tax number/);
    const good = await s.api.ok('PUT', '/settings', { body: { seller: { ...TEST_SELLER, eu_taxcode: 'HU 2345 6787' } } });
    expect(good.data.attributes?.seller?.eu_taxcode ?? good.data.seller?.eu_taxcode).toBe('HU 2345 6787');
  });

  test("a client's community VAT number must be its tax number's; a foreign client's is not judged by it", async () => {
    const res = await s.api.post('/clients', clientBody({ taxcode: VALID_TAXCODE, eu_taxcode: 'HU87654321' }));
    expect(res.status).toBe(400);
    expect(errorsOf(res).eu_taxcode).toBe(`is not the community VAT number of the tax number ${VALID_TAXCODE} (that is HU12345676)`);
    await createClient(s.api, { taxcode: VALID_TAXCODE, eu_taxcode: 'HU12345676' });
    await createClient(s.api, { tax_type: 'FOREIGN', taxcode: '', eu_taxcode: 'DE123456789' });
    const noTax = await s.api.post('/clients', clientBody({ tax_type: 'FOREIGN', taxcode: '', eu_taxcode: 'HU12345678' }));
    expect(errorsOf(noTax).eu_taxcode).toBe('is not a Hungarian community VAT number: its check digit does not match');
    const id = await createClient(s.api, { taxcode: VALID_TAXCODE });
    const upd = await s.api.put(`/clients/${id}`, { eu_taxcode: 'HU87654321' });
    expect(errorsOf(upd).eu_taxcode).toMatch(/^is not the community VAT number/);
  });
});
