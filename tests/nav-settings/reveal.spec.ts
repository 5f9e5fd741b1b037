// A saved secret of the NAV technical user shown on request (issue 36) over the real HTTP door (/rpc): the owner
// gets the very value saved, and the showing is in the audit log (which secret, who, when; never the value); staff
// and the accountant get 403 with the error envelope; nothing saved or an unknown secret is refused with a field.
import { expect, test } from '@playwright/test';
import { startNavFolio, TECH_USER, type NavFolio } from './support';

let folio: NavFolio;
test.beforeAll(async () => {
  folio = await startNavFolio();
});
test.afterAll(async () => {
  await folio.stop();
});

/** POST /rpc/<name> with a given key: status and parsed body. */
async function rpcAs(key: string, name: string, input: unknown = {}) {
  const res = await fetch(`${folio.server.url}/rpc/${name}`, {
    method: 'POST',
    headers: { 'X-API-KEY': key, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

/** A user of the given role with a key of their own; resolves with the key's secret. */
async function userKey(name: string, role: 'staff' | 'accountant' | 'owner'): Promise<string> {
  const user = await folio.call<{ id: number }>('users.create', { name, email: `${role}@pelda.hu`, role });
  return (await folio.call<{ secret: string }>('users.createKey', { id: user.id })).secret;
}

async function auditRows(): Promise<Array<{ operation: string; user_name: string; summary: unknown }>> {
  return (await folio.call<{ items: Array<{ operation: string; user_name: string; summary: unknown }> }>('audit.list', { operation: 'nav.revealSecret', limit: 50 })).items;
}

test('nothing saved yet: the owner is told so at the field, and no row is logged', async () => {
  const res = await folio.rpc('nav.revealSecret', { which: 'signature_key' });
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({ success: false, code: 'not_found', errors: [{ field: 'signature_key', message: 'is not saved' }] });
  const bad = await folio.rpc('nav.revealSecret', { which: 'login' });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ success: false, code: 'validation_failed', errors: [{ field: 'which' }] });
  expect(await auditRows()).toEqual([]);
});

test('the owner sees each saved secret exactly as saved; every showing is logged without the value', async () => {
  await folio.call('nav.saveSettings', TECH_USER);
  const owner = await userKey('Kovács Anna', 'owner');
  for (const which of ['password', 'signature_key', 'exchange_key'] as const) {
    const res = await rpcAs(owner, 'nav.revealSecret', { which });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { which, value: TECH_USER[which] } });
  }
  // the server's own key is the owner too
  expect((await folio.call('nav.revealSecret', { which: 'exchange_key' })).value).toBe(TECH_USER.exchange_key);

  const rows = await auditRows();
  expect(rows.map((r) => [r.user_name, r.summary])).toEqual([
    ['API key', { which: 'exchange_key' }],
    ['Kovács Anna', { which: 'exchange_key' }],
    ['Kovács Anna', { which: 'signature_key' }],
    ['Kovács Anna', { which: 'password' }],
  ]);
  const logged = JSON.stringify(rows);
  for (const secret of [TECH_USER.password, TECH_USER.signature_key, TECH_USER.exchange_key]) expect(logged).not.toContain(secret);
  // the settings view still carries no secret
  expect(JSON.stringify(await folio.call('nav.settings'))).not.toContain(TECH_USER.signature_key);
});

test('staff and the accountant get 403 with the envelope, see nothing, and leave no row', async () => {
  await folio.call('nav.saveSettings', TECH_USER);
  const before = (await auditRows()).length;
  for (const [name, role] of [['Szabó Péter', 'staff'], ['Tóth Éva', 'accountant']] as const) {
    const key = await userKey(name, role);
    const res = await rpcAs(key, 'nav.revealSecret', { which: 'signature_key' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'forbidden', error: expect.stringContaining('nav.revealSecret') });
    expect(JSON.stringify(res.body)).not.toContain(TECH_USER.signature_key);
  }
  expect((await auditRows()).length).toBe(before);
  // without any key at all: 401, not the secret
  const anonymous = await fetch(`${folio.server.url}/rpc/nav.revealSecret`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"which":"password"}' });
  expect(anonymous.status).toBe(401);
});
