// What the bad-input fuzzer sends: every operation of the contract's table at its method and paths, with bodies and
// queries made from a valid request by dropping, adding and spoiling fields, or from nothing valid at all.
import fc from 'fast-check';
import { operations, type HttpBinding, type OperationName } from '../../../shared/contract/operations';
import type { Known } from './fuzz-server';
import { benchInvoice } from './bodies';

export interface Route {
  name: OperationName;
  method: string;
  path: string;
}

/** Every (operation, method, path) of the contract, read from the operations table itself. */
export function contractRoutes(): Route[] {
  const out: Route[] = [];
  for (const [name, op] of Object.entries(operations) as Array<[OperationName, { http?: HttpBinding }]>) {
    for (const path of op.http?.paths ?? []) out.push({ name, method: op.http!.method, path });
  }
  return out;
}

/** A valid input for each operation (body for POST/PUT, query for GET/DELETE), the starting point of mutations. */
export function validInput(name: OperationName, known: Known): Record<string, unknown> {
  const client = known.client[0]!;
  const invoice = benchInvoice(client) as unknown as Record<string, unknown>;
  const bases: Partial<Record<OperationName, Record<string, unknown>>> = {
    'invoices.list': { page: 1, max_per_page: 20 },
    'invoices.query': { start_date: '2026-01-01', end_date: '2026-12-31', year_start: 2026, num_start: 1, year_end: 2026, num_end: 10, payment_method: 2, block: 0 },
    'invoices.create': invoice,
    'invoices.update': { comment: 'changed', items: invoice.items, due_date: '2026-04-01' },
    'invoices.issue': { type: 3 },
    'invoices.pay': { date: '2026-03-20', amount: '100', payment_method: 2, conversion_rate: '1' },
    'blocks.create': { name: 'Block', prefix: 'BX' },
    'blocks.update': { name: 'Renamed' },
    'clients.list': { page: 1, max_per_page: 10, q: 'Kft' },
    'clients.create': { name: 'Új Ügyfél Kft.', email: 'x@y.hu', taxcode: '12345676-2-41', billing_address: { city: 'Budapest', postcode: '1111', street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'HU' } },
    'clients.update': { name: 'Ügyfél Bt.', phone: '+36 1 234 5678' },
    'products.list': { page: 1, q: 'Wid' },
    'products.create': { name: 'Gadget', price: '2500.5', vat_id: '1', unit: 'db', currency_code: 'HUF' },
    'products.update': { price: '3000' },
    'expenses.list': { page: 1 },
    'expenses.create': { categories_id: '2', name: 'Fuel', gross_price: '15000', vat: '1', currency: 'HUF', due_date: '2026-04-01' },
    'expenses.update': { name: 'Diesel' },
    'bankAccounts.create': { bank_name: 'K&H', account_no_iban: 'HU42117730161111101800000000', currency: 'HUF' },
    'bankAccounts.update': { bank_name: 'Erste' },
    'recurring.create': { base_invoice_uid: known.invoice[1], frequency: '1M', start_date: '2027-02-01', due_days: 8 },
    'recurring.update': { comment: 'monthly', max_qty: 12 },
    'vat.list': { v: '27' },
    'vat.eu': { country: 'DE', business_country: 'HU', supply: 'service' },
    'settings.update': { seller: { name: 'Eladó Kft.' }, default_due_days: 8 },
  };
  return bases[name] ?? {};
}

function resourceOf(path: string): keyof Known | 'lang' | undefined {
  if (path.includes(':lang')) return 'lang';
  if (!path.includes(':id')) return undefined;
  if (path.startsWith('/invoices/blocks')) return 'block';
  if (path.startsWith('/invoices')) return 'invoice';
  if (path.startsWith('/clients')) return 'client';
  if (path.includes('/products')) return 'product';
  if (path.startsWith('/expenses')) return 'expense';
  if (path.startsWith('/bank_accounts')) return 'bank_account';
  if (path.startsWith('/recurring')) return 'recurring';
  return undefined;
}

const ONE_MB = 'x'.repeat(1_000_000);

/** Strings that have broken servers before. */
const NASTY_STRINGS = [
  '', ' ', '\u0000', '\u0007bell', 'a\u001bb', 'tab\there', 'line\nbreak', '\r\n', '\u2028\u2029', '\ufeffbom', '\ud800', '\udfff',
  'Árvíztűrő tükörfúrógép', '𝕱𝖔𝖑𝖎𝖔 🧾👩‍👩‍👧', 'ﷺ', 'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗', '\u202eRTL', 'NaN', 'Infinity', '-Infinity', 'null', 'undefined', 'true',
  "'; DROP TABLE invoices; --", '1 OR 1=1', '" OR ""="', "') OR ('1'='1", '%', '_', '\\', '%00', '../../etc/passwd',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '{{7*7}}', '${7*7}', '__proto__', 'constructor',
  '2026-02-30', '0000-00-00', '2026-13-01', '2026-00-10', '1899-12-31', '10000-01-01', '2026-2-3', '2026-02-28T00:00:00Z', '28/02/2026',
  '0', '-0', '-1', '1.5', '0.0001', '1e3', '1e309', '0x10', '0b1', '1_000', ' 5 ', '1,5', '12.34567', '99999999999999999999999',
  '1000000000000.001', '-1000000000001', '9007199254740993', '.5', '5.', '+5', '--5', 'HUF', 'huf', 'XXX', 'HU', 'hu', 'xx', 'D', '1M', '0M', '1000Y',
];
const NASTY_NUMBERS = [0, -0, -1, 1, 1.5, 0.1 + 0.2, 1e-7, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, 5e-324, 999_999, 1_000_000_000_000, 12.3456789];

const nastyLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.double() }, // NaN and ±Infinity become null in JSON: also worth sending
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 50 }) }, // small ids that exist, of some resource
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 2], { a: 1 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 256, maxLength: 6000 }) },
  { weight: 1, arbitrary: fc.constant(ONE_MB) },
);

export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: nastyLeaf },
  { weight: 1, arbitrary: fc.array(nastyLeaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyLeaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

type Mutation = { kind: 'keep' } | { kind: 'drop' } | { kind: 'spoil'; value: unknown } | { kind: 'deep' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ kind: 'keep' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'drop' as const }) },
  { weight: 3, arbitrary: nasty.map((value) => ({ kind: 'spoil' as const, value })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'deep' as const }) },
);

/** Applies one mutation per field (recursing into items and nested objects), plus extra fields. */
function mutate(base: unknown, muts: Mutation[], extras: Array<[string, unknown]>, depth = 0): unknown {
  if (base === null || typeof base !== 'object') return base;
  if (Array.isArray(base)) return base.map((b) => mutate(b, muts, [], depth + 1));
  const out: Record<string, unknown> = {};
  let i = depth * 7;
  for (const [k, v] of Object.entries(base)) {
    const m = muts[i++ % muts.length] ?? { kind: 'keep' };
    if (m.kind === 'drop') continue;
    if (m.kind === 'spoil') out[k] = m.value;
    else if (m.kind === 'deep' && v && typeof v === 'object') out[k] = mutate(v, muts.slice(1), extras.slice(0, 1), depth + 1);
    else out[k] = v;
  }
  for (const [k, v] of extras) out[k] = v;
  return out;
}

const RAW_BODIES = [
  '{', '}', '{"a":}', '{"a":1,}', "{'a':1}", '[1,2', '{"a":1}{"b":2}', 'nul', 'NaN', '{"amount":NaN}', '{"qty":Infinity}', '{"a":01}',
  '"just a string"', '42', 'true', 'null', '[]', '[{}]', '\ufeff{}', '{"a":"\\u12"}', '{"a":"\\x41"}', '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}', '{"name":"a","name":"b"}', '\u0000', ' ', '{"a":1e999999}', '{"a":-}', '<xml/>', 'a=1&b=2',
];

const CONTENT_TYPES = [
  'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz',
  'application/xml', 'APPLICATION/JSON', 'application/json; charset=latin1', 'application/vnd.api+json', 'application/json, text/plain', '',
];

export interface FuzzCase {
  route: Route;
  method: string;
  path: string;
  query: string;
  body?: string | undefined;
  contentType?: string | undefined;
  label: string;
}

function pathParam(resource: ReturnType<typeof resourceOf>, known: Known): fc.Arbitrary<string> {
  if (resource === 'lang') return fc.oneof(fc.constantFrom('hu', 'en', 'de', 'HU', 'xx', '', 'hu-en', '..'), fc.string({ maxLength: 10 }));
  const all = Object.values(known).flat();
  const own = resource ? known[resource] : [1];
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...own).map(String) }, // the right resource
    { weight: 3, arbitrary: fc.constantFrom(...all).map(String) }, // an id of another resource (or the right one)
    { weight: 2, arbitrary: fc.constantFrom('999999', '2000000000', '2000000001', '0', '-1', '1.5', '1e2', '0x1', 'abc', ' 1', "1'--", '1;DROP TABLE invoices', '99999999999999999999', 'NaN', '\u0000', 'Á', '１', '1/2') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
}

/** Query values are capped (the whole URL stays far below Node's 16 KB header limit); long text goes in bodies. */
function encodeQuery(q: unknown): string {
  if (!q || typeof q !== 'object' || Array.isArray(q)) return '';
  const params = new URLSearchParams();
  const text = (x: unknown) => (typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x)).slice(0, 600);
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.slice(0, 4).forEach((x) => params.append(k.slice(0, 100), text(x)));
    else params.append(k.slice(0, 100), text(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function fuzzCase(routes: Route[], known: Known): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      // about one request in twelve uses another method, one in eight another content type
      wrongMethod: fc.oneof({ weight: 11, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') }),
      muts: fc.array(mutation, { minLength: 1, maxLength: 12 }),
      extras: fc.array(fc.tuple(fc.oneof(fc.constantFrom('id', 'uid', 'sealed', 'invoice_no', 'status', 'total', 'deleted_at', 'type', '__proto__', 'constructor'), fc.string({ maxLength: 12 })), nasty), { maxLength: 3 }),
      bodyKind: fc.constantFrom('mutated', 'mutated', 'mutated', 'mutated', 'valid', 'random', 'raw', 'none'),
      random: fc.jsonValue({ maxDepth: 4 }),
      raw: fc.constantFrom(...RAW_BODIES),
      contentType: fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) }),
    })
    .chain((c) => {
      const resource = resourceOf(c.route.path);
      return pathParam(resource, known).map((param) => ({ ...c, param }));
    })
    .map((c) => {
      const method = c.wrongMethod ?? c.route.method;
      // Always a well-formed URL: malformed escapes and over-long URLs never reach the router; the transport
      // suite (bad-input.spec.ts) sends those on purpose.
      const path = c.route.path.replace(/:(id|lang)/, encodeURIComponent(c.param));
      const base = validInput(c.route.name, known);
      const hasBody = c.route.method === 'POST' || c.route.method === 'PUT';
      let input: unknown;
      let raw: string | undefined;
      switch (c.bodyKind) {
        case 'valid':
          input = base;
          break;
        case 'mutated':
          input = mutate(base, c.muts, c.extras);
          break;
        case 'random':
          input = c.random;
          break;
        case 'raw':
          raw = c.raw;
          break;
        default:
          input = undefined;
      }
      const label = `${c.route.name} ${c.bodyKind}`;
      if (hasBody) {
        const body = raw ?? (input === undefined ? undefined : JSON.stringify(input));
        const contentType = body === undefined ? undefined : (c.contentType ?? 'application/json');
        return { route: c.route, method, path, query: '', body, contentType, label };
      }
      // GET/DELETE: the input travels in the query string; a body now and then (which must not matter or hurt).
      return { route: c.route, method, path, query: raw === undefined ? encodeQuery(input) : `?${encodeURIComponent(raw)}`, label };
    });
}
