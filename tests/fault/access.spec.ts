// Issue 6.5 — access control. Against a real `serve` process: every path of the contract (and paths that do not
// exist) answers 401 with the envelope without a key, with a wrong key, and with JWTs that are expired, not yet
// valid, signed with another secret, `alg: none`, or for another subject; a JWT in the interface's original form
// (HS256, sub = public key, iat/exp as numbers or strings, `Bearer` or the old `Beamer`) is accepted; a shared
// invoice's /access/c:{code} needs no key while unknown codes are 404 and rate-limited; and no key or token ever
// appears in what the server prints.
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { call, isErrorEnvelope } from './support/http';
import { contractRoutes } from './support/fuzz-cases';
import { benchInvoice, buyerBody } from './support/bodies';
import { serveDatabase, startServe, tempDir, type Child } from './support/procs';

const KEY = 'access-SECRET-3f9a7c21e8b54d06';
const PUBLIC = 'access-PUBLIC-77c0d1e2';
const WRONG_KEY = 'access-WRONG-0b1c2d3e4f5a6b7c';

const b64 = (x: unknown) => Buffer.from(typeof x === 'string' ? x : JSON.stringify(x)).toString('base64url');
function jwt(payload: Record<string, unknown>, secret = KEY, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) {
  const head = `${b64(header)}.${b64(payload)}`;
  if (header.alg === 'none') return `${head}.`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}
const now = () => Math.floor(Date.now() / 1000);

let server: Child & { url: string };
let tmp: ReturnType<typeof tempDir>;
const sentSecrets = new Set<string>([KEY, WRONG_KEY]);

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  tmp = tempDir('access');
  server = await startServe(await serveDatabase(tmp), KEY, { FOLIO_API_PUBLIC_KEY: PUBLIC });
});
test.afterAll(async () => {
  await server?.kill();
  tmp?.remove();
});

function badCredentials(): Array<[string, Record<string, string>]> {
  const t = now();
  const tokens: Array<[string, string]> = [
    ['expired', jwt({ sub: PUBLIC, iat: t - 7200, exp: t - 3600 })],
    ['expired beyond the leeway', jwt({ sub: PUBLIC, iat: t - 600, exp: t - 120 })],
    ['not yet valid (nbf)', jwt({ sub: PUBLIC, iat: t, nbf: t + 3600, exp: t + 7200 })],
    ['issued in the future', jwt({ sub: PUBLIC, iat: t + 3600, exp: t + 7200 })],
    ['signed with another secret', jwt({ sub: PUBLIC, iat: t, exp: t + 600 }, WRONG_KEY)],
    ['alg none', jwt({ sub: PUBLIC, iat: t, exp: t + 600 }, KEY, { alg: 'none', typ: 'JWT' })],
    ['HS512', jwt({ sub: PUBLIC, iat: t, exp: t + 600 }, KEY, { alg: 'HS512', typ: 'JWT' })],
    ['another subject', jwt({ sub: 'someone-else', iat: t, exp: t + 600 })],
    ['no expiry', jwt({ sub: PUBLIC, iat: t })],
    ['garbage claims', jwt({ sub: PUBLIC, iat: 'yesterday', exp: 'tomorrow' })],
  ];
  for (const [, token] of tokens) sentSecrets.add(token);
  return [
    ['no key', {}],
    ['empty key', { 'x-api-key': '' }],
    ['wrong key', { 'x-api-key': WRONG_KEY }],
    ['key with a suffix', { 'x-api-key': `${KEY}x` }],
    ['key as a bearer token', { authorization: `Bearer ${KEY}` }],
    ['basic auth', { authorization: `Basic ${Buffer.from(`user:${KEY}`).toString('base64')}` }],
    ...tokens.map(([what, token]): [string, Record<string, string>] => [`JWT ${what}`, { authorization: `Bearer ${token}` }]),
  ];
}

function everyPath(): Array<[string, string]> {
  const known = contractRoutes().map((r): [string, string] => [r.method, r.path.replace(':id', '1').replace(':lang', 'hu')]);
  const unknown: Array<[string, string]> = [
    ['GET', '/nope'], ['GET', '/invoices/1/nope'], ['POST', '/rpc/invoices.list'], ['POST', '/rpc/no.such'], ['GET', '/admin'],
    ['GET', '/.env'], ['DELETE', '/invoices'], ['PATCH', '/clients/1'], ['GET', '/api/products/1'], ['GET', '/invoices/1/download/x'],
  ];
  return [...known, ...unknown];
}

test('every path answers 401 with the envelope without a valid key', async () => {
  test.setTimeout(120_000);
  const wrong: string[] = [];
  for (const [method, path] of everyPath()) {
    for (const [what, headers] of badCredentials()) {
      const body = method === 'POST' || method === 'PUT' ? { name: 'x' } : undefined;
      const res = await call(server.url, method, path, { headers, ...(body ? { body } : {}) });
      if (res.status !== 401 || !isErrorEnvelope(res.body)) wrong.push(`${method} ${path} with ${what}: ${res.status} ${res.text.slice(0, 120)}`);
    }
  }
  expect(wrong).toEqual([]);
});

test("a JWT in the interface's original form is accepted: HS256, sub = public key, number or string times, Bearer or Beamer", async () => {
  const t = now();
  const forms: Array<[string, string]> = [
    ['numbers, Bearer', `Bearer ${jwt({ sub: PUBLIC, iat: t, exp: t + 600 })}`],
    ['strings, Bearer', `Bearer ${jwt({ sub: PUBLIC, iat: String(t), exp: String(t + 600) })}`],
    ['numbers, Beamer', `Beamer ${jwt({ sub: PUBLIC, iat: t, exp: t + 600 })}`],
    ['strings, Beamer', `Beamer ${jwt({ sub: PUBLIC, iat: String(t), exp: String(t + 600) })}`],
    ['clock 50 s ahead (leeway)', `Bearer ${jwt({ sub: PUBLIC, iat: t + 50, exp: t + 600 })}`],
    ['expired 30 s ago (leeway)', `Bearer ${jwt({ sub: PUBLIC, iat: t - 600, exp: t - 30 })}`],
  ];
  for (const [what, authorization] of forms) {
    sentSecrets.add(authorization.split(' ')[1]!);
    const res = await call(server.url, 'GET', '/invoices', { headers: { authorization } });
    expect(res.status, what).toBe(200);
    expect((res.body as { success: boolean }).success).toBe(true);
  }
  const created = await call(server.url, 'POST', '/clients', { headers: { authorization: forms[1]![1] }, body: { name: 'JWT Kft.' } });
  expect(created.status).toBe(200);
  expect((await call(server.url, 'GET', '/invoices', { key: KEY })).status).toBe(200);
});

/** Creates, issues and shares an invoice; returns its share code. */
async function sharedCode(): Promise<string> {
  const client = await call(server.url, 'POST', '/clients', { key: KEY, body: buyerBody('Megosztás Kft.') });
  const clientId = (client.body as { data: { id: number } }).data.id;
  const invoice = await call(server.url, 'POST', '/invoices', { key: KEY, body: benchInvoice(clientId) });
  expect(invoice.status).toBe(200);
  const id = (invoice.body as { data: { id: number } }).data.id;
  const code = ((await call(server.url, 'GET', `/invoices/${id}/code`, { key: KEY })).body as { data: { code: string } }).data.code;
  sentSecrets.add(code);
  return code;
}

// The /access limiter counts per client IP; each test below comes from its own loopback address (127.0.0.x).
test('/access/c:{code} serves the shared invoice without a key', async () => {
  const code = await sharedCode();
  const shared = await call(server.url, 'GET', `/access/c:${code}`, { localAddress: '127.0.0.2' });
  expect(shared.status, shared.text.slice(0, 200)).toBe(200);
  expect(shared.headers['content-type']).toBe('application/pdf');
  expect(shared.text.startsWith('%PDF')).toBe(true);
});

test('/access with unknown codes: 404s, then 429 with Retry-After after 30 quick tries from one IP', async () => {
  const code = await sharedCode();
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    // near misses of a real code, well-formed random ones, and malformed ones
    const guess = i % 3 === 0 ? 'short' : i % 3 === 1 ? `${code.slice(0, -4)}AAAA` : `c0ffee${i}`.padEnd(32, 'x');
    const res = await call(server.url, 'GET', `/access/c:${guess}`, { localAddress: '127.0.0.3' });
    expect(isErrorEnvelope(res.body)).toBe(true);
    statuses.push(res.status);
  }
  expect(statuses).toEqual(Array(30).fill(404));
  const limited = await call(server.url, 'GET', `/access/c:${'z'.repeat(32)}`, { localAddress: '127.0.0.3' });
  expect(limited.status).toBe(429);
  expect(isErrorEnvelope(limited.body)).toBe(true);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  // The limiter holds that IP's /access only: another client, and the API, still get through.
  expect((await call(server.url, 'GET', `/access/c:${code}`, { localAddress: '127.0.0.4' })).status).toBe(200);
  expect((await call(server.url, 'GET', '/invoices', { key: KEY, localAddress: '127.0.0.3' })).status).toBe(200);
});

test('no key, token or share code appears in what the server printed', async () => {
  // Provoke the server's own error paths too, so whatever it logs there is in the output we grep.
  await call(server.url, 'POST', '/invoices', { key: KEY, rawBody: '{', headers: { 'content-type': 'application/json' } });
  await call(server.url, 'GET', '/invoices/999999', { key: KEY });
  const printed = server.stdout() + server.stderr();
  expect(printed).toContain('listening on');
  const leaked = [...sentSecrets].filter((s) => printed.includes(s) || printed.includes(s.slice(0, 16)));
  expect(leaked.map((s) => `${s.slice(0, 12)}…`)).toEqual([]);
});
