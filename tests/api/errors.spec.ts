// The error side of the HTTP door (docs/design.md §5): unknown paths, wrong methods, malformed bodies, validation with
// per-field errors, unknown ids, broken rules — each a 4xx with the error envelope, and each leaving every table
// exactly as it was.
import { expect, test } from '@playwright/test';
import {
  clientBody,
  createBlock,
  createClient,
  createInvoice,
  createProduct,
  INVALID_TAXCODE,
  invoiceBody,
  netItem,
  productLine,
  startTestServer,
  tableDigest,
  TODAY,
  type TestServer,
} from '../support/fixtures';
import type { ApiResponse, Method } from '../support/api-client';

function expectErrorEnvelope(res: ApiResponse, status: number) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type') ?? '').toContain('application/json');
  expect(res.body.success).toBe(false);
  expect(typeof res.body.error).toBe('string');
  expect(res.body.error.length).toBeGreaterThan(0);
  expect(typeof res.body.code).toBe('string');
}

let srv: TestServer;
test.beforeAll(async () => {
  srv = await startTestServer();
});
test.afterAll(async () => {
  await srv?.close();
});

test.describe('unknown paths and methods', () => {
  for (const path of ['/nope', '/invoices/1/nope', '/api/invoices', '/clients/1/extra', '/invoice', '/vat/xx/yy']) {
    test(`GET ${path} is a 404 with the error envelope`, async () => {
      const res = await srv.api.get(path);
      expectErrorEnvelope(res, 404);
    });
  }

  const wrongMethods: Array<[Method, string]> = [
    ['POST', '/invoices/1'],
    ['PUT', '/invoices'],
    ['PATCH', '/invoices/1'],
    ['DELETE', '/clients'],
    ['PUT', '/clients'],
    ['GET', '/invoices/1/pay'],
    ['POST', '/invoices/1/cancel'],
    ['POST', '/invoices/1/generate'],
    ['POST', '/invoices/1/code'],
    ['GET', '/invoices/1/issue'],
    ['POST', '/invoices/query'],
    ['PUT', '/invoices/query'],
    ['DELETE', '/invoices/query'],
    ['PUT', '/invoices/blocks'],
    ['DELETE', '/invoices/blocks'],
    ['POST', '/vat'],
    ['PUT', '/vat/eu'],
    ['POST', '/payment_methods/hu'],
    ['DELETE', '/expenses/categories/hu'],
    ['GET', '/api/products/1'],
    ['PUT', '/bank_accounts'],
    ['POST', '/bank_accounts/1'], // DELETE is served (bankAccounts.delete, a Folio extension)
    ['DELETE', '/recurring/1'],
    ['GET', '/recurring/1/stop'],
    ['GET', '/recurring/1/resume'],
    ['DELETE', '/settings'],
    ['POST', '/time'],
  ];
  for (const [method, path] of wrongMethods) {
    test(`${method} ${path} is a 405 that names the allowed methods`, async () => {
      const res = await srv.api.request(method, path, method === 'GET' || method === 'DELETE' ? {} : { body: {} });
      expectErrorEnvelope(res, 405);
      expect(res.headers.get('allow')).toBeTruthy();
      expect(res.headers.get('allow')).not.toContain(method);
    });
  }

  test('POST /invoices/query names only GET (and HEAD) as allowed, not the PUT/DELETE of /invoices/:id', async () => {
    const res = await srv.api.post('/invoices/query', {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).not.toMatch(/PUT|DELETE/);
  });
});

test.describe('bodies', () => {
  for (const body of ['{bad', '{"name": "x",}', '{"a":1}garbage', "{'name': 'x'}"]) {
    test(`malformed JSON ${JSON.stringify(body)} is a 400`, async () => {
      const res = await srv.api.request('POST', '/clients', { body, headers: { 'content-type': 'application/json' } });
      expectErrorEnvelope(res, 400);
    });
  }

  for (const body of ['[1,2]', '"text"', '42', 'true']) {
    test(`a JSON body that is not an object (${body}) is a 400`, async () => {
      const res = await srv.api.request('POST', '/invoices', { body, headers: { 'content-type': 'application/json' } });
      expectErrorEnvelope(res, 400);
    });
  }

  test('malformed JSON on a PUT and on a payment is a 400 too', async () => {
    const clientUid = await createClient(srv.api);
    const inv = await createInvoice(srv.api, { client_uid: clientUid });
    const h = { 'content-type': 'application/json' };
    expectErrorEnvelope(await srv.api.request('PUT', `/clients/${clientUid}`, { body: '{', headers: h }), 400);
    expectErrorEnvelope(await srv.api.request('POST', `/invoices/${inv.id}/pay`, { body: '{"amount":', headers: h }), 400);
  });

  test('a body that is not JSON at all is refused (415), never guessed', async () => {
    const res = await srv.api.request('POST', '/clients', { body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.body.success).toBe(false);
  });

  test('validation failures are a 400 with per-field errors', async () => {
    const res = await srv.api.post('/invoices', { type: 2, currency: 'forint', items: [{ qty: -1 }] });
    expectErrorEnvelope(res, 400);
    expect(Array.isArray(res.body.errors)).toBe(true);
    for (const e of res.body.errors) {
      expect(typeof e.field).toBe('string');
      expect(typeof e.message).toBe('string');
    }
    const f = res.body.errors.map((e: { field: string }) => e.field);
    expect(f).toEqual(expect.arrayContaining(['type', 'currency', 'client_uid', 'payment_method', 'fulfillment_date', 'due_date', 'items.0.qty']));
  });
});

test.describe('unknown ids', () => {
  const paths: Array<[Method, string, unknown?]> = [
    ['GET', '/invoices/999999'],
    ['GET', '/invoices/999999/code'],
    ['GET', '/invoices/999999/download'],
    ['GET', '/invoices/999999/cancel'],
    ['GET', '/invoices/999999/generate'],
    ['DELETE', '/invoices/999999/pay'],
    ['GET', '/clients/999999'],
    ['DELETE', '/clients/999999'],
    ['GET', '/products/999999'],
    ['PUT', '/expenses/999999', { name: 'x' }],
    ['GET', '/bank_accounts/999999'],
    ['GET', '/recurring/999999'],
    ['POST', '/recurring/999999/stop'],
  ];
  for (const [method, path, body] of paths) {
    test(`${method} ${path} is a 404`, async () => {
      const res = await srv.api.request(method, path, body === undefined ? {} : { body });
      expectErrorEnvelope(res, 404);
    });
  }
});

test.describe('a refused request changes nothing', () => {
  let sc: TestServer;
  const ids: Record<string, number> = {};

  test.beforeAll(async () => {
    sc = await startTestServer();
    const api = sc.api;
    ids.client = await createClient(api);
    ids.goneClient = await createClient(api);
    ids.product = await createProduct(api);
    ids.eurProduct = await createProduct(api, { currency_code: 'EUR', price: 10 });
    ids.block = await createBlock(api, 'REF');
    ids.normal = (await createInvoice(api, { client_uid: ids.client, block_uid: ids.block })).id;
    ids.draft = (await createInvoice(api, { client_uid: ids.client, type: 0 })).id;
    ids.draftOfGoneClient = (await createInvoice(api, { client_uid: ids.goneClient, type: 0 })).id;
    await api.ok('DELETE', `/clients/${ids.goneClient}`);
    ids.goneProduct = await createProduct(api);
    ids.draftOfGoneProduct = (await createInvoice(api, { client_uid: ids.client, type: 0, items: [productLine(ids.goneProduct, 1)] })).id;
    await api.ok('DELETE', `/products/${ids.goneProduct}`);
    ids.proforma = (await createInvoice(api, { client_uid: ids.client, type: 1 })).id;
    await api.ok('GET', `/invoices/${ids.proforma}/generate`);
    ids.cancelled = (await createInvoice(api, { client_uid: ids.client })).id;
    ids.cancelling = (await api.ok('GET', `/invoices/${ids.cancelled}/cancel`)).data.id;
    ids.partlyPaid = (await createInvoice(api, { client_uid: ids.client })).id;
    await api.ok('POST', `/invoices/${ids.partlyPaid}/pay`, { body: { date: TODAY, amount: 1000 } });
    ids.profileDraft = (await createInvoice(api, { client_uid: ids.client, type: 0 })).id;
    ids.profile = (await api.ok('POST', '/recurring', { body: { base_invoice_uid: ids.profileDraft, frequency: '1M', start_date: '2026-04-01' } })).data.id;
  });
  test.afterAll(async () => {
    await sc?.close();
  });

  const h = { 'content-type': 'application/json' };
  const cases: Array<[string, (i: Record<string, number>) => [Method, string, { body?: unknown; headers?: Record<string, string | null> }]]> = [
    ['create with type 2', (i) => ['POST', '/invoices', { body: invoiceBody(i.client!, { type: 2 }) }]],
    ['create in EUR without a rate', (i) => ['POST', '/invoices', { body: invoiceBody(i.client!, { currency: 'EUR' }) }]],
    ['create for an unknown client', () => ['POST', '/invoices', { body: invoiceBody(999999) }]],
    ['create for a deleted client', (i) => ['POST', '/invoices', { body: invoiceBody(i.goneClient!) }]],
    ['create in an unknown block', (i) => ['POST', '/invoices', { body: invoiceBody(i.client!, { block_uid: 999 }) }]],
    ['create with a deleted product', (i) => ['POST', '/invoices', { body: invoiceBody(i.client!, { items: [netItem(), productLine(i.goneProduct!, 1)] }) }]],
    ['create with a EUR product on HUF', (i) => ['POST', '/invoices', { body: invoiceBody(i.client!, { items: [netItem(), productLine(i.eurProduct!, 1)] }) }]],
    ['create with a payment method that does not exist', (i) => ['POST', '/invoices', { body: invoiceBody(i.client!, { payment_method: 3 }) }]],
    ['malformed JSON create', () => ['POST', '/invoices', { body: '{"type": 3,', headers: h }]],
    ['over-payment', (i) => ['POST', `/invoices/${i.partlyPaid}/pay`, { body: { date: TODAY, amount: 3446 } }]],
    ['payment of 0', (i) => ['POST', `/invoices/${i.normal}/pay`, { body: { date: TODAY, amount: 0 } }]],
    ['payment of a draft', (i) => ['POST', `/invoices/${i.draft}/pay`, { body: { date: TODAY, amount: 1 } }]],
    ['payment of a cancelled invoice', (i) => ['POST', `/invoices/${i.cancelled}/pay`, { body: { date: TODAY, amount: 1 } }]],
    ['payment of a cancelling invoice', (i) => ['POST', `/invoices/${i.cancelling}/pay`, { body: { date: TODAY, amount: 1 } }]],
    ['payment with an unknown method', (i) => ['POST', `/invoices/${i.normal}/pay`, { body: { date: TODAY, amount: 1, payment_method: 3 } }]],
    ['unpay of a cancelled invoice', (i) => ['DELETE', `/invoices/${i.cancelled}/pay`, {}]],
    ['unpay of a draft', (i) => ['DELETE', `/invoices/${i.draft}/pay`, {}]],
    ['cancel again', (i) => ['GET', `/invoices/${i.cancelled}/cancel`, {}]],
    ['cancel a cancelling invoice', (i) => ['GET', `/invoices/${i.cancelling}/cancel`, {}]],
    ['cancel a draft', (i) => ['GET', `/invoices/${i.draft}/cancel`, {}]],
    ['generate again', (i) => ['GET', `/invoices/${i.proforma}/generate`, {}]],
    ['generate from a normal invoice', (i) => ['GET', `/invoices/${i.normal}/generate`, {}]],
    ['edit an issued invoice', (i) => ['PUT', `/invoices/${i.normal}`, { body: { comment: 'x' } }]],
    ['issue an issued invoice', (i) => ['POST', `/invoices/${i.normal}/issue`, {}]],
    ['delete an issued invoice', (i) => ['DELETE', `/invoices/${i.normal}`, {}]],
    ['delete a cancelling invoice', (i) => ['DELETE', `/invoices/${i.cancelling}`, {}]],
    ['edit a draft into an empty one', (i) => ['PUT', `/invoices/${i.draft}`, { body: { items: [] } }]],
    ['edit a draft onto an unknown client', (i) => ['PUT', `/invoices/${i.draft}`, { body: { client_uid: 999999 } }]],
    ['edit a draft into EUR without a rate', (i) => ['PUT', `/invoices/${i.draft}`, { body: { currency: 'EUR' } }]],
    ['issue a draft of a deleted client', (i) => ['POST', `/invoices/${i.draftOfGoneClient}/issue`, {}]],
    ['issue a draft of a deleted product', (i) => ['POST', `/invoices/${i.draftOfGoneProduct}/issue`, {}]],
    ['share a draft', (i) => ['GET', `/invoices/${i.draft}/code`, {}]],
    ['generate from a draft', (i) => ['GET', `/invoices/${i.draft}/generate`, {}]],
    ['delete a draft that a recurring profile uses', (i) => ['DELETE', `/invoices/${i.profileDraft}`, {}]],
    ['client with a bad tax number', () => ['POST', '/clients', { body: clientBody({ taxcode: INVALID_TAXCODE }) }]],
    ['client with a bad tax_type', () => ['POST', '/clients', { body: clientBody({ tax_type: 'X' }) }]],
    ['client update with a bad tax number', (i) => ['PUT', `/clients/${i.client}`, { body: { taxcode: INVALID_TAXCODE } }]],
    ['product with an unknown VAT code', () => ['POST', '/products', { body: { name: 'x', price: 1, vat_id: 999 } }]],
    ['expense in an unknown category', () => ['POST', '/expenses', { body: { categories_id: 999, name: 'x', gross_price: 1 } }]],
    ['bank account without a name', () => ['POST', '/bank_accounts', { body: { account_no: '1' } }]],
    ['profile on an unknown invoice', () => ['POST', '/recurring', { body: { base_invoice_uid: 999999, frequency: '1M', start_date: '2026-04-01' } }]],
    ['profile update with a bad frequency', (i) => ['PUT', `/recurring/${i.profile}`, { body: { frequency: 'often' } }]],
    ['block with a used prefix', () => ['POST', '/invoices/blocks', { body: { name: 'x', prefix: 'REF' } }]],
    ['block prefix change after issue', (i) => ['PUT', `/invoices/blocks/${i.block}`, { body: { prefix: 'NEW', name: 'Átnevezve' } }]],
    ['settings with an unknown time zone', () => ['PUT', '/settings', { body: { time_zone: 'Mars/Base', seller: { name: 'x' } } }]],
    ['a request without a key', () => ['POST', '/clients', { body: clientBody(), headers: { 'X-API-KEY': null } }]],
    ['a request with a wrong key', (i) => ['DELETE', `/clients/${i.client}`, { headers: { 'X-API-KEY': 'wrong' } }]],
  ];

  for (const [label, build] of cases) {
    test(`${label}: a 4xx, and every table as it was`, async () => {
      const [method, path, options] = build(ids);
      const before = await tableDigest(sc);
      const res = await sc.api.request(method, path, options);
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status, res.text).toBeLessThan(500);
      expect(res.body?.success).toBe(false);
      expect(await tableDigest(sc)).toBe(before);
    });
  }
});
