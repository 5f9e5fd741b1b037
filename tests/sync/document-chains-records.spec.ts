// The remote trusts no chain link a device pushes (electron/core/sync/chain-links.ts, record-check.ts). A real device
// issues an invoice and an advance and syncs them; then, offline, a modification of the invoice, a final invoice
// deducting the advance and a modification of the previous program's invoice, whose records are pushed by hand with
// the device's own credential, each changed in one way a rule covers: refused in words naming the rule, the remote's
// tables exactly as before. The unchanged records are stored, and pushed again answer `exists`.
import { expect, test } from '@playwright/test';
import type { InvoiceRecord } from '../../shared/contract/sync';
import { addressBody } from '../support/fixtures';
import { configure, openDevice, startLocalRemote, syncOk, tempDir, type Device } from './support/nodes';
import { asNext, credentialOf, pushRecords, recordOfLocal, remoteState } from './support/records';
import type { RunningServer } from '../../electron/server/start';

let remote: RunningServer;
let device: Device;
let headers: Record<string, string>;
let M: InvoiceRecord;
let F: InvoiceRecord;
let E: InvoiceRecord;
let tmp: ReturnType<typeof tempDir>;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  tmp = tempDir('chain-records');
  remote = await startLocalRemote(tmp.file('remote.db'));
  device = await openDevice('Laptop A', tmp.file('a.db'));
  const call = device.runtime.core.call.bind(device.runtime.core) as (op: string, input: unknown) => Promise<any>;
  await configure(device, remote.url, { block_prefix: 'LAPA' });
  const client = (await call('clients.create', { name: 'Vevő Kft.', taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER', billing_address: addressBody() })).id;
  await syncOk(device);
  const own = (await call('sync.status', {})).own_block_uid as number;
  const body = (items: unknown[], extra: Record<string, unknown> = {}) => ({
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, block_uid: own, fulfillment_date: '2026-03-15', due_date: '2026-03-23', items, ...extra,
  });
  const x = await call('invoices.create', body([{ description: 'Fejlesztés', vat_id: 1, qty: 2, net_unit_price: 50_000, unit: 'óra' }]));
  const adv = await call('invoices.create', body([{ description: 'Előleg', vat_id: 1, qty: 1, net_unit_price: 30_000, unit: '' }], { advance: 1 }));
  await syncOk(device);
  await device.runtime.core.call('sync.configure', { enabled: false });

  const m = await call('invoices.modify', { id: x.id, reason: 'Kevesebb óra', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 50_000, unit: 'óra' }] });
  const f = await call('invoices.create', body([{ description: 'Weboldal', vat_id: 1, qty: 1, net_unit_price: 100_000, unit: 'db' }], { deduct_unpaid_advances: true, advance_invoice_uids: [adv.id] }));
  const e = await call('invoices.modifyExternal', {
    original: { invoice_no: 'RÉGI-2025-0042', date: '2025-11-03', fulfillment_date: '2025-11-03', client_uid: client, items: [{ description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 50_000 }] },
    reason: 'Árkorrekció',
    items: [{ modifies_line: 1, description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 5_000 }],
  });
  [M, F, E] = [await recordOfLocal(device, m.id), await recordOfLocal(device, f.id), await recordOfLocal(device, e.id)];
  headers = await credentialOf(device);
});

test.afterAll(async () => {
  await device?.close();
  await remote?.close();
  tmp?.remove();
});

const db = () => remote.core.ctx.db;

async function expectRefused(record: InvoiceRecord, words: RegExp) {
  const before = await remoteState(db());
  const answer = await pushRecords(remote.url, headers, [await asNext(db(), record)]);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.data.results).toEqual([{ status: 'refused', message: expect.stringMatching(words) }]);
  expect(await remoteState(db())).toBe(before);
}

const copy = <T>(r: T): T => structuredClone(r);

test('the records are what the device issued: links by the remote’s ids, settled through the original', () => {
  expect(M).toMatchObject({ modification_index: 1, modification_reason: 'Kevesebb óra', status: 1, total_paid: M.total, payments: [] });
  expect(M.modifies_uid).toEqual(expect.any(Number));
  expect(F.items[1]!.advance_invoice_uid).toEqual(expect.any(Number));
  expect(JSON.parse(E.external_original!)).toMatchObject({ invoice_no: 'RÉGI-2025-0042', date: '2025-11-03' });
});

test('a modification of an invoice the remote does not have is refused', async () => {
  await expectRefused({ ...copy(M), modifies_uid: 999_999 }, /modifies is not on the remote/);
});

test('a modification naming another invoice than its printed original is refused', async () => {
  await expectRefused({ ...copy(M), modifies_uid: F.items[1]!.advance_invoice_uid! }, /names its original as/);
});

test('a modification without its index, or one that changes a line its original does not have, is refused', async () => {
  await expectRefused({ ...copy(M), modification_index: null }, /together/);
  const r = copy(M);
  r.items[0]!.modifies_line = 9;
  await expectRefused(r, /has no line 9/);
});

test('a modification that claims payments of its own is refused', async () => {
  await expectRefused({ ...copy(M), status: 2, total_paid: '0.000' }, /settled through its original/);
});

test('a deduction of an advance the remote does not have, or of a normal invoice, is refused', async () => {
  const unknown = copy(F);
  unknown.items[1]!.advance_invoice_uid = 999_999;
  await expectRefused(unknown, /advance invoice .* is not on the remote/);
  const normal = copy(F);
  normal.items[1]!.advance_invoice_uid = M.modifies_uid!;
  await expectRefused(normal, /not an advance invoice/);
});

test('a deduction that is not the advance’s own amounts is refused', async () => {
  const r = copy(F);
  const d = r.items[1]!;
  Object.assign(d, { net_unit_price: '29000', net_amount: '-29000.000', vat_amount: '-7830.000', gross_amount: '-36830.000' });
  const milli = (s: string) => Math.round(Number(s) * 1000);
  const str = (m: number) => (m / 1000).toFixed(3);
  const net = r.items.reduce((s, i) => s + milli(i.net_amount), 0);
  const vat = r.items.reduce((s, i) => s + milli(i.vat_amount), 0);
  Object.assign(r, { net_total: str(net), vat_total: str(vat), gross_total: str(net + vat), total: str(net + vat) });
  await expectRefused({ ...r, status: 2, total_paid: '0.000' }, /not that advance's amounts/);
});

test('an external original that is not the one the record names is refused', async () => {
  await expectRefused({ ...copy(E), external_original: JSON.stringify({ invoice_no: 'MÁS-1', date: '2025-11-03' }) }, /external_original/);
  await expectRefused({ ...copy(E), external_original: '{not json' }, /external_original/);
});

test('the valid records are stored with their links; pushed again they answer exists; another chain under a stored number is refused', async () => {
  const first = await pushRecords(remote.url, headers, [M, F, E]);
  expect(first.body.data.results.map((r: { status: string }) => r.status)).toEqual(['stored', 'stored', 'stored']);
  const again = await pushRecords(remote.url, headers, [M, F, E]);
  expect(again.body.data.results).toEqual(first.body.data.results.map((r: { id: number }) => ({ status: 'exists', id: r.id })));
  const other = await pushRecords(remote.url, headers, [{ ...copy(M), modification_index: 2 }]);
  expect(other.body.data.results).toEqual([{ status: 'refused', message: expect.stringMatching(/already used on the remote by another invoice/) }]);

  const [mId, , eId] = first.body.data.results.map((r: { id: number }) => r.id);
  const row = await db().selectFrom('invoices').select(['modifies_id', 'modification_index', 'original_invoice_no', 'status']).where('id', '=', mId).executeTakeFirstOrThrow();
  expect(row).toEqual({ modifies_id: M.modifies_uid, modification_index: 1, original_invoice_no: M.original!.invoice_no, status: 1 });
  const original = (await remote.core.call('invoices.get', { id: M.modifies_uid! })).attributes;
  expect([original.total, original.current_total]).toEqual(['127000.000', '63500.000']);
  const ext = await db().selectFrom('invoices').select('external_original').where('id', '=', eId).executeTakeFirstOrThrow();
  expect(ext.external_original).toBe(E.external_original);
});
