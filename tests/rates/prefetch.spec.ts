// The runtime's exchange-rate prefetch against a local fake MNB service, on a hand-moved business clock: the last
// ten days' rates land in the cache shortly after start and again when the day changes; a failure neither blocks
// the start nor stops later fetches; after stop nothing is asked any more.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { openDatabase, type OpenedDatabase } from '../../electron/db/open';
import { createRuntime, type Runtime } from '../../electron/runtime/runtime';
import { ratesTable } from '../../electron/rates/cache';
import { makeTempDir } from '../support/fixtures';
import { fakeMnb, type FakeServer } from './support/fake-sources';

let mnb: FakeServer | undefined;
let runtime: Runtime | undefined;
let opened: OpenedDatabase | undefined;
let tmp: ReturnType<typeof makeTempDir> | undefined;
test.afterEach(async () => {
  await runtime?.stop();
  await opened?.close();
  await mnb?.close();
  tmp?.remove();
  [runtime, opened, mnb, tmp] = [undefined, undefined, undefined, undefined];
});

async function start(clock: ManualClock, env: Record<string, string> = {}): Promise<Runtime> {
  tmp = makeTempDir('folio-prefetch-');
  opened = await openDatabase(`${tmp.dir}/folio.sqlite`);
  runtime = await createRuntime({
    db: opened.db,
    clock,
    env: { FOLIO_RATES_URL: `${mnb!.url}/arfolyamok.asmx`, ...env },
    ratePrefetch: { firstCheckMs: 0, checkEveryMs: 40 },
  });
  return runtime;
}

const cachedDays = async (currency: string) =>
  (await ratesTable(opened!.db).selectFrom('exchange_rates').select('date').where('currency', '=', currency).orderBy('date').execute()).map((r) => r.date);

const param = (body: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1];

test('at start and on the next day the last ten days of the usual currencies are fetched into the cache', async () => {
  mnb = await fakeMnb();
  const clock = new ManualClock('2026-11-23T08:00:00+01:00'); // a Monday morning
  const rt = await start(clock);
  await rt.start();

  await expect.poll(() => cachedDays('EUR')).toContain('2026-11-23');
  expect(mnb.requests).toHaveLength(1);
  const asked = mnb.requests[0]!.body;
  expect([param(asked, 'startDate'), param(asked, 'endDate')]).toEqual(['2026-11-13', '2026-11-23']);
  expect(param(asked, 'currencyNames')!.split(',')).toEqual(expect.arrayContaining(['EUR', 'USD', 'GBP', 'CHF', 'JPY']));
  expect(param(asked, 'currencyNames')).not.toContain('HUF');
  expect(await cachedDays('EUR')).toEqual(['2026-11-13', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-23']);
  expect((await cachedDays('JPY')).at(-1)).toBe('2026-11-23');

  // The same day: checks go on (every 40 ms here) but nothing more is asked.
  await new Promise((r) => setTimeout(r, 200));
  expect(mnb.requests).toHaveLength(1);

  // The next day's rates arrive without a restart.
  clock.advanceDays(1);
  await expect.poll(() => cachedDays('EUR')).toContain('2026-11-24');
  expect(mnb.requests).toHaveLength(2);
  expect(param(mnb.requests[1]!.body, 'endDate')).toBe('2026-11-24');

  // Stopped: no timer is left to ask again, even when the day changes.
  await rt.stop();
  clock.advanceDays(1);
  await new Promise((r) => setTimeout(r, 200));
  expect(mnb.requests).toHaveLength(2);
});

test('a failing source does not hold up the start; the prefetch retries and fills the cache once it answers', async () => {
  mnb = await fakeMnb();
  mnb.mode = 'http500';
  const clock = new ManualClock('2026-11-20T12:00:00+01:00');
  const rt = await start(clock);
  await rt.start();
  await expect.poll(() => mnb!.requests.length).toBeGreaterThanOrEqual(2); // tried, failed, tried again
  expect(await cachedDays('EUR')).toEqual([]);

  mnb.mode = 'ok';
  await expect.poll(() => cachedDays('EUR')).toContain('2026-11-20');
  // An invoice of the day, written offline now, finds its rate in the cache.
  await mnb.close();
  const client = await rt.core.call('clients.create', { name: 'Vevő Kft.', tax_type: 'NO_TAX_NUMBER', billing_address: { postcode: '7621', city: 'Pécs', street_name: 'Király', house_nr: '3', country: 'Magyarország' } });
  const made = await rt.core.call('invoices.create', {
    client_uid: client.id,
    type: 0,
    payment_method: 2,
    currency: 'USD',
    fulfillment_date: '2026-11-20',
    due_date: '2026-11-30',
    items: [{ description: 'Licence', vat_id: '1', qty: '1', net_unit_price: '10' }],
  });
  expect((await rt.core.call('invoices.get', { id: made.id })).attributes.exchange_rate_source).toBe('MNB 2026-11-20');
});

test('FOLIO_RATES_PREFETCH=off keeps the runtime from asking on its own', async () => {
  mnb = await fakeMnb();
  const rt = await start(new ManualClock('2026-11-23T08:00:00+01:00'), { FOLIO_RATES_PREFETCH: 'off' });
  await rt.start();
  await new Promise((r) => setTimeout(r, 200));
  expect(mnb.requests).toHaveLength(0);
});
