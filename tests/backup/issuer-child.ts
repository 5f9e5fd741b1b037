// The second process of the concurrent-backup test: issues invoices through the core in a loop and prints one JSON
// line per invoice after its transaction committed. Stops when its stdin closes (the parent ended it, or died) and
// after two minutes whatever happens, so it can never outlive a test run.
// Usage: node --import tsx issuer-child.ts <db file>
import { openLive, createClient, issue } from './helpers';

let stopping = false;
process.stdin.on('end', () => (stopping = true));
process.stdin.on('close', () => (stopping = true));
process.stdin.resume();
setTimeout(() => process.exit(3), 120_000).unref();

const live = await openLive(process.argv[2]!);
const clientId = await createClient(live.core, { name: 'Párhuzamos Kft.' });
while (!stopping) {
  const inv = await issue(live.core, clientId, {
    items: [
      { description: 'Első tétel', vat_id: 1, qty: 2, net_unit_price: 1500 },
      { description: 'Második tétel', vat_id: 1, qty: 1, net_unit_price: 990 },
    ],
  });
  process.stdout.write(`${JSON.stringify(inv)}\n`);
  // The core on better-sqlite3 resolves every await as a microtask: without a turn of the event loop here, stdout
  // would never flush and stdin's end (the stop signal) would never be seen.
  await new Promise((resolve) => setImmediate(resolve));
}
await live.close();
process.exit(0);
