// A foreign-currency invoice over the real HTTP door when the MNB service cannot be reached: with only an older rate
// saved, the invoice is refused on exchange_rate with that rate offered as data (no network detail in the words);
// given a rate, it is issued with it.
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../../electron/server/start';
import { ApiClient } from '../support/api-client';
import { tempDbFile } from '../support/fixtures';
import { fakeMnb, type FakeServer } from './support/fake-sources';
import { BUYER, SELLER } from './support/business';

const KEY = 'rates-test-key-0123456789';

let mnb: FakeServer | undefined;
let server: RunningServer | undefined;
let tmp: ReturnType<typeof tempDbFile> | undefined;
test.afterEach(async () => {
  await server?.close();
  await mnb?.close();
  tmp?.remove();
  [server, mnb, tmp] = [undefined, undefined, undefined];
});

const invoice = (client: number, over: Record<string, unknown>) => ({
  client_uid: client,
  type: 3,
  payment_method: 2,
  currency: 'EUR',
  due_date: '2026-12-10',
  template_lang_code: 'en',
  items: [{ description: 'Consulting', vat_id: 1, qty: 2, net_unit_price: '50', unit: 'hour' }],
  ...over,
});

test('offline with an older rate saved: 422 on exchange_rate offering it; with exchange_rate given the invoice is issued', async () => {
  mnb = await fakeMnb();
  tmp = tempDbFile();
  server = await startServer({
    dbFile: tmp.file,
    port: 0,
    auth: { apiKey: KEY },
    now: '2026-11-27T10:00:00+01:00',
    env: { FOLIO_RATES_URL: `${mnb.url}/arfolyamok.asmx`, FOLIO_RATES_PREFETCH: 'off' },
  });
  const api = new ApiClient(server.url, { 'X-API-KEY': KEY });
  await api.ok('PUT', '/settings', { body: { seller: SELLER } });
  const client = (await api.ok('POST', '/clients', { body: BUYER })).data.id as number;

  // Online: an invoice of the 20th saves MNB's rates of the two weeks before it.
  const first = (await api.ok('POST', '/invoices', { body: invoice(client, { fulfillment_date: '2026-11-20' }) })).data;
  expect((await api.ok('GET', `/invoices/${first.id}`)).data.attributes).toMatchObject({ exchange_rate: '390.79', exchange_rate_source: 'MNB 2026-11-20' });

  await mnb.close(); // offline from here on
  const refused = await api.post('/invoices', invoice(client, { fulfillment_date: '2026-11-27' }));
  expect(refused.status).toBe(422);
  expect(refused.body).toMatchObject({ success: false, code: 'rule_violation' });
  expect(refused.body.errors).toEqual([
    {
      field: 'exchange_rate',
      message: refused.body.error,
      reason: 'rate_unavailable',
      meta: { source: 'MNB', currency: 'EUR', date: '2026-11-27', latest_rate: '390.79', latest_date: '2026-11-20' },
    },
  ]);
  expect(refused.body.error).toContain('The latest saved rate is 390.79 HUF (MNB 2026-11-20)');
  // Plain words: no socket error code, address or port of the rate service.
  expect(refused.body.error).not.toMatch(/E[A-Z]{4,}|127\.0\.0\.1|could not be reached|arfolyamok/);
  const list = (await api.ok('GET', '/invoices')).data as unknown[];
  expect(list).toHaveLength(1); // nothing of the refused invoice is kept

  // The rate offered, given back: issued with it, recorded as given.
  const issued = (await api.ok('POST', '/invoices', { body: invoice(client, { fulfillment_date: '2026-11-27', exchange_rate: '390.79' }) })).data;
  const read = (await api.ok('GET', `/invoices/${issued.id}`)).data.attributes;
  expect(read).toMatchObject({ type: 3, exchange_rate: '390.79', exchange_rate_source: 'given', gross_total: '127.000' });
  expect(read.invoice_no).toBeTruthy();
  expect(read.vat_summary[0].vat_huf).toBe('10551.000'); // 27 × 390.79 = 10 551.33
});
