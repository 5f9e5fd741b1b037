// The EU VAT lookup through the core (`vat.eu`) with the real outside-world parts: the offline IP→country table and
// the VIES REST client, VIES being a local HTTP server answering from recorded samples.
import { createServer, type AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { FolioError } from '../../shared/errors';
import { createEuVat, euVatFromEnv, loadIpCountry } from '../../electron/vat-eu/index';
import { openCore, type TestCore } from '../recurring/support/setup';
import { fakeVies, type FakeServer } from '../rates/support/fake-sources';

const NOW = '2026-11-23T10:00:00+01:00';
/** heise.de (Hannover) and NIIF/KIFÜ, the Hungarian research network: stable allocations the table knows. */
const GERMAN_IP = '193.99.144.80';
const HUNGARIAN_IP = '2001:738::1';

let t: TestCore | undefined;
const servers: FakeServer[] = [];
test.afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  await t?.close();
  t = undefined;
});

/** A port that was free a moment ago: a server is opened on it and closed again, never connected to. */
async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function vies(): Promise<FakeServer> {
  const s = await fakeVies({
    DE811907980: { status: 200, sample: 'vies-valid.json' },
    DE999999999: { status: 200, sample: 'vies-invalid.json' },
    FR12345678901: { status: 500, sample: 'vies-ms-unavailable.json' },
  });
  servers.push(s);
  return s;
}

async function coreWithVies(url: string, timeoutMs?: number) {
  const euVat = await createEuVat({ url, ...(timeoutMs ? { timeoutMs } : {}) });
  t = await openCore(NOW, { euVat });
  return t.core;
}

test('the country of an IP address is found offline; unknown and private addresses have none', async () => {
  const ipCountry = await loadIpCountry();
  expect(ipCountry(GERMAN_IP)).toBe('DE');
  expect(ipCountry('194.25.0.1')).toBe('DE'); // Deutsche Telekom
  expect(ipCountry(HUNGARIAN_IP)).toBe('HU');
  expect(ipCountry('195.228.0.1')).toBe('HU'); // Magyar Telekom
  expect(ipCountry(' 193.99.144.80 ')).toBe('DE');
  expect(ipCountry('127.0.0.1')).toBeNull();
  expect(ipCountry('10.1.2.3')).toBeNull();
  expect(ipCountry('not-an-ip')).toBeNull();
  expect(ipCountry('')).toBeNull();
});

test('a German consumer of a Hungarian business: 19 %, the "19.0% - DE" code that GET /vat lists, IP country matched', async () => {
  const server = await vies();
  const core = await coreWithVies(`${server.url}/check-vat-number`);
  const result = await core.call('vat.eu', { country: 'de', business_country: 'HU', ip: GERMAN_IP });
  expect(result).toMatchObject({
    set_country: 'DE',
    ip_country: 'DE',
    country_match: true,
    company: null,
    company_error: null,
    tax_rate: 0.19,
    folio_vat: { value: '0.19', description: '19.0% - DE' },
  });
  expect(result.billingo_vat).toEqual(result.folio_vat);
  const listed = await core.call('vat.list', {});
  const code = listed.find((v) => v.attributes.description === '19.0% - DE');
  expect(code).toBeDefined();
  expect(Number(code!.id)).toBe(result.folio_vat.id);
  expect(code!.attributes.value).toBe('0.19');
  expect(server.requests).toHaveLength(0); // no VAT number, no VIES

  const fromHungary = await core.call('vat.eu', { country: 'DE', business_country: 'HU', ip: HUNGARIAN_IP });
  expect(fromHungary).toMatchObject({ ip_country: 'HU', country_match: false, tax_rate: 0.19 });
});

test('a valid VAT number (VIES): reverse charge at 0 %, the company filled in', async () => {
  const server = await vies();
  const core = await coreWithVies(`${server.url}/check-vat-number`);
  const result = await core.call('vat.eu', { country: 'DE', business_country: 'HU', vat_code: 'DE 811 907 980' });
  expect(result.company).toEqual({
    valid: true,
    name: 'Beispiel Software GmbH',
    address: 'Musterstraße 12, 10115 Berlin',
    country: 'DE',
    vat_number: 'DE811907980',
  });
  expect(result.company_error).toBeNull();
  expect(result.tax_rate).toBe(0);
  expect(result.folio_vat.value).toBe('0');
  expect(result.rule).toContain('reverse charge');
  expect(server.requests).toHaveLength(1);
  expect(server.requests[0]!.headers['content-type']).toBe('application/json');
  expect(JSON.parse(server.requests[0]!.body)).toEqual({ countryCode: 'DE', vatNumber: '811907980' });
});

test('an invalid VAT number: no company, the consumer rate, and why', async () => {
  const server = await vies();
  const core = await coreWithVies(`${server.url}/check-vat-number`);
  const result = await core.call('vat.eu', { country: 'DE', business_country: 'HU', vat_code: 'DE999999999' });
  expect(result).toMatchObject({ company: null, company_error: 'VIES says this VAT number is not valid', tax_rate: 0.19 });
});

test('VIES down, failing or silent: company null with a clear company_error, never a throw', async () => {
  const server = await vies();
  // A member state's service unavailable (VIES's own error answer).
  let core = await coreWithVies(`${server.url}/check-vat-number`);
  const unavailable = await core.call('vat.eu', { country: 'FR', business_country: 'HU', vat_code: 'FR12345678901' });
  expect(unavailable.company).toBeNull();
  expect(unavailable.company_error).toContain('MS_UNAVAILABLE');
  expect(unavailable.company_error).toContain('could not be reached');
  expect(unavailable.tax_rate).toBe(0.2); // the French consumer rate stands until the number is checked
  await t!.close();

  // Nothing listening at all: a port nobody was ever connected to (the fake's own port could still have a kept-alive
  // connection in the client's pool, which answers a socket error instead of a refusal).
  await server.close();
  core = await coreWithVies(`http://127.0.0.1:${await unusedPort()}/check-vat-number`);
  const down = await core.call('vat.eu', { country: 'DE', business_country: 'HU', vat_code: 'DE811907980' });
  expect(down).toMatchObject({ company: null, tax_rate: 0.19 });
  expect(down.company_error).toMatch(/could not be reached \(ECONNREFUSED\); try again when online/);
  await t!.close();

  // Listening but never answering: the timeout ends it.
  const silent = await vies();
  silent.mode = 'hang';
  core = await coreWithVies(`${silent.url}/check-vat-number`, 300);
  const started = Date.now();
  const late = await core.call('vat.eu', { country: 'DE', business_country: 'HU', vat_code: 'DE811907980' });
  expect(Date.now() - started).toBeLessThan(3_000);
  expect(late.company).toBeNull();
  expect(late.company_error).toContain('no answer in 0.3 s');
});

test('a bad or missing country is a 400 naming the field', async () => {
  t = await openCore(NOW, { euVat: await createEuVat() });
  for (const [input, field] of [
    [{ business_country: 'HU' }, 'country'],
    [{ country: 'Germany', business_country: 'HU' }, 'country'],
    [{ country: 'D', business_country: 'HU' }, 'country'],
    [{ country: 49, business_country: 'HU' }, 'country'],
    [{ country: 'DE' }, 'business_country'],
    [{ country: 'DE', business_country: 'H1' }, 'business_country'],
  ] as const) {
    const e = await t.core.call('vat.eu', input).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e, JSON.stringify(input)).toBeInstanceOf(FolioError);
    expect((e as FolioError).code).toBe('validation_failed');
    expect((e as FolioError).status).toBe(400);
    expect((e as FolioError).errors?.map((x) => x.field)).toContain(field);
  }
});

test('euVatFromEnv points VIES at FOLIO_VIES_URL', async () => {
  const server = await vies();
  const deps = await euVatFromEnv({ FOLIO_VIES_URL: `${server.url}/check-vat-number`, FOLIO_VIES_TIMEOUT_MS: '2000' });
  expect(await deps.vies('DE', '811907980')).toEqual({ valid: true, name: 'Beispiel Software GmbH', address: 'Musterstraße 12, 10115 Berlin' });
  expect(await deps.ipCountry(GERMAN_IP)).toBe('DE');
});
