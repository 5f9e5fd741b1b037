// Factur-X over HTTP (GET /invoices/{id}/einvoice?format=facturx) for real invoices: the PDF carries exactly the CII
// that format=cii answers, that XML passes the EN 16931 rules and the CII D16B schema, the XMP names PDF/A-3b and the
// Factur-X EN 16931 profile, and the pages read exactly like the plain PDF's (GET /invoices/{id}/download). Also the
// same operation over /rpc (the bytes as base64) and the refusals: a draft, a proforma.
import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { fatalFailures, validateEn16931 } from '../../electron/core/einvoice/rules';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import { pdfText } from '../documents/pdf-text';
import { validateCiiSchema } from '../einvoice/cii-schema';
import type { ApiClient } from '../support/api-client';
import { API_KEY, createClient, netItem, serverPerFile, TEST_SELLER } from '../support/fixtures';

const s = serverPerFile();
// the first CII check on a machine compiles the rules (≈ 15 s)
test.describe.configure({ timeout: 120_000 });

const GERMAN_BUYER = {
  tax_type: 'FOREIGN',
  taxcode: '',
  eu_taxcode: 'DE123456789',
  billing_address: { street_name: 'Hauptstraße', street_type: '', house_nr: '5', city: 'Berlin', postcode: '10115', country: 'DE' },
  buyer_reference: '04011000-12345-34',
  einvoice_format: 'facturx',
};

test.beforeAll(async () => {
  const bank = (
    await s.api.ok('POST', '/bank_accounts', {
      body: { bank_name: 'Minta Bank', account_no: '11773016-11111018', account_no_iban: 'HU42117730161111101800000000', account_swift: 'OTPVHUHB', currency: 'HUF' },
    })
  ).data.id as number;
  await s.api.ok('PUT', '/settings', {
    body: { seller: { ...TEST_SELLER, eu_taxcode: 'HU23456787', email: 'szamla@minta.example', phone: '+36 1 234 5678' }, default_bank_account_uid: bank },
  });
});

async function invoice(api: ApiClient, over: Record<string, unknown> = {}, client: Record<string, unknown> = {}): Promise<number> {
  const clientUid = await createClient(api, client);
  const body = await api.ok('POST', '/invoices', {
    body: { fulfillment_date: '2026-03-15', due_date: '2026-03-23', payment_method: 2, currency: 'HUF', client_uid: clientUid, block_uid: 0, type: 3, items: [netItem()], ...over },
  });
  return body.data.id as number;
}

async function getBytes(path: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(s.api.url(path), { headers: { 'X-API-KEY': API_KEY } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function readBack(pdf: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const attachments = ((await doc.getAttachments()) ?? {}) as Record<string, { content: Uint8Array }>;
    const { metadata } = await doc.getMetadata();
    return {
      files: Object.fromEntries(Object.entries(attachments).map(([name, f]) => [name, Buffer.from(f.content).toString('utf8')])),
      xmp: (name: string) => metadata?.get(name),
    };
  } finally {
    await doc.destroy();
  }
}

/** Downloads the Factur-X, checks it through and through, and answers its embedded XML. */
async function facturxOf(id: number): Promise<string> {
  const res = await getBytes(`/invoices/${id}/einvoice?format=facturx`);
  expect(res.status, res.bytes.toString('utf8').slice(0, 500)).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+-facturx\.pdf"/);
  const pdf = res.bytes;
  expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');

  const { files, xmp } = await readBack(pdf);
  expect(Object.keys(files)).toEqual(['factur-x.xml']);
  const xml = files['factur-x.xml']!;
  // the very CII the cii export answers, checked again here
  const cii = await s.api.get(`/invoices/${id}/einvoice?format=cii`);
  expect(cii.status).toBe(200);
  expect(xml).toBe(cii.text);
  expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
  expect(fatalFailures(await validateEn16931('cii', xml))).toEqual([]);
  expect(await validateCiiSchema(xml)).toEqual({ ok: true, errors: '' });
  expect([xmp('pdfaid:part'), xmp('pdfaid:conformance')]).toEqual(['3', 'B']);
  expect([xmp('fx:documenttype'), xmp('fx:documentfilename'), xmp('fx:version'), xmp('fx:conformancelevel')]).toEqual([
    'INVOICE',
    'factur-x.xml',
    '1.0',
    'EN 16931',
  ]);
  const raw = pdf.toString('latin1');
  for (const mark of ['/AFRelationship /Alternative', '/OutputIntents', '/S /GTS_PDFA1', '/FontFile2', '/Subtype /text#2Fxml']) expect(raw).toContain(mark);

  // the pages are the plain PDF's pages
  const plain = await getBytes(`/invoices/${id}/download`);
  expect(plain.status).toBe(200);
  expect((await pdfText(pdf)).pages).toEqual((await pdfText(plain.bytes)).pages);
  return xml;
}

test('a domestic HUF invoice: the Factur-X carries the checked CII and reads like the plain PDF', async () => {
  const id = await invoice(s.api, { items: [netItem(12000), netItem(5000, { vat_id: 2, description: 'Szakkönyv' })] });
  const xml = await facturxOf(id);
  expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
});

test('a EUR invoice to a German client with a Leitweg-ID: the buyer reference and the VAT in HUF are in the XML', async () => {
  const id = await invoice(s.api, { currency: 'EUR', exchange_rate: '392.15', items: [netItem('95.50', { qty: 10 })] }, GERMAN_BUYER);
  const xml = await facturxOf(id);
  expect(xml).toContain('<ram:BuyerReference>04011000-12345-34</ram:BuyerReference>');
  expect(xml).toContain('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>');
  expect(xml).toContain('currencyID="HUF"');
});

test('a cancelling invoice has its Factur-X too (381, referencing the original)', async () => {
  const original = await invoice(s.api);
  const cancelled = await s.api.ok('GET', `/invoices/${original}/cancel`);
  const xml = await facturxOf(cancelled.data.id as number);
  expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
});

test('over /rpc the Factur-X comes as base64, marked so', async () => {
  const id = await invoice(s.api);
  const res = await s.api.post('/rpc/invoices.einvoice', { id, format: 'facturx' });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ content_type: 'application/pdf', content_encoding: 'base64' });
  expect(res.body.data.filename).toMatch(/-facturx\.pdf$/);
  const pdf = Buffer.from(res.body.data.content as string, 'base64');
  expect(Object.keys((await readBack(pdf)).files)).toEqual(['factur-x.xml']);
});

test('a draft and a proforma have no Factur-X (422), and nothing is rendered for them', async () => {
  for (const type of [INVOICE_TYPE.draft, INVOICE_TYPE.proforma]) {
    const id = await invoice(s.api, { type });
    const res = await s.api.get(`/invoices/${id}/einvoice?format=facturx`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'id', reason: 'not_issued' })]);
  }
});
