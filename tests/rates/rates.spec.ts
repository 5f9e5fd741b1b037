// The exchange-rate provider against local HTTP servers answering from recorded MNB and ECB samples: online fetch,
// the cache offline, the 422 (with the latest saved rate) when the day's rate is not certain, weekends and bank
// holidays, per-100 units, ECB cross rates, and a foreign-currency invoice whose totals and HUF VAT use the rate.
import { expect, test } from '@playwright/test';
import { FolioError } from '../../shared/errors';
import { createRateProvider, parseMnbResponse } from '../../electron/rates/index';
import { ratesTable } from '../../electron/rates/cache';
import { openCore, makeClient, type TestCore } from '../recurring/support/setup';
import { fakeEcb, fakeMnb, sample, type FakeServer } from './support/fake-sources';

const NOW = '2026-11-23T10:00:00+01:00';

let t: TestCore | undefined;
const servers: FakeServer[] = [];
test.afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  await t?.close();
  t = undefined;
});

async function mnb(): Promise<FakeServer> {
  const s = await fakeMnb();
  servers.push(s);
  return s;
}

/** A URL where nothing listens: a server started and closed again. */
async function deadUrl(): Promise<string> {
  const s = await fakeMnb();
  await s.close();
  return `${s.url}/arfolyamok.asmx`;
}

async function refused(p: Promise<unknown>): Promise<FolioError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(FolioError);
  return e as FolioError;
}

test('the recorded MNB answer parses: decimal commas, per-100 units, every day and currency', () => {
  const rates = parseMnbResponse(sample('mnb-GetExchangeRates-2026-10-01_2026-12-31.xml'));
  expect(rates.find((r) => r.date === '2026-11-20' && r.currency === 'EUR')).toEqual({ date: '2026-11-20', currency: 'EUR', rate: '390.79', quoted: '390.79', unit: 1 });
  expect(rates.find((r) => r.date === '2026-11-20' && r.currency === 'JPY')).toEqual({ date: '2026-11-20', currency: 'JPY', rate: '2.183', quoted: '218.30', unit: 100 });
  expect(rates.some((r) => r.date === '2026-10-23')).toBe(false); // national holiday: MNB publishes nothing
});

test('MNB online: the SOAP request, the rate of the tax point, and the cache row', async () => {
  t = await openCore(NOW);
  const server = await mnb();
  const provider = createRateProvider({ db: t.db, url: `${server.url}/arfolyamok.asmx` });

  expect(await provider.rateFor('EUR', '2026-11-20')).toEqual({ rate: '390.79', source: 'MNB 2026-11-20' });
  expect(server.requests).toHaveLength(1);
  const req = server.requests[0]!;
  expect(req.method).toBe('POST');
  expect(req.headers['content-type']).toContain('text/xml');
  expect(req.headers.soapaction).toBe('"http://www.mnb.hu/webservices/MNBArfolyamServiceSoap/GetExchangeRates"');
  expect(req.body).toContain('<GetExchangeRates xmlns="http://www.mnb.hu/webservices/">');
  expect(req.body).toContain('<startDate>2026-11-06</startDate><endDate>2026-11-20</endDate><currencyNames>EUR</currencyNames>');

  const cached = await ratesTable(t.db).selectFrom('exchange_rates').selectAll().where('currency', '=', 'EUR').orderBy('date').execute();
  expect(cached.map((r) => r.date)).toContain('2026-11-20');
  expect(cached.every((r) => r.source === 'MNB')).toBe(true);

  // The same day again is answered from the cache.
  expect(await provider.rateFor('eur', '2026-11-20')).toEqual({ rate: '390.79', source: 'MNB 2026-11-20' });
  expect(server.requests).toHaveLength(1);
});

test('weekends and bank holidays take the latest rate published before them', async () => {
  t = await openCore(NOW);
  const server = await mnb();
  const provider = createRateProvider({ db: t.db, url: `${server.url}/arfolyamok.asmx` });
  expect(await provider.rateFor('EUR', '2026-11-22')).toEqual({ rate: '390.79', source: 'MNB 2026-11-20' }); // Sunday
  expect(await provider.rateFor('EUR', '2026-10-23')).toEqual({ rate: '386.34', source: 'MNB 2026-10-22' }); // national holiday (Friday)
  expect(await provider.rateFor('EUR', '2026-10-25')).toEqual({ rate: '386.34', source: 'MNB 2026-10-22' }); // … and its weekend
  expect(await provider.rateFor('EUR', '2026-12-26')).toEqual({ rate: '394.51', source: 'MNB 2026-12-23' }); // Christmas
  // A past day asked once is not asked again.
  const asked = server.requests.length;
  await provider.rateFor('EUR', '2026-11-22');
  expect(server.requests).toHaveLength(asked);
});

test('per-100 units: JPY is quoted per 100 yen and stored per yen', async () => {
  t = await openCore(NOW);
  const server = await mnb();
  const provider = createRateProvider({ db: t.db, url: `${server.url}/arfolyamok.asmx` });
  expect(await provider.rateFor('JPY', '2026-11-20')).toEqual({ rate: '2.183', source: 'MNB 2026-11-20' });
  const row = await ratesTable(t.db).selectFrom('exchange_rates').selectAll().where('currency', '=', 'JPY').where('date', '=', '2026-11-20').executeTakeFirstOrThrow();
  expect(row).toMatchObject({ rate: '2.183', quoted: '218.30', unit: 100 });
});

test('offline: a cached rate is used when it is certainly the day’s; otherwise a 422 offers the latest saved one', async () => {
  t = await openCore(NOW);
  const server = await mnb();
  const online = createRateProvider({ db: t.db, url: `${server.url}/arfolyamok.asmx` });
  await online.rateFor('EUR', '2026-11-20'); // fetches 2026-11-06 … 2026-11-20 in one request
  await server.close();

  const logged: string[] = [];
  const offline = createRateProvider({ db: t.db, url: `${server.url}/arfolyamok.asmx`, log: (m) => logged.push(m) });
  expect(await offline.rateFor('EUR', '2026-11-20')).toEqual({ rate: '390.79', source: 'MNB 2026-11-20' }); // exact: no network needed
  expect(await offline.rateFor('EUR', '2026-11-10')).toMatchObject({ source: 'MNB 2026-11-10' });
  // Sunday the 15th: the fetch that stored Friday's rate also reached Monday, so nothing was published in between.
  expect(await offline.rateFor('EUR', '2026-11-15')).toEqual({ rate: await rateOn('2026-11-13'), source: 'MNB 2026-11-13' });
  expect(logged).toEqual([]);

  // Friday the 27th was never fetched: MNB may have published since the 20th, so the newest saved rate is only offered.
  const e = await refused(offline.rateFor('EUR', '2026-11-27'));
  expect(e.code).toBe('rule_violation');
  expect(e.status).toBe(422);
  expect(e.errors).toEqual([
    {
      field: 'exchange_rate',
      message: e.message,
      reason: 'rate_unavailable',
      meta: { source: 'MNB', currency: 'EUR', date: '2026-11-27', latest_rate: '390.79', latest_date: '2026-11-20' },
    },
  ]);
  expect(e.message).toBe(
    'The MNB exchange rate of EUR for 2026-11-27 is not saved on this computer and the rate service could not be asked. ' +
      'The latest saved rate is 390.79 HUF (MNB 2026-11-20): give it or another rate as exchange_rate, or try again online.',
  );
  // The technical reason goes to the log, once per outage, never into the user's message.
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatch(/could not be reached \(ECONNREFUSED\)/);
  await refused(offline.rateFor('EUR', '2026-11-26'));
  expect(logged).toHaveLength(1);

  async function rateOn(date: string) {
    return (await ratesTable(t!.db).selectFrom('exchange_rates').select('rate').where('currency', '=', 'EUR').where('date', '=', date).executeTakeFirstOrThrow()).rate;
  }
});

test('offline with nothing cached: a 422 that says so and asks for exchange_rate', async () => {
  t = await openCore(NOW);
  const provider = createRateProvider({ db: t.db, url: await deadUrl(), log: () => undefined });
  const e = await refused(provider.rateFor('EUR', '2026-11-20'));
  expect(e.code).toBe('rule_violation');
  expect(e.status).toBe(422);
  expect(e.errors).toEqual([{ field: 'exchange_rate', message: e.message, reason: 'rate_unavailable', meta: { source: 'MNB', currency: 'EUR', date: '2026-11-20' } }]);
  expect(e.message).toBe(
    'The MNB exchange rate of EUR for 2026-11-20 is not saved on this computer and the rate service could not be asked. ' +
      'Give the exchange_rate of the invoice yourself, or try again online.',
  );
});

test('a source that does not answer in time counts as offline; a failure pauses further tries', async () => {
  t = await openCore(NOW);
  const server = await mnb();
  server.mode = 'hang';
  const logged: string[] = [];
  const provider = createRateProvider({ db: t.db, url: `${server.url}/arfolyamok.asmx`, timeoutMs: 300, log: (m) => logged.push(m) });
  const started = Date.now();
  const e = await refused(provider.rateFor('USD', '2026-11-20'));
  expect(Date.now() - started).toBeLessThan(3_000);
  expect(e.errors?.[0]?.reason).toBe('rate_unavailable');
  expect(e.message).not.toContain('0.3 s');
  expect(logged).toEqual([expect.stringContaining('no answer in 0.3 s')]);
  // Within the pause the cache answers at once, without asking again.
  await refused(provider.rateFor('USD', '2026-11-19'));
  expect(server.requests).toHaveLength(1);
});

test('a SOAP fault and an unknown currency are told apart', async () => {
  t = await openCore(NOW);
  const server = await mnb();
  server.mode = 'fault';
  const logged: string[] = [];
  const faulty = createRateProvider({ db: t.db, url: `${server.url}/arfolyamok.asmx`, log: (m) => logged.push(m) });
  expect((await refused(faulty.rateFor('EUR', '2026-11-20'))).errors?.[0]?.reason).toBe('rate_unavailable');
  expect(logged).toEqual([expect.stringContaining('A szolgáltatás átmenetileg nem érhető el.')]);
  server.mode = 'ok';
  const provider = createRateProvider({ db: t.db, url: `${server.url}/arfolyamok.asmx` });
  const unknown = await refused(provider.rateFor('XAU', '2026-11-20'));
  expect(unknown.message).toBe('MNB publishes no exchange rate for XAU on or before 2026-11-20. Give the exchange_rate of the invoice yourself.');
  expect((await refused(provider.rateFor('EURO', '2026-11-20'))).errors?.[0]?.field).toBe('currency');
});

test('ECB: cross rates through the euro, TARGET holidays, and the full history for old dates', async () => {
  t = await openCore(NOW);
  const server = await fakeEcb();
  servers.push(server);
  const provider = createRateProvider({
    db: t.db,
    source: 'ECB',
    url: `${server.url}/eurofxref-hist-90d.xml`,
    historyUrl: `${server.url}/eurofxref-hist.xml`,
  });
  expect(await provider.rateFor('EUR', '2026-11-20')).toEqual({ rate: '389.04', source: 'ECB 2026-11-20' });
  // HUF per USD = EURHUF / EURUSD = 389.04 / 1.1527, to 6 decimals
  expect(await provider.rateFor('USD', '2026-11-20')).toEqual({ rate: '337.503253', source: 'ECB 2026-11-20' });
  expect(server.requests.map((r) => r.path)).toEqual(['/eurofxref-hist-90d.xml']);
  // Early in the 90-day file, a Saturday: the file was stored whole, so Friday's rate is known to be the day's
  // without asking again, and the history is not needed.
  expect((await provider.rateFor('EUR', '2026-10-10')).source).toBe('ECB 2026-10-09');
  expect(server.requests.map((r) => r.path)).toEqual(['/eurofxref-hist-90d.xml']);
  // The ECB publishes on Hungary's national holiday, not on Christmas Day.
  expect((await provider.rateFor('EUR', '2026-10-23')).source).toBe('ECB 2026-10-23');
  expect((await provider.rateFor('EUR', '2026-12-25')).source).toBe('ECB 2026-12-24');
  // March is older than the 90-day file: the full history is fetched, only the needed window is kept.
  expect(await provider.rateFor('EUR', '2026-03-15')).toEqual({ rate: '389.13', source: 'ECB 2026-03-13' });
  expect(server.requests.map((r) => r.path)).toContain('/eurofxref-hist.xml');
  const march = await ratesTable(t.db).selectFrom('exchange_rates').select('date').where('source', '=', 'ECB').where('date', '<', '2026-10-01').execute();
  expect(march.every((r) => r.date >= '2026-03-01' && r.date <= '2026-03-15')).toBe(true);

  // Offline, a day between the March window and the 90 days is not taken for covered: nothing of it was fetched.
  await server.close();
  const offline = createRateProvider({ db: t.db, source: 'ECB', url: `${server.url}/eurofxref-hist-90d.xml`, log: () => undefined });
  const gap = await refused(offline.rateFor('EUR', '2026-06-01'));
  expect(gap.errors?.[0]).toMatchObject({ reason: 'rate_unavailable', meta: { source: 'ECB', latest_rate: '389.13', latest_date: '2026-03-13' } });
  expect((await offline.rateFor('USD', '2026-11-22')).source).toBe('ECB 2026-11-20'); // a weekend inside the 90 days
});

test('a foreign-currency invoice created through the core uses the rate for its totals and HUF VAT', async () => {
  const server = await mnb();
  t = await openCore(NOW, (db) => ({ rates: createRateProvider({ db, url: `${server.url}/arfolyamok.asmx` }) }));
  const client = await makeClient(t.core);
  const base = { client_uid: client, payment_method: 2, type: 3 as const, due_date: '2026-12-01' };

  const eur = await t.core.call('invoices.create', {
    ...base,
    currency: 'EUR',
    fulfillment_date: '2026-11-22', // a Sunday: Friday's rate
    items: [{ description: 'Tanácsadás', vat_id: '1', qty: '2', net_unit_price: '50', unit: 'óra' }],
  });
  const eurRead = await t.core.call('invoices.get', { id: eur.id });
  expect(eurRead.attributes).toMatchObject({ exchange_rate: '390.79', exchange_rate_source: 'MNB 2026-11-20', net_total: '100.000', vat_total: '27.000', gross_total: '127.000' });
  expect(eurRead.attributes.vat_summary).toEqual([expect.objectContaining({ vat_id: '1', vat: '27.000', vat_huf: '10551.000' })]); // 27 × 390.79 = 10 551.33

  const jpy = await t.core.call('invoices.create', {
    ...base,
    currency: 'JPY',
    fulfillment_date: '2026-11-20',
    items: [{ description: 'ライセンス', vat_id: '1', qty: '1', net_unit_price: '10000' }],
  });
  const jpyRead = await t.core.call('invoices.get', { id: jpy.id });
  expect(jpyRead.attributes).toMatchObject({ exchange_rate: '2.183', exchange_rate_source: 'MNB 2026-11-20', gross_total: '12700.000' });
  expect(jpyRead.attributes.vat_summary[0]!.vat_huf).toBe('5894.000'); // 2 700 × 2.183 = 5 894.1

  // A rate typed on the invoice wins over the provider.
  const given = await t.core.call('invoices.create', { ...base, currency: 'EUR', exchange_rate: '400', fulfillment_date: '2026-11-20', items: [{ description: 'X', vat_id: '1', qty: '1', net_unit_price: '10' }] });
  expect((await t.core.call('invoices.get', { id: given.id })).attributes).toMatchObject({ exchange_rate: '400', exchange_rate_source: 'given' });
});

test('offline and uncached, creating the invoice through the core is refused with 422 on exchange_rate; given, it is issued', async () => {
  const url = await deadUrl();
  t = await openCore(NOW, (db) => ({ rates: createRateProvider({ db, url, log: () => undefined }) }));
  const client = await makeClient(t.core);
  const input = { client_uid: client, payment_method: 2, type: 3 as const, currency: 'USD', fulfillment_date: '2026-11-20', due_date: '2026-12-01', items: [{ description: 'X', vat_id: '1', qty: '1', net_unit_price: '10' }] };
  const e = await refused(t.core.call('invoices.create', input));
  expect(e.code).toBe('rule_violation');
  expect(e.errors?.[0]?.field).toBe('exchange_rate');
  expect((await t.db.selectFrom('invoices').select('id').execute()).length).toBe(0);
  const ok = await t.core.call('invoices.create', { ...input, exchange_rate: '330.5' });
  expect(ok.id).toBeGreaterThan(0);
});

test('ratesFromEnv: FOLIO_RATES_SOURCE and FOLIO_RATES_URL configure the server’s provider', async () => {
  t = await openCore(NOW);
  const ecb = await fakeEcb();
  servers.push(ecb);
  const { ratesFromEnv } = await import('../../electron/rates/index');
  expect(ratesFromEnv(t.db, {}).source).toBe('MNB');
  const provider = ratesFromEnv(t.db, { FOLIO_RATES_SOURCE: 'ecb', FOLIO_RATES_URL: `${ecb.url}/eurofxref-hist-90d.xml` });
  expect(await provider.rateFor('EUR', '2026-11-20')).toEqual({ rate: '389.04', source: 'ECB 2026-11-20' });
  expect(() => ratesFromEnv(t!.db, { FOLIO_RATES_SOURCE: 'FED' })).toThrow('FOLIO_RATES_SOURCE must be MNB or ECB');
});
