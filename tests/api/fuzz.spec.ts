// Never a 500 (docs/design.md §5): valid request bodies with random fields replaced, removed or the whole body swapped for
// random JSON, random query strings and random path ids. Every answer is JSON with `success`; every refused one
// is a 4xx with the error envelope and leaves every table as it was. fast-check prints the seed of a failure.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import {
  clientBody,
  createClient,
  createInvoice,
  createProduct,
  invoiceBody,
  netItem,
  productBody,
  productLine,
  startTestServer,
  tableDigest,
  TODAY,
  type TestServer,
} from '../support/fixtures';
import type { ApiResponse, Method } from '../support/api-client';

/** FOLIO_FUZZ_RUNS multiplies the runs for a long hunt; the default keeps the suite quick. */
const runs = (n: number) => n * Math.max(1, Number(process.env.FOLIO_FUZZ_RUNS ?? 1) || 1);

// Recurring profiles start far ahead: the server's scheduler would otherwise issue their invoices in the background,
// between the digests taken around a request.
const FUTURE = '2027-06-01';

let srv: TestServer;
const ids: Record<string, number> = {};

test.beforeAll(async () => {
  srv = await startTestServer();
  const api = srv.api;
  ids.client = await createClient(api);
  ids.product = await createProduct(api);
  ids.normal = (await createInvoice(api, { client_uid: ids.client })).id;
  ids.draft = (await createInvoice(api, { client_uid: ids.client, type: 0 })).id;
  ids.proforma = (await createInvoice(api, { client_uid: ids.client, type: 1 })).id;
  ids.expense = (await api.ok('POST', '/expenses', { body: { categories_id: 1, name: 'x', gross_price: 1 } })).data.id;
  ids.account = (await api.ok('POST', '/bank_accounts', { body: { bank_name: 'B', account_no: '11773016-11111018' } })).data.id;
  ids.profile = (await api.ok('POST', '/recurring', { body: { base_invoice_uid: ids.normal, frequency: '1M', start_date: FUTURE } })).data.id;
  ids.block = (await api.ok('POST', '/invoices/blocks', { body: { name: 'Fuzz', prefix: 'FZ' } })).data.id;
});

test.afterAll(async () => {
  await srv?.close();
});

interface Endpoint {
  method: Method;
  path: () => string;
  body: () => Record<string, unknown>;
}

const endpoints: Endpoint[] = [
  { method: 'POST', path: () => '/invoices', body: () => invoiceBody(ids.client!, { items: [netItem(), { description: 'g', vat_id: 2, qty: '1.5', gross_unit_price: '99.99' }, productLine(ids.product!, 2)] }) },
  { method: 'PUT', path: () => `/invoices/${ids.draft}`, body: () => invoiceBody(ids.client!, { type: 0 }) },
  { method: 'POST', path: () => `/invoices/${ids.normal}/pay`, body: () => ({ date: TODAY, amount: 1, payment_method: 2, conversion_rate: 1 }) },
  { method: 'POST', path: () => `/invoices/${ids.proforma}/pay`, body: () => ({ date: TODAY, amount: 1 }) },
  { method: 'POST', path: () => '/clients', body: () => clientBody({ bank: { iban: 'HU42117730161111101800000000' }, defaults: { payment_method: '2' } }) },
  { method: 'PUT', path: () => `/clients/${ids.client}`, body: () => clientBody() },
  { method: 'POST', path: () => '/products', body: () => productBody({ fokonyv_arbev: '9', entitlement: 'AAM' }) },
  { method: 'PUT', path: () => `/products/${ids.product}`, body: () => productBody() },
  { method: 'POST', path: () => '/expenses', body: () => ({ categories_id: 2, name: 'e', invoice_no: '1', client_uid: ids.client, gross_price: 10, vat: 1, currency: 'HUF', due_date: TODAY }) },
  { method: 'PUT', path: () => `/expenses/${ids.expense}`, body: () => ({ name: 'e2', gross_price: '12.5' }) },
  { method: 'POST', path: () => '/bank_accounts', body: () => ({ bank_name: 'b', account_no: '11773016-11111018', account_no_iban: 'HU42117730161111101800000000', account_swift: 'S', currency: 'EUR' }) },
  { method: 'PUT', path: () => `/bank_accounts/${ids.account}`, body: () => ({ bank_name: 'c' }) },
  { method: 'POST', path: () => '/recurring', body: () => ({ base_invoice_uid: ids.normal, frequency: '2W', due_days: 8, fulfillment_shift: 0, send_invoice: false, max_qty: 3, comment: '', stopped: false, start_date: FUTURE }) },
  { method: 'PUT', path: () => `/recurring/${ids.profile}`, body: () => ({ frequency: '1Y', max_qty: 2 }) },
  { method: 'POST', path: () => '/invoices/blocks', body: () => ({ name: 'b', prefix: `P${Math.floor(Math.random() * 1e9)}` }) },
  { method: 'PUT', path: () => `/invoices/blocks/${ids.block}`, body: () => ({ name: 'renamed' }) },
  { method: 'PUT', path: () => '/settings', body: () => ({ seller: { name: 'Eladó', address: { city: 'Pécs' } }, default_due_days: 8 }) },
];

const KEYS = [
  'type', 'currency', 'client_uid', 'payment_method', 'block_uid', 'round_to', 'exchange_rate', 'items', 'items.0', 'items.0.qty',
  'items.0.net_unit_price', 'items.0.vat_id', 'items.1.gross_unit_price', 'items.2.product_uid', 'items.0.entitlement', 'fulfillment_date',
  'due_date', 'date', 'amount', 'conversion_rate', 'name', 'taxcode', 'tax_type', 'billing_address', 'billing_address.city', 'force',
  'defaults', 'defaults.electronic_invoice', 'price', 'vat_id', 'currency_code', 'categories_id', 'gross_price', 'vat', 'bank_name',
  'base_invoice_uid', 'frequency', 'max_qty', 'send_invoice', 'prefix', 'seller', 'seller.taxcode', 'time_zone',
  'home_currency', 'default_bank_account_uid', 'bank_account_uid', 'template_lang_code', 'id', '__proto__', 'constructor',
];

const weird = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom<unknown>(null, '', ' ', -1, 0, 1, 2, 3, 1e308, -1e-9, 0.1, 'NaN', '1e5', '٣', '0x10', 9007199254740993, '9999999999999999999',
    '2026-02-29', '2024-02-29', '0000-00-00', '2026-1-1', '../../etc/passwd', '\u0000', 'x'.repeat(6000), [], {}, true, false, 'HUF', 'EUR',
    'FOREIGN', '12345676-2-41', '1M', '0M', 'Europe/Budapest', '<script>', "'; drop table invoices; --"),
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true }),
);

type Mutation = { kind: 'set'; key: string; value: unknown } | { kind: 'delete'; key: string } | { kind: 'replace'; body: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...KEYS), value: weird }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: fc.constantFrom(...KEYS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), body: fc.jsonValue({ maxDepth: 3 }) }) },
);

function apply(body: unknown, m: Mutation): unknown {
  if (m.kind === 'replace') return m.body;
  if (body === null || typeof body !== 'object') return body;
  const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  const path = m.key.split('.');
  let target: Record<string, unknown> | undefined = copy;
  for (const k of path.slice(0, -1)) {
    const next: unknown = target?.[k];
    target = next !== null && typeof next === 'object' ? (next as Record<string, unknown>) : undefined;
  }
  if (!target) return copy;
  const last = path[path.length - 1]!;
  if (m.kind === 'delete') delete target[last];
  else Object.defineProperty(target, last, { value: m.value, enumerable: true, writable: true, configurable: true });
  return copy;
}

async function checkAnswer(res: ApiResponse, before: string, label: string): Promise<void> {
  expect(res.status, `${label} → ${res.status} ${res.text.slice(0, 500)}`).toBeLessThan(500);
  expect(typeof res.body?.success, `${label}: ${res.text.slice(0, 300)}`).toBe('boolean');
  if (res.status >= 400) {
    expect(res.body.success).toBe(false);
    expect(typeof res.body.error).toBe('string');
    expect(await tableDigest(srv), `${label} was refused with ${res.status} but changed the database`).toBe(before);
  } else {
    expect(res.body.success).toBe(true);
  }
}

test('mutated request bodies never cause a 500, and refused ones change nothing', async () => {
  test.setTimeout(180_000 * Math.max(1, Number(process.env.FOLIO_FUZZ_RUNS ?? 1) || 1));
  await fc.assert(
    fc.asyncProperty(fc.nat({ max: endpoints.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), async (e, mutations) => {
      const ep = endpoints[e]!;
      const body = mutations.reduce<unknown>((b, m) => apply(b, m), ep.body());
      const text = JSON.stringify(body) ?? 'null';
      const before = await tableDigest(srv);
      const res = await srv.api.request(ep.method, ep.path(), { body: text, headers: { 'content-type': 'application/json' } });
      await checkAnswer(res, before, `${ep.method} ${ep.path()} ${text.slice(0, 300)}`);
    }),
    { numRuns: runs(400) },
  );
});

test('random query strings on the GET endpoints never cause a 500', async () => {
  test.setTimeout(120_000 * Math.max(1, Number(process.env.FOLIO_FUZZ_RUNS ?? 1) || 1));
  const paths = ['/invoices', '/invoices/query', '/clients', '/products', '/expenses', '/vat', '/vat/eu', '/recurring', '/bank_accounts', '/invoices/blocks'];
  const params = ['page', 'max_per_page', 'start_date', 'end_date', 'num_start', 'num_end', 'year_start', 'year_end', 'payment_method', 'block', 'v', 'd', 'country', 'business_country', 'ip', 'vat_code', 'q', 'client', 'status', 'type', 'supply'];
  const value = fc.oneof(fc.string(), fc.integer().map(String), fc.constantFrom('2026-03-01', '2026-02-30', '-1', '0', '1', '50', '51', '1e3', 'HU', 'DE', 'XX', '127.0.0.1', 'HU12345676', '%', '_', '\\'));
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...paths), fc.dictionary(fc.constantFrom(...params), value, { maxKeys: 5 }), async (path, query) => {
      const before = await tableDigest(srv);
      const res = await srv.api.get(path, query);
      await checkAnswer(res, before, `GET ${path} ${JSON.stringify(query)}`);
    }),
    { numRuns: runs(300) },
  );
});

test('random ids in paths never cause a 500', async () => {
  test.setTimeout(120_000 * Math.max(1, Number(process.env.FOLIO_FUZZ_RUNS ?? 1) || 1));
  const routes: Array<[Method, string]> = [
    ['GET', '/invoices/:id'], ['GET', '/invoices/:id/code'], ['GET', '/invoices/:id/generate'], ['GET', '/invoices/:id/cancel'],
    ['POST', '/invoices/:id/pay'], ['DELETE', '/invoices/:id/pay'], ['PUT', '/invoices/:id'], ['POST', '/invoices/:id/issue'],
    ['DELETE', '/invoices/:id'], ['GET', '/clients/:id'], ['PUT', '/clients/:id'], ['DELETE', '/clients/:id'], ['GET', '/products/:id'],
    ['DELETE', '/api/products/:id'], ['GET', '/expenses/categories/:id'], ['GET', '/payment_methods/:id'], ['GET', '/bank_accounts/:id'],
    ['GET', '/recurring/:id'], ['POST', '/recurring/:id/stop'], ['PUT', '/invoices/blocks/:id'], ['GET', '/access/c::id'],
  ];
  const idValue = fc.oneof(fc.integer({ min: -5, max: 10 }).map(String), fc.string({ minLength: 1 }), fc.constantFrom('1.0', '01', '1e2', '9999999999', '%00', '..', 'null'));
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...routes), idValue, async ([method, template], id) => {
      const path = template.replace(':id', encodeURIComponent(id));
      const before = await tableDigest(srv);
      const res = await srv.api.request(method, path, method === 'GET' || method === 'DELETE' ? {} : { body: { name: 'x', date: TODAY, amount: 1 } });
      if (res.headers.get('content-type')?.includes('application/pdf')) return;
      await checkAnswer(res, before, `${method} ${path}`);
    }),
    { numRuns: runs(300) },
  );
});
