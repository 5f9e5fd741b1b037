// Authentication of the HTTP door (docs/design.md §5, §8; docs/interface.md §5): X-API-KEY, or a JWT signed HS256 with the secret,
// `sub` = the public key, sent as `Authorization: Bearer` (or the old `Beamer`), string or number iat/exp, ±60 s
// leeway. Tokens are built by hand with node:crypto so odd ones can be crafted.
import { createHash, createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { operations } from '../../shared/contract/operations';
import { API_KEY, createInvoice, PUBLIC_KEY, serverPerFile, withServer } from '../support/fixtures';

const s = serverPerFile();

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

function jwt(
  claims: Record<string, unknown>,
  options: { secret?: string; header?: Record<string, unknown>; signature?: string } = {},
): string {
  const header = b64url(JSON.stringify(options.header ?? { alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify(claims));
  const signature = options.signature ?? createHmac('sha256', options.secret ?? API_KEY).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

const now = () => Math.floor(Date.now() / 1000);
/** The claims the original service's clients send: sub, iat, exp, iss, jti = MD5(sub + iat). */
function claims(over: Record<string, unknown> = {}) {
  const iat = now();
  return {
    sub: PUBLIC_KEY,
    iat,
    exp: iat + 60,
    iss: 'folio-tests',
    jti: createHash('md5').update(`${PUBLIC_KEY}${iat}`).digest('hex'),
    ...over,
  };
}

async function status(headers: Record<string, string>, path = '/clients') {
  const res = await s.anon.withHeaders(headers).get(path);
  return res.status;
}

test.describe('no key', () => {
  // Every path of the contract, with its ids filled in: each needs a key.
  const routes: Array<[string, string]> = [];
  for (const op of Object.values(operations) as Array<{ http?: { method: string; paths: readonly string[] } }>) {
    if (!op.http) continue;
    for (const p of op.http.paths) routes.push([op.http.method, p.replace(':id', '1').replace(':lang', 'hu')]);
  }

  test('the contract lists the paths of the spec', () => {
    const paths = new Set(routes.map(([m, p]) => `${m} ${p}`));
    for (const r of ['GET /invoices', 'POST /invoices', 'GET /invoices/query', 'GET /invoices/blocks', 'POST /invoices/1/pay', 'DELETE /api/products/1', 'GET /payment_methods/hu', 'GET /vat/eu', 'POST /recurring/1/resume']) {
      expect(paths).toContain(r);
    }
  });

  for (const [method, path] of routes) {
    test(`${method} ${path} without a key is a 401`, async () => {
      const res = await s.anon.request(method as never, path, method === 'POST' || method === 'PUT' ? { body: {} } : {});
      expect(res.status, res.text).toBe(401);
      expect(res.body).toMatchObject({ success: false });
      expect(typeof res.body.error).toBe('string');
    });
  }

  test('GET /time and /access/c:{code} answer without a key', async () => {
    expect((await s.anon.get('/time')).status).toBe(200);
    const inv = await createInvoice(s.api);
    const code = (await s.api.ok('GET', `/invoices/${inv.id}/code`)).data.code;
    const res = await s.anon.get(`/access/c:${code}`);
    expect(res.status).toBe(200);
    expect((await s.anon.get('/access/c:unknownunknownunknown')).status).toBe(404);
  });

  test('an unknown path without a key does not answer data', async () => {
    const res = await s.anon.get('/no/such/path');
    expect([401, 404]).toContain(res.status);
    expect(res.body.success).toBe(false);
  });
});

test.describe('X-API-KEY', () => {
  test('the right key opens every door', async () => {
    expect(await status({ 'X-API-KEY': API_KEY })).toBe(200);
    expect(await status({ 'x-api-key': API_KEY }, '/invoices')).toBe(200);
  });

  for (const [label, key] of [
    ['a wrong key', 'wrong-key'],
    ['the key with a character changed', `${API_KEY.slice(0, -1)}X`],
    ['a prefix of the key', API_KEY.slice(0, 10)],
    ['the key and more', `${API_KEY}x`],
    ['the public key', PUBLIC_KEY],
  ] as const) {
    test(`${label} is a 401`, async () => {
      expect(await status({ 'X-API-KEY': key })).toBe(401);
    });
  }

  test('the key is not accepted as a Bearer token', async () => {
    expect(await status({ Authorization: `Bearer ${API_KEY}` })).toBe(401);
  });
});

test.describe('JWT', () => {
  test('Authorization: Bearer <JWT> with sub = the public key is accepted', async () => {
    expect(await status({ Authorization: `Bearer ${jwt(claims())}` })).toBe(200);
  });

  test('the old misspelling Beamer is accepted', async () => {
    expect(await status({ Authorization: `Beamer ${jwt(claims())}` })).toBe(200);
  });

  test('a JWT opens writes too', async () => {
    const res = await s.anon.withHeaders({ Authorization: `Bearer ${jwt(claims())}` }).post('/clients', { name: `JWT Kft. ${Date.now()}` });
    expect(res.status, res.text).toBe(200);
  });

  test('iat and exp given as strings are accepted', async () => {
    const c = claims();
    expect(await status({ Authorization: `Bearer ${jwt({ ...c, iat: String(c.iat), exp: String(c.exp) })}` })).toBe(200);
  });

  test('a token without jti or iss, with nbf, is accepted', async () => {
    const iat = now();
    expect(await status({ Authorization: `Bearer ${jwt({ sub: PUBLIC_KEY, iat, nbf: iat, exp: iat + 300 })}` })).toBe(200);
  });

  test('a client clock 30 s off either way is within the leeway', async () => {
    const t = now();
    expect(await status({ Authorization: `Bearer ${jwt(claims({ iat: t - 90, exp: t - 30 }))}` })).toBe(200);
    expect(await status({ Authorization: `Bearer ${jwt(claims({ iat: t + 30, nbf: t + 30, exp: t + 90 }))}` })).toBe(200);
  });

  const refused: Array<[string, () => string]> = [
    ['expired beyond the leeway', () => jwt(claims({ iat: now() - 300, exp: now() - 120 }))],
    ['expired beyond the leeway, as strings', () => jwt(claims({ iat: String(now() - 300), exp: String(now() - 120) }))],
    ['issued in the future beyond the leeway', () => jwt(claims({ iat: now() + 120, exp: now() + 300 }))],
    ['not valid before a time beyond the leeway', () => jwt(claims({ nbf: now() + 120, exp: now() + 300 }))],
    ['signed with a wrong secret', () => jwt(claims(), { secret: 'not-the-secret' })],
    ['signed with the public key', () => jwt(claims(), { secret: PUBLIC_KEY })],
    ['with alg none and no signature', () => jwt(claims(), { header: { alg: 'none', typ: 'JWT' }, signature: '' })],
    ['with alg none and a valid-looking HS256 signature', () => {
      const good = jwt(claims()).split('.');
      return `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${good[1]}.${good[2]}`;
    }],
    ['with alg HS512', () => {
      const header = b64url(JSON.stringify({ alg: 'HS512', typ: 'JWT' }));
      const payload = b64url(JSON.stringify(claims()));
      return `${header}.${payload}.${createHmac('sha512', API_KEY).update(`${header}.${payload}`).digest('base64url')}`;
    }],
    ['with another sub', () => jwt(claims({ sub: 'someone-else' }))],
    ['without sub', () => jwt(claims({ sub: undefined }))],
    ['with a tampered payload', () => {
      const [h, , sig] = jwt(claims()).split('.');
      return `${h}.${b64url(JSON.stringify(claims({ sub: PUBLIC_KEY, exp: now() + 999999 })))}.${sig}`;
    }],
    ['with exp that is not a number', () => jwt(claims({ exp: 'tomorrow' }))],
    ['that is not a JWT', () => 'abc.def'],
    ['that is empty of parts', () => '..'],
  ];
  for (const [label, token] of refused) {
    test(`a token ${label} is a 401`, async () => {
      expect(await status({ Authorization: `Bearer ${token()}` })).toBe(401);
    });
  }

  test('a token valid for up to an hour (plus the clock leeway) is accepted', async () => {
    const t = now();
    expect(await status({ Authorization: `Bearer ${jwt(claims({ iat: t, exp: t + 3600 }))}` })).toBe(200);
    expect(await status({ Authorization: `Bearer ${jwt(claims({ iat: t, exp: t + 3600 + 30 }))}` })).toBe(200);
  });

  for (const [label, ahead] of [
    ['ten years', 10 * 365 * 86400],
    ['one hour and five minutes', 3600 + 300],
  ] as const) {
    test(`a token whose exp lies ${label} ahead is a 401 with the error envelope`, async () => {
      const t = now();
      for (const exp of [t + ahead, String(t + ahead)]) {
        const res = await s.anon.withHeaders({ Authorization: `Bearer ${jwt(claims({ iat: t, exp }))}` }).get('/clients');
        expect(res.status, res.text).toBe(401);
        expect(res.body).toMatchObject({ success: false, code: 'unauthorized' });
        expect(typeof res.body.error).toBe('string');
      }
    });
  }

  test('another scheme (Basic) is a 401', async () => {
    expect(await status({ Authorization: `Basic ${Buffer.from(`x:${API_KEY}`).toString('base64')}` })).toBe(401);
  });

  test('a server without a public key accepts no JWT, still the key', async () => {
    await withServer(
      async (srv) => {
        expect((await srv.anon.withHeaders({ Authorization: `Bearer ${jwt(claims())}` }).get('/clients')).status).toBe(401);
        expect((await srv.api.get('/clients')).status).toBe(200);
      },
      { publicKey: null },
    );
  });

  test('security time is the real clock, not the business clock (FOLIO_NOW)', async () => {
    await withServer(
      async (srv) => {
        // The business clock says 2020; a token valid now must pass, and one valid in 2020 must not.
        expect((await srv.anon.withHeaders({ Authorization: `Bearer ${jwt(claims())}` }).get('/clients')).status).toBe(200);
        const t2020 = Math.floor(Date.parse('2020-06-01T10:00:00Z') / 1000);
        expect((await srv.anon.withHeaders({ Authorization: `Bearer ${jwt(claims({ iat: t2020, exp: t2020 + 60 }))}` }).get('/clients')).status).toBe(401);
      },
      { now: '2020-06-01T10:00:00Z' },
    );
  });
});
