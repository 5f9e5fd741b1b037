// A process that takes the sync lease of a database file and then just lives on, until the test kills it.
import { openDatabase } from '../../../electron/db/open';
import { takeLease } from '../../../electron/sync/lease';

const { db } = await openDatabase(process.argv[2]!);
const lease = await takeLease(db, 'child-holder', 5 * 60_000);
console.log(lease.ok ? 'held' : `refused ${lease.pid}`);
setInterval(() => undefined, 60_000);
