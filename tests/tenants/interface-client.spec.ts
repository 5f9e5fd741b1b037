// An integration built for one company works unchanged against a server of several: the published Billingo client
// (@codingsans/billingo-client) is configured with the base URL …/c/<slug>/v3 and an account's key, and its records
// land in that company only.
import { expect, test } from '@playwright/test';
import axios from 'axios';
import { DocumentService, OpenAPI, PartnerService, type DocumentInsert } from '@codingsans/billingo-client';
import { TODAY } from '../support/fixtures';
import { v3SchemaErrors } from '../support/v3-schema';
import { pdfText } from '../documents/pdf-text';
import { addAccount, addCompany, startCompanies, type CompaniesServer } from './support';

let s: CompaniesServer;
test.beforeAll(async () => {
  s = await startCompanies();
});
test.afterAll(async () => {
  await s.close();
});

function valid<T>(schema: string, value: T): T {
  expect(v3SchemaErrors(schema, value), `${schema}: ${JSON.stringify(value).slice(0, 1500)}`).toEqual([]);
  return value;
}

test('the npm client with base URL /c/<slug>/v3: partner, invoice, PDF and share link, all in that company', async () => {
  const gamma = await addCompany(s, 'gamma', 'Gamma Webshop Kft.');
  const delta = await addCompany(s, 'delta', 'Delta Kft.');
  const shop = await addAccount(s, 'Webshop integráció', { gamma: 'staff' });
  OpenAPI.BASE = `${s.url}/c/gamma/v3`;
  OpenAPI.HEADERS = { 'X-API-KEY': shop.key };

  const partner = valid('Partner', await PartnerService.createPartner({
    name: 'Gamma Vevő Kft.',
    address: { country_code: 'HU' as never, post_code: '1011', city: 'Budapest', address: 'Fő utca 1.' },
    emails: ['szamla@example.com'],
    taxcode: '12345676-2-41',
    tax_type: 'HAS_TAX_NUMBER' as never,
  }));
  const insert: DocumentInsert = {
    partner_id: partner.id!,
    block_id: 0,
    type: 'invoice' as never,
    fulfillment_date: TODAY,
    due_date: '2026-03-23',
    payment_method: 'wire_transfer' as never,
    language: 'hu' as never,
    currency: 'HUF' as never,
    items: [{ name: 'Szállítás', unit_price: 10000, unit_price_type: 'net' as never, quantity: 2, unit: 'db', vat: '27%' as never }],
  };
  const invoice = valid('Document', await DocumentService.createDocument(insert));
  expect(invoice).toMatchObject({ type: 'invoice', gross_total: 25400, document_partner: { id: partner.id } });
  expect(valid('Document', await DocumentService.getDocument(invoice.id!)).invoice_number).toBe(invoice.invoice_number);

  const raw = axios.interceptors.request.use((config) => (config.url?.endsWith('/download') ? { ...config, responseType: 'arraybuffer' } : config));
  let pdf: unknown;
  try {
    pdf = await DocumentService.downloadDocument(invoice.id!);
  } finally {
    axios.interceptors.request.eject(raw);
  }
  const text = await pdfText(new Uint8Array(pdf as ArrayBuffer));
  expect(text.text).toContain(invoice.invoice_number!);
  expect(text.text).toContain('Gamma Webshop Kft.');
  expect(text.text).toContain('Gamma Vevő Kft.');

  // the share link leads back to this company, and opens without a key
  const pub = valid('DocumentPublicUrl', await DocumentService.getPublicUrl(invoice.id!));
  expect(pub.public_url).toContain('/c/gamma/access/c:');
  const opened = await fetch(pub.public_url!);
  expect(opened.status).toBe(200);
  expect((await pdfText(new Uint8Array(await opened.arrayBuffer()))).text).toContain('Gamma Webshop Kft.');

  // in the company it was made in, and nowhere else
  expect((await gamma.ok('GET', '/invoices')).data).toHaveLength(1);
  expect((await delta.ok('GET', '/invoices')).data).toHaveLength(0);
  expect(JSON.stringify((await delta.ok('GET', '/clients')).data)).not.toContain('Gamma Vevő');

  // the same client pointed at a company the key was not granted is refused as if it did not exist
  OpenAPI.BASE = `${s.url}/c/delta/v3`;
  await expect(DocumentService.getDocument(invoice.id!)).rejects.toMatchObject({ status: 404 });
});
