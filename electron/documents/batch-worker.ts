// A PDF batch worker thread: renders each invoice it is sent and writes the file itself, so only a small
// acknowledgement crosses back to the pool. Fonts are decoded once per thread (engine.ts) and reused.
import { writeFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { JobMessage, ResultMessage } from './batch-protocol';
import { renderInvoicePdf } from './render';

if (!parentPort) throw new Error('batch-worker must run as a worker thread');
const port = parentPort;

port.on('message', async (job: JobMessage) => {
  let reply: ResultMessage;
  try {
    const pdf = await renderInvoicePdf(job.invoice, { lang: job.lang });
    await writeFile(job.path, pdf);
    reply = { id: job.id, ok: true };
  } catch (err) {
    reply = { id: job.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
