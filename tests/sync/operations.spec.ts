// Issue 7 — operations on issued invoices from two devices at once. Payments and cancellations are appended as
// operations; what the remote refuses (a payment on an invoice cancelled elsewhere, a proforma voided twice) is listed
// for the user, never dropped, and the device's copy returns to the remote's state. Invoices of other devices arrive
// read-only; drafts stay on their computer; a recurring profile is run by its owner only; the worker syncs by itself.
import { expect, test } from '@playwright/test';
import { createRecurringScheduler } from '../../electron/core/recurring/scheduler';
import type { RunningServer } from '../../electron/server/start';
import { differences, snapshot } from './support/digest';
import { startFaultProxy } from './support/fault-proxy';
import { configure, openDevice, startLocalRemote, syncOk, syncUntilQuiet, tempDir, type Device } from './support/nodes';
import { addressBody } from '../support/fixtures';

const invoice = (clientUid: number, blockUid: number, over: Record<string, unknown> = {}) => ({
  client_uid: clientUid,
  payment_method: 2,
  currency: 'HUF',
  type: 3,
  block_uid: blockUid,
  fulfillment_date: '2026-03-15',
  due_date: '2026-03-23',
  items: [{ description: 'Munkadíj', vat_id: 1, qty: 1, net_unit_price: 10000 }],
  ...over,
});

interface Pair {
  remote: RunningServer;
  a: Device;
  b: Device;
  ownA: number;
  ownB: number;
}

async function withPair(fn: (p: Pair) => Promise<void>, sync: Parameters<typeof openDevice>[2] = {}) {
  const tmp = tempDir('ops');
  const remote = await startLocalRemote(tmp.file('remote.db'));
  const a = await openDevice('Laptop', tmp.file('a.db'), sync);
  const b = await openDevice('Desktop', tmp.file('b.db'), sync);
  try {
    await configure(a, remote.url, { block_prefix: 'LAP' });
    await configure(b, remote.url, { block_prefix: 'DESK' });
    const ownA = (await syncOk(a)).own_block_uid!;
    const ownB = (await syncOk(b)).own_block_uid!;
    await fn({ remote, a, b, ownA, ownB });
  } finally {
    await a.close();
    await b.close();
    await remote.close();
    tmp.remove();
  }
}

async function sameEverywhere(p: Pair) {
  const r = await snapshot(p.remote.core.ctx.db, true);
  expect(differences(r, await snapshot(p.a.opened.db, false)), 'remote vs Laptop').toEqual([]);
  expect(differences(r, await snapshot(p.b.opened.db, false)), 'remote vs Desktop').toEqual([]);
}

/** A client and an invoice made on A, known to both devices. */
async function issuedOnA(p: Pair, clientName: string, over: Record<string, unknown> = {}) {
  const ca = p.a.runtime.core;
  const c = (await ca.call('clients.create', { name: clientName, billing_address: addressBody() })).id;
  const made = await ca.call('invoices.create', invoice(c, p.ownA, over));
  await syncUntilQuiet([p.a, p.b]);
  return made;
}

const localOf = async (d: Device, prefixed: string) =>
  (await d.runtime.core.call('invoices.list', { max_per_page: 50 })).items.find((i) => i.attributes.prefixed_invoice_no === prefixed)!;

test('a payment on an invoice cancelled elsewhere is refused, listed for the user, and the copy shows the cancellation', async () => {
  await withPair(async (p) => {
    const ca = p.a.runtime.core;
    const cb = p.b.runtime.core;
    const x = await issuedOnA(p, 'Közös Kft.');

    // offline: A cancels its invoice, B records a payment on its copy
    await ca.call('invoices.cancel', { id: x.id });
    const onB = await localOf(p.b, x.attributes.prefixed_invoice_no!);
    await cb.call('invoices.pay', { id: onB.id, date: '2026-03-15', amount: '5000' });

    await syncOk(p.a);
    await syncOk(p.b);
    const { issues } = await cb.call('sync.conflicts', {});
    expect(issues).toHaveLength(1);
    expect(issues[0]!.operation).toBe('pay');
    expect(issues[0]!.message).toMatch(/A payment of invoice LAP \/ 2026-000001 was refused by the remote: A cancelled invoice cannot be paid/);
    expect(issues[0]!.data).toEqual({ payment: { date: '2026-03-15', amount_milli: 5_000_000, payment_method: 2 } });
    const after = (await cb.call('invoices.get', { id: onB.id })).attributes;
    expect(after.status).toBe(4);
    expect(after.payments).toEqual([]);
    await cb.call('sync.dismissIssue', { id: issues[0]!.id });
    expect((await cb.call('sync.status', {})).open_issues).toBe(0);
    await syncUntilQuiet([p.a, p.b]);
    await sameEverywhere(p);
  });
});

test('any device cancels an invoice issued on another: the storno is numbered in its own block, and every node links it', async () => {
  await withPair(async (p) => {
    const ca = p.a.runtime.core;
    const cb = p.b.runtime.core;
    const x = await issuedOnA(p, 'Elveszett Laptop Kft.');

    // B still cannot number in A's block...
    const lapOnB = (await cb.call('invoices.blocks', {})).find((b) => b.attributes.prefix === 'LAP')!.id;
    const clientOnB = (await localOf(p.b, 'LAP / 2026-000001')).attributes.client_uid;
    await expect(cb.call('invoices.create', invoice(clientOnB, lapOnB))).rejects.toThrow(/belongs to another device/);
    // ...but it cancels A's invoice, in its own block
    const onB = await localOf(p.b, 'LAP / 2026-000001');
    const storno = await cb.call('invoices.cancel', { id: onB.id });
    expect(storno.attributes.prefixed_invoice_no).toBe('DESK / 2026-000001');
    expect(storno.attributes.block_uid).toBe(p.ownB);
    expect(storno.attributes.total).toBe(-12700);
    const original = (await cb.call('invoices.get', { id: onB.id })).attributes;
    expect(original.status).toBe(4);
    expect(original.cancelled_by_uid).toBe(storno.id);

    await syncUntilQuiet([p.b, p.a]);
    const onA = (await ca.call('invoices.get', { id: x.id })).attributes;
    expect(onA.status).toBe(4);
    const stornoOnA = await localOf(p.a, 'DESK / 2026-000001');
    expect(onA.cancelled_by_uid).toBe(stornoOnA.id);
    expect(stornoOnA.attributes.cancels_uid).toBe(x.id);
    expect((await cb.call('sync.conflicts', {})).issues).toEqual([]);
    await sameEverywhere(p);
  });
});

test('both devices cancel the same invoice while apart: both stornos are kept, the second is reported, numbers stay gapless', async () => {
  await withPair(async (p) => {
    const ca = p.a.runtime.core;
    const cb = p.b.runtime.core;
    const x = await issuedOnA(p, 'Kétszer Kft.');
    const first = await ca.call('invoices.cancel', { id: x.id });
    const second = await cb.call('invoices.cancel', { id: (await localOf(p.b, 'LAP / 2026-000001')).id });
    expect(first.attributes.prefixed_invoice_no).toBe('LAP / 2026-000002');
    expect(second.attributes.prefixed_invoice_no).toBe('DESK / 2026-000001');
    await syncUntilQuiet([p.a, p.b]);
    // every device shows the double cancellation once, naming both stornos and the way out
    for (const core of [ca, cb]) {
      const { issues } = await core.call('sync.conflicts', {});
      expect(issues.map((i) => i.message)).toEqual([
        expect.stringMatching(/^Invoice LAP \/ 2026-000001 was cancelled twice, by (LAP \/ 2026-000002 and by DESK|DESK \/ 2026-000001 and by LAP).*new invoice with the lines of LAP \/ 2026-000001/),
      ]);
    }
    // the remote holds both documents; the original is cancelled by the first that reached it, and both refer to it
    const remote = p.remote.core;
    const all = (await remote.call('invoices.list', { max_per_page: 50 })).items.map((i) => i.attributes);
    expect(all.map((a) => a.prefixed_invoice_no).sort()).toEqual(['DESK / 2026-000001', 'LAP / 2026-000001', 'LAP / 2026-000002']);
    const originalOnRemote = all.find((a) => a.prefixed_invoice_no === 'LAP / 2026-000001')!;
    expect(all.find((a) => a.uid === originalOnRemote.cancelled_by_uid)!.prefixed_invoice_no).toBe('LAP / 2026-000002');
    expect(all.filter((a) => a.cancels_uid === originalOnRemote.uid).map((a) => a.prefixed_invoice_no).sort()).toEqual(['DESK / 2026-000001', 'LAP / 2026-000002']);
    await sameEverywhere(p);
  });
});

test('any device generates the invoice of a proforma issued on another, numbered in its own block', async () => {
  await withPair(async (p) => {
    const ca = p.a.runtime.core;
    const cb = p.b.runtime.core;
    const pf = await issuedOnA(p, 'Előleg Kft.', { type: 1 });
    const onB = await localOf(p.b, 'LAP / D-2026-000001');
    await cb.call('invoices.pay', { id: onB.id, date: '2026-03-15', amount: '12700' });
    const generated = await cb.call('invoices.generate', { id: onB.id });
    const inv = (await cb.call('invoices.get', { id: generated.id })).attributes;
    expect(inv.prefixed_invoice_no).toBe('DESK / 2026-000001');
    expect(inv.proforma_uid).toBe(onB.id);
    expect(inv.status).toBe(1);
    await syncUntilQuiet([p.b, p.a]);
    const pfOnA = (await ca.call('invoices.get', { id: pf.id })).attributes;
    expect(pfOnA.generated_invoice_uid).toBe((await localOf(p.a, 'DESK / 2026-000001')).id);
    await sameEverywhere(p);
  });
});

test("a proforma voided on both devices: the second void is listed for the user; both end void", async () => {
  await withPair(async (p) => {
    const ca = p.a.runtime.core;
    const cb = p.b.runtime.core;
    const pf = await issuedOnA(p, 'Díjbekérő Kft.', { type: 1 });
    await ca.call('invoices.cancel', { id: pf.id });
    await cb.call('invoices.cancel', { id: (await localOf(p.b, pf.attributes.prefixed_invoice_no!)).id });
    await syncOk(p.a);
    await syncOk(p.b);
    const { issues } = await cb.call('sync.conflicts', {});
    expect(issues).toHaveLength(1);
    expect(issues[0]!.operation).toBe('cancel');
    expect(issues[0]!.message).toMatch(/Cancelling invoice LAP \/ D-2026-000001.*already cancelled/);
    await syncUntilQuiet([p.a, p.b]);
    await sameEverywhere(p);
  });
});

test('a proforma voided on one device while the other generated its invoice: the invoice stands, with a warning', async () => {
  await withPair(async (p) => {
    const ca = p.a.runtime.core;
    const cb = p.b.runtime.core;
    const pf = await issuedOnA(p, 'Előleg Kft.', { type: 1 });
    await cb.call('invoices.cancel', { id: (await localOf(p.b, pf.attributes.prefixed_invoice_no!)).id });
    const g = await ca.call('invoices.generate', { id: pf.id });
    await syncOk(p.b); // the void reaches the remote first
    await syncOk(p.a);
    const { issues } = await ca.call('sync.conflicts', {});
    expect(issues.map((i) => i.message)).toEqual([expect.stringMatching(/Proforma LAP \/ D-2026-000001 was voided elsewhere while LAP \/ 2026-000001 was generated from it/)]);
    await syncUntilQuiet([p.a, p.b]);
    await sameEverywhere(p);
    const onRemote = await p.remote.core.call('invoices.query', { block: (await p.remote.core.call('invoices.blocks', {})).find((b) => b.attributes.prefix === 'LAP')!.id });
    expect(onRemote.items.map((i) => i.attributes.invoice_no).sort()).toEqual(['2026-000001', 'D-2026-000001']);
    expect((await ca.call('invoices.get', { id: g.id })).attributes.proforma_uid).toBe(pf.id);
  });
});

test('drafts stay on their computer until issued; recurring profiles run on their owner only', async () => {
  await withPair(async (p) => {
    const ca = p.a.runtime.core;
    const c = (await ca.call('clients.create', { name: 'Havidíjas Kft.', billing_address: addressBody() })).id;
    const draft = await ca.call('invoices.create', invoice(c, p.ownA, { type: 0 }));
    await syncUntilQuiet([p.a, p.b]);
    expect((await p.remote.core.call('invoices.list', {})).items).toHaveLength(0);
    // a profile on a draft cannot reach the remote: it is listed, not lost
    const onDraft = await ca.call('recurring.create', { base_invoice_uid: draft.id, frequency: '1M', start_date: '2026-01-01' });
    await syncOk(p.a);
    expect((await ca.call('sync.conflicts', {})).issues.map((i) => i.message)).toEqual([expect.stringMatching(/base invoice .* is not on the remote/)]);
    await ca.call('recurring.stop', { id: onDraft.id });
    await ca.call('invoices.issue', { id: draft.id });
    const profile = await ca.call('recurring.create', { base_invoice_uid: draft.id, frequency: '1M', start_date: '2026-01-01' });
    await syncUntilQuiet([p.a, p.b]);
    expect((await p.remote.core.call('invoices.list', {})).items.map((i) => i.attributes.prefixed_invoice_no)).toEqual(['LAP / 2026-000001']);

    // A owns its profile: its scheduler has the due months; B's copy is never run on B
    const dueOn = async (d: Device) => (await createRecurringScheduler({ core: d.runtime.core }).pendingOccurrences()).map((o) => o.occurrence_date);
    expect(await dueOn(p.a)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(await dueOn(p.b)).toEqual([]);
    const onB = (await p.b.runtime.core.call('recurring.list', {})).find((r) => r.attributes.frequency === '1M' && !r.attributes.stopped);
    expect(onB).toBeDefined();
    // A issues the months; the invoices reach B and the remote like any other
    const pass = await createRecurringScheduler({ core: ca }).runOnce();
    expect(pass.issued).toHaveLength(3);
    await syncUntilQuiet([p.a, p.b]);
    expect((await p.remote.core.call('invoices.list', {})).items).toHaveLength(4);
    expect(profile.id).toBeGreaterThan(0);
  });
});

test('the remote runs no profile a device pushed (owner = the device)', async () => {
  await withPair(async (p) => {
    const ca = p.a.runtime.core;
    const c = (await ca.call('clients.create', { name: 'Havidíjas Kft.', billing_address: addressBody() })).id;
    const base = await ca.call('invoices.create', invoice(c, p.ownA));
    await ca.call('recurring.create', { base_invoice_uid: base.id, frequency: '1M', start_date: '2026-01-01' });
    await syncOk(p.a);
    expect(await createRecurringScheduler({ core: p.remote.core }).pendingOccurrences()).toEqual([]);
  });
});

test('the worker syncs by itself: at start, soon after a change, and periodically; and rides out an outage', async () => {
  test.setTimeout(60_000);
  const tmp = tempDir('worker');
  const remote = await startLocalRemote(tmp.file('remote.db'));
  const proxy = await startFaultProxy(remote.url);
  const timing = { tickMs: 50, debounceMs: 100, periodMs: 400, backoff: { firstMs: 200, maxMs: 800, jitter: 0.2 } };
  const a = await openDevice('Laptop', tmp.file('a.db'), timing);
  const b = await openDevice('Desktop', tmp.file('b.db'), timing);
  try {
    const ca = a.runtime.core;
    const c = (await ca.call('clients.create', { name: 'Magától Kft.', billing_address: addressBody() })).id;
    await configure(a, proxy.url, { block_prefix: 'LAP' });
    await configure(b, remote.url, { block_prefix: 'DESK' });
    await a.runtime.start();
    await b.runtime.start();
    // at start: A joins and pushes its client without being asked
    await expect.poll(async () => (await ca.call('sync.status', {})).joined, { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await remote.core.call('clients.list', {})).items.length, { timeout: 10_000 }).toBe(1);
    const own = (await ca.call('sync.status', {})).own_block_uid!;

    // after a change: pushed soon
    await ca.call('invoices.create', invoice(c, own));
    await expect.poll(async () => (await remote.core.call('invoices.list', {})).items.length, { timeout: 10_000 }).toBe(1);
    // periodically: the other device gets it without being asked
    await expect.poll(async () => (await b.runtime.core.call('invoices.list', {})).items.length, { timeout: 10_000 }).toBe(1);

    // an outage: the status says so, work goes on, and the worker catches up once the remote is back
    proxy.rule = () => 'refuse';
    await ca.call('invoices.create', invoice(c, own));
    await expect.poll(async () => (await ca.call('sync.status', {})).last_error_code, { timeout: 10_000 }).toBe('offline');
    const down = await ca.call('sync.status', {});
    expect(down.pending_changes).toBeGreaterThan(0);
    expect(down.last_error).toMatch(/Cannot reach the remote/);
    await ca.call('invoices.create', invoice(c, own));
    proxy.rule = () => 'pass';
    await expect.poll(async () => (await remote.core.call('invoices.list', {})).items.length, { timeout: 15_000 }).toBe(3);
    await expect.poll(async () => (await ca.call('sync.status', {})).last_error, { timeout: 10_000 }).toBeNull();
    await expect.poll(async () => (await b.runtime.core.call('invoices.list', {})).items.length, { timeout: 10_000 }).toBe(3);
    await a.runtime.stop();
    await b.runtime.stop();
    const r = await snapshot(remote.core.ctx.db, true);
    expect(differences(r, await snapshot(a.opened.db, false))).toEqual([]);
    expect(differences(r, await snapshot(b.opened.db, false))).toEqual([]);
  } finally {
    await a.close();
    await b.close();
    await proxy.close();
    await remote.close();
    tmp.remove();
  }
});
