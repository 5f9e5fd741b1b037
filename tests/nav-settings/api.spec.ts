// Settings → NAV Online Számla over the real HTTP door (/rpc), npm run serve's wiring on a real database file:
// saving the technical user (sealed, never returned, field errors), the environment's precedence, the connection
// check against the fake NAV (each reason in a code), and the reporting queue with its retries — the reporter
// taking saved credentials without a restart.
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../electron/db/open';
import { serverSecretBox } from '../../electron/secrets/key-file';
import { navSettingsDb } from '../../electron/nav-settings/tables';
import { startFakeNav, type FakeNav } from '../nav/fake-nav-server';
import { BUYER, navEnv, SELLER } from '../nav/queue-rig';
import { closedAddress, startAnsweringNav, startNavFolio, TECH_USER, until, type NavFolio } from './support';

let folio: NavFolio | undefined;
let navs: FakeNav[] = [];
test.afterEach(async () => {
  await folio?.stop();
  folio = undefined;
  for (const n of navs) await n.close();
  navs = [];
});

async function fakeNav(): Promise<FakeNav> {
  const nav = await startFakeNav();
  navs.push(nav);
  return nav;
}

const SECRETS = [TECH_USER.password, TECH_USER.signature_key, TECH_USER.exchange_key];

test('saving the technical user: field errors for bad input, secrets sealed in the database and never returned', async () => {
  folio = await startNavFolio();
  await folio.call('settings.update', { seller: SELLER });

  const empty = await folio.call('nav.settings');
  expect(empty).toEqual({
    source: 'none',
    saved: null,
    environment: null,
    environment_missing: [],
    seller_tax_number: '12345676',
    secrets_readable: true,
  });

  // Every field wrong at once: each says what is wrong, next to its name.
  const bad = await folio.rpc('nav.saveSettings', {
    login: 'ab',
    password: 'x',
    signature_key: 'too-short',
    exchange_key: 'ABCDEF012345678',
    tax_number: '1234',
    system: 'live',
  });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ success: false, code: 'validation_failed' });
  expect(Object.fromEntries(bad.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]))).toEqual({
    login: 'must be 6 to 15 letters and digits',
    signature_key: 'must be 32 characters, as NAV issued it',
    exchange_key: 'must be 16 characters, as NAV issued it',
    tax_number: 'must be the 8-digit taxpayer id (12345678) or the whole tax number (12345678-1-12)',
    system: 'must be test or production',
  });
  // A tax number whose check digit is wrong is refused too.
  const checksum = await folio.rpc('nav.saveSettings', { ...TECH_USER, tax_number: '12345678' });
  expect(checksum.body.errors).toEqual([{ field: 'tax_number', message: expect.stringContaining('8-digit taxpayer id') }]);

  // The first save needs all three secrets.
  const noSecrets = await folio.rpc('nav.saveSettings', { ...TECH_USER, password: '', signature_key: '', exchange_key: '' });
  expect(noSecrets.status).toBe(400);
  expect(noSecrets.body.errors).toEqual([
    { field: 'password', message: 'is required' },
    { field: 'signature_key', message: 'is required' },
    { field: 'exchange_key', message: 'is required' },
  ]);
  expect(await folio.call('nav.settings')).toMatchObject({ source: 'none', saved: null });

  // Keys pasted with blanks around them, the whole tax number: taken as NAV means them.
  const saved = await folio.rpc('nav.saveSettings', { ...TECH_USER, signature_key: ` ${TECH_USER.signature_key}\n`, tax_number: '12345676-2-41' });
  expect(saved.status).toBe(200);
  for (const secret of SECRETS) expect(saved.text).not.toContain(secret);
  expect(saved.body.data).toMatchObject({
    source: 'settings',
    saved: { login: 'folio0test', tax_number: '12345676', system: 'test', has_password: true, has_signature_key: true, has_exchange_key: true },
  });
  const view = await folio.rpc('nav.settings');
  for (const secret of SECRETS) expect(view.text).not.toContain(secret);

  // In the database the secrets are sealed by the server's box (the key file beside the database).
  const opened = await openDatabase(folio.dbFile);
  try {
    const row = await navSettingsDb(opened.db).selectFrom('nav_settings').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toMatch(new RegExp(SECRETS.map((s) => s.replace(/[-]/g, '\\-')).join('|')));
    const box = serverSecretBox(folio.dbFile, {});
    expect([row.password_sealed, row.signature_key_sealed, row.exchange_key_sealed].map((s) => box.decrypt(s))).toEqual(SECRETS);

    // Saving again with the secrets left empty keeps them; the rest changes.
    await folio.call('nav.saveSettings', { login: 'masik0user', tax_number: '12345676', system: 'production', password: '', signature_key: '' });
    const again = await navSettingsDb(opened.db).selectFrom('nav_settings').selectAll().executeTakeFirstOrThrow();
    expect([again.login, again.system]).toEqual(['masik0user', 'production']);
    expect([again.password_sealed, again.signature_key_sealed, again.exchange_key_sealed].map((s) => box.decrypt(s))).toEqual(SECRETS);
  } finally {
    await opened.close();
  }
});

test('the environment takes precedence and is shown without its secrets; an incomplete one is named and ignored', async () => {
  const nav = await fakeNav();
  folio = await startNavFolio(navEnv(nav.baseUrl));
  await folio.call('nav.saveSettings', { ...TECH_USER, login: 'kepernyo01' });
  const view = await folio.rpc('nav.settings');
  expect(view.body.data).toMatchObject({
    source: 'environment',
    environment: { login: 'folio0test', tax_number: '12345676', url: nav.baseUrl, system: 'other' },
    environment_missing: [],
    saved: { login: 'kepernyo01' },
  });
  for (const secret of SECRETS) expect(view.text).not.toContain(secret);
  // The check without typed values checks the user in effect: the environment's.
  expect(await folio.call('nav.check')).toMatchObject({ ok: true, reason: 'ok', checked: 'environment', system: 'other' });
  await folio.stop();

  const { FOLIO_NAV_PASSWORD: _password, FOLIO_NAV_URL: _url, ...partial } = navEnv(nav.baseUrl);
  folio = await startNavFolio(partial);
  expect(await folio.call('nav.settings')).toMatchObject({
    source: 'none',
    environment: null,
    environment_missing: ['FOLIO_NAV_PASSWORD', 'FOLIO_NAV_URL'],
  });
});

test('the connection check names what is wrong: login, signing key, exchange key, rights, tax number, NAV down, no way to NAV', async () => {
  const nav = await fakeNav();
  folio = await startNavFolio();
  folio.route.set('test', nav.baseUrl);
  const check = (settings?: Record<string, string>) => folio!.call('nav.check', settings ? { settings } : {});

  expect(await check()).toMatchObject({ ok: false, reason: 'not_set_up', checked: 'none' });
  // Typed values, before anything is saved: NAV's test system answers through the fake.
  expect(await check(TECH_USER)).toMatchObject({ ok: true, reason: 'ok', checked: 'typed', system: 'test', code: null });
  expect(await check({ ...TECH_USER, password: 'Rossz-jelszo-9' })).toMatchObject({ ok: false, reason: 'wrong_login', code: 'INVALID_SECURITY_USER' });
  expect(await check({ ...TECH_USER, login: 'masik0user' })).toMatchObject({ reason: 'wrong_login' });
  expect(await check({ ...TECH_USER, signature_key: 'zz-zzzz-7f661bff7d342N43CYX4U9FG' })).toMatchObject({
    ok: false,
    reason: 'wrong_signing_key',
    code: 'INVALID_REQUEST_SIGNATURE',
  });
  expect(await check({ ...TECH_USER, exchange_key: 'ZZZZEF0123456789' })).toMatchObject({ ok: false, reason: 'wrong_exchange_key' });
  // A check is no save.
  expect(await folio.call('nav.settings')).toMatchObject({ source: 'none', saved: null });

  // Saved, then checked with only some fields typed: the stored secrets fill the empty ones.
  await folio.call('nav.saveSettings', TECH_USER);
  expect(await check()).toMatchObject({ ok: true, reason: 'ok', checked: 'settings', system: 'test' });
  expect(await check({ ...TECH_USER, password: '', signature_key: '', exchange_key: '' })).toMatchObject({ ok: true, checked: 'typed' });
  expect(await check({ ...TECH_USER, password: '', exchange_key: 'ZZZZEF0123456789' })).toMatchObject({ reason: 'wrong_exchange_key' });
  // The production system has no stand-in set yet: Folio cannot get there.
  folio.route.set('production', await closedAddress());
  expect(await check({ ...TECH_USER, system: 'production' })).toMatchObject({ ok: false, reason: 'unreachable', code: 'NETWORK_ERROR' });

  // NAV's answers the fake never gives, from a stand-in that gives only that answer.
  for (const [code, reason, status] of [
    ['INVALID_USER_RELATION', 'not_authorised', 400],
    ['FORBIDDEN', 'not_authorised', 403],
    ['NOT_REGISTERED_CUSTOMER', 'tax_number_unknown', 400],
    ['INVALID_TIMESTAMP', 'clock', 400],
    ['MAINTENANCE', 'nav_unavailable', 503],
    ['SOMETHING_NEW', 'nav_error', 400],
  ] as const) {
    const answering = await startAnsweringNav(code, status);
    folio.route.set('production', answering.baseUrl);
    expect(await check({ ...TECH_USER, system: 'production' }), code).toMatchObject({ ok: false, reason, code, message: `${code} (stand-in)` });
    await answering.close();
  }
  await nav.down('unavailable');
  expect(await check()).toMatchObject({ reason: 'nav_unavailable' });
});

test('the queue: saved credentials reach the running reporter, refused reports in words, retried one by one and all at once', async () => {
  const nav = await fakeNav();
  folio = await startNavFolio();
  folio.route.set('test', nav.baseUrl);
  await folio.call('settings.update', { seller: SELLER });
  const clientId = (await folio.call('clients.create', BUYER)).id as number;
  const issue = async () => {
    const created = await folio!.call('invoices.create', {
      client_uid: clientId,
      payment_method: 2,
      currency: 'HUF',
      type: 3,
      fulfillment_date: new Date().toISOString().slice(0, 10),
      due_date: '2030-12-31',
      items: [{ description: 'Tanácsadás', vat_id: '1', qty: '2', net_unit_price: '10000', unit: 'óra' }],
    });
    return { id: created.id as number, number: created.attributes.prefixed_invoice_no as string };
  };
  const queue = () => folio!.call('nav.queue');
  const stateOf = async (id: number) => (await folio!.call('invoices.duties', { id })).nav.state as string;

  const first = await issue();
  expect(await folio.call('invoices.duties', { id: first.id })).toMatchObject({ nav_enabled: false, nav: { state: 'waiting' } });
  expect((await queue()).counts).toEqual({ waiting: 1, sent: 0, done: 0, done_with_warnings: 0, aborted: 0 });

  // A wrong password first: the report waits, and the queue says why in a reason code.
  await folio.call('nav.saveSettings', { ...TECH_USER, password: 'Rossz-jelszo-9' });
  const problem = await until(async () => (await queue()).waiting_problem);
  expect(problem).toMatchObject({ code: 'INVALID_SECURITY_USER', reason: 'wrong_login' });
  expect(nav.submissions(first.number)).toBe(0);

  // The right one: the report leaves at once (not after the 15-minute wait a refused user gets), no restart.
  await folio.call('nav.saveSettings', { ...TECH_USER, password: TECH_USER.password, signature_key: '', exchange_key: '' });
  await until(async () => (await stateOf(first.id)) === 'done');
  expect(await folio.call('invoices.duties', { id: first.id })).toMatchObject({ nav_enabled: true });
  expect(await queue()).toMatchObject({ counts: { waiting: 0, done: 1, aborted: 0 }, waiting_problem: null });

  // NAV refuses the next two.
  const refused = [await issue(), await issue()];
  for (const r of refused) nav.abortInvoice(r.number, 'INVOICE_NUMBER_NOT_UNIQUE', 'A számlaszám már szerepel a rendszerben');
  for (const r of refused) await until(async () => (await stateOf(r.id)) === 'aborted');
  const view = await queue();
  expect(view.counts).toEqual({ waiting: 0, sent: 0, done: 1, done_with_warnings: 0, aborted: 2 });
  expect(view.refused.items.map((r: { invoice_id: number }) => r.invoice_id).sort()).toEqual(refused.map((r) => r.id).sort());
  expect(view.refused.items.find((r: { invoice_id: number }) => r.invoice_id === refused[0]!.id)).toMatchObject({
    invoice_number: refused[0]!.number,
    client_name: BUYER.name,
    error_code: 'INVOICE_NUMBER_NOT_UNIQUE',
    nav_message: 'A számlaszám már szerepel a rendszerben',
    described: { hu: 'A megadott számlaszámot korábban már felhasználták.', en: expect.stringContaining('invoice number') },
    messages: [{ severity: 'ERROR', code: 'INVOICE_NUMBER_NOT_UNIQUE', text: 'A számlaszám már szerepel a rendszerben' }],
    retries: 0,
  });
  // Paged: one per page.
  const page1 = await folio.call('nav.queue', { max_per_page: 1 });
  expect([page1.refused.items.length, page1.refused.has_more]).toEqual([1, true]);

  // Retried one: NAV gets it again (and refuses it again: the fake still does); the retry is counted.
  expect(await folio.call('nav.retryRefused', { invoice_ids: [refused[0]!.id, first.id] })).toEqual({ retried: 1 });
  await until(async () => nav.submissions(refused[0]!.number) === 2 && (await stateOf(refused[0]!.id)) === 'aborted');
  const again = (await queue()).refused.items.find((r: { invoice_id: number }) => r.invoice_id === refused[0]!.id);
  expect(again.retries).toBe(1);
  expect(nav.submissions(refused[1]!.number)).toBe(1);

  // NAV's side fixed (here: another stand-in without the refusal), then all refused ones at once.
  const fixed = await fakeNav();
  folio.route.set('test', fixed.baseUrl);
  expect(await folio.call('nav.retryRefused', {})).toEqual({ retried: 2 });
  for (const r of refused) await until(async () => (await stateOf(r.id)) === 'done');
  expect(await queue()).toMatchObject({ counts: { done: 3, aborted: 0 }, refused: { items: [] } });
  expect(await folio.call('nav.retryRefused', {})).toEqual({ retried: 0 });
});
