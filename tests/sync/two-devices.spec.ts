// Issue 7 — the same books everywhere. Three real Folio nodes: a remote (`serve`, a child process on loopback) and two
// desktops (whole runtimes in this process, each on its own file). Each node works offline — invoices in its own
// block, payments, a cancellation, a proforma turned into an invoice, master data, one client edited on both
// devices — then they sync until nothing moves. All three databases must then hold the same business data, every
// block's numbers must be unique and gapless, the concurrent edit must be in the conflict logs of both devices, and
// restoring it must reach everyone.
import { expect, test } from '@playwright/test';
import { freshPgDatabase } from '../support/postgres';
import { differences, digestOf, numberingProblems, openTarget, snapshot, snapshotFile } from './support/digest';
import { API_KEY, configure, openDevice, startRemote, syncOk, syncUntilQuiet, tempDir, type Device, type RemoteProcess } from './support/nodes';

test.describe.configure({ mode: 'serial' });

const client = (name: string) => ({
  name,
  email: 'szamla@example.com',
  taxcode: '12345676-2-41',
  tax_type: 'HAS_TAX_NUMBER',
  billing_address: { street_name: 'Fő', street_type: 'utca', house_nr: '1', city: 'Budapest', postcode: '1011', country: 'HU' },
});
const invoice = (clientUid: number, over: Record<string, unknown> = {}) => ({
  client_uid: clientUid,
  payment_method: 2,
  currency: 'HUF',
  type: 3,
  fulfillment_date: '2026-03-15',
  due_date: '2026-03-23',
  items: [{ description: 'Tanácsadás', vat_id: 1, qty: 2, net_unit_price: 3500, unit: 'óra' }],
  ...over,
});

async function remoteCall(url: string, method: string, path: string, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: { 'X-API-KEY': API_KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as any;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

// The remote is a Folio on SQLite (serve --db) or a team server on PostgreSQL (serve --pg): the same test on both.
for (const database of ['sqlite', 'postgres'] as const)
test(`two desktops and a server work offline, sync, and end with the same books (${database} remote)`, async () => {
  test.setTimeout(180_000);
  const tmp = tempDir('three');
  let remote: RemoteProcess | undefined;
  const devices: Device[] = [];
  try {
    remote = await startRemote(database === 'postgres' ? await freshPgDatabase() : tmp.file('remote.db'));
    const a = await openDevice('Laptop', tmp.file('a.db'));
    const b = await openDevice('Desktop', tmp.file('b.db'));
    devices.push(a, b);
    const ca = a.runtime.core;
    const cb = b.runtime.core;

    // A worked alone before sync existed: three invoices in its default block.
    const early = (await ca.call('clients.create', client('Korai Kft.'))).id;
    for (let i = 0; i < 3; i++) await ca.call('invoices.create', invoice(early));

    await configure(a, remote.url, { block_prefix: 'LAP' });
    const joinedA = await syncOk(a);
    expect(joinedA.joined).toBe(true);
    expect(joinedA.pending_changes).toBe(0);

    // the server's own user issues in block 0 after A's numbers
    const serverClient = (await remoteCall(remote.url, 'POST', '/clients', client('Szerver Bt.'))).data.id;
    const serverInvoice = (await remoteCall(remote.url, 'POST', '/invoices', invoice(serverClient))).data;
    expect(serverInvoice.attributes.invoice_no).toBe('2026-000004');

    await configure(b, remote.url, { block_prefix: 'DESK' });
    await syncOk(b);
    await syncOk(a);

    // ---- offline on every node ----------------------------------------------------------------------------------
    const ownA = (await ca.call('sync.status', {})).own_block_uid!;
    const ownB = (await cb.call('sync.status', {})).own_block_uid!;
    // the default block now belongs to the server: a device issues only in its own blocks
    await expect(ca.call('invoices.create', invoice(early))).rejects.toThrow(/belongs to another device/);

    const sharedOnA = (await ca.call('clients.list', { q: 'Korai' })).items[0]!.id;
    const sharedOnB = (await cb.call('clients.list', { q: 'Korai' })).items[0]!.id;
    await ca.call('clients.update', { id: sharedOnA, phone: '+36 1 111 1111', name: 'Korai Kft. (A)' });
    await cb.call('clients.update', { id: sharedOnB, phone: '+36 1 222 2222', name: 'Korai Kft. (B)' });

    const aClient = (await ca.call('clients.create', client('Laptop Ügyfél Kft.'))).id;
    const product = await ca.call('products.create', { name: 'Óradíj', price: '12000', unit: 'óra', vat_id: 1 });
    await ca.call('products.update', { id: product.id, price: '12500.5' });
    const a1 = await ca.call('invoices.create', invoice(aClient, { block_uid: ownA, items: [{ product_uid: product.id, qty: 3 }] }));
    const a2 = await ca.call('invoices.create', invoice(aClient, { block_uid: ownA }));
    await ca.call('invoices.pay', { id: a1.id, date: '2026-03-15', amount: '20000' });
    await ca.call('invoices.cancel', { id: a2.id });
    const proforma = await ca.call('invoices.create', invoice(aClient, { block_uid: ownA, type: 1 }));
    await ca.call('invoices.pay', { id: proforma.id, date: '2026-03-15', amount: '1000' });
    await ca.call('invoices.generate', { id: proforma.id });
    await ca.call('invoices.create', invoice(aClient, { block_uid: ownA, payment_method: 1 })); // cash: paid at issue
    const legacyOnA = (await ca.call('invoices.query', { block: 0, year_start: 2026, num_start: 1, year_end: 2026, num_end: 1 })).items[0]!;
    await ca.call('invoices.pay', { id: legacyOnA.id, date: '2026-03-15', amount: '100' });

    const bClient = (await cb.call('clients.create', client('Asztali Ügyfél Zrt.'))).id;
    const b1 = await cb.call('invoices.create', invoice(bClient, { block_uid: ownB }));
    await cb.call('invoices.create', invoice(bClient, { block_uid: ownB, currency: 'EUR', exchange_rate: '395.12', items: [{ description: 'Licenc', vat_id: 1, qty: 1, net_unit_price: '99.99' }] }));
    await cb.call('invoices.pay', { id: b1.id, date: '2026-03-15', amount: '500' });
    await cb.call('invoices.unpay', { id: b1.id });
    await cb.call('invoices.pay', { id: b1.id, date: '2026-03-15', amount: '700' });
    const serverInvOnB = (await cb.call('invoices.query', { block: 0, year_start: 2026, num_start: 4, year_end: 2026, num_end: 4 })).items[0]!;
    await cb.call('invoices.pay', { id: serverInvOnB.id, date: '2026-03-15', amount: '1500' });
    const account = await cb.call('bankAccounts.create', { bank_name: 'OTP', account_no: '11773016-11111111', currency: 'HUF' });
    await cb.call('expenses.create', { categories_id: '1', name: 'Irodaszer', gross_price: '12700', vat: 1, client_uid: bClient });
    // a supplier's credit note with the bookkeeping fields (supplier, dates, paid, net) crosses as well
    await cb.call('expenses.create', {
      categories_id: '8', name: 'Papír jóváírás', kind: 'credit_note', net_price: '-1000', vat: 1, supplier_name: 'Papír Kft.',
      supplier_taxcode: '12345676-2-41', invoice_date: '2026-03-10', fulfillment_date: '2026-03-09', payment_date: '2026-03-12',
    });
    const base = await cb.call('invoices.create', invoice(bClient, { block_uid: ownB, bank_account_uid: account.id }));
    await cb.call('recurring.create', { base_invoice_uid: base.id, frequency: '1M', start_date: '2026-04-01' });
    await cb.call('blocks.create', { name: 'Desktop export', prefix: 'DEXP' });

    const serverClient2 = (await remoteCall(remote.url, 'POST', '/clients', client('Szerver Második Kft.'))).data.id;
    await remoteCall(remote.url, 'POST', '/invoices', invoice(serverClient2));
    await remoteCall(remote.url, 'POST', `/invoices/${serverInvoice.id}/pay`, { date: '2026-03-15', amount: 100, payment_method: 2 });

    // ---- back online ----------------------------------------------------------------------------------------------
    const passes = await syncUntilQuiet(devices);
    console.log(`sync: quiet after ${passes} passes`);

    const snapR = await snapshotFile(remote.file, true);
    const snapA = await snapshot(a.opened.db, false);
    const snapB = await snapshot(b.opened.db, false);
    expect(differences(snapR, snapA), 'remote vs Laptop').toEqual([]);
    expect(differences(snapR, snapB), 'remote vs Desktop').toEqual([]);
    expect(digestOf(snapA)).toBe(digestOf(snapR));
    expect(digestOf(snapB)).toBe(digestOf(snapR));
    const remoteDb = await openTarget(remote.file);
    try {
      expect(await numberingProblems(remoteDb.db), 'remote').toEqual([]);
    } finally {
      await remoteDb.close();
    }
    expect(snapR.invoices.length).toBeGreaterThanOrEqual(14);
    for (const d of devices) expect(await numberingProblems(d.opened.db), d.name).toEqual([]);
    for (const d of devices) expect((await d.runtime.core.call('sync.conflicts', {})).issues, d.name).toEqual([]);
    console.log(`sync: business data digest ${digestOf(snapR).slice(0, 16)}… on all three nodes; ${snapR.invoices.length} invoices, ${snapR.clients.length} clients, ${snapR.blocks.length} blocks; ` +
      `numbers ${snapR.invoices.map((i) => i.prefixed_invoice_no).join(', ')}`);

    // the concurrent edit of "Korai Kft.": the later push wins everywhere; the other version waits in the conflict
    // logs of both devices (the winner's: the version it overwrote; the loser's: its own version that was replaced)
    const names = snapR.clients.map((c) => c.name);
    expect(names.filter((n) => String(n).startsWith('Korai Kft. ('))).toHaveLength(1);
    const logA = (await ca.call('sync.conflicts', {})).conflicts;
    const logB = (await cb.call('sync.conflicts', {})).conflicts;
    expect([logA.length, logB.length]).toEqual([1, 1]);
    expect([logA[0]!.entity, logB[0]!.entity]).toEqual(['client', 'client']);
    expect([logA[0]!.winner, logB[0]!.winner].sort()).toEqual(['local', 'remote']);
    const nameOf = (c: { version: unknown }) => (c.version as { attributes: { name: string } }).attributes.name;
    expect(nameOf(logA[0]!)).toBe(nameOf(logB[0]!));

    // restore the lost version on the device whose edit it was; it becomes the newest write everywhere
    const owner = logA[0]!.winner === 'remote' ? a : b;
    const lost = (owner === a ? logA : logB)[0]!;
    await owner.runtime.core.call('sync.restoreConflict', { id: lost.id });
    await syncUntilQuiet(devices);
    const lostName = (lost.version as { attributes: { name: string } }).attributes.name;
    const after = await snapshotFile(remote.file, true);
    expect(after.clients.map((c) => c.name)).toContain(lostName);
    expect(differences(after, await snapshot(a.opened.db, false))).toEqual([]);
    expect(differences(after, await snapshot(b.opened.db, false))).toEqual([]);
  } finally {
    for (const d of devices) await d.close().catch(() => undefined);
    await remote?.stop();
    tmp.remove();
  }
});
