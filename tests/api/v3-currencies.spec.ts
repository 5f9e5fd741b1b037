// GET /v3/currencies over the real server with MNB's service as a local stand-in (tests/rates/support): HUF↔X, X↔Y
// through HUF, the day's rate or the latest before it, validated against 3.0.14's ConversationRate; offline without
// a saved rate of the day: 422 on the currency whose rate is missing.
import { expect, test } from '@playwright/test';
import Big from 'big.js';
import { startServer, type RunningServer } from '../../electron/server/start';
import { ApiClient } from '../support/api-client';
import { freshTestDatabase, serverOptions, type TestDatabase } from '../support/fixtures';
import { v3 } from '../support/v3-client';
import { fakeMnb, sample, type FakeServer } from '../rates/support/fake-sources';

const KEY = 'v3-currencies-key-0123456789';

let mnb: FakeServer | undefined;
let server: RunningServer | undefined;
let tmp: TestDatabase | undefined;
test.afterEach(async () => {
  await server?.close();
  await mnb?.close();
  tmp?.remove();
  [server, mnb, tmp] = [undefined, undefined, undefined];
});

/** MNB's published HUF rate of a currency on a day, read from the recorded sample the fake serves. */
function published(currency: string, day: string): string {
  const xml = sample('mnb-GetExchangeRates-2026-10-01_2026-12-31.xml');
  const dayPart = new RegExp(`Day date="${day}"&gt;(.*?)&lt;/Day&gt;`).exec(xml)![1]!;
  const m = new RegExp(`unit="(\\d+)" curr="${currency}"&gt;([\\d,]+)&lt;`).exec(dayPart)!;
  return new Big(m[2]!.replace(',', '.')).div(m[1]!).toFixed();
}

async function start() {
  mnb = await fakeMnb();
  tmp = await freshTestDatabase();
  server = await startServer(
    serverOptions(tmp.target, {
      port: 0,
      auth: { apiKey: KEY },
      now: '2026-11-27T10:00:00+01:00',
      env: { FOLIO_RATES_URL: `${mnb.url}/arfolyamok.asmx`, FOLIO_RATES_PREFETCH: 'off' },
    }),
  );
  return new ApiClient(server.url, { 'X-API-KEY': KEY });
}

test('EUR→HUF, HUF→USD and EUR→USD through HUF, today by default, a weekend day takes the Friday rate', async () => {
  const api = await start();
  const eurHuf = (await v3(api, 'GET', '/currencies', { status: 200, schema: 'ConversationRate' }, { query: { from: 'EUR', to: 'HUF' } })).body;
  expect(eurHuf).toEqual({ from_currency: 'EUR', to_currency: 'HUF', conversation_rate: Number(published('EUR', '2026-11-27')), date: '2026-11-27' });

  const hufUsd = (await v3(api, 'GET', '/currencies', { status: 200, schema: 'ConversationRate' }, { query: { from: 'HUF', to: 'USD', date: '2026-11-20' } })).body;
  const expectedHufUsd = new Big(1).div(published('USD', '2026-11-20')).round(6, Big.roundHalfUp);
  expect(hufUsd).toEqual({ from_currency: 'HUF', to_currency: 'USD', conversation_rate: Number(expectedHufUsd.toFixed()), date: '2026-11-20' });

  // Saturday the 21st: MNB publishes nothing, the rate of Friday the 20th is the day's rate
  const eurUsd = (await v3(api, 'GET', '/currencies', { status: 200, schema: 'ConversationRate' }, { query: { from: 'EUR', to: 'USD', date: '2026-11-21' } })).body;
  const cross = new Big(published('EUR', '2026-11-20')).div(published('USD', '2026-11-20')).round(6, Big.roundHalfUp);
  expect(eurUsd).toEqual({ from_currency: 'EUR', to_currency: 'USD', conversation_rate: Number(cross.toFixed()), date: '2026-11-21' });
  expect(mnb!.requests.length).toBeGreaterThan(0); // asked of the (local) MNB service, not made up

  // the same operation over v2's door (Folio extension) keeps the exact decimal and names each leg's source
  const v2 = (await api.ok('GET', '/exchange_rates/EUR/USD', { query: { date: '2026-11-21' } })).data;
  expect(v2).toEqual({ from: 'EUR', to: 'USD', date: '2026-11-21', rate: cross.toFixed(), from_source: 'MNB 2026-11-20', to_source: 'MNB 2026-11-20' });

  // The same currency both sides is 1 without asking anyone
  const same = (await v3(api, 'GET', '/currencies', { status: 200, schema: 'ConversationRate' }, { query: { from: 'CHF', to: 'CHF' } })).body;
  expect(same).toEqual({ from_currency: 'CHF', to_currency: 'CHF', conversation_rate: 1, date: '2026-11-27' });
});

test('offline: a saved rate of the day still answers; without one 422 on the missing side; bad input 422', async () => {
  const api = await start();
  await v3(api, 'GET', '/currencies', { status: 200, schema: 'ConversationRate' }, { query: { from: 'EUR', to: 'HUF', date: '2026-11-20' } });
  await mnb!.close(); // offline from here on

  const cached = (await v3(api, 'GET', '/currencies', { status: 200, schema: 'ConversationRate' }, { query: { from: 'HUF', to: 'EUR', date: '2026-11-20' } })).body;
  expect(cached.conversation_rate).toBe(Number(new Big(1).div(published('EUR', '2026-11-20')).round(6, Big.roundHalfUp).toFixed()));

  const refused = (await v3(api, 'GET', '/currencies', { status: 422, schema: 'ValidationErrorResponse' }, { query: { from: 'HUF', to: 'EUR', date: '2026-11-27' } })).body;
  expect(refused.errors).toEqual([{ field: 'to', message: refused.message }]);
  expect(refused.message).toContain('The latest saved rate is 390.79 HUF (MNB 2026-11-20)');

  const missing = (await v3(api, 'GET', '/currencies', { status: 422, schema: 'ValidationErrorResponse' }, { query: { from: 'EUR' } })).body;
  expect(missing.errors.map((e: { field: string }) => e.field)).toEqual(['to']);
  const badDate = (await v3(api, 'GET', '/currencies', { status: 422, schema: 'ValidationErrorResponse' }, { query: { from: 'EUR', to: 'HUF', date: '2026-02-30' } })).body;
  expect(badDate.errors.map((e: { field: string }) => e.field)).toEqual(['date']);
});
