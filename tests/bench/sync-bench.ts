// Sync benchmark. A desktop that worked alone issued 10,000 invoices (3 lines each, 50 clients, some paid at
// issue) in its default block; it then joins an empty remote — a real `serve` process on loopback, both databases
// with the production pragmas (WAL, synchronous=FULL) — and its first sync is timed: join, every client and
// invoice pushed, the feed read back. Then one new invoice in the device's own block and a sync, timed, five
// times (the median is reported). Setup is not timed. Targets: ≤ 30 s and ≤ 200 ms.
// A smoke run (size.ts): 200 invoices. Run alone: npx tsx tests/bench/sync-bench.ts
import { buyerBody } from '../fault/support/bodies';
import { FULL, sized, type BenchOptions } from './size';
import { snapshot, snapshotFile, differences } from '../sync/support/digest';
import { configure, openDevice, startRemote, tempDir } from '../sync/support/nodes';

const CLIENTS = 50;

const body = (clientUid: number, i: number, blockUid = 0) => ({
  client_uid: clientUid,
  payment_method: i % 7 === 0 ? 1 : 2,
  currency: 'HUF',
  type: 3,
  block_uid: blockUid,
  fulfillment_date: '2026-03-10',
  due_date: '2026-03-18',
  items: [
    { description: 'Üzemeltetés (havidíj)', vat_id: 1, qty: 1, net_unit_price: 25000 + (i % 100), unit: 'hó' },
    { description: 'Tárhely', vat_id: 1, qty: 2, net_unit_price: '3500', unit: 'db' },
    { description: 'Domain', vat_id: 1, qty: 1, gross_unit_price: '1270', unit: 'db' },
  ],
});

export async function run(options: BenchOptions = FULL): Promise<{ sync_initial_10k_s: number; sync_incremental_ms: number }> {
  const INVOICES = sized(options, 10_000, 200);
  const tmp = tempDir('bench');
  const remote = await startRemote(tmp.file('remote.db'));
  const device = await openDevice('Bench Laptop', tmp.file('device.db'));
  try {
    const core = device.runtime.core;
    const clients: number[] = [];
    for (let i = 0; i < CLIENTS; i++) clients.push((await core.call('clients.create', { ...buyerBody(`Ügyfél ${i + 1} Kft.`), force: true } as never)).id);
    // issued concurrently, so the database's group commit takes them in batches (setup, not timed)
    for (let start = 0; start < INVOICES; start += 250) {
      const batch = [];
      for (let i = start; i < Math.min(INVOICES, start + 250); i++) batch.push(core.call('invoices.create', body(clients[i % CLIENTS]!, i)));
      await Promise.all(batch);
    }

    await configure(device, remote.url, { block_prefix: 'BENCH' });
    const t0 = performance.now();
    const first = await core.call('sync.now', {});
    const initialS = (performance.now() - t0) / 1000;
    if (first.last_error || first.pending_changes !== 0) throw new Error(`first sync failed: ${first.last_error ?? `${first.pending_changes} pending`}`);

    const own = first.own_block_uid!;
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      await core.call('invoices.create', body(clients[i]!, i, own));
      const t = performance.now();
      const s = await core.call('sync.now', {});
      times.push(performance.now() - t);
      if (s.last_error || s.pending_changes !== 0) throw new Error(`incremental sync failed: ${s.last_error}`);
    }
    times.sort((x, y) => x - y);

    // the figures count only if the remote really has the same books
    const diff = differences(await snapshotFile(remote.file, true), await snapshot(device.opened.db, false));
    if (diff.length) throw new Error(`remote and device differ after the bench: ${diff.join(' | ')}`);
    return { sync_initial_10k_s: Number(initialS.toFixed(2)), sync_incremental_ms: Math.round(times[2]!) };
  } finally {
    await device.close();
    await remote.stop();
    tmp.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run()));
}

