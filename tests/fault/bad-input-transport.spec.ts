// Issue 6.3, below the router: requests Node's HTTP parser or Fastify's URL decoding refuse before any route runs —
// a 1 MB query string, a 20 KB header, a malformed percent-escape in the path, bytes that are not HTTP. They must be
// refused like everything else: a 4xx with the error envelope {success:false, error, code}.
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { call, isErrorEnvelope } from './support/http';
import { FUZZ_KEY, startFuzzServer, type FuzzServer } from './support/fuzz-server';

let server: FuzzServer;
test.beforeAll(async () => {
  server = await startFuzzServer('transport');
});
test.afterAll(async () => {
  await server.close();
});

async function envelopeFor(method: string, path: string, headers: Record<string, string> = {}) {
  const res = await call(server.url, method, path, { key: FUZZ_KEY, headers, fresh: true });
  expect(res.status, `${method} ${path.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(isErrorEnvelope(res.body), `${res.status} ${res.text.slice(0, 200)}`).toBe(true);
}

test('a 1 MB query string is a 4xx envelope', async () => {
  await envelopeFor('GET', `/clients?q=${'x'.repeat(1_000_000)}`);
});

test('a 20 KB header is a 4xx envelope', async () => {
  await envelopeFor('GET', '/clients', { 'x-padding': 'y'.repeat(20_000) });
});

test('a malformed percent-escape in the path is a 4xx envelope', async () => {
  await envelopeFor('GET', '/invoices/%E0%A4%A');
  await envelopeFor('GET', '/clients/1%');
});

test('bytes that are not HTTP get a 400 envelope', async () => {
  const port = Number(new URL(server.url).port);
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GARBAGE / NOT-HTTP\r\n\r\n'));
    let out = '';
    socket.on('data', (d) => (out += d));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    setTimeout(() => (socket.destroy(), resolve(out)), 5_000);
  });
  expect(text).toMatch(/^HTTP\/1\.1 400/);
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  expect(isErrorEnvelope(JSON.parse(body || 'null')), body).toBe(true);
});
