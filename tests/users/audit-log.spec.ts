// The audit log (docs/users.md): a row for every successful write — who, when, through which door, which operation,
// on what, with its input and secrets redacted — none for reads or refused calls; filtered and paged by the owner;
// never changed.
import { expect, test } from '@playwright/test';
import { clientBody, rawDb, serverPerFile, TODAY } from '../support/fixtures';
import type { Json } from '../support/api-client';
import { addUser, type TestUser } from './support';
import { FOLIO_ITSELF } from '../../electron/db/call-context';

const s = serverPerFile();
let staff: TestUser;
let accountant: TestUser;

test.beforeAll(async () => {
  staff = await addUser(s.api, 'Szabó Péter', 'staff');
  accountant = await addUser(s.api, 'Tóth Éva', 'accountant');
});

async function log(query: Record<string, string | number> = {}): Promise<Json> {
  return (await s.api.ok('GET', '/audit-log', { query: { limit: 200, ...query } })).data;
}

test('a write by a user is logged with who, when, the door, the operation and its record', async () => {
  const body = clientBody();
  const made = await staff.api.ok('POST', '/clients', { body });
  const [row] = (await log({ limit: 1 })).items;
  expect(row).toMatchObject({ user_id: staff.id, user_name: 'Szabó Péter', origin: 'http', operation: 'clients.create', at: expect.stringMatching(new RegExp(`^${TODAY} `)) });
  expect(row.target_ids).toContain(made.data.id);
  expect(row.summary).toMatchObject({ name: body.name, taxcode: body.taxcode });

  await staff.api.ok('PUT', `/clients/${made.data.id}`, { body: { name: `${body.name} Bt.` } });
  const [update] = (await log({ limit: 1 })).items;
  expect(update).toMatchObject({ operation: 'clients.update', target_ids: [made.data.id], user_id: staff.id });
});

test('reads, refused calls and failed writes leave no row', async () => {
  const before = (await log()).items[0]?.id ?? 0;
  await staff.api.ok('GET', '/clients');
  await accountant.api.ok('GET', '/invoices');
  await staff.api.ok('POST', '/rpc/invoices.list', { body: {} });
  await accountant.api.ok('GET', '/reports/export', { query: { from: '2026-03-01', to: TODAY, kind: 'vat', format: 'csv' } });
  expect((await accountant.api.post('/clients', clientBody())).status).toBe(403);
  expect((await staff.api.post('/clients', { name: '' })).status).toBe(400);
  expect((await log()).items[0]?.id ?? 0).toBe(before);
});

test('the server key, the local owner and the users themselves are named', async () => {
  await s.api.ok('POST', '/clients', { body: clientBody() });
  expect((await log({ limit: 1 })).items[0]).toMatchObject({ user_id: null, user_name: 'API key', origin: 'http', operation: 'clients.create' });
  await s.server.core.call('clients.create', clientBody());
  expect((await log({ limit: 1 })).items[0]).toMatchObject({ user_id: null, user_name: 'owner', origin: 'local' });
  const users = (await log({ operation: 'users.createKey' })).items as Json[];
  expect(users.map((r) => r.target_ids[0]).sort()).toEqual([staff.id, accountant.id].sort());
});

test('secrets are never written down: a saved password is redacted, a new key\'s secret is not logged', async () => {
  const password = 'alkalmazás-jelszó-42';
  await s.api.ok('POST', '/rpc/mail.saveSettings', {
    body: { host: '127.0.0.1', port: 2525, security: 'none', user: 'folio', password, sender_name: 'Minta Bt.', sender_address: 'szamla@minta.example' },
  });
  const [row] = (await log({ limit: 1 })).items;
  expect(row).toMatchObject({ operation: 'mail.saveSettings', summary: { host: '127.0.0.1', user: 'folio', password: '[redacted]' } });
  const db = rawDb(s.server.dbFile, { readonly: true });
  try {
    const text = JSON.stringify(db.prepare('select * from audit_log').all());
    expect(text).not.toContain(password);
    expect(text).not.toContain(staff.secret);
    expect(text).not.toContain(accountant.secret);
  } finally {
    db.close();
  }
});

test('filters by user, operation and days, newest first, paged by id', async () => {
  for (let i = 0; i < 3; i++) await staff.api.ok('POST', '/clients', { body: clientBody() });
  const byStaff = (await log({ user_id: staff.id })).items as Json[];
  expect(byStaff.length).toBeGreaterThanOrEqual(3);
  expect(byStaff.every((r) => r.user_id === staff.id)).toBe(true);
  expect(((await log({ operation: 'clients.update' })).items as Json[]).every((r) => r.operation === 'clients.update')).toBe(true);
  expect((await log({ to: '2026-03-14' })).items).toEqual([]);
  expect((await log({ from: '2026-03-16' })).items).toEqual([]);
  const all = (await log({ from: TODAY, to: TODAY })).items as Json[];
  expect(all.length).toBe((await log()).items.length);

  const seen: number[] = [];
  let page = await log({ limit: 2 });
  for (;;) {
    seen.push(...(page.items as Json[]).map((r) => r.id));
    if (!page.has_more) break;
    page = await log({ limit: 2, before: page.next_before });
  }
  expect(seen).toEqual(all.map((r) => r.id));
  expect(seen).toEqual([...seen].sort((a, b) => b - a));
});

test('the log cannot be changed: no route, and the database refuses UPDATE and DELETE', async () => {
  expect((await s.api.put('/audit-log', {})).status).toBe(405);
  expect((await s.api.delete('/audit-log')).status).toBe(405);
  const before = JSON.stringify((await log()).items);
  const db = rawDb(s.server.dbFile);
  try {
    expect(() => db.prepare(`update audit_log set user_name = 'senki'`).run()).toThrow(/audit log cannot be changed/);
    expect(() => db.prepare('delete from audit_log').run()).toThrow(/audit log cannot be changed/);
  } finally {
    db.close();
  }
  expect(JSON.stringify((await log()).items)).toBe(before);
});

test("Folio's own background pass is logged as Folio, and only when it did something", async () => {
  const before = (await log()).items[0]?.id ?? 0;
  // the runtime's reminder pass (electron/runtime/runtime.ts): nothing is due, so nothing is queued, and no row
  const idle = await s.server.core.call('reminders.run', {}, { caller: FOLIO_ITSELF, loggedIf: (pass) => pass.queued.length > 0 || pass.withdrawn > 0 });
  expect(idle.queued).toEqual([]);
  expect((await log()).items.filter((r: Json) => r.id > before)).toEqual([]);
  // a pass that did something is logged, named apart from the owner
  await s.server.core.call('reminders.run', {}, { caller: FOLIO_ITSELF, loggedIf: () => true });
  const [row] = (await log({ limit: 1 })).items;
  expect(row).toMatchObject({ operation: 'reminders.run', user_id: null, user_name: 'Folio', origin: 'background' });
});
