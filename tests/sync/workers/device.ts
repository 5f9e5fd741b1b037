// A desktop in a child process, for the device-crash test: opens its file, makes sure sync is configured, adds a
// little offline work, then syncs in a loop, printing `round <n> <error|ok>` after each round. The test SIGKILLs it
// at random moments; the next child continues on the same file.
// Usage: node --import tsx tests/sync/workers/device.ts <db file> <remote url> <seed>
import { addressBody } from '../../support/fixtures';
import { configure, openDevice } from '../support/nodes';

const [file, url, seedText] = process.argv.slice(2);
const device = await openDevice('Crashy Laptop', file!, { limits: { pushBatch: 25, pullPage: 50 }, requestTimeoutMs: 5_000 });
const core = device.runtime.core;
let seed = Number(seedText);
const r = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

let status = await core.call('sync.status', {});
// A child killed while configured but before its join finished: the runtime's own worker joins as soon as the file is
// open, handing block 0 to the remote; finish that join first, so the offline work goes to the device's own block.
if (status.configured && !status.joined) {
  await core.call('sync.now', {});
  status = await core.call('sync.status', {});
}
// Configuring starts a round at once, and a join hands block 0 to the remote: until joined, the offline work (in
// block 0) goes first, or it races that round and is refused.
const startSync = async () => {
  if (!status.configured) await configure(device, url!, { block_prefix: 'CRASH' });
  else await core.call('sync.configure', { base_url: url! });
};
if (status.joined) await startSync();
console.log('ready');

const block = status.joined ? status.own_block_uid! : 0;
const clientUid = (await core.call('clients.create', { name: `Crash ügyfél ${seed}`, billing_address: addressBody(), force: true })).id;
const made = await Promise.all(
  Array.from({ length: 20 + Math.floor(r() * 60) }, (_, i) =>
    core.call('invoices.create', {
      client_uid: clientUid,
      payment_method: i % 4 === 0 ? 1 : 2,
      currency: 'HUF',
      type: 3,
      block_uid: block,
      fulfillment_date: '2026-03-15',
      due_date: '2026-03-23',
      items: [{ description: `Tétel ${i}`, vat_id: 1, qty: 1, net_unit_price: 1000 + i }],
    }),
  ),
);
for (const inv of made.slice(0, 3)) if (inv.attributes.status === 2) await core.call('invoices.pay', { id: inv.id, date: '2026-03-15', amount: '10' });
await core.call('clients.update', { id: clientUid, phone: String(seed) });
if (!status.joined) await startSync();
console.log('worked');

for (let n = 1; n <= 1000; n++) {
  const s = await core.call('sync.now', {});
  console.log(`round ${n} ${s.last_error ? 'error' : 'ok'} ${s.pending_changes}`);
}
