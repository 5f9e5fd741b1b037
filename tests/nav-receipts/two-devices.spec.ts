// Two devices at two counters of one company, each on its own SQLite file, issue receipts on the same Budapest day
// and sync them to a real remote (the HTTP server on 127.0.0.1). The remote alone reports the day to the fake receipt
// interface (the devices answer `remote_reports`), once per currency, with sums that add up both devices' receipts:
// checked against the XSD by the fake and recomputed here from the receipts the remote holds. A cancellation made
// on one device the next day modifies that day's report, sent by the remote once the cancelling day has closed.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { openDatabase } from '../../electron/db/open';
import { createRuntime } from '../../electron/runtime/runtime';
import { startServer, type RunningServer } from '../../electron/server/start';
import { Big } from '../../shared/money';
import { seedSeller } from '../support/fixtures';
import { API_KEY, configure, syncOk, syncUntilQuiet, tempDir, type Device } from '../sync/support/nodes';
import { startFakeReceiptNav, type FakeReceiptNav } from './fake-receipt-server';
import { budapest, receipt, receiptEnv } from './rig';

let nav: FakeReceiptNav | undefined;
let remote: RunningServer | undefined;
const devices: Device[] = [];
let tmp: ReturnType<typeof tempDir> | undefined;
const clock = new ManualClock(budapest('2026-10-20 08:00:00'));

test.afterAll(async () => {
  for (const d of devices) await d.close();
  await remote?.close();
  await nav?.close();
  tmp?.remove();
});

/** A counter's desktop: a whole runtime on its own file, on the test's business clock, syncing with the remote. */
async function counter(name: string, prefix: string): Promise<Device> {
  const file = tmp!.file(`${prefix}.db`);
  const opened = await openDatabase(file);
  const runtime = await createRuntime({ db: opened.db, clock, env: { FOLIO_RATES_PREFETCH: 'off' }, sync: { requestTimeoutMs: 10_000 } });
  const device: Device = {
    name,
    file,
    runtime,
    opened,
    async close() {
      await runtime.stop();
      await opened.close();
    },
  };
  devices.push(device);
  await seedSeller(runtime.core);
  await configure(device, remote!.url, { block_prefix: prefix });
  await syncOk(device);
  return device;
}

/** The remote's /rpc door, as a script or a person's browser reaches it. */
async function rpc<T>(name: string, body: unknown): Promise<T> {
  const res = await fetch(`${remote!.url}/rpc/${name}`, { method: 'POST', headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { success: boolean; data: T; error?: string };
  if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${answer.error ?? ''}`);
  return answer.data;
}

type Item = { vat_id: string; gross_amount: string };
type Doc = { id: number; attributes: { date: string; currency: string; is_cancel_invoice: number; cancels_uid: number | null; items: Item[]; prefixed_invoice_no: string; gross_total: string } };
const VAT_NAME: Record<string, string> = { '1': '27%', '2': '5%' };

/** A day's categories recomputed from the receipts the remote holds (sales of that day, their cancellations). */
async function recomputed(day: string, currency: string) {
  const all = (await rpc<{ items: Doc[] }>('invoices.query', { start_date: '2026-10-01', end_date: '2026-10-31', type: 5, page: 1, max_per_page: 50 })).items;
  const sales = all.filter((d) => d.attributes.date === day && d.attributes.currency === currency && !d.attributes.is_cancel_invoice);
  const saleIds = new Set(sales.map((d) => d.id));
  const cancelling = all.filter((d) => d.attributes.is_cancel_invoice && saleIds.has(d.attributes.cancels_uid!));
  const cats = new Map<string, { sale: Big; modifying: Big }>();
  for (const [kind, docs] of [['sale', sales], ['modifying', cancelling]] as const) {
    for (const doc of docs) {
      for (const item of doc.attributes.items) {
        const name = VAT_NAME[String(item.vat_id)]!;
        const c = cats.get(name) ?? { sale: new Big(0), modifying: new Big(0) };
        c[kind] = c[kind].plus(item.gross_amount);
        cats.set(name, c);
      }
    }
  }
  const categories = [...cats].sort(([a], [b]) => a.localeCompare(b, 'en')).map(([vat, c]) => ({ vat, sale: c.sale.toFixed(2), modifying: c.modifying.toFixed(2) }));
  const total = [...cats.values()].reduce((s, c) => s.plus(c.sale).plus(c.modifying), new Big(0)).toFixed(2);
  return { categories, total, sales: sales.length, modifying: cancelling.length, numbers: sales.map((d) => d.attributes.prefixed_invoice_no) };
}

test("two counters' receipts of one day add up on the remote, which alone reports them; a later cancellation modifies the day", async () => {
  test.setTimeout(180_000);
  tmp = tempDir('receipts-two');
  nav = await startFakeReceiptNav({ now: () => clock.now() });
  // the remote reports with the technical user of its environment (a team server's FOLIO_NAV_*)
  remote = await startServer({ dbFile: tmp.file('remote.db'), port: 0, auth: { apiKey: API_KEY }, clock, env: receiptEnv(nav.baseUrl) });
  await seedSeller(remote.core);
  const a = await counter('Pult 1', 'P1');
  const b = await counter('Pult 2', 'P2');
  const own = async (d: Device) => (await d.runtime.core.call('sync.status', {})).own_block_uid as number;
  const [blockA, blockB] = [await own(a), await own(b)];

  // 20 October: both counters sell, in forints (27 % and 5 %) and one in euros; one sale a second before midnight
  clock.set(budapest('2026-10-20 09:00:00'));
  const a1 = await receipt(a.runtime.core, [{ gross_unit_price: '635', qty: '2' }, { gross_unit_price: '420', vat_id: '2' }], { block_uid: blockA });
  clock.set(budapest('2026-10-20 09:00:05'));
  await receipt(b.runtime.core, [{ gross_unit_price: '12700' }], { block_uid: blockB, payment_method: 5 });
  const a2 = await receipt(a.runtime.core, [{ gross_unit_price: '1000', vat_id: '2' }], { block_uid: blockA });
  await receipt(b.runtime.core, [{ gross_unit_price: '10.50', qty: '2' }], { block_uid: blockB, currency: 'EUR', exchange_rate: '390.5', payment_method: 5 });
  clock.set(budapest('2026-10-20 23:59:59'));
  await receipt(b.runtime.core, [{ gross_unit_price: '500' }], { block_uid: blockB });
  // the 21st begins: a sale of that day, not of the 20th
  clock.set(budapest('2026-10-21 00:00:01'));
  await receipt(a.runtime.core, [{ gross_unit_price: '300' }], { block_uid: blockA });
  await syncUntilQuiet([a, b]);

  // the 20th has closed: the counters leave reporting to the remote, which sends one report per currency
  clock.set(budapest('2026-10-21 06:00:00'));
  for (const d of [a, b]) expect(await d.runtime.core.call('navReceipts.run', {})).toMatchObject({ status: 'remote_reports', created: 0 });
  expect(nav.calls).toEqual([]);
  expect(await rpc('navReceipts.run', {})).toMatchObject({ status: 'ran', created: 2, modified: 0, refused: 0, failed: 0 });
  expect(nav.schemaErrors).toEqual([]);

  const day = nav.recorded('2026-10-20');
  expect(day).toHaveLength(2);
  const forint = day.find((r) => r.currency === 'HUF')!;
  const euro = day.find((r) => r.currency === 'EUR')!;
  const huf = await recomputed('2026-10-20', 'HUF');
  // both counters' receipts: 1690 + 1000 from the first, 12700 + 500 from the second
  expect(huf.numbers.filter((n) => n.startsWith('P1'))).toHaveLength(2);
  expect(huf.numbers.filter((n) => n.startsWith('P2'))).toHaveLength(2);
  expect(huf).toMatchObject({ total: '15890.00', sales: 4, categories: [{ vat: '27%', sale: '14470.00', modifying: '0.00' }, { vat: '5%', sale: '1420.00', modifying: '0.00' }] });
  expect(forint).toMatchObject({ serialNumber: a1.number, exchangeRate: null, sales: huf.sales, modifying: 0, total: huf.total, categories: huf.categories });
  const eur = await recomputed('2026-10-20', 'EUR');
  expect(euro).toMatchObject({ exchangeRate: '390.5', sales: 1, total: eur.total, categories: eur.categories });
  expect(eur.total).toBe('21.00');
  // the 21st is still open: nothing of it is reported
  expect(nav.recorded('2026-10-21')).toEqual([]);

  // the remote's receipts list says the same of the 20th: both counters' receipts
  const days = await rpc<{ days: Array<{ day: string; count: number; currencies: Array<{ currency: string; gross: string }> }> }>('receipts.days', { from: '2026-10-20', to: '2026-10-21' });
  expect(days.days.find((d) => d.day === '2026-10-20')).toMatchObject({ count: 5, currencies: [{ currency: 'HUF', gross: '15890.000' }, { currency: 'EUR', gross: '21.000' }] });

  // the 21st: the first counter cancels its 1000 Ft receipt of the 20th; reported as a modification once the 21st has closed
  clock.set(budapest('2026-10-21 12:00:00'));
  await a.runtime.core.call('invoices.cancel', { id: a2.id });
  await syncUntilQuiet([a, b]);
  expect(await rpc('navReceipts.run', {})).toMatchObject({ created: 0, modified: 0 });
  clock.set(budapest('2026-10-22 06:00:00'));
  expect(await rpc('navReceipts.run', {})).toMatchObject({ status: 'ran', created: 1, modified: 1, refused: 0, failed: 0 });
  const after = await recomputed('2026-10-20', 'HUF');
  expect(after).toMatchObject({ total: '14890.00', modifying: 1, categories: [{ vat: '27%', sale: '14470.00', modifying: '0.00' }, { vat: '5%', sale: '1420.00', modifying: '-1000.00' }] });
  expect(nav.recorded('2026-10-20').find((r) => r.currency === 'HUF')).toMatchObject({ serialNumber: a1.number, sales: 4, modifying: 1, total: after.total, categories: after.categories });
  expect(nav.recorded('2026-10-21')[0]).toMatchObject({ sales: 1, total: '300.00' });
  // nothing twice: another pass sends nothing, and each day has one report per currency
  expect(await rpc('navReceipts.run', {})).toMatchObject({ created: 0, modified: 0 });
  expect(nav.records.filter((r) => r.day === '2026-10-20' && r.status === 'RECORDED')).toHaveLength(2);
  expect(nav.schemaErrors).toEqual([]);
  expect(nav.responseSchemaErrors).toEqual([]);
});
