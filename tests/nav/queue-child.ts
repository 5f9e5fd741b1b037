// A Folio process that reports its NAV queue once, for the crash suite to SIGKILL at chosen moments:
//   node --import tsx tests/nav/queue-child.ts <db file> <NAV url> <hold>
// hold: none | manage-answer (NAV takes the first manageInvoice; the answer never reaches Folio) |
//       status-after-manage (the transaction id of a submission is stored; its first status query never leaves).
// At a hold the process prints "HOLD <operation>" and waits to be killed. A pass that finishes prints "DONE".
import type { FetchLike } from '../../electron/nav/transport';
import { FAST, openRig } from './queue-rig';

const [file, navUrl, hold = 'none'] = process.argv.slice(2);
if (!file || !navUrl) throw new Error('usage: queue-child.ts <db file> <NAV url> <hold>');

let submitted = false;
const never = (operation: string) => {
  process.stdout.write(`HOLD ${operation}\n`);
  return new Promise<never>(() => {});
};

const heldFetch: FetchLike = async (url, init) => {
  const operation = url.slice(url.lastIndexOf('/') + 1);
  if (hold === 'status-after-manage' && submitted && operation === 'queryTransactionStatus') return never(operation);
  const response = await (fetch as unknown as FetchLike)(url, init);
  if (operation === 'manageInvoice') {
    if (hold === 'manage-answer') return never(operation);
    submitted = true;
  }
  return response;
};

const rig = await openRig({ file, navUrl, fetch: heldFetch, tuning: { ...FAST, pollDelaysMs: [30, 30, 60, 120, 240] } });
process.stdout.write('READY\n');
await rig.rt.nav.pass();
await rig.close();
process.stdout.write('DONE\n');
