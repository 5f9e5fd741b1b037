// A webshop's day driven only through the published Billingo client (@codingsans/billingo-client, generated from
// 3.0.14) against a real Folio server's /v3 door. The client does not validate what it receives, so every answer is
// also checked against the 3.0.14 schema: "the client accepted it" and "it is what the client was promised" both hold.
import { expect, test } from '@playwright/test';
import axios from 'axios';
import {
  ApiError,
  DocumentService,
  OpenAPI,
  PartnerService,
  ProductService,
  SpendingService,
  type DocumentInsert,
} from '@codingsans/billingo-client';
import { API_KEY, startTestServer, TODAY, type TestServer } from '../support/fixtures';
import { v3SchemaErrors } from '../support/v3-schema';
import { pdfText } from '../documents/pdf-text';

let s: TestServer;
test.beforeAll(async () => {
  s = await startTestServer();
  OpenAPI.BASE = `${s.url}/v3`;
  OpenAPI.HEADERS = { 'X-API-KEY': API_KEY };
});
test.afterAll(async () => {
  await s.close();
});

/** The answer the client handed back, also checked against the 3.0.14 schema it was generated from. */
function valid<T>(schema: string, value: T): T {
  expect(v3SchemaErrors(schema, value), `${schema}: ${JSON.stringify(value).slice(0, 1500)}`).toEqual([]);
  return value;
}

/** The ApiError the client throws for a refused request (anything else fails the test). */
async function refused(call: () => Promise<unknown>): Promise<ApiError> {
  try {
    await call();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('the request was not refused');
}

test('webshop flow through the npm client: partner, product, invoices, payments, PDF, cancel, modification, spending', async () => {
  try {
    await flow();
  } catch (e) {
    // an unexpected refusal names its request and Folio's answer, not just the client's "Generic Error"
    if (e instanceof ApiError) throw new Error(`${e.request.method} ${e.url} → ${e.status}: ${JSON.stringify(e.body).slice(0, 1500)}`);
    throw e;
  }
});

async function flow() {
  const tag = `Webshop ${process.pid}-${Date.now().toString(36)}`;
  const partner = valid('Partner', await PartnerService.createPartner({
    name: `${tag} Kft.`,
    address: { country_code: 'HU' as never, post_code: '1011', city: 'Budapest', address: 'Fő utca 1.' },
    emails: ['szamla@example.com'],
    taxcode: '12345676-2-41',
    tax_type: 'HAS_TAX_NUMBER' as never,
  }));
  expect(partner.id).toBeGreaterThan(0);

  const product = valid('Product', await ProductService.createProduct({
    name: `${tag} kávé`, currency: 'HUF' as never, vat: '27%' as never, net_unit_price: 1000, unit: 'kg',
  }));
  expect(product.id).toBeGreaterThan(0);

  const insert = (over: Partial<DocumentInsert> = {}): DocumentInsert => ({
    partner_id: partner.id!,
    block_id: 0,
    type: 'invoice' as never,
    fulfillment_date: TODAY,
    due_date: '2026-03-23',
    payment_method: 'wire_transfer' as never,
    language: 'hu' as never,
    currency: 'HUF' as never,
    items: [
      { name: 'Szállítás', unit_price: 10000, unit_price_type: 'net' as never, quantity: 2, unit: 'db', vat: '27%' as never },
      { product_id: product.id!, quantity: 3 },
    ],
    ...over,
  });

  // invoice: 2 × 10 000 net + 3 × 1 000 net, 27 % → 29 210 gross
  const invoice = valid('Document', await DocumentService.createDocument(insert()));
  expect(invoice).toMatchObject({ type: 'invoice', payment_status: 'outstanding', currency: 'HUF', document_partner: { id: partner.id } });
  expect(invoice.items).toHaveLength(2);
  expect(invoice.gross_total).toBe(29210);

  // list with filters and paging: the client always sends per_page and q, whether or not asked
  const listed = valid('DocumentList', await DocumentService.listDocument(1, 25, undefined, partner.id, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'invoice' as never));
  expect(listed.data!.map((d) => d.id)).toEqual([invoice.id]);
  const proforma = valid('Document', await DocumentService.createDocument(insert({ type: 'proforma' as never })));
  const page2 = valid('DocumentList', await DocumentService.listDocument(2, 1, undefined, partner.id));
  expect(page2).toMatchObject({ total: 2, per_page: 1, current_page: 2, last_page: 2 });
  expect(page2.data).toHaveLength(1);
  const byText = valid('DocumentList', await DocumentService.listDocument(undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, tag));
  expect(byText.data!.map((d) => d.id).sort()).toEqual([invoice.id, proforma.id].sort());

  // proforma → invoice
  const fromProforma = valid('Document', await DocumentService.createDocumentFromProforma(proforma.id!));
  expect(fromProforma).toMatchObject({ type: 'invoice', gross_total: 29210 });
  expect(fromProforma.id).not.toBe(proforma.id);

  // a partial, then the full payment (PUT replaces the history)
  const partial = valid('PaymentHistory[]', await DocumentService.updatePayment(invoice.id!, [{ date: '2026-03-10', price: 10000, payment_method: 'cash' as never }]));
  expect(partial).toMatchObject([{ date: '2026-03-10', price: 10000, payment_method: 'cash' }]);
  expect(valid('Document', await DocumentService.getDocument(invoice.id!)).payment_status).toBe('partially_paid');
  const full = valid('PaymentHistory[]', await DocumentService.updatePayment(invoice.id!, [
    { date: '2026-03-10', price: 10000, payment_method: 'cash' as never },
    { date: '2026-03-12', price: 19210, payment_method: 'wire_transfer' as never },
  ]));
  expect(full).toHaveLength(2);
  expect(valid('PaymentHistory[]', await DocumentService.getPayment(invoice.id!))).toHaveLength(2);
  expect(valid('Document', await DocumentService.getDocument(invoice.id!))).toMatchObject({ payment_status: 'paid', paid_date: '2026-03-12' });

  // PDF: the generated client lets axios decode the body as text, which breaks binary bytes; a webshop asks axios for
  // the raw bytes on this one call (the client sends through axios' default instance)
  const raw = axios.interceptors.request.use((config) => (config.url?.endsWith('/download') ? { ...config, responseType: 'arraybuffer' } : config));
  let pdf: unknown;
  try {
    pdf = await DocumentService.downloadDocument(invoice.id!);
  } finally {
    axios.interceptors.request.eject(raw);
  }
  const bytes = new Uint8Array(pdf as ArrayBuffer);
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text.text).toContain(invoice.invoice_number!);
  expect(text.text).toContain(`${tag} Kft.`);

  // public URL: opens without a key
  const pub = valid('DocumentPublicUrl', await DocumentService.getPublicUrl(invoice.id!));
  const opened = await fetch(pub.public_url!);
  expect(opened.status).toBe(200);

  // cancel the proforma's invoice; a modification of the paid one
  const cancelling = valid('Document', await DocumentService.cancelDocument(fromProforma.id!, { cancellation_reason: 'Visszaküldve' }));
  expect(cancelling.type).toBe('cancellation');
  expect(valid('Document', await DocumentService.getDocument(fromProforma.id!)).cancelled).toBe(true);
  const mod = valid('Document', await DocumentService.createModificationDocument(invoice.id!, {
    comment: 'Szállítási díj', items: [{ name: 'Szállítási díj', unit_price: 2000, unit_price_type: 'net' as never, quantity: 1, unit: 'db', vat: '27%' as never }],
  }));
  expect(mod.id).not.toBe(invoice.id);
  expect(mod.gross_total).toBe(2540);

  // a spending
  const spending = valid('Spending', await SpendingService.spendingSave({
    partner_id: partner.id, currency: 'HUF' as never, total_gross: 12700, total_gross_huf: 12700, total_vat_amount: 2700,
    total_vat_amount_huf: 2700, fulfillment_date: '2026-03-10', invoice_date: '2026-03-10', due_date: '2026-03-20',
    category: 'advertisement' as never, payment_method: 'wire_transfer' as never, invoice_number: `${tag}-SZ-1`, comment: tag,
  }));
  expect(spending).toMatchObject({ total_gross: 12700, category: 'advertisement' });
  expect(valid('SpendingList', await SpendingService.spendingList(tag)).data!.map((x) => x.id)).toEqual([spending.id]);

  // a validation error: 422 with v3's errors
  const invalid = await refused(() => DocumentService.createDocument(insert({ items: [{ name: '', unit_price: 100, unit_price_type: 'net' as never, quantity: 1, unit: 'db', vat: '27%' as never }] })));
  expect(invalid.status).toBe(422);
  valid('ValidationErrorResponse', invalid.body);
  expect(invalid.body.errors.length).toBeGreaterThan(0);

  // a wrong key: the client's ApiError with 401
  OpenAPI.HEADERS = { 'X-API-KEY': 'not-the-key' };
  try {
    const denied = await refused(() => PartnerService.getPartner(partner.id!));
    expect(denied.status).toBe(401);
    // the client names the 401 from its own description; the body is Folio's, in v3's error shape
    expect(denied.message).toBe('Authorization information is missing or invalid.');
    valid('ClientErrorResponse', denied.body);
  } finally {
    OpenAPI.HEADERS = { 'X-API-KEY': API_KEY };
  }
}
