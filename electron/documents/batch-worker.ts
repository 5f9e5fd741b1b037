// A PDF batch worker thread: renders each invoice it is sent and writes the file itself, so only a small
// acknowledgement crosses back to the pool — or, asked to, hands the bytes back (moved, not copied) for the pool's
// caller to put where it wants (the accountant package's ZIP). Fonts are decoded once per thread (engine.ts) and reused.
import { writeFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { JobMessage, ResultMessage } from './batch-protocol';
import { renderInvoicePdf } from './render';

if (!parentPort) throw new Error('batch-worker must run as a worker thread');
const port = parentPort;

// One drawing at a time: the jobs sent ahead wait here as invoices (a few kilobytes each), not as half-made
// documents (pdfmake's and pdfkit's state each), however many the pool keeps in hand.
let drawing: Promise<unknown> = Promise.resolve();

port.on('message', (job: JobMessage) => {
  const pdf = drawing.then(() => renderInvoicePdf(job.invoice, { lang: job.lang }));
  drawing = pdf.catch(() => undefined);
  void answer(job, pdf);
});

async function answer(job: JobMessage, rendered: Promise<Buffer>): Promise<void> {
  let reply: ResultMessage;
  const transfer: ArrayBuffer[] = [];
  try {
    const pdf = await rendered;
    if (job.path === null) {
      // a copy of exactly its bytes (a Buffer may be a slice of a shared pool), moved across
      const bytes = new Uint8Array(pdf);
      transfer.push(bytes.buffer as ArrayBuffer);
      reply = { id: job.id, ok: true, pdf: bytes };
    } else {
      await writeFile(job.path, pdf);
      reply = { id: job.id, ok: true };
    }
  } catch (err) {
    reply = { id: job.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply, transfer);
}
