// What can go wrong between Folio and NAV's receipt interface: the interface down (refusing connections, then 503)
// and the report sent once it is back; an answer lost after NAV recorded the report (found in NAV's list, not sent
// twice); NAV refusing a report, shown in its words over /rpc and sent again after the fix; receipts Folio refuses
// to make in the first place.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { startServer, type RunningServer } from '../../electron/server/start';
import { ensureState, updateState } from '../../electron/sync/state';
import { startFakeReceiptNav, type FakeReceiptNav } from './fake-receipt-server';
import { budapest, openReceiptRig, receipt, receiptEnv, reportRows, SELLER, tempDbFile, type ReceiptRig } from './rig';

let nav: FakeReceiptNav | undefined;
let rig: ReceiptRig | undefined;
let server: RunningServer | undefined;
let remove: (() => void) | undefined;

test.afterEach(async () => {
  await rig?.close();
  await server?.close();
  await nav?.close();
  remove?.();
  nav = rig = server = remove = undefined;
});

async function setup(start: string): Promise<ReceiptRig> {
  const clock = new ManualClock(budapest(start));
  nav = await startFakeReceiptNav({ now: () => clock.now() });
  const tmp = tempDbFile();
  remove = tmp.remove;
  // MNB unreachable (a closed port): a foreign receipt without a rate has none to take
  rig = await openReceiptRig({ file: tmp.file, receiptUrl: nav.baseUrl, ratesUrl: 'http://127.0.0.1:9/arfolyamok.asmx', clock });
  await rig.core.call('settings.update', { seller: SELLER });
  return rig;
}

test('the interface down, then answering 503, then back: the day goes once it answers, nothing lost', async () => {
  const { core, rt, clock, db } = await setup('2026-10-12 15:00:00');
  const r = await receipt(core, [{ gross_unit_price: '2500' }]);
  clock.set(budapest('2026-10-13 06:00:00'));
  await nav!.down('refused');
  const down = await rt.receipts.pass();
  expect(down.status).toBe('ran');
  expect(down.problem?.code).toBe('NETWORK_ERROR');
  await nav!.up();
  await nav!.down('unavailable');
  const unavailable = await rt.receipts.pass();
  expect(unavailable.problem?.code).toBe('HTTP_503');
  await nav!.up();
  expect(await rt.receipts.pass()).toMatchObject({ created: 1, problem: null });
  expect(nav!.recorded('2026-10-12')).toEqual([expect.objectContaining({ serialNumber: r.number, total: '2500.00' })]);
  expect((await reportRows(db))[0]).toMatchObject({ state: 'reported', pending_request: null, submitted_at: null });
  expect(nav!.schemaErrors).toEqual([]);
});

test('an answer lost after NAV recorded the day: the next pass finds it in NAV’s list and does not send it again', async () => {
  const { core, rt, clock, db } = await setup('2026-10-12 15:00:00');
  await receipt(core, [{ gross_unit_price: '800' }, { vat_id: '2', gross_unit_price: '210' }]);
  clock.set(budapest('2026-10-13 06:00:00'));
  nav!.dropNextAnswer('receipt/create');
  const lost = await rt.receipts.pass();
  expect(lost).toMatchObject({ created: 0, failed: 1 });
  const inDoubt = (await reportRows(db))[0]!;
  expect(inDoubt).toMatchObject({ state: 'waiting', pending_operation: 'CREATE' });
  expect(inDoubt.submitted_at).not.toBeNull();
  expect(nav!.recorded('2026-10-12')).toHaveLength(1); // NAV has it

  // before its backoff nothing goes; after it, the list is asked and the report adopted
  expect(await rt.receipts.pass()).toMatchObject({ created: 0, found: 0, failed: 0 });
  clock.set(budapest('2026-10-13 07:00:00'));
  expect(await rt.receipts.pass()).toMatchObject({ created: 0, found: 1 });
  const row = (await reportRows(db))[0]!;
  expect(row).toMatchObject({ state: 'reported', nav_id: nav!.recorded('2026-10-12')[0]!.id, pending_request: null });
  expect(nav!.calls.filter((c) => c.path === 'receipt/create')).toHaveLength(1);
  expect(nav!.calls.filter((c) => c.path === 'receipt/list')).toHaveLength(1);
});

test('NAV refusing a day: its words over /rpc, sent again after the fix with navReceipts.retry, and navReceipts.run sends what is due', async () => {
  const clock = new ManualClock(budapest('2026-10-12 15:00:00'));
  nav = await startFakeReceiptNav({ now: () => clock.now() });
  const tmp = tempDbFile();
  remove = tmp.remove;
  const key = 'k'.repeat(32);
  server = await startServer({ dbFile: tmp.file, auth: { apiKey: key }, clock, env: receiptEnv(nav.baseUrl) });
  const rpc = async (name: string, body: unknown = {}) => {
    const r = await fetch(`${server!.url}/rpc/${name}`, { method: 'POST', headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await r.json()) as any;
    return { status: r.status, body: json.success ? json.data : json };
  };
  await server.core.call('settings.update', { seller: SELLER });
  const made = await rpc('receipts.create', { payment_method: 1, currency: 'HUF', items: [{ description: 'Kávé', vat_id: '1', gross_unit_price: '635', qty: '3' }] });
  expect(made.status).toBe(200);
  clock.set(budapest('2026-10-13 06:00:00'));
  nav.refuseTaxpayer('TAXPAYER_NOT_REGISTERED', 'Az adózó nem jelentkezett be a nyugta-adatszolgáltatásra');
  const run = await rpc('navReceipts.run', {});
  expect(run.body).toMatchObject({ status: 'ran', refused: 1, created: 0 });
  const days = await rpc('navReceipts.days', {});
  const day = days.body.days.find((d: any) => d.day === '2026-10-12');
  expect(day).toMatchObject({
    state: 'refused',
    error_code: 'TAXPAYER_NOT_REGISTERED',
    error_message: 'Az adózó nem jelentkezett be a nyugta-adatszolgáltatásra',
    figures: { total: '1905.00', sale_count: 1, categories: [{ vat: '27%', sale: '1905.00', modifying: '0.00' }] },
  });
  // a refused day is not sent again by itself
  expect((await rpc('navReceipts.run', {})).body).toMatchObject({ refused: 0, created: 0 });
  expect(nav.calls.filter((c) => c.path === 'receipt/create')).toHaveLength(1);

  nav.allowTaxpayer();
  expect((await rpc('navReceipts.retry', { id: day.id })).body).toMatchObject({ state: 'waiting', error_code: null });
  expect((await rpc('navReceipts.run', { day: '2026-10-12' })).body).toMatchObject({ created: 1 });
  const after = (await rpc('navReceipts.days', {})).body.days.find((d: any) => d.day === '2026-10-12');
  expect(after).toMatchObject({ state: 'reported', nav_id: nav.recorded('2026-10-12')[0]!.id });
  // a reported day cannot be "retried": a change goes as a modification
  expect((await rpc('navReceipts.retry', { id: day.id })).status).toBe(409);
  // and switching off needs the warning acknowledged, the field named
  const off = await rpc('navReceipts.saveSettings', { enabled: false });
  expect(off.status).toBe(400);
  expect(JSON.stringify(off.body)).toContain('acknowledge_manual_reporting');
  expect((await rpc('navReceipts.saveSettings', { enabled: false, acknowledge_manual_reporting: true })).body).toMatchObject({ enabled: false });
  expect((await rpc('navReceipts.run', {})).body).toMatchObject({ status: 'off' });
});

test('an invalidated day: InvalidateReceiptRequest, NAV holds nothing of it, and it is not reported again by itself', async () => {
  const { core, rt, clock, db } = await setup('2026-10-12 15:00:00');
  await receipt(core, [{ gross_unit_price: '990' }]);
  clock.set(budapest('2026-10-13 06:00:00'));
  await rt.receipts.pass();
  const row = (await reportRows(db))[0]!;
  const view = await core.call('navReceipts.invalidate', { id: row.id });
  expect(view).toMatchObject({ pending: 'INVALIDATE' });
  expect(await rt.receipts.pass()).toMatchObject({ invalidated: 1 });
  expect(nav!.recorded('2026-10-12')).toEqual([]);
  expect((await reportRows(db))[0]).toMatchObject({ state: 'invalidated', nav_id: null });
  expect(await rt.receipts.pass()).toMatchObject({ created: 0 });
  expect(nav!.schemaErrors).toEqual([]);
});

test('receipts Folio refuses to make: no lines, a negative total, a foreign currency without a rate — the field named, nothing made', async () => {
  const { core } = await setup('2026-10-12 15:00:00');
  const refused = async (body: Record<string, unknown>) => {
    try {
      await core.call('receipts.create', { payment_method: 1, currency: 'HUF', ...body } as never);
    } catch (e) {
      return e as { code: string; errors?: Array<{ field: string; message: string }> };
    }
    throw new Error('made a receipt');
  };
  const noLines = await refused({ items: [] });
  expect(noLines.errors?.map((e) => e.field)).toContain('items');
  const negative = await refused({ items: [{ description: 'Visszáru', vat_id: '1', gross_unit_price: '-500', qty: '1' }] });
  expect(negative.errors).toEqual([{ field: 'items', message: expect.stringContaining('negative') }]);
  // no MNB to ask (FOLIO_RATES_URL is a closed port in this rig), no rate given
  const noRate = await refused({ currency: 'EUR', items: [{ description: 'Kávé', vat_id: '1', gross_unit_price: '3', qty: '1' }] });
  expect(JSON.stringify(noRate.errors)).toContain('exchange_rate');
  const list = await core.call('invoices.list', {} as never);
  expect((list as { items: unknown[] }).items).toHaveLength(0);
});

test('a device that syncs with a remote does not report receipts: the remote, holding every device’s receipts, does', async () => {
  const { core, rt, clock, db } = await setup('2026-10-12 15:00:00');
  await receipt(core, [{ gross_unit_price: '990' }]);
  clock.set(budapest('2026-10-13 06:00:00'));
  // the device's sync settings as joining a remote leaves them (sealed secrets are not read by this rule)
  await ensureState(db);
  await updateState(db, { enabled: 1, base_url: 'http://127.0.0.1:9', api_key: 'sealed', device_name: 'Pult 2' });
  expect(await rt.receipts.pass()).toMatchObject({ status: 'remote_reports', created: 0 });
  expect(nav!.calls).toEqual([]);
  // the same file as the remote's (no sync of its own): it reports
  await updateState(db, { enabled: 0 });
  expect(await rt.receipts.pass()).toMatchObject({ status: 'ran', created: 1 });
});
