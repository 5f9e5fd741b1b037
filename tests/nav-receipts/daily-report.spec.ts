// The daily receipt report end to end: receipts made through the core on a database file, the business clock moved
// across Budapest midnights (and the night summer time ends), and the reporter sending each closed day to the fake
// receipt interface over real HTTP, every request checked against NAV's schema. The figures NAV got are compared
// with the receipts themselves, read back line by line.
import { expect, test } from '@playwright/test';
import Big from 'big.js';
import { ManualClock } from '../../electron/core/clock';
import type { Core } from '../../electron/core/index';
import { startFakeReceiptNav, type FakeReceiptNav, type FakeReceiptRecord } from './fake-receipt-server';
import { fakeMnb, type FakeServer } from '../rates/support/fake-sources';
import { budapest, openReceiptRig, receipt, reportRows, SELLER, tempDbFile, type ReceiptRig } from './rig';

let nav: FakeReceiptNav | undefined;
let mnb: FakeServer | undefined;
let rig: ReceiptRig | undefined;
let remove: (() => void) | undefined;

test.afterEach(async () => {
  await rig?.close();
  await nav?.close();
  await mnb?.close();
  remove?.();
  nav = mnb = rig = remove = undefined;
});

async function setup(start: string): Promise<ReceiptRig> {
  const clock = new ManualClock(budapest(start));
  nav = await startFakeReceiptNav({ now: () => clock.now(), validateResponses: true });
  mnb = await fakeMnb();
  const tmp = tempDbFile();
  remove = tmp.remove;
  rig = await openReceiptRig({ file: tmp.file, receiptUrl: nav.baseUrl, ratesUrl: `${mnb.url}/arfolyamok.asmx`, clock });
  await rig.core.call('settings.update', { seller: SELLER });
  return rig;
}

/** The receipts' own figures for one day, from the stored documents: per VAT rate, sales and cancellations. */
async function recomputed(core: Core, ids: { sales: number[]; cancelling: number[] }) {
  const cats = new Map<string, { sale: Big; modifying: Big }>();
  for (const [kind, list] of [['sale', ids.sales], ['modifying', ids.cancelling]] as const) {
    for (const id of list) {
      const doc = await core.call('invoices.get', { id });
      for (const item of doc.attributes.items) {
        const name = `${new Big(item.vat_rate ?? '0').times(100).toFixed()}%`;
        const c = cats.get(name) ?? { sale: new Big(0), modifying: new Big(0) };
        c[kind] = c[kind].plus(item.gross_amount ?? '0');
        cats.set(name, c);
      }
    }
  }
  return [...cats.entries()]
    .map(([vat, c]) => ({ vat, sale: c.sale.toFixed(2), modifying: c.modifying.toFixed(2) }))
    .sort((a, b) => a.vat.localeCompare(b.vat, 'en'));
}

const creates = (n: FakeReceiptNav, path = 'receipt/create') => n.calls.filter((c) => c.path === path && c.status === 200);

test('each closed Budapest day is reported once, 23:59:59 and 00:00:01 on their own days across the end of summer time; a cancellation the next day modifies its day', async () => {
  const { core, rt } = await setup('2026-10-24 10:00:00');
  const a = await receipt(core, [{ gross_unit_price: '635', qty: '2' }]);
  const b = await receipt(core, [{ gross_unit_price: '1000' }, { description: 'Kenyér', vat_id: '2', gross_unit_price: '450' }]);
  rig!.clock.set(budapest('2026-10-24 23:59:59'));
  const c = await receipt(core, [{ description: 'Sütemény', vat_id: '3', gross_unit_price: '990' }]);
  rig!.clock.set(budapest('2026-10-25 00:00:01')); // still summer time: 22:00:01Z on the 24th
  const d = await receipt(core, [{ gross_unit_price: '300' }]);
  rig!.clock.set(budapest('2026-10-25 23:59:59')); // winter time since 03:00: 22:59:59Z
  const e = await receipt(core, [{ gross_unit_price: '700' }]);
  rig!.clock.set(budapest('2026-10-26 00:00:01'));
  const f = await receipt(core, [{ vat_id: '7', description: 'Alanyi mentes', gross_unit_price: '5000' }]);
  expect([a.date, b.date, c.date, d.date, e.date, f.date]).toEqual(['2026-10-24', '2026-10-24', '2026-10-24', '2026-10-25', '2026-10-25', '2026-10-26']);

  // On the 26th at 00:00:30: the 24th and the 25th (a 25-hour day) have closed, the 26th has not.
  rig!.clock.set(budapest('2026-10-26 00:00:30'));
  const first = await rt.receipts.pass();
  expect(first).toMatchObject({ status: 'ran', created: 2, modified: 0, refused: 0, failed: 0 });
  expect(nav!.schemaErrors).toEqual([]);
  expect(nav!.recorded('2026-10-26')).toEqual([]);
  const day24 = nav!.recorded('2026-10-24');
  expect(day24).toHaveLength(1);
  expect(day24[0]).toMatchObject({ serialNumber: a.number, currency: 'HUF', exchangeRate: null, sales: 3, modifying: 0, total: '3710.00' });
  expect(day24[0]!.categories).toEqual(await recomputed(core, { sales: [a.id, b.id, c.id], cancelling: [] }));
  expect(nav!.recorded('2026-10-25')[0]).toMatchObject({ serialNumber: d.number, sales: 2, total: '1000.00' });
  expect(nav!.recorded('2026-10-25')[0]!.id).toMatch(/^[0-9]{8}_[0-9]{8}_[0-9]+$/);
  // the software was registered once, before the first report
  expect(nav!.calls.filter((x) => x.path === 'issuing-software/create')).toHaveLength(1);

  // The 26th: receipt b is cancelled. The 24th changes only once the cancelling day has closed.
  rig!.clock.set(budapest('2026-10-26 09:00:00'));
  const storno = await core.call('invoices.cancel', { id: b.id });
  expect(await rt.receipts.pass()).toMatchObject({ created: 0, modified: 0 });
  rig!.clock.set(budapest('2026-10-27 08:00:00'));
  expect(await rt.receipts.pass()).toMatchObject({ created: 1, modified: 1 });
  const after = nav!.recorded('2026-10-24');
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ serialNumber: a.number, sales: 3, modifying: 1, total: '2260.00' });
  expect(after[0]!.categories).toEqual(await recomputed(core, { sales: [a.id, b.id, c.id], cancelling: [storno.id] }));
  expect(after[0]!.xml).toContain(`<id>${day24[0]!.id}</id>`);
  expect(nav!.recorded('2026-10-26')[0]).toMatchObject({ sales: 1, categories: [{ vat: 'AAM', sale: '5000.00', modifying: '0.00' }] });

  // Nothing more to send: another pass and a restart-like second pass send nothing.
  expect(await rt.receipts.pass()).toMatchObject({ created: 0, modified: 0, found: 0 });
  expect(creates(nav!)).toHaveLength(3);
  expect(creates(nav!, 'receipt/modify')).toHaveLength(1);
  expect(nav!.calls.filter((x) => x.code === 'RECEIPT_ALREADY_EXISTS')).toEqual([]);
  const rows = await reportRows(rig!.db);
  expect(rows.map((r) => [r.day, r.state])).toEqual([
    ['2026-10-24', 'reported'],
    ['2026-10-25', 'reported'],
    ['2026-10-26', 'reported'],
  ]);
  expect(rows[0]!.nav_id).toBe(after[0]!.id);
  await nav!.idle();
  expect(nav!.responseSchemaErrors).toEqual([]);
  // the closing note's sample: the 25th's request and answer as the fake got and gave them
  console.log(`--- request ---\n${nav!.recorded('2026-10-25')[0]!.xml}\n--- answer ---\n${nav!.recorded('2026-10-25')[0]!.answer}`);
});

test('receipts in euros are reported apart from the forint ones, with the MNB rate of their day', async () => {
  const { core, rt } = await setup('2026-10-05 11:00:00');
  const eur = await receipt(core, [{ gross_unit_price: '12.50', qty: '2' }, { vat_id: '2', gross_unit_price: '3.10' }], { currency: 'EUR' });
  const huf = await receipt(core, [{ gross_unit_price: '1500' }]);
  const eurDoc = await core.call('invoices.get', { id: eur.id });
  expect(eurDoc.attributes.exchange_rate_source ?? 'MNB').toBeTruthy();
  rig!.clock.set(budapest('2026-10-06 07:00:00'));
  expect(await rt.receipts.pass()).toMatchObject({ created: 2, refused: 0, failed: 0 });
  expect(nav!.schemaErrors).toEqual([]);
  const reports = nav!.recorded('2026-10-05');
  const euro = reports.find((r: FakeReceiptRecord) => r.currency === 'EUR')!;
  const forint = reports.find((r: FakeReceiptRecord) => r.currency === 'HUF')!;
  expect(euro).toMatchObject({ serialNumber: eur.number, total: '28.10', sales: 1 });
  expect(euro.categories).toEqual([
    { vat: '27%', sale: '25.00', modifying: '0.00' },
    { vat: '5%', sale: '3.10', modifying: '0.00' },
  ]);
  // the rate is the receipt's, which is MNB's of the day (4 decimals at most)
  expect(new Big(euro.exchangeRate!).eq(new Big(eurDoc.attributes.exchange_rate).round(4, 1))).toBe(true);
  expect(mnb!.requests.length).toBeGreaterThan(0);
  expect(forint).toMatchObject({ serialNumber: huf.number, exchangeRate: null, total: '1500.00' });
});
