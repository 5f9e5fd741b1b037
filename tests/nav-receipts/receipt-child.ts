// A Folio process that runs one receipt-report pass, for the crash suite to SIGKILL at a chosen moment:
//   node --import tsx tests/nav-receipts/receipt-child.ts <db file> <receipt url> <business time ISO> <hold>
// hold: none | create-answer (NAV records the first CreateReceiptRequest; its answer never reaches Folio) |
//       create-request (the request is stored as going out; it never leaves).
// At a hold the process prints "HOLD <path>" and waits to be killed. A pass that finishes prints "DONE <json>".
import { ManualClock } from '../../electron/core/clock';
import type { FetchLike } from '../../electron/nav/transport';
import { openReceiptRig } from './rig';

const [file, receiptUrl, at, hold = 'none'] = process.argv.slice(2);
if (!file || !receiptUrl || !at) throw new Error('usage: receipt-child.ts <db file> <receipt url> <time> <hold>');

const never = (path: string) => {
  process.stdout.write(`HOLD ${path}\n`);
  return new Promise<never>(() => {});
};
let held = false;
const heldFetch: FetchLike = async (url, init) => {
  const path = url.slice(url.indexOf('/v1/') + 4);
  if (path === 'receipt/create' && !held && hold === 'create-request') {
    held = true;
    return never(path);
  }
  const response = await (fetch as unknown as FetchLike)(url, init);
  if (path === 'receipt/create' && !held && hold === 'create-answer') {
    held = true;
    await response.text();
    return never(path);
  }
  return response;
};

const rig = await openReceiptRig({ file, receiptUrl, clock: new ManualClock(at), fetch: heldFetch });
process.stdout.write('READY\n');
const result = await rig.rt.receipts.pass();
await rig.close();
process.stdout.write(`DONE ${JSON.stringify(result)}\n`);
