// Issue 7 — the remote dies mid-sync. Two desktops with a lot to push (six hundred invoices issued before joining,
// invoices in their own blocks, payments, cancellations, master data) sync while the remote — a `serve` process — is
// SIGKILLed at seeded random moments, ten times, restarted on the same file and port each time, and the devices keep
// working between kills. After the last restart the nodes sync until nothing moves: the three databases must hold
// the same business data (no record missing, none twice) and every block's numbers must be gapless.
// Every kill is checked to have landed while a sync ran, and the remote's file to be whole after it.
// Replay a failure with FOLIO_SYNC_SEED=<seed printed below>.
import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../electron/db/open';
import { differences, numberingProblems, snapshot, snapshotFile } from './support/digest';
import { addressBody } from '../support/fixtures';
import { testSeed } from '../support/random';
import { configure, openDevice, startRemote, syncOk, syncUntilQuiet, tempDir, type Device, type RemoteProcess } from './support/nodes';

const KILLS = 10;
const BUDGET_MS = 180_000; // a hard stop: on a crowded machine fewer kills fit (at least half must)

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => res(port));
    });
  });
}

const clientBody = (name: string) => ({ name, taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER', billing_address: addressBody(), force: true });
const invoiceBody = (clientUid: number, blockUid: number, i: number) => ({
  client_uid: clientUid,
  payment_method: i % 5 === 0 ? 1 : 2,
  currency: 'HUF',
  type: i % 11 === 0 ? 1 : 3,
  block_uid: blockUid,
  fulfillment_date: '2026-03-15',
  due_date: '2026-03-23',
  items: [
    { description: `Tétel ${i}`, vat_id: 1, qty: 1 + (i % 3), net_unit_price: 1000 + i, unit: 'db' },
    { description: 'Kiszállás', vat_id: 1, qty: 1, gross_unit_price: '5080', unit: 'alkalom' },
  ],
});

/** A burst of offline work on a device: clients, invoices in its block, payments, a cancellation, an edit. */
async function work(d: Device, r: () => number, blockUid: number, n: number) {
  const core = d.runtime.core;
  const clientUid = (await core.call('clients.create', clientBody(`${d.name} ügyfél ${Math.floor(r() * 1e9)}`))).id;
  const made = await Promise.all(Array.from({ length: n }, (_, i) => core.call('invoices.create', invoiceBody(clientUid, blockUid, i))));
  for (const inv of made.filter((x) => x.attributes.type === 3 && x.attributes.status === 2).slice(0, 3)) {
    await core.call('invoices.pay', { id: inv.id, date: '2026-03-15', amount: '100' });
  }
  const victim = made.find((x) => x.attributes.type === 3);
  if (victim && r() < 0.5) await core.call('invoices.cancel', { id: victim.id });
  await core.call('clients.update', { id: clientUid, phone: `+36 ${Math.floor(r() * 1e7)}` });
}

test('ten SIGKILLs of the remote during sync lose nothing and duplicate nothing', async () => {
  test.setTimeout(BUDGET_MS + 120_000);
  const { seed, random: r } = testSeed('FOLIO_SYNC_SEED');
  const tmp = tempDir('kill');
  const port = await freePort();
  const remoteFile = tmp.file('remote.db');
  let remote: RemoteProcess | undefined;
  const devices: Device[] = [];
  try {
    remote = await startRemote(remoteFile, { port });
    // small batches, so a sync is many requests long and the kills land in the middle of it
    const limits = { pushBatch: 40, pullPage: 100 };
    const a = await openDevice('Laptop', tmp.file('a.db'), { limits, requestTimeoutMs: 5_000 });
    const b = await openDevice('Desktop', tmp.file('b.db'), { limits, requestTimeoutMs: 5_000 });
    devices.push(a, b);

    // before joining: six hundred invoices in A's default block (they keep their numbers in the remote's block 0)
    await work(a, r, 0, 600);
    await configure(a, remote.url, { block_prefix: 'LAP' });
    await configure(b, remote.url, { block_prefix: 'DESK' });

    const started = Date.now();
    let kills = 0;
    let interrupted = 0;
    let midSync = 0;
    while (kills < KILLS && Date.now() - started < BUDGET_MS) {
      let settled = 0;
      const rounds = devices.map((d) => d.runtime.core.call('sync.now', {}).finally(() => settled++));
      await sleep(Math.floor(r() * 600));
      // the kill lands mid-sync when a round is still running (it may have been quick enough to end before)
      if (settled < rounds.length) midSync++;
      await remote.kill();
      kills++;
      const statuses = await Promise.all(rounds);
      interrupted += statuses.filter((s) => s.last_error).length;
      // what the killed remote left on disk is whole: numbers unique and gapless in every block
      const left = await openDatabase(remoteFile, { readonly: true });
      try {
        expect(await numberingProblems(left.db), `remote after kill ${kills} (seed ${seed})`).toEqual([]);
      } finally {
        await left.close();
      }
      // the devices keep working while the remote is down
      for (const d of devices) {
        const s = await d.runtime.core.call('sync.status', {});
        if (s.joined) await work(d, r, s.own_block_uid!, 5 + Math.floor(r() * 40));
      }
      remote = await startRemote(remoteFile, { port });
    }
    if (kills < KILLS) test.info().annotations.push({ type: 'note', description: `only ${kills} kills fitted in the time budget` });
    expect(kills).toBeGreaterThanOrEqual(KILLS / 2);
    // the kills did cut syncs short: not every one landed after the work was over
    expect(midSync, `kills during a running sync (seed ${seed})`).toBeGreaterThan(0);
    expect(interrupted, `sync rounds that failed because of a kill (seed ${seed})`).toBeGreaterThan(0);

    for (const d of devices) await syncOk(d);
    await syncUntilQuiet(devices);
    const snapR = await snapshotFile(remoteFile, true);
    for (const d of devices) {
      expect(differences(snapR, await snapshot(d.opened.db, false)), `remote vs ${d.name} (seed ${seed})`).toEqual([]);
      expect(await numberingProblems(d.opened.db), d.name).toEqual([]);
      expect((await d.runtime.core.call('sync.conflicts', {})).issues, d.name).toEqual([]);
      expect((await d.runtime.core.call('sync.status', {})).pending_changes).toBe(0);
    }
    const remoteDb = await openDatabase(remoteFile, { readonly: true });
    try {
      expect(await numberingProblems(remoteDb.db), 'remote').toEqual([]);
    } finally {
      await remoteDb.close();
    }
    console.log(
      `sync kill test: ${kills} kills (${midSync} mid-sync), ${interrupted} rounds cut, ${snapR.invoices.length} invoices and ${snapR.clients.length} clients ` +
        `identical on all three nodes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    for (const d of devices) await d.close().catch(() => undefined);
    await remote?.kill();
    tmp.remove();
  }
});

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));
