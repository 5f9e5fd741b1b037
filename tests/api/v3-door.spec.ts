// The /v3 door's conventions: X-API-KEY only, v3's error shapes on every error path (auth, unknown path and method,
// the body parser's 400/413/415, validation 422, 404), the list envelope and its paging, the rate limiter's headers.
import { expect, test } from '@playwright/test';
import { API_KEY, serverPerFile, startTestServer } from '../support/fixtures';
import { partnerBody, v3 } from '../support/v3-client';
import { V3_RATE_LIMIT } from '../../electron/server/v3/index';

const s = serverPerFile();
const CLIENT_ERROR = { schema: 'ClientErrorResponse' };

test('no key, a wrong key and a v2 JWT-only request are 401 in v3 shape', async () => {
  const none = await v3(s.anon, 'GET', '/partners', { status: 401, ...CLIENT_ERROR });
  expect(none.body.error.message).toContain('X-API-KEY');
  await v3(s.anon.withHeaders({ 'X-API-KEY': 'wrong' }), 'GET', '/partners', { status: 401, ...CLIENT_ERROR });
  await v3(s.anon.withHeaders({ Authorization: `Bearer ${API_KEY}` }), 'GET', '/utils/time', { status: 401, ...CLIENT_ERROR });
  // an unknown path without a key is refused before anything is told about the path
  await v3(s.anon, 'GET', '/nothing-here', { status: 401, ...CLIENT_ERROR });
});

test('an unknown path is 404 and a wrong method 405 with Allow, both in v3 shape', async () => {
  const missing = await v3(s.api, 'GET', '/nothing-here', { status: 404, ...CLIENT_ERROR });
  expect(missing.body.error.message).toContain('/v3/nothing-here');
  const wrong = await v3(s.api, 'PATCH', '/partners', { status: 405, ...CLIENT_ERROR });
  expect(wrong.headers.get('allow')).toBe('GET, POST');
  await v3(s.api, 'GET', '/partners/abc', { status: 400, ...CLIENT_ERROR });
  const del = await v3(s.api, 'DELETE', '/utils/time', { status: 405, ...CLIENT_ERROR });
  expect(del.headers.get('allow')).toBe('GET');
  // the door's root, and a trailing slash on a known path
  await v3(s.api, 'GET', '', { status: 404, ...CLIENT_ERROR });
  await v3(s.api, 'GET', '/partners/', { status: 200, schema: 'PartnerList' });
  // v3 paths are not v2's: /v3/clients is unknown here, /bank_accounts too
  await v3(s.api, 'GET', '/clients', { status: 404, ...CLIENT_ERROR });
  await v3(s.api, 'GET', '/bank_accounts', { status: 404, ...CLIENT_ERROR });
});

test('bad JSON is 400, a body too large 413, a form body 415, all in v3 shape', async () => {
  await v3(s.api, 'POST', '/partners', { status: 400, ...CLIENT_ERROR }, { body: '{"name": ' });
  const big = JSON.stringify({ name: 'x'.repeat(1_100_000) });
  await v3(s.api, 'POST', '/partners', { status: 413, ...CLIENT_ERROR }, { body: big });
  await v3(s.api, 'POST', '/partners', { status: 415, ...CLIENT_ERROR }, { body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  // a JSON array where an object belongs
  await v3(s.api, 'POST', '/partners', { status: 400, ...CLIENT_ERROR }, { body: [1] });
});

test('validation is the unwrapped 422 with fields in v3 names', async () => {
  const noName = await v3(s.api, 'POST', '/partners', { status: 422, schema: 'ValidationErrorResponse' }, { body: partnerBody({ name: '' }) });
  expect(noName.body.errors.map((e: { field: string }) => e.field)).toContain('name');
  const badMail = await v3(s.api, 'POST', '/partners', { status: 422, schema: 'ValidationErrorResponse' }, { body: partnerBody({ emails: ['not-an-address'] }) });
  expect(badMail.body.errors.map((e: { field: string }) => e.field)).toEqual(['emails']);
  const longCity = await v3(s.api, 'POST', '/partners', { status: 422, schema: 'ValidationErrorResponse' }, {
    body: partnerBody({ address: { country_code: 'HU', post_code: '1011', city: 'x'.repeat(101), address: 'Fő utca 1.' } }),
  });
  expect(longCity.body.errors.map((e: { field: string }) => e.field)).toEqual(['address.city']);
  const badMethod = await v3(s.api, 'POST', '/partners', { status: 422, schema: 'ValidationErrorResponse' }, {
    body: partnerBody({ custom_billing_settings: { payment_method: 'gold_bars' } }),
  });
  expect(badMethod.body.errors.map((e: { field: string }) => e.field)).toEqual(['custom_billing_settings.payment_method']);
  const badVat = await v3(s.api, 'POST', '/products', { status: 422, schema: 'ValidationErrorResponse' }, {
    body: { name: 'Kávé', currency: 'HUF', vat: '1%', unit: 'db', net_unit_price: 100 },
  });
  expect(badVat.body.errors).toEqual([{ field: 'vat', message: 'is not a VAT rate Folio knows' }]);
  const badAccount = await v3(s.api, 'POST', '/bank-accounts', { status: 422, schema: 'ValidationErrorResponse' }, { body: { name: '', currency: 'HUF' } });
  expect(badAccount.body.errors.map((e: { field: string }) => e.field)).toContain('name');
});

test('a missing record is 404 in v3 shape', async () => {
  for (const path of ['/partners/999999', '/products/999999', '/bank-accounts/999999', '/utils/convert-legacy-id/999999']) {
    await v3(s.api, 'GET', path, { status: 404, ...CLIENT_ERROR });
  }
  await v3(s.api, 'DELETE', '/partners/999999', { status: 404, ...CLIENT_ERROR });
});

test('lists page by 25 by default, at most 100, and a page beyond the last is empty', async () => {
  const server = await startTestServer();
  try {
    for (let i = 0; i < 105; i++) await v3(server.api, 'POST', '/partners', { status: 201, schema: 'Partner' }, { body: partnerBody() });
    const first = await v3(server.api, 'GET', '/partners', { status: 200, schema: 'PartnerList' });
    expect(first.body).toMatchObject({ total: 105, per_page: 25, current_page: 1, last_page: 5, prev_page_url: '' });
    expect(first.body.data).toHaveLength(25);
    expect(first.body.next_page_url).toContain('/v3/partners?page=2');
    const ids = first.body.data.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a)); // newest first
    const max = await v3(server.api, 'GET', '/partners', { status: 200, schema: 'PartnerList' }, { query: { per_page: 500, page: 2 } });
    expect(max.body).toMatchObject({ total: 105, per_page: 100, current_page: 2, last_page: 2, next_page_url: '' });
    expect(max.body.data).toHaveLength(5);
    expect(max.body.prev_page_url).toContain('page=1');
    const beyond = await v3(server.api, 'GET', '/partners', { status: 200, schema: 'PartnerList' }, { query: { page: 9 } });
    expect(beyond.body).toMatchObject({ total: 105, current_page: 9, last_page: 5, data: [], next_page_url: '' });
    // the published clients send an empty query unasked: no filter
    const empty = await v3(server.api, 'GET', '/partners', { status: 200, schema: 'PartnerList' }, { query: { query: '', page: 1, per_page: 25 } });
    expect(empty.body.total).toBe(105);
    await v3(server.api, 'GET', '/partners', { status: 422, schema: 'ValidationErrorResponse' }, { query: { per_page: 0 } });
  } finally {
    await server.close();
  }
});

test('every answer carries X-RateLimit-*; past the limit 429 in v3 shape with Retry-After', async () => {
  const server = await startTestServer();
  try {
    const first = await v3(server.api, 'GET', '/utils/time', { status: 200, schema: 'ServerTime' });
    expect(first.headers.get('x-ratelimit-limit')).toBe(String(V3_RATE_LIMIT));
    expect(Number(first.headers.get('x-ratelimit-remaining'))).toBe(V3_RATE_LIMIT - 1);
    expect(first.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    for (let i = 1; i < V3_RATE_LIMIT; i++) {
      const res = await server.api.get('/v3/utils/time');
      expect(res.status).toBe(200);
    }
    const limited = await v3(server.api, 'GET', '/utils/time', { status: 429, schema: 'TooManyRequestsResponse' });
    expect(limited.body.error.message).toContain('Too many requests');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    // v2 is not counted against v3's limit
    expect((await server.api.get('/clients')).status).toBe(200);
  } finally {
    await server.close();
  }
});
