// Development bootstrap of the PDF batch worker. Node 20 ignores `--import tsx` in a worker's execArgv, so a
// worker started from TypeScript sources (tsx, the Playwright runner) begins here, in plain JavaScript, registers
// tsx's loader for its own thread and then imports the TypeScript worker. Built code starts batch-worker.js directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
