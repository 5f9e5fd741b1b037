// Checking a Hungarian tax number (lookups.checkTaxNumber) over the real HTTP door — GET /tax-numbers/:tax/check and
// /rpc — on npm run serve's wiring: the check digit alone while NAV is not set up; with the technical user saved,
// NAV's queryTaxpayer against the fake NAV (requests and answers checked against NAV's schema, signatures checked)
// names the taxpayer and gives its seat first; a mistyped number never reaches NAV; NAV away leaves the checksum's
// answer with the reason.
import { expect, test } from '@playwright/test';
import { startFakeNav, type FakeNav } from './fake-nav-server';
import { SELLER } from './queue-rig';
import { API_KEY, closedAddress, startNavFolio, TECH_USER, type NavFolio } from '../nav-settings/support';

let folio: NavFolio | undefined;
let nav: FakeNav | undefined;
test.afterEach(async () => {
  await folio?.stop();
  folio = undefined;
  await nav?.close();
  nav = undefined;
});

/** GET /tax-numbers/:tax_number/check: the status and the parsed body. */
async function check(f: NavFolio, taxNumber: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${f.server.url}/tax-numbers/${encodeURIComponent(taxNumber)}/check`, { headers: { 'X-API-KEY': API_KEY } });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

async function withNav(): Promise<{ folio: NavFolio; nav: FakeNav }> {
  nav = await startFakeNav({ validateResponses: true });
  folio = await startNavFolio();
  folio.route.set('test', nav.baseUrl);
  await folio.call('settings.update', { seller: SELLER });
  await folio.call('nav.saveSettings', TECH_USER);
  return { folio, nav };
}

const queried = (n: FakeNav) => n.calls.filter((c) => c.operation === 'queryTaxpayer');

test('NAV not set up: the check digit answers, in every usual form, and says NAV was not asked', async () => {
  folio = await startNavFolio();
  const good = await check(folio, '34567898-2-42');
  expect(good.status).toBe(200);
  expect(good.body).toMatchObject({ success: true, type: 'tax_number_check' });
  expect(good.body.data).toEqual({
    tax_number: '34567898-2-42',
    valid: true,
    checksum_ok: true,
    source: 'checksum',
    nav_set_up: false,
    message: 'The check digit is right; NAV is not set up, so it was not asked',
  });
  expect((await folio.call('lookups.checkTaxNumber', { tax_number: '34567898242' })).tax_number).toBe('34567898-2-42');
  expect(await folio.call('lookups.checkTaxNumber', { tax_number: ' 34567898 ' })).toMatchObject({ tax_number: '34567898', valid: true, source: 'checksum' });

  const bad = await folio.call('lookups.checkTaxNumber', { tax_number: '10000003-2-41' });
  expect(bad).toMatchObject({ tax_number: '10000003-2-41', valid: false, checksum_ok: false, source: 'checksum' });
  const notOne = await folio.call('lookups.checkTaxNumber', { tax_number: '1234-5' });
  expect(notOne).toMatchObject({ tax_number: '1234-5', valid: false, checksum_ok: false, source: 'checksum' });
  expect(notOne.message).toMatch(/^Not a Hungarian tax number/);

  const empty = await folio.rpc('lookups.checkTaxNumber', { tax_number: '  ' });
  expect(empty.status).toBe(400);
  expect(empty.body.errors).toEqual([{ field: 'tax_number', message: 'is required' }]);
});

test('NAV set up: a known taxpayer comes back valid with its name and its seat first', async () => {
  const { folio, nav } = await withNav();
  const res = await check(folio, '34567898-2-42');
  expect(res.status).toBe(200);
  const data = res.body.data;
  expect(data).toMatchObject({ tax_number: '34567898-2-42', valid: true, checksum_ok: true, source: 'nav', nav_set_up: true });
  expect(data.nav_error).toBeUndefined();
  expect(data.taxpayer).toEqual({
    name: 'Példa Szoftverfejlesztő Korlátolt Felelősségű Társaság',
    short_name: 'Példa Szoftver Kft.',
    incorporation: 'ORGANIZATION',
    tax_number: '34567898-2-42',
    addresses: [
      { type: 'HQ', postcode: '1134', city: 'Budapest', street_name: 'Váci', street_type: 'út', house_nr: '47/B', country_code: 'HU', floor: '3' },
      { type: 'SITE', postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5', country_code: 'HU' },
    ],
  });
  // the 8-digit id alone is enough for NAV
  expect(await folio.call('lookups.checkTaxNumber', { tax_number: '34567898' })).toMatchObject({ source: 'nav', valid: true, taxpayer: { short_name: 'Példa Szoftver Kft.' } });
  expect(queried(nav).map((c) => c.status)).toEqual([200, 200]);
  await nav.idle();
  expect(nav.responseSchemaErrors).toEqual([]);
});

test('NAV set up: a right check digit NAV knows no taxpayer for is not valid; a wrong one never reaches NAV', async () => {
  const { folio, nav } = await withNav();
  const unknown = await folio.call('lookups.checkTaxNumber', { tax_number: '10000001-2-41' });
  expect(unknown).toMatchObject({ tax_number: '10000001-2-41', valid: false, checksum_ok: true, source: 'nav', nav_set_up: true });
  expect(unknown.taxpayer).toBeUndefined();
  expect(queried(nav)).toHaveLength(1);

  const mistyped = await folio.call('lookups.checkTaxNumber', { tax_number: '10000003-2-41' });
  expect(mistyped).toMatchObject({ valid: false, checksum_ok: false, source: 'checksum', nav_set_up: true });
  expect(queried(nav)).toHaveLength(1);
});

test('NAV away: the answer comes from the check digit, with the reason NAV gave none', async () => {
  const { folio, nav } = await withNav();
  await nav.down('unavailable');
  const unavailable = await check(folio, '34567898-2-42');
  expect(unavailable.status).toBe(200);
  expect(unavailable.body.data).toMatchObject({ valid: true, checksum_ok: true, source: 'checksum', nav_set_up: true, nav_error: { reason: 'nav_unavailable', code: 'SERVER_ERROR' } });
  expect(unavailable.body.data.taxpayer).toBeUndefined();

  folio.route.set('test', await closedAddress());
  const unreachable = await folio.call('lookups.checkTaxNumber', { tax_number: '34567898-2-42' });
  expect(unreachable).toMatchObject({ valid: true, source: 'checksum', nav_error: { reason: 'unreachable', code: 'NETWORK_ERROR' } });
  expect(unreachable.nav_error.message).not.toBe('');

  // back again: NAV answers as before
  folio.route.set('test', nav.baseUrl);
  await nav.up();
  expect(await folio.call('lookups.checkTaxNumber', { tax_number: '34567898-2-42' })).toMatchObject({ source: 'nav', valid: true });
});
