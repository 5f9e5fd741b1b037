// Receipts (nyugta) through /v3 on a real server: POST /documents/receipt with inline and product items, a draft made
// a receipt with PUT /documents/receipt/{id}, read back and listed with type=receipt, numbered gaplessly in their own
// sequence, cancelled by a cancelling receipt, never queued for NAV and never shown by the v2 door. Every /v3 answer
// is validated against 3.0.14.
import { expect, test } from '@playwright/test';
import { DocumentService, OpenAPI } from '@codingsans/billingo-client';
import { sql } from 'kysely';
import { API_KEY, seedSeller, startTestServer, testDb, TODAY, type TestServer } from '../support/fixtures';
import { v3SchemaErrors } from '../support/v3-schema';
import { pdfText } from '../documents/pdf-text';
import { savePdfPng } from '../documents/png';
import { partnerBody, v3 } from '../support/v3-client';

let s: TestServer;
test.beforeEach(async () => {
  s = await startTestServer();
});
test.afterEach(async () => {
  await s.close();
});

const line = (over: Record<string, unknown> = {}) => ({ name: 'Kávé', unit_price: 635, vat: '27%', ...over });
const receiptInsert = (over: Record<string, unknown> = {}) => ({
  block_id: 0, type: 'receipt', payment_method: 'cash', currency: 'HUF', items: [line()], ...over,
});
const createReceipt = async (over: Record<string, unknown> = {}) =>
  (await v3(s.api, 'POST', '/documents/receipt', { status: 201, schema: 'Document' }, { body: receiptInsert(over) })).body;

test('a receipt with an inline and a product line: VAT-included prices, paid at once, its own number; read back', async () => {
  const product = (await v3(s.api, 'POST', '/products', { status: 201, schema: 'Product' }, {
    body: { name: 'Croissant', currency: 'HUF', vat: '5%', unit: 'db', net_unit_price: 400 },
  })).body;
  const doc = await createReceipt({
    payment_method: 'bankcard', name: 'Kiss Anna', emails: ['anna@example.com'],
    items: [line(), { product_id: product.id }, line({ name: 'Ásványvíz', unit_price: 300, vat: 'none' })],
  });
  expect(doc).toMatchObject({
    type: 'receipt', invoice_number: 'NY-2026-000001', cancelled: false, block_id: 0, payment_status: 'paid', paid_date: TODAY,
    payment_method: 'bankcard', currency: 'HUF', invoice_date: TODAY, fulfillment_date: TODAY, due_date: TODAY,
    document_partner: { name: 'Kiss Anna', emails: ['anna@example.com'] },
  });
  expect(doc.items).toMatchObject([
    { name: 'Kávé', quantity: 1, gross_amount: 635, net_amount: 500, vat: '27%', vat_amount: 135 },
    { product_id: product.id, name: 'Croissant', quantity: 1, net_amount: 400, vat: '5%', gross_amount: 420 },
    { name: 'Ásványvíz', quantity: 1, gross_amount: 300, vat: '0%', vat_amount: 0 },
  ]);
  expect(doc.gross_total).toBe(1355);
  const read = (await v3(s.api, 'GET', `/documents/${doc.id}`, { status: 200, schema: 'Document' })).body;
  expect(read).toEqual(doc);
  // paid on the spot: its payment is part of the record
  const payments = (await v3(s.api, 'GET', `/documents/${doc.id}/payments`, { status: 200, schema: 'PaymentHistory[]' })).body;
  expect(payments).toEqual([{ date: TODAY, price: 1355, payment_method: 'bankcard', voucher_number: null, conversion_rate: 1 }]);
  await v3(s.api, 'DELETE', `/documents/${doc.id}/payments`, { status: 422, schema: 'ValidationErrorResponse' });
});

test('a receipt for a partner names the partner; no buyer at all is fine', async () => {
  const partner = (await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody() })).body;
  const forPartner = await createReceipt({ partner_id: partner.id });
  expect(forPartner.document_partner).toMatchObject({ id: partner.id, name: partner.name });
  const anonymous = await createReceipt();
  expect(anonymous.document_partner.name).toBe('');
});

test('numbering: gapless in the receipts own sequence per block, apart from invoices; a refused receipt takes no number', async () => {
  const block = (await v3(s.api, 'POST', '/document-blocks', { status: 201, schema: 'DocumentBlock' }, { body: { name: 'Bolt', prefix: 'BOLT' } })).body;
  const receiptBlocks = (await v3(s.api, 'GET', '/document-blocks?type=receipt', { status: 200, schema: 'DocumentBlockList' })).body;
  expect(receiptBlocks.data.map((b: { id: number; type: string }) => [b.id, b.type])).toEqual([[0, 'receipt'], [block.id, 'receipt']]);
  const first = await createReceipt();
  await v3(s.api, 'POST', '/documents/receipt', { status: 422, schema: 'ValidationErrorResponse' }, { body: receiptInsert({ items: [line({ vat: '21%' })] }) });
  const partner = (await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody() })).body;
  const invoice = (await v3(s.api, 'POST', '/documents', { status: 201, schema: 'Document' }, {
    body: { partner_id: partner.id, block_id: 0, type: 'invoice', fulfillment_date: TODAY, due_date: TODAY, payment_method: 'cash', language: 'hu', currency: 'HUF',
      items: [{ name: 'Tanácsadás', unit_price: 1000, unit_price_type: 'net', quantity: 1, unit: 'óra', vat: '27%' }] },
  })).body;
  const second = await createReceipt();
  const inBlock = await createReceipt({ block_id: block.id });
  expect([first.invoice_number, second.invoice_number]).toEqual(['NY-2026-000001', 'NY-2026-000002']);
  expect(invoice.invoice_number).toBe('2026-000001');
  expect(inBlock.invoice_number).toBe('BOLT / NY-2026-000001');
});

test('a draft receipt becomes a receipt with PUT /documents/receipt/{id}; the list filters type=receipt', async () => {
  const draft = await createReceipt({ type: 'draft', name: 'Nagy Béla' });
  expect(draft).toMatchObject({ type: 'draft', invoice_number: '', payment_status: 'none' });
  // a draft made to become a receipt is issued as nothing else
  await v3(s.api, 'PUT', `/documents/${draft.id}`, { status: 422, schema: 'ValidationErrorResponse' }, { body: { type: 'invoice' } });
  const issued = (await v3(s.api, 'PUT', `/documents/receipt/${draft.id}`, { status: 200, schema: 'Document' }, {
    body: receiptInsert({ payment_method: 'szep_card', items: [line({ unit_price: 1270 })] }),
  })).body;
  expect(issued).toMatchObject({ id: draft.id, type: 'receipt', invoice_number: 'NY-2026-000001', payment_status: 'paid', payment_method: 'szep_card', gross_total: 1270 });
  expect(issued.document_partner.name).toBe('Nagy Béla');
  const partner = (await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody() })).body;
  const invoice = (await v3(s.api, 'POST', '/documents', { status: 201, schema: 'Document' }, {
    body: { partner_id: partner.id, block_id: 0, type: 'invoice', fulfillment_date: TODAY, due_date: TODAY, payment_method: 'cash', language: 'hu', currency: 'HUF',
      items: [{ name: 'Tanácsadás', unit_price: 1000, unit_price_type: 'net', quantity: 1, unit: 'óra', vat: '27%' }] },
  })).body;
  const receipts = (await v3(s.api, 'GET', '/documents?type=receipt', { status: 200, schema: 'DocumentList' })).body;
  expect(receipts.data.map((d: { id: number }) => d.id)).toEqual([draft.id]);
  expect(receipts.total).toBe(1);
  const invoices = (await v3(s.api, 'GET', '/documents?type=invoice', { status: 200, schema: 'DocumentList' })).body;
  expect(invoices.data.map((d: { id: number }) => d.id)).toEqual([invoice.id]);
  const all = (await v3(s.api, 'GET', '/documents', { status: 200, schema: 'DocumentList' })).body;
  expect(all.data.map((d: { id: number }) => d.id)).toEqual([invoice.id, draft.id]);
  // a draft that is not one cannot be converted twice
  await v3(s.api, 'PUT', `/documents/receipt/${draft.id}`, { status: 422, schema: 'ValidationErrorResponse' }, { body: receiptInsert() });
});

test('cancelling a receipt issues a cancelling receipt numbered next in the receipt sequence', async () => {
  const r = await createReceipt();
  const cancelling = (await v3(s.api, 'POST', `/documents/${r.id}/cancel`, { status: 200, schema: 'Document' })).body;
  expect(cancelling).toMatchObject({ type: 'receipt_cancellation', invoice_number: 'NY-2026-000002', gross_total: -635, payment_status: 'none' });
  expect(cancelling.related_documents).toEqual([{ id: r.id, invoice_number: 'NY-2026-000001' }]);
  const original = (await v3(s.api, 'GET', `/documents/${r.id}`, { status: 200, schema: 'Document' })).body;
  expect(original).toMatchObject({ cancelled: true, payment_status: 'none' });
  const list = (await v3(s.api, 'GET', '/documents?type=receipt_cancellation', { status: 200, schema: 'DocumentList' })).body;
  expect(list.data.map((d: { id: number }) => d.id)).toEqual([cancelling.id]);
  await v3(s.api, 'POST', `/documents/${r.id}/create-modification-document`, { status: 422, schema: 'ValidationErrorResponse' }, { body: { items: [line()] } });
});

test('a receipt is never queued for Online Számla and never shown by the v2 door', async () => {
  const partner = (await v3(s.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody() })).body;
  const invoice = (await v3(s.api, 'POST', '/documents', { status: 201, schema: 'Document' }, {
    body: { partner_id: partner.id, block_id: 0, type: 'invoice', fulfillment_date: TODAY, due_date: TODAY, payment_method: 'cash', language: 'hu', currency: 'HUF',
      items: [{ name: 'Tanácsadás', unit_price: 1000, unit_price_type: 'net', quantity: 1, unit: 'óra', vat: '27%' }] },
  })).body;
  const receipt = await createReceipt();
  await v3(s.api, 'POST', `/documents/${receipt.id}/cancel`, { status: 200, schema: 'Document' });
  const status = (await v3(s.api, 'GET', `/documents/${receipt.id}/online-szamla`, { status: 200, schema: 'OnlineSzamlaStatus' })).body;
  expect(status).toEqual({ transaction_id: '', status: 'not_checked', messages: [] });
  const reported = await sql<{ invoice_id: number }>`SELECT invoice_id FROM nav_reports ORDER BY invoice_id`.execute(testDb(s));
  expect(reported.rows.map((r) => r.invoice_id)).toEqual([invoice.id]);
  const v2List = await s.api.ok('GET', '/invoices');
  expect(v2List.data.map((i: { id: number }) => i.id)).toEqual([invoice.id]);
  const v2Query = await s.api.ok('GET', '/invoices/query?start_date=2026-01-01&end_date=2026-12-31');
  expect(v2Query.data.map((i: { id: number }) => i.id)).toEqual([invoice.id]);
  const v2Receipts = await s.api.ok('GET', '/invoices/query?start_date=2026-01-01&end_date=2026-12-31&type=5');
  expect(v2Receipts.data).toEqual([]);
  expect((await s.api.request('GET', `/invoices/${receipt.id}`)).status).toBe(404);
  // v2's create refuses the type as it refuses any it does not know (v2's validation answer is a 400)
  const made = await s.api.request('POST', '/invoices', { body: { client_uid: partner.id, payment_method: 1, currency: 'HUF', type: 5, fulfillment_date: TODAY, due_date: TODAY, items: [{ description: 'x', vat_id: 1, qty: 1, net_unit_price: 1 }] } });
  expect(made.status).toBe(400);
  expect(made.text).toContain('must be 0 (draft), 1 (proforma) or 3 (normal invoice)');
});

test('the seller must be complete, else 422 and no number is taken', async () => {
  await s.close();
  s = await startTestServer({ seller: false });
  const refused = (await v3(s.api, 'POST', '/documents/receipt', { status: 422, schema: 'ValidationErrorResponse' }, { body: receiptInsert() })).body;
  expect(refused.message).toMatch(/receipt cannot be issued/);
  expect(refused.errors.map((e: { field: string }) => e.field)).toContain('seller');
  await seedSeller(s.core);
  expect((await createReceipt()).invoice_number).toBe('NY-2026-000001');
});

test('a till written for Billingo runs unchanged: the published client (3.0.14) makes, converts and lists receipts', async () => {
  OpenAPI.BASE = `${s.url}/v3`;
  OpenAPI.HEADERS = { 'X-API-KEY': API_KEY };
  const valid = <T>(schema: string, value: T): T => {
    expect(v3SchemaErrors(schema, value), JSON.stringify(value).slice(0, 1500)).toEqual([]);
    return value;
  };
  const made = valid('Document', await DocumentService.createReceipt({
    block_id: 0, type: 'receipt' as never, payment_method: 'cash' as never, currency: 'HUF' as never,
    items: [{ name: 'Kávé', unit_price: 635, vat: '27%' as never }, { name: 'Szörp', unit_price: 300, vat: '0%' as never }],
  }));
  expect(made).toMatchObject({ type: 'receipt', invoice_number: 'NY-2026-000001', gross_total: 935, payment_status: 'paid' });
  const draft = valid('Document', await DocumentService.createReceipt({
    block_id: 0, type: 'draft' as never, payment_method: 'bankcard' as never, currency: 'HUF' as never, name: 'Tóth Péter', emails: ['peter@example.com'],
    items: [{ name: 'Torta', unit_price: 8890, vat: '27%' as never }],
  }));
  expect(draft.type).toBe('draft');
  const converted = valid('Document', await DocumentService.createReceiptFromDraft(draft.id!, {
    block_id: 0, type: 'receipt' as never, payment_method: 'bankcard' as never, currency: 'HUF' as never,
  }));
  expect(converted).toMatchObject({ id: draft.id, type: 'receipt', invoice_number: 'NY-2026-000002', gross_total: 8890, document_partner: { name: 'Tóth Péter', emails: ['peter@example.com'] } });
  const listed = valid('DocumentList', await DocumentService.listDocument(1, 25, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'receipt' as never));
  expect(listed.data!.map((d) => d.invoice_number)).toEqual(['NY-2026-000002', 'NY-2026-000001']);
});

test('a receipt prints on the till roll (print/pos) and downloads as its A4 PDF', async () => {
  const doc = await createReceipt({ items: [line(), line({ name: 'Pogácsa', unit_price: 420, vat: '5%' })] });
  const get = async (path: string) => {
    const res = await fetch(`${s.url}/v3${path}`, { headers: { 'X-API-KEY': API_KEY } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    return Buffer.from(await res.arrayBuffer());
  };
  const pos = await get(`/documents/${doc.id}/print/pos?size=58`);
  savePdfPng(pos, 'v3-receipt-pos-58mm', 200);
  const roll = (await pdfText(pos)).text;
  for (const words of ['Nyugta', 'NY-2026-000001', 'Kávé', 'Pogácsa', 'Készpénz']) expect(roll).toContain(words);
  // a receipt of nobody in particular names no buyer, on the roll either
  expect(roll).not.toContain('Vevő');
  const a4 = (await pdfText(await get(`/documents/${doc.id}/download`))).text;
  expect(a4).toContain('Nyugta');
  expect(a4).toContain('NY-2026-000001');
});
