// A batch worker for the tests that dies (like an out-of-memory worker would) on an invoice whose comment is
// "crash", and otherwise is the real worker. The real worker's listener is attached first: a port delivers only to
// the listeners it has when a message arrives.
import '../../electron/documents/batch-worker';
import { parentPort } from 'node:worker_threads';
import type { JobMessage } from '../../electron/documents/batch-protocol';

parentPort!.on('message', (job: JobMessage) => {
  if (job.invoice.comment === 'crash') process.exit(3);
});
