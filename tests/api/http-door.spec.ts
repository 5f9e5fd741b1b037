// The HTTP door's handling of the request line and Host header, over a real server: a trailing slash is the path
// without it, and only the host names the server is reached by get an answer (DNS rebinding stays out).
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { startServer } from '../../electron/server/start';
import { API_KEY, createInvoice, FIXED_NOW, serverPerFile, tempDbFile, freshTestDatabase, serverOptions } from '../support/fixtures';
import { startServe } from '../fault/support/procs';

const s = serverPerFile();

/** One request with a Host header of our choosing (fetch would set its own). */
function rawGet(baseUrl: string, path: string, host: string): Promise<{ status: number; body: any }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname: url.hostname, port: url.port, path, method: 'GET', headers: { host, 'x-api-key': API_KEY } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test.describe('trailing slash', () => {
  test('GET /time/ is GET /time, without a key', async () => {
    const res = await s.anon.get('/time/');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, type: 'time' });
  });

  test('every kind of path answers the same with a trailing slash', async () => {
    const inv = await createInvoice(s.api);
    for (const path of ['/clients', '/invoices', `/invoices/${inv.id}`, '/invoices/blocks', '/payment_methods/hu', '/vat', '/settings']) {
      const plain = await s.api.get(path);
      const slashed = await s.api.get(`${path}/`);
      expect(plain.status, `${path}: ${plain.text}`).toBe(200);
      expect(slashed.status, `${path}/: ${slashed.text}`).toBe(200);
      expect(slashed.body).toEqual(plain.body);
    }
  });

  test('a write with a trailing slash works too, and an unknown path stays a 404', async () => {
    const res = await s.api.post('/clients/', { name: `Per Kft. ${Date.now()}` });
    expect(res.status, res.text).toBe(200);
    expect(typeof res.body.data.id).toBe('number');
    expect((await s.api.get('/no/such/path/')).status).toBe(404);
    expect((await s.api.request('DELETE', '/time/')).status).toBe(405);
  });
});

test.describe('Host header', () => {
  test('the loopback names and the bound address are answered', async () => {
    const port = new URL(s.server.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`, 'localhost', '127.0.0.1']) {
      const res = await rawGet(s.server.url, '/clients', host);
      expect(res.status, `${host}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  for (const host of ['evil.example', 'evil.example:80', 'localhost.evil.example', '127.0.0.1.nip.io', '[::2]:80', 'a b']) {
    test(`Host ${JSON.stringify(host)} gets a 421 with the error envelope, on data and public paths alike`, async () => {
      for (const path of ['/clients', '/time', '/', '/no/such/path']) {
        const res = await rawGet(s.server.url, path, host);
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(421);
        expect(res.body).toMatchObject({ success: false, code: 'bad_request' });
        expect(res.body.error).toContain('host name');
      }
    });
  }

  test('a configured public host name is answered, others still are not', async () => {
    const tmp = await freshTestDatabase();
    const server = await startServer(serverOptions(tmp.target, { port: 0, auth: { apiKey: API_KEY }, now: FIXED_NOW, publicHosts: ['folio.example.com'] }));
    try {
      expect((await rawGet(server.url, '/clients', 'folio.example.com')).status).toBe(200);
      expect((await rawGet(server.url, '/clients', 'FOLIO.example.com:443')).status).toBe(200);
      expect((await rawGet(server.url, '/clients', 'other.example.com')).status).toBe(421);
    } finally {
      await server.close();
      tmp.remove();
    }
  });
});

test('npm run serve takes its public host names from FOLIO_PUBLIC_HOSTS', async () => {
  test.setTimeout(90_000);
  const tmp = await freshTestDatabase();
  const serve = await startServe(tmp.kind === 'sqlite' ? tmp.file : tmp.url, API_KEY, { FOLIO_PUBLIC_HOSTS: 'folio.example.com, proxy.example.org' });
  try {
    expect((await rawGet(serve.url, '/clients', 'folio.example.com')).status).toBe(200);
    expect((await rawGet(serve.url, '/clients', 'proxy.example.org:8443')).status).toBe(200);
    expect((await rawGet(serve.url, '/clients', new URL(serve.url).host)).status).toBe(200);
    const refused = await rawGet(serve.url, '/time', 'rebind.attacker.example');
    expect(refused.status).toBe(421);
    expect(refused.body).toMatchObject({ success: false, code: 'bad_request' });
  } finally {
    await serve.kill();
    tmp.remove();
  }
});
