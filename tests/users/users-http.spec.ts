// Users and their keys over HTTP (docs/users.md): each permission class met with a real request by each role, the
// interface's JWT per user, revoked keys and disabled users refused, the /v3 door held to the same roles.
import { expect, test } from '@playwright/test';
import { API_KEY, clientBody, invoiceBody, rawDb, serverPerFile, TODAY, withServer } from '../support/fixtures';
import { partnerBody } from '../support/v3-client';
import { v3SchemaErrors } from '../support/v3-schema';
import { addUser, userJwt, type TestUser } from './support';

const s = serverPerFile();
let owner: TestUser;
let staff: TestUser;
let accountant: TestUser;

test.beforeAll(async () => {
  owner = await addUser(s.api, 'Kovács Anna', 'owner');
  staff = await addUser(s.api, 'Szabó Péter', 'staff');
  accountant = await addUser(s.api, 'Tóth Éva könyvelő', 'accountant');
});

const expense = { categories_id: 3, name: 'Irodabérlet', gross_price: 127000, vat: 1, currency: 'HUF' };

test('read: every role reads invoices and clients', async () => {
  for (const u of [owner, staff, accountant]) {
    expect((await u.api.get('/clients')).status).toBe(200);
    expect((await u.api.get('/invoices')).status).toBe(200);
  }
});

test('invoicing: staff creates a client and issues an invoice; the accountant is refused and nothing is made', async () => {
  const client = await staff.api.ok('POST', '/clients', { body: clientBody() });
  const invoice = await staff.api.ok('POST', '/invoices', { body: invoiceBody(client.data.id) });
  expect(invoice.data.attributes.invoice_no).toBeTruthy();
  const before = (await s.api.get('/clients', { max_per_page: 1000 })).body.data.length;
  const refused = await accountant.api.post('/clients', clientBody());
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ success: false, code: 'forbidden' });
  expect(refused.body.error).toContain('accountant');
  expect((await accountant.api.post('/invoices', invoiceBody(client.data.id))).status).toBe(403);
  expect((await s.api.get('/clients', { max_per_page: 1000 })).body.data.length).toBe(before);
});

test('bookkeeping: only the owner records an expense', async () => {
  expect((await owner.api.post('/expenses', expense)).status).toBe(200);
  expect((await staff.api.post('/expenses', expense)).status).toBe(403);
  expect((await accountant.api.post('/expenses', expense)).status).toBe(403);
});

test('settings: only the owner changes the settings', async () => {
  const settings = (await s.api.ok('GET', '/settings')).data;
  expect((await staff.api.put('/settings', { invoice_comment: 'staff' })).status).toBe(403);
  expect((await accountant.api.put('/settings', { invoice_comment: 'accountant' })).status).toBe(403);
  expect((await owner.api.put('/settings', { seller: settings.seller })).status).toBe(200);
});

test('export: the accountant and the owner export a report; staff may not', async () => {
  const query = { from: '2026-03-01', to: TODAY, kind: 'vat', format: 'csv' };
  const file = await accountant.api.ok('GET', '/reports/export', { query });
  expect(Buffer.from(file.data.content_base64, 'base64').toString('utf8').length).toBeGreaterThan(0);
  expect((await owner.api.get('/reports/export', query)).status).toBe(200);
  expect((await staff.api.get('/reports/export', query)).status).toBe(403);
});

test('sync: a device of the accountant cannot join; admin: only the owner sees users and the audit log', async () => {
  expect((await accountant.api.post('/sync/join', {})).status).toBe(403);
  for (const path of ['/users', '/audit-log']) {
    expect((await staff.api.get(path)).status).toBe(403);
    expect((await accountant.api.get(path)).status).toBe(403);
    expect((await owner.api.get(path)).status).toBe(200);
  }
  expect((await staff.api.post(`/users/${staff.id}/keys`, {})).status).toBe(403);
});

test('the /v3 door: user keys work there with the same roles', async () => {
  expect((await staff.api.post('/v3/partners', partnerBody())).status).toBe(201);
  expect((await accountant.api.get('/v3/partners')).status).toBe(200);
  const refused = await accountant.api.post('/v3/partners', partnerBody());
  expect(refused.status).toBe(403);
  // v3's Forbidden answer is its ClientErrorResponse
  expect(v3SchemaErrors('ClientErrorResponse', refused.body)).toEqual([]);
  expect(refused.body.error.message).toContain('accountant');
});

test('the /rpc door of the browser UI answers a refused call with the envelope too', async () => {
  const res = await staff.api.post('/rpc/users.list', {});
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ success: false, code: 'forbidden' });
});

test("a user's JWT: HS256 with the key's secret, sub = its public id; the role goes with it", async () => {
  const bearer = (u: TestUser, secret = u.secret) => s.anon.withHeaders({ Authorization: `Bearer ${userJwt(u.publicId, secret)}` });
  expect((await bearer(accountant).get('/invoices')).status).toBe(200);
  expect((await bearer(accountant).post('/clients', clientBody())).status).toBe(403);
  expect((await bearer(staff).post('/clients', clientBody())).status).toBe(200);
  // signed with another key's secret, or with the server's public key's secret for a user's sub: refused
  expect((await bearer(staff, accountant.secret).get('/invoices')).status).toBe(401);
  expect((await s.anon.withHeaders({ Authorization: `Bearer ${userJwt('fk_unknown', staff.secret)}` }).get('/invoices')).status).toBe(401);
});

test('the key list shows no secret, and a key is marked when used', async () => {
  const users = (await s.api.ok('GET', '/users')).data as Array<{ id: number; keys: Array<Record<string, unknown>> }>;
  const mine = users.find((u) => u.id === staff.id)!;
  expect(mine.keys).toHaveLength(1);
  expect(Object.keys(mine.keys[0]!).sort()).toEqual(['created_at', 'id', 'last_used_at', 'public_id', 'revoked_at']);
  expect(mine.keys[0]!.last_used_at).toBeTruthy();
  expect(JSON.stringify(users)).not.toContain(staff.secret);
});

test('a revoked key is refused (X-API-KEY and JWT); the user\'s other key goes on', async () => {
  await withServer(async (own) => {
    const u = await addUser(own.api, 'Kiss Béla', 'staff');
    const second = await own.api.ok('POST', `/users/${u.id}/keys`);
    const revoked = await own.api.ok('DELETE', `/users/${u.id}/keys/${u.keyId}`);
    expect(revoked.data.revoked_at).toBeTruthy();
    expect((await u.api.get('/clients')).status).toBe(401);
    expect((await own.anon.withHeaders({ Authorization: `Bearer ${userJwt(u.publicId, u.secret)}` }).get('/clients')).status).toBe(401);
    expect((await own.anon.withHeaders({ 'X-API-KEY': second.data.secret }).get('/clients')).status).toBe(200);
    // another user's key id under this user is not found
    expect((await own.api.delete(`/users/${u.id}/keys/99999`)).status).toBe(404);
  });
});

test('a disabled user is refused with every key, gets no new one, and the server key still works', async () => {
  await withServer(async (own) => {
    const u = await addUser(own.api, 'Nagy Zoltán', 'accountant');
    expect((await u.api.get('/clients')).status).toBe(200);
    const disabled = await own.api.ok('DELETE', `/users/${u.id}`);
    expect(disabled.data.disabled_at).toBeTruthy();
    expect((await u.api.get('/clients')).status).toBe(401);
    expect((await u.api.get('/v3/partners')).status).toBe(401);
    expect((await own.anon.withHeaders({ Authorization: `Bearer ${userJwt(u.publicId, u.secret)}` }).get('/clients')).status).toBe(401);
    const again = await own.api.post(`/users/${u.id}/keys`, {});
    expect(again.status).toBe(422);
    expect((await own.api.get('/clients')).status).toBe(200);
  });
});

test('users: fields are checked, the role can be changed and takes effect at once', async () => {
  const bad = await s.api.post('/users', { name: '', email: 'nem-email', role: 'boss' });
  expect(bad.status).toBe(400);
  expect((bad.body.errors as Array<{ field: string }>).map((e) => e.field).sort()).toEqual(['email', 'name', 'role']);
  const u = await addUser(s.api, 'Fekete Gábor', 'accountant');
  expect((await u.api.post('/clients', clientBody())).status).toBe(403);
  const changed = await s.api.ok('PUT', `/users/${u.id}`, { body: { role: 'staff', name: 'Fekete Gábor Jr.' } });
  expect(changed.data).toMatchObject({ role: 'staff', name: 'Fekete Gábor Jr.' });
  expect((await u.api.post('/clients', clientBody())).status).toBe(200);
  expect((await s.api.put('/users/99999', { name: 'x' })).status).toBe(404);
});

test('a device belongs to the user whose key paired it', async () => {
  const device = 'dev-staff-laptop-0001';
  const joined = await staff.api.post('/sync/join', { name: 'Péter laptopja', prefix: 'PL' }, { headers: { 'X-Folio-Device': device } });
  expect(joined.status, joined.text).toBe(200);
  const db = rawDb(s.server.dbFile, { readonly: true });
  try {
    expect(db.prepare('select user_id from sync_devices where device = ?').get(device)).toEqual({ user_id: staff.id });
  } finally {
    db.close();
  }
  const [row] = (await s.api.ok('GET', '/audit-log', { query: { operation: 'sync.join' } })).data.items;
  expect(row).toMatchObject({ user_id: staff.id, operation: 'sync.join' });
});

test("disabling a user ends the sync of the devices they paired, even with another key", async () => {
  const laptop = await addUser(s.api, 'Kiss Anna', 'staff');
  const device = 'dev-anna-laptop-0001';
  const joined = await laptop.api.post('/sync/join', { name: 'Anna laptopja', prefix: 'AL' }, { headers: { 'X-Folio-Device': device } });
  expect(joined.status, joined.text).toBe(200);
  const token = joined.body.data.device_token as string;
  // the server's own key (the owner's), with the device's id and token
  const asDevice = { 'X-API-KEY': API_KEY, 'X-Folio-Device': device, 'X-Folio-Device-Token': token };
  // the device's own token works with the server's key too, while its user is active
  const before = await s.api.withHeaders(asDevice).get('/sync/info');
  expect(before.status, before.text).toBe(200);
  await s.api.ok('DELETE', `/users/${laptop.id}`);
  const refused = await s.api.withHeaders(asDevice).get('/sync/info');
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ success: false, code: 'unauthorized' });
});

test('GET /users/me names the caller and their role; the server key is the owner; no key is a 401', async () => {
  expect((await s.api.ok('GET', '/users/me')).data).toEqual({ user_id: null, name: 'API key', role: 'owner' });
  expect((await staff.api.ok('GET', '/users/me')).data).toEqual({ user_id: staff.id, name: 'Szabó Péter', role: 'staff' });
  expect((await accountant.api.ok('GET', '/users/me')).data).toEqual({ user_id: accountant.id, name: 'Tóth Éva könyvelő', role: 'accountant' });
  expect((await s.anon.get('/users/me')).status).toBe(401);
});
