// The Hungarian document set between two devices and a remote (docs/sync.md "Chain documents"): a modifying invoice
// made on a device — of its own invoice or of one the remote issued — is numbered in that device's block, reaches the
// remote with its links translated to the remote's ids, and moves the original's current total and state there and
// on the other device; an advance and its final invoice travel with the deduction lines naming the advance by each
// node's own id; the cancellation of a modified invoice reverses the whole chain everywhere; a modification of the
// previous program's invoice carries that original's data. The three nodes end with the same books.
import { expect, test } from '@playwright/test';
import type { RunningServer } from '../../electron/server/start';
import { syncDb } from '../../electron/sync/tables';
import { addressBody } from '../support/fixtures';
import { differences, numberingProblems, snapshot } from './support/digest';
import { configure, openDevice, startLocalRemote, syncOk, syncUntilQuiet, tempDir, type Device } from './support/nodes';

interface Trio {
  remote: RunningServer;
  a: Device;
  b: Device;
  ownA: number;
  ownB: number;
}

async function withTrio(name: string, fn: (t: Trio) => Promise<void>) {
  const tmp = tempDir(name);
  const remote = await startLocalRemote(tmp.file('remote.db'));
  const a = await openDevice('Laptop', tmp.file('a.db'));
  const b = await openDevice('Desktop', tmp.file('b.db'));
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

type Call = (op: string, input: unknown) => Promise<any>;
const callOf = (core: { call: unknown }): Call => (core.call as Call).bind(core);

const buyer = (name: string) => ({ name, taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER', billing_address: addressBody() });

const invoice = (client: number, block: number, items: unknown[], over: Record<string, unknown> = {}) => ({
  client_uid: client,
  payment_method: 2,
  currency: 'HUF',
  type: 3,
  block_uid: block,
  fulfillment_date: '2026-03-15',
  due_date: '2026-03-23',
  items,
  ...over,
});
const line = (net: number, description = 'Fejlesztés') => ({ description, vat_id: 1, qty: 1, net_unit_price: net, unit: 'db' });

/** An invoice of a node by its printed number, in its resource form. */
async function byNumber(call: Call, prefixed: string) {
  const list = await call('invoices.list', { max_per_page: 100 });
  const found = list.items.find((i: any) => i.attributes.prefixed_invoice_no === prefixed);
  if (!found) throw new Error(`no invoice ${prefixed}`);
  return (await call('invoices.get', { id: found.id })).attributes;
}

async function sameEverywhere(t: Trio) {
  const r = await snapshot(t.remote.core.ctx.db, true);
  expect(differences(r, await snapshot(t.a.opened.db, false)), 'remote vs Laptop').toEqual([]);
  expect(differences(r, await snapshot(t.b.opened.db, false)), 'remote vs Desktop').toEqual([]);
  for (const db of [t.remote.core.ctx.db, t.a.opened.db, t.b.opened.db]) expect(await numberingProblems(db)).toEqual([]);
}

async function noIssues(...devices: Device[]) {
  for (const d of devices) expect((await d.runtime.core.call('sync.conflicts', {})).issues.map((i) => i.message), d.name).toEqual([]);
}

const remoteIdOf = async (d: Device, local: number) =>
  (await syncDb(d.opened.db).selectFrom('sync_map').select('remote_id').where('entity', '=', 'invoice').where('local_id', '=', local).executeTakeFirstOrThrow()).remote_id;

test('a modification made on a device, of its own invoice and of the remote’s, travels with its links and moves the original everywhere', async () => {
  test.setTimeout(120_000);
  await withTrio('chain-modify', async (t) => {
    const ca = callOf(t.a.runtime.core);
    const cb = callOf(t.b.runtime.core);
    const cr = callOf(t.remote.core);

    // A issues an invoice of 100,000 net (127,000) and takes 50,000 of it; the remote issues one in its block 0
    const client = (await ca('clients.create', buyer('Lánc Kft.'))).id;
    const own = await ca('invoices.create', invoice(client, t.ownA, [line(100_000)]));
    await ca('invoices.pay', { id: own.id, date: '2026-03-15', amount: '50000' });
    const remoteClient = (await cr('clients.create', buyer('Központ Bt.'))).id;
    const theirs = await cr('invoices.create', invoice(remoteClient, 0, [line(40_000, 'Karbantartás')]));
    await syncUntilQuiet([t.a, t.b]);

    // offline on A: −20,000 net of its own invoice, a new line of the remote's
    const pulled = await byNumber(ca, theirs.attributes.prefixed_invoice_no);
    const m1 = await ca('invoices.modify', { id: own.id, reason: 'Árengedmény', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 20_000, unit: 'db' }] });
    const m2 = await ca('invoices.modify', { id: pulled.uid, reason: 'Pótmunka', items: [{ description: 'Kiszállás', vat_id: 1, qty: 1, net_unit_price: 10_000, unit: 'alk' }] });
    // numbered in A's own block, after its invoice: the remote's block 0 is not A's to number
    expect([m1.attributes.prefixed_invoice_no, m2.attributes.prefixed_invoice_no]).toEqual(['LAP / 2026-000002', 'LAP / 2026-000003']);
    await syncUntilQuiet([t.a, t.b]);
    await noIssues(t.a, t.b);

    // on the remote: the modifications with their originals' remote ids, index, reason and original number and date
    const ownOnRemote = await remoteIdOf(t.a, own.id);
    const rm1 = await byNumber(cr, 'LAP / 2026-000002');
    expect(rm1).toMatchObject({
      document_kind: 'modifying',
      modifies_uid: ownOnRemote,
      modification_index: 1,
      modification_reason: 'Árengedmény',
      original: { uid: ownOnRemote, invoice_no: own.attributes.prefixed_invoice_no, date: own.attributes.date },
      total: '-25400.000',
      status: 1,
    });
    expect(rm1.items[0].modifies_line).toBe(1);
    const rm2 = await byNumber(cr, 'LAP / 2026-000003');
    expect(rm2).toMatchObject({ modifies_uid: theirs.id, modification_index: 1, modification_reason: 'Pótmunka', original: { uid: theirs.id, invoice_no: theirs.attributes.prefixed_invoice_no } });
    expect(rm2.items[0].modifies_line).toBeNull();

    // the originals' current totals and states moved on the remote, on A and on B
    for (const [who, call] of [['remote', cr], ['Laptop', ca], ['Desktop', cb]] as const) {
      const o = await byNumber(call, own.attributes.prefixed_invoice_no);
      expect([o.current_total, o.total_paid, o.outstanding, o.status], `${who}: own original`).toEqual(['101600.000', '50000.000', '51600.000', 2]);
      expect(o.modifications.map((m: any) => [m.prefixed_invoice_no, m.modification_index, m.total]), who).toEqual([['LAP / 2026-000002', 1, '-25400.000']]);
      const r = await byNumber(call, theirs.attributes.prefixed_invoice_no);
      expect([r.total, r.current_total, r.outstanding], `${who}: the remote's original`).toEqual(['50800.000', '63500.000', '63500.000']);
    }

    // B settles what is left on its copy; the original is paid everywhere
    const onB = await byNumber(cb, own.attributes.prefixed_invoice_no);
    await cb('invoices.pay', { id: onB.uid, date: '2026-03-16', amount: '51600' });
    await syncUntilQuiet([t.a, t.b]);
    for (const call of [cr, ca, cb]) {
      const o = await byNumber(call, own.attributes.prefixed_invoice_no);
      expect([o.status, o.outstanding, o.overpayment]).toEqual([1, '0.000', '0.000']);
    }
    await sameEverywhere(t);
    await noIssues(t.a, t.b);
  });
});

test('an advance and its final invoice sync with the deduction naming the advance by each node’s id', async () => {
  test.setTimeout(120_000);
  await withTrio('chain-advance', async (t) => {
    const ca = callOf(t.a.runtime.core);
    const cb = callOf(t.b.runtime.core);
    const cr = callOf(t.remote.core);
    const client = (await ca('clients.create', buyer('Előleg Zrt.'))).id;
    // offline on A: an advance and its final invoice, pushed in one round (the final waits for its advance's id)
    const adv1 = await ca('invoices.create', invoice(client, t.ownA, [line(300_000, 'Előleg a weboldalra')], { advance: 1 }));
    const fin1 = await ca('invoices.create', invoice(client, t.ownA, [line(1_000_000, 'Weboldal')], { deduct_unpaid_advances: true, advance_invoice_uids: [adv1.id] }));
    // another advance A issues, which B deducts after pulling it
    const adv2 = await ca('invoices.create', invoice(client, t.ownA, [line(50_000, 'Előleg'), { description: 'Könyv előleg', vat_id: 3, qty: 1, net_unit_price: 10_000, unit: 'db' }], { advance: 1 }));
    await syncUntilQuiet([t.a, t.b]);
    const clientOnB = (await cb('clients.list', {})).items.find((c: any) => c.attributes.name === 'Előleg Zrt.').id;
    const adv2OnB = await byNumber(cb, adv2.attributes.prefixed_invoice_no);
    const fin2 = await cb('invoices.create', invoice(clientOnB, t.ownB, [line(200_000, 'Üzemeltetés')], { deduct_unpaid_advances: true, advance_invoice_uids: [adv2OnB.uid] }));
    const fin2Items = (await cb('invoices.get', { id: fin2.id })).attributes.items;
    expect(fin2Items.filter((i: any) => i.advance_invoice_uid === adv2OnB.uid)).toHaveLength(2);
    await syncUntilQuiet([t.a, t.b]);
    await noIssues(t.a, t.b);

    const adv1Remote = await remoteIdOf(t.a, adv1.id);
    const adv2Remote = await remoteIdOf(t.a, adv2.id);
    const rf1 = await byNumber(cr, fin1.attributes.prefixed_invoice_no);
    expect(rf1.document_kind).toBe('final');
    expect(rf1.items.map((i: any) => [i.advance_invoice_uid, i.net_amount, i.vat_amount])).toEqual([[null, '1000000.000', '270000.000'], [adv1Remote, '-300000.000', '-81000.000']]);
    expect(rf1.total).toBe('889000.000');
    const rf2 = await byNumber(cr, fin2.attributes.prefixed_invoice_no);
    expect(rf2.items.slice(1).map((i: any) => [i.advance_invoice_uid, i.vat_id, i.net_amount])).toEqual([[adv2Remote, '1', '-50000.000'], [adv2Remote, '3', '-10000.000']]);
    expect(rf2.advance_deductions).toEqual([expect.objectContaining({ advance_uid: adv2Remote, prefixed_invoice_no: adv2.attributes.prefixed_invoice_no, gross: '75300.000' })]);

    // each node knows which final invoice deducted each advance, by its own ids
    for (const [who, call, d] of [['remote', cr, null], ['Laptop', ca, t.a], ['Desktop', cb, t.b]] as const) {
      const a1 = await byNumber(call, adv1.attributes.prefixed_invoice_no);
      const f1 = await byNumber(call, fin1.attributes.prefixed_invoice_no);
      expect([a1.document_kind, a1.deducted_by_uid], who).toEqual(['advance', f1.uid]);
      expect(f1.items[1].advance_invoice_uid, who).toBe(a1.uid);
      if (d) expect(await remoteIdOf(d, a1.uid)).toBe(adv1Remote);
      const a2 = await byNumber(call, adv2.attributes.prefixed_invoice_no);
      expect(a2.deducted_by_uid, who).toBe((await byNumber(call, fin2.attributes.prefixed_invoice_no)).uid);
    }
    await sameEverywhere(t);

    // B cancels A's final invoice: the storno's mirrored deduction names the advance too, which is free again
    const fin1OnB = await byNumber(cb, fin1.attributes.prefixed_invoice_no);
    const storno = await cb('invoices.cancel', { id: fin1OnB.uid });
    await syncUntilQuiet([t.a, t.b]);
    await noIssues(t.a, t.b);
    for (const [who, call] of [['remote', cr], ['Laptop', ca], ['Desktop', cb]] as const) {
      const a1 = await byNumber(call, adv1.attributes.prefixed_invoice_no);
      const s1 = await byNumber(call, storno.attributes.prefixed_invoice_no);
      expect([a1.deducted_by_uid, s1.items[1].advance_invoice_uid, s1.items[1].net_amount, s1.total], who).toEqual([null, a1.uid, '300000.000', '-889000.000']);
    }
    await sameEverywhere(t);
  });
});

test('the cancellation of a modified invoice reverses the chain on every node, made where the original was or elsewhere', async () => {
  test.setTimeout(120_000);
  await withTrio('chain-cancel', async (t) => {
    const ca = callOf(t.a.runtime.core);
    const cb = callOf(t.b.runtime.core);
    const cr = callOf(t.remote.core);
    const client = (await ca('clients.create', buyer('Sztornó Kft.'))).id;

    // all offline on A: issue, modify, cancel — the storno reverses the original and its modification
    const x = await ca('invoices.create', invoice(client, t.ownA, [line(100_000)]));
    await ca('invoices.modify', { id: x.id, reason: 'Új tétel', items: [{ description: 'Tesztelés', vat_id: 1, qty: 2, net_unit_price: 5_000, unit: 'óra' }] });
    const sx = await ca('invoices.cancel', { id: x.id });
    // issued and modified on A, cancelled on B after it pulled them
    const y = await ca('invoices.create', invoice(client, t.ownA, [line(60_000, 'Tervezés')]));
    await ca('invoices.modify', { id: y.id, reason: 'Árengedmény', items: [{ modifies_line: 1, description: 'Tervezés', vat_id: 1, qty: -1, net_unit_price: 6_000, unit: 'db' }] });
    await syncUntilQuiet([t.a, t.b]);
    const yOnB = await byNumber(cb, y.attributes.prefixed_invoice_no);
    const sy = await cb('invoices.cancel', { id: yOnB.uid });
    expect(sy.attributes.prefixed_invoice_no).toMatch(/^DESK \//);
    await syncUntilQuiet([t.a, t.b]);
    await noIssues(t.a, t.b);

    for (const [who, call] of [['remote', cr], ['Laptop', ca], ['Desktop', cb]] as const) {
      const s1 = await byNumber(call, sx.attributes.prefixed_invoice_no);
      const o1 = await byNumber(call, x.attributes.prefixed_invoice_no);
      expect([s1.document_kind, s1.modification_index, s1.original.uid, s1.original.invoice_no, s1.items.length, s1.net_total], who).toEqual([
        'cancelling', 2, o1.uid, x.attributes.prefixed_invoice_no, 2, '-110000.000',
      ]);
      expect([o1.status, o1.cancelled_by_uid], who).toEqual([4, s1.uid]);
      const s2 = await byNumber(call, sy.attributes.prefixed_invoice_no);
      const o2 = await byNumber(call, y.attributes.prefixed_invoice_no);
      expect([s2.modification_index, s2.original.uid, s2.items.map((i: any) => i.net_amount), o2.status], who).toEqual([2, o2.uid, ['-60000.000', '6000.000'], 4]);
    }
    // the dashboard of every node drops both chains entirely
    for (const call of [cr, ca, cb]) {
      const summary = await call('invoices.summary', {});
      expect(summary.months.reduce((n: number, m: any) => n + m.count, 0)).toBe(0);
    }
    await sameEverywhere(t);
  });
});

test('a modification of the previous program’s invoice carries that original to the remote and the other device', async () => {
  test.setTimeout(120_000);
  await withTrio('chain-external', async (t) => {
    const ca = callOf(t.a.runtime.core);
    const client = (await ca('clients.create', buyer('Régi Ügyfél Kft.'))).id;
    const original = { invoice_no: 'RÉGI-2025-0042', date: '2025-11-03', fulfillment_date: '2025-11-03', client_uid: client, items: [line(50_000, 'Tanácsadás')] };
    const m = await ca('invoices.modifyExternal', { original, reason: 'Árkorrekció', items: [{ modifies_line: 1, description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 5_000 }] });
    await syncUntilQuiet([t.a, t.b]);
    await noIssues(t.a, t.b);
    const stored = async (db: any, id: number) =>
      (await db.selectFrom('invoices').select(['external_original', 'original_invoice_no', 'modification_index', 'modifies_id']).where('id', '=', id).executeTakeFirstOrThrow());
    const onA = await stored(t.a.opened.db, m.id);
    expect(JSON.parse(onA.external_original!)).toMatchObject({ invoice_no: 'RÉGI-2025-0042', line_count: 1, nav_reported: true });
    const remoteId = await remoteIdOf(t.a, m.id);
    expect(await stored(t.remote.core.ctx.db, remoteId)).toEqual(onA);
    const bLocal = (await syncDb(t.b.opened.db).selectFrom('sync_map').select('local_id').where('entity', '=', 'invoice').where('remote_id', '=', remoteId).executeTakeFirstOrThrow()).local_id;
    expect(await stored(t.b.opened.db, bLocal)).toEqual(onA);
    const onB = (await t.b.runtime.core.call('invoices.get', { id: bLocal })).attributes;
    expect([onB.document_kind, onB.original, onB.status, onB.outstanding]).toEqual(['modifying', { uid: null, invoice_no: 'RÉGI-2025-0042', date: '2025-11-03' }, 2, '6350.000']);
    await sameEverywhere(t);
  });
});

test('an invoice paid to its raised total before it ever synced; one invoice modified, or modified and cancelled, on two devices while apart', async () => {
  test.setTimeout(120_000);
  await withTrio('chain-apart', async (t) => {
    const ca = callOf(t.a.runtime.core);
    const cb = callOf(t.b.runtime.core);
    const cr = callOf(t.remote.core);
    const client = (await ca('clients.create', buyer('Párhuzamos Kft.'))).id;

    // offline on A: issued, raised by 12,700 and paid 139,700 — more than its own total, what its chain is worth
    const x = await ca('invoices.create', invoice(client, t.ownA, [line(100_000)]));
    await ca('invoices.modify', { id: x.id, reason: 'Pótmunka', items: [{ description: 'Kiszállás', vat_id: 1, qty: 1, net_unit_price: 10_000, unit: 'alk' }] });
    await ca('invoices.pay', { id: x.id, date: '2026-03-15', amount: '139700' });
    const y = await ca('invoices.create', invoice(client, t.ownA, [line(80_000, 'Tervezés')]));
    const z = await ca('invoices.create', invoice(client, t.ownA, [line(20_000, 'Oktatás')]));
    await syncUntilQuiet([t.a, t.b]);
    await noIssues(t.a, t.b);
    for (const call of [cr, ca, cb]) {
      const o = await byNumber(call, x.attributes.prefixed_invoice_no);
      expect([o.total, o.current_total, o.total_paid, o.status, o.outstanding]).toEqual(['127000.000', '139700.000', '139700.000', 1, '0.000']);
    }

    // apart: both devices modify Y (each takes index 1); A modifies Z while B cancels it
    const yOnB = await byNumber(cb, y.attributes.prefixed_invoice_no);
    const zOnB = await byNumber(cb, z.attributes.prefixed_invoice_no);
    await ca('invoices.modify', { id: y.id, reason: 'Árengedmény', items: [{ modifies_line: 1, description: 'Tervezés', vat_id: 1, qty: -1, net_unit_price: 8_000, unit: 'db' }] });
    await cb('invoices.modify', { id: yOnB.uid, reason: 'Új tétel', items: [{ description: 'Nyomtatás', vat_id: 1, qty: 1, net_unit_price: 2_000, unit: 'db' }] });
    await ca('invoices.modify', { id: z.id, reason: 'Több óra', items: [{ modifies_line: 1, description: 'Oktatás', vat_id: 1, qty: 1, net_unit_price: 5_000, unit: 'db' }] });
    const zStorno = await cb('invoices.cancel', { id: zOnB.uid });
    await syncUntilQuiet([t.a, t.b]);

    // both modifications stand (numbered documents never vanish), the original moved by both, and B — whose came
    // second — is told the index is taken and that its storno left A's modification standing
    const issuesOfB = (await t.b.runtime.core.call('sync.conflicts', {})).issues.map((i) => i.message);
    expect(issuesOfB.sort()).toEqual([
      expect.stringMatching(/^DESK \/ 2026-000001 takes modification index 1 of LAP \/ 2026-000003, which another document of its chain already has/),
      expect.stringMatching(new RegExp(`^${zStorno.attributes.prefixed_invoice_no} cancels LAP / 2026-000004 without the modifications issued elsewhere meanwhile`)),
    ]);
    await noIssues(t.a);
    for (const [who, call] of [['remote', cr], ['Laptop', ca], ['Desktop', cb]] as const) {
      const o = await byNumber(call, y.attributes.prefixed_invoice_no);
      // 101,600 − 10,160 + 2,540
      expect([o.current_total, o.modifications.map((m: any) => m.modification_index)], who).toEqual(['93980.000', [1, 1]]);
      const zz = await byNumber(call, z.attributes.prefixed_invoice_no);
      expect([zz.status, zz.modifications.length], who).toEqual([4, 1]);
    }
    await sameEverywhere(t);
  });
});

test('documents the remote’s own users issue — a modification of a device’s invoice, an advance and its final invoice — reach both devices', async () => {
  test.setTimeout(120_000);
  await withTrio('chain-remote', async (t) => {
    const ca = callOf(t.a.runtime.core);
    const cb = callOf(t.b.runtime.core);
    const cr = callOf(t.remote.core);
    const client = (await ca('clients.create', buyer('Távoli Kft.'))).id;
    const x = await ca('invoices.create', invoice(client, t.ownA, [line(100_000)]));
    await syncUntilQuiet([t.a, t.b]);

    // on the remote: its users modify A's invoice (numbered in the remote's own block 0) and bill with an advance
    const xOnRemote = await remoteIdOf(t.a, x.id);
    const clientOnRemote = (await byNumber(cr, x.attributes.prefixed_invoice_no)).client_uid;
    const m = await cr('invoices.modify', { id: xOnRemote, reason: 'Árengedmény', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 30_000, unit: 'db' }] });
    expect(m.attributes.prefixed_invoice_no).toBe('2026-000001');
    const adv = await cr('invoices.create', invoice(clientOnRemote, 0, [line(20_000, 'Előleg')], { advance: 1 }));
    const fin = await cr('invoices.create', invoice(clientOnRemote, 0, [line(50_000, 'Munka')], { deduct_unpaid_advances: true, advance_invoice_uids: [adv.id] }));
    await syncUntilQuiet([t.a, t.b]);
    await noIssues(t.a, t.b);

    for (const [who, call] of [['Laptop', ca], ['Desktop', cb]] as const) {
      const o = await byNumber(call, x.attributes.prefixed_invoice_no);
      expect([o.current_total, o.outstanding, o.modifications.map((e: any) => e.prefixed_invoice_no)], who).toEqual(['88900.000', '88900.000', ['2026-000001']]);
      const mm = await byNumber(call, '2026-000001');
      expect([mm.modifies_uid, mm.original.uid, mm.modification_index, mm.status], who).toEqual([o.uid, o.uid, 1, 1]);
      const a = await byNumber(call, adv.attributes.prefixed_invoice_no);
      const f = await byNumber(call, fin.attributes.prefixed_invoice_no);
      expect([a.deducted_by_uid, f.items[1].advance_invoice_uid, f.total], who).toEqual([f.uid, a.uid, '38100.000']);
    }
    await sameEverywhere(t);
  });
});
