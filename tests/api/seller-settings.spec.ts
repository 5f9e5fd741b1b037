// The seller's VAT status, its bank account stored once, and the public address share links are made with — over
// the real HTTP door. What an invoice says follows the status it was issued under: the PDF's text is read back, the
// NAV report is validated against NAV's own schema.
import { expect, test } from '@playwright/test';
import { buildInvoiceDataXml } from '../../electron/nav/invoice-data';
import type { InvoiceAttributes } from '../../shared/resources';
import { pdfText } from '../documents/pdf-text';
import { validateNavXml } from '../nav/schema';
import { addressBody, createClient, createInvoice, readInvoice, SELLER_TAXCODE, serverPerFile } from '../support/fixtures';

const s = serverPerFile();

const SELLER = { name: 'Minta Bt.', taxcode: SELLER_TAXCODE, address: addressBody({ postcode: '1051', street_name: 'Nádor' }) };

const fieldsOf = (body: { errors?: Array<{ field: string; message: string }> }) => (body.errors ?? []).map((e) => e.field);

async function putSettings(body: unknown) {
  return s.api.put('/settings', body);
}

async function pdfOf(id: number): Promise<string> {
  const file = await s.server.core.call('invoices.download', { id });
  return (await pdfText(file.pdf)).text.replace(/\n/g, ' ');
}

test.describe.configure({ mode: 'serial' });

test('the VAT status is stored three ways and vat_exempt stays consistent; an old client saying vat_exempt is understood', async () => {
  const set = async (seller: Record<string, unknown>) => (await s.api.ok('PUT', '/settings', { body: { seller: { ...SELLER, ...seller } } })).data.seller;

  expect(await set({})).toMatchObject({ vat_status: 'normal', vat_exempt: false });
  expect(await set({ vat_status: 'cash_accounting' })).toMatchObject({ vat_status: 'cash_accounting', vat_exempt: false });
  expect(await set({ vat_status: 'exempt' })).toMatchObject({ vat_status: 'exempt', vat_exempt: true });
  // the old way: vat_exempt alone
  expect(await set({ vat_exempt: false })).toMatchObject({ vat_status: 'normal', vat_exempt: false });
  expect(await set({ vat_exempt: true })).toMatchObject({ vat_status: 'exempt', vat_exempt: true });
  expect((await s.api.ok('GET', '/settings')).data.seller).toMatchObject({ vat_status: 'exempt', vat_exempt: true });

  const unknown = await putSettings({ seller: { vat_status: 'kata' } });
  expect(unknown.status).toBe(400);
  expect(fieldsOf(unknown.body)).toEqual(['seller.vat_status']);
  const contradicting = await putSettings({ seller: { vat_status: 'normal', vat_exempt: true } });
  expect(contradicting.status).toBe(400);
  expect(fieldsOf(contradicting.body)).toEqual(['seller.vat_exempt']);
  // nothing of a refused update is kept
  expect((await s.api.ok('GET', '/settings')).data.seller.vat_status).toBe('exempt');
  await set({ vat_status: 'normal' });
});

test("the seller has no bank fields of its own: an invoice's seller takes them from the invoice's bank account", async () => {
  const refused = await putSettings({ seller: { bank_account_no: '11773016-11111018-00000000' } });
  expect(refused.status).toBe(400);
  expect(fieldsOf(refused.body)).toEqual(['seller.bank_account_no']);
  expect(refused.body.errors[0].message).toMatch(/bank account/);
  const settings = (await s.api.ok('GET', '/settings')).data;
  expect(Object.keys(settings.seller)).not.toContain('bank_account_no');

  const otp = (await s.api.ok('POST', '/bank_accounts', { body: { bank_name: 'OTP Bank', account_no: '11773016-11111018-00000000', account_no_iban: 'HU42117730161111101800000000', account_swift: 'OTPVHUHB' } })).data.id;
  const kh = (await s.api.ok('POST', '/bank_accounts', { body: { bank_name: 'K&H Bank', account_no: '10400009-00000000-00000000' } })).data.id;
  await s.api.ok('PUT', '/settings', { body: { default_bank_account_uid: otp } });

  const byDefault = await readInvoice(s.api, (await createInvoice(s.api)).id);
  expect(byDefault.attributes.bank_account_uid).toBe(otp);
  // the seller's JSON form is the one invoices always had, the bank details filled from the account
  expect(byDefault.attributes.seller).toMatchObject({
    name: 'Minta Bt.',
    bank_name: 'OTP Bank',
    bank_account_no: '11773016-11111018-00000000',
    bank_iban: 'HU42 1177 3016 1111 1018 0000 0000',
    bank_swift: 'OTPVHUHB',
    vat_exempt: false,
    vat_status: 'normal',
  });
  expect(Object.keys(byDefault.attributes.seller)).toEqual([
    'name', 'address', 'taxcode', 'eu_taxcode', 'email', 'phone', 'bank_name', 'bank_account_no', 'bank_iban', 'bank_swift', 'vat_exempt', 'vat_status',
  ]);

  const chosen = await readInvoice(s.api, (await createInvoice(s.api, { bank_account_uid: kh })).id);
  expect(chosen.attributes.seller).toMatchObject({ bank_name: 'K&H Bank', bank_account_no: '10400009-00000000-00000000', bank_iban: '', bank_swift: '' });
  expect(await pdfOf(chosen.id)).toContain('10400009-00000000-00000000');
});

test('cash accounting: the PDF says so in its language and the NAV report marks it, valid against the schema', async () => {
  await s.api.ok('PUT', '/settings', { body: { seller: { ...SELLER, vat_status: 'cash_accounting' } } });
  const client = await createClient(s.api);
  const words = { hu: 'Pénzforgalmi elszámolás', en: 'Cash accounting', de: 'Ist-Versteuerung' } as const;
  for (const [lang, phrase] of Object.entries(words)) {
    const inv = await readInvoice(s.api, (await createInvoice(s.api, { client_uid: client, template_lang_code: lang })).id);
    expect(inv.attributes.seller.vat_status).toBe('cash_accounting');
    expect(await pdfOf(inv.id)).toContain(phrase);
  }
  const cash = await readInvoice(s.api, (await createInvoice(s.api, { client_uid: client })).id);
  const xml = buildInvoiceDataXml(cash.attributes as InvoiceAttributes);
  expect(xml).toContain('<cashAccountingIndicator>true</cashAccountingIndicator>');
  const valid = await validateNavXml('data', xml);
  expect(valid.errors).toBe('');
  expect(valid.ok).toBe(true);

  // an invoice keeps the status it was issued under
  await s.api.ok('PUT', '/settings', { body: { seller: { vat_status: 'normal' } } });
  expect(await pdfOf(cash.id)).toContain(words.hu);
  const normal = await readInvoice(s.api, (await createInvoice(s.api, { client_uid: client })).id);
  expect(await pdfOf(normal.id)).not.toContain(words.hu);
  const normalXml = buildInvoiceDataXml(normal.attributes as InvoiceAttributes);
  expect(normalXml).not.toContain('cashAccountingIndicator');
  expect((await validateNavXml('data', normalXml)).ok).toBe(true);
});

test('subjectively exempt: an AAM invoice prints the exemption and reports it as AAM, with no cash-accounting mark', async () => {
  await s.api.ok('PUT', '/settings', { body: { seller: { ...SELLER, vat_status: 'exempt' } } });
  const inv = await readInvoice(s.api, (await createInvoice(s.api, { items: [{ description: 'Óradíj', vat_id: 7, qty: 2, net_unit_price: 8000, unit: 'óra' }] })).id);
  expect(inv.attributes.seller).toMatchObject({ vat_status: 'exempt', vat_exempt: true });
  expect(inv.attributes.vat_total).toBe('0.000');
  const text = await pdfOf(inv.id);
  expect(text).toContain('Alanyi adómentes');
  expect(text).not.toContain('Pénzforgalmi elszámolás');
  const xml = buildInvoiceDataXml(inv.attributes as InvoiceAttributes);
  expect(xml).toMatch(/<case>AAM<\/case>/);
  expect(xml).not.toContain('cashAccountingIndicator');
  expect((await validateNavXml('data', xml)).ok).toBe(true);
  await s.api.ok('PUT', '/settings', { body: { seller: { vat_status: 'normal' } } });
});

test('the public address for links: an http(s) address, stored without its trailing slash; anything else is a field error', async () => {
  expect((await s.api.ok('GET', '/settings')).data.public_base_url).toBe('');
  for (const bad of ['folio.example.hu', 'ftp://folio.example.hu', 'https://', 'https://folio.example.hu/?x=1', 'https://folio example.hu']) {
    const res = await putSettings({ public_base_url: bad });
    expect(res.status, bad).toBe(400);
    expect(res.body.errors, bad).toEqual([{ field: 'public_base_url', message: 'must be an http:// or https:// address' }]);
  }
  expect((await s.api.ok('GET', '/settings')).data.public_base_url).toBe('');
  expect((await s.api.ok('PUT', '/settings', { body: { public_base_url: ' https://folio.example.hu/ ' } })).data.public_base_url).toBe('https://folio.example.hu');
  expect((await s.api.ok('PUT', '/settings', { body: { public_base_url: 'http://szamla.minta.hu/folio/' } })).data.public_base_url).toBe('http://szamla.minta.hu/folio');
  expect((await s.api.ok('PUT', '/settings', { body: { public_base_url: '' } })).data.public_base_url).toBe('');
});

test('the setup guide remembers its optional steps: marked done or skipped, and forgotten with null', async () => {
  expect((await s.api.ok('GET', '/settings')).data.setup_steps).toEqual({});
  await s.api.ok('PUT', '/settings', { body: { setup_steps: { nav: 'skipped', backup: 'done' } } });
  expect((await s.api.ok('PUT', '/settings', { body: { setup_steps: { email: 'skipped' } } })).data.setup_steps).toEqual({ nav: 'skipped', backup: 'done', email: 'skipped' });
  expect((await s.api.ok('PUT', '/settings', { body: { setup_steps: { nav: null } } })).data.setup_steps).toEqual({ backup: 'done', email: 'skipped' });
  const bad = await putSettings({ setup_steps: { coffee: 'done' } });
  expect(bad.status).toBe(400);
});
