// A separate process that runs one long catch-up pass on a database file, for the crash and race tests:
//   node --import tsx catchup-child.ts <db file> <business now> <ms each invoice lingers inside its transaction>
// The lingering seal hook keeps every transaction open for a while, so a SIGKILL lands inside one.
import { createCore } from '../../../electron/core/index';
import { fixedClock } from '../../../electron/core/clock';
import type { SealHook } from '../../../electron/core/invoices/service';
import { createRecurringScheduler } from '../../../electron/core/recurring/scheduler';
import { openDatabase } from '../../../electron/db/open';

const [file, now, lingerMs] = process.argv.slice(2);
if (!file || !now) throw new Error('usage: catchup-child.ts <db> <now> [linger ms]');
const linger = Number(lingerMs ?? 0);

// Seal hooks run inside the transaction and are synchronous: lingering is a blocking sleep.
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sealHooks: SealHook[] = [() => void Atomics.wait(sleeper, 0, 0, linger)];
const opened = await openDatabase(file);
const core = await createCore({ db: opened.db, clock: fixedClock(now), sealHooks });
const result = await createRecurringScheduler({ core }).runOnce();
process.stdout.write(`${JSON.stringify({ issued: result.issued.length, failed: result.failed })}\n`);
await opened.close();
