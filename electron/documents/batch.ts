// Many invoices → PDF files, on a pool of worker threads (one per core, two by default) so a year's export does not
// stall the process that serves the UI. Memory stays bounded whatever the input size: invoices are pulled from the
// (async) iterable only when a worker has room, each worker holds at most `inFlightPerWorker` jobs, and workers
// write their PDFs straight to disk instead of shipping bytes back.
//
// Workers run the same TypeScript as the caller: from sources (tsx, Playwright) batch-worker.ts is loaded through a
// small tsx bootstrap; from a build, batch-worker.js beside this module's output (or `workerUrl`) runs as is.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { InvoiceAttributes } from '../../shared/resources';
import { invoicePdfFileName } from './file-name';
import type { DocLang } from './i18n';
import type { JobMessage, ResultMessage } from './batch-protocol';

export interface BatchOptions {
  /** worker threads; default 2 (Folio's target machines have at least two cores) */
  workers?: number;
  /** overrides every invoice's template_lang_code */
  lang?: DocLang;
  /** file name inside outDir; default invoicePdfFileName(invoice), made unique within the batch */
  fileName?: (invoice: InvoiceAttributes) => string;
  /** jobs queued per worker; 2 keeps a worker busy while its previous file is being written */
  inFlightPerWorker?: number;
  /** the worker entry; default batch-worker.(ts|js) beside this module */
  workerUrl?: URL;
  onProgress?: (done: number) => void;
  /**
   * Each PDF's bytes, with its file name, instead of a file in outDir (which stays empty): the accountant package
   * packs them straight into its ZIP. Called on this thread as each arrives, before the progress counts it.
   */
  onPdf?: (file: string, pdf: Uint8Array) => void;
}

export interface BatchFailure {
  uid: number;
  file: string;
  error: string;
}

export interface BatchResult {
  /** PDF files written */
  count: number;
  ms: number;
  failures: BatchFailure[];
  /** the process's peak resident set size while the batch ran (worker threads share the process), MB */
  peakRssMb: number;
}

interface Job {
  message: JobMessage;
  uid: number;
  file: string;
  attempts: number;
}

/** One worker thread and the jobs it holds; a crashed worker's slot gets a fresh thread. */
interface Slot {
  worker: Worker;
  jobs: Map<number, Job>;
  lastError: Error | null;
}

// A job whose worker died is retried once on a fresh worker: the crash may have been its neighbour's doing (two
// jobs share a worker). A job that takes a second worker down is reported as failed, and the batch goes on.
const MAX_ATTEMPTS = 2;

export async function renderBatch(
  invoices: AsyncIterable<InvoiceAttributes> | Iterable<InvoiceAttributes>,
  outDir: string,
  opts: BatchOptions = {},
): Promise<BatchResult> {
  const started = performance.now();
  if (!opts.onPdf) await mkdir(outDir, { recursive: true });
  const size = Math.max(1, opts.workers ?? 2);
  const perWorker = Math.max(1, opts.inFlightPerWorker ?? 2);
  const rss = startRssSampler();
  const usedNames = new Set<string>();
  const failures: BatchFailure[] = [];
  const retries: Job[] = [];
  let count = 0;
  let nextId = 0;
  let respawns = 0;
  let closing = false;
  let fatal: Error | null = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const settled = () => {
    try {
      opts.onProgress?.(count + failures.length);
    } catch (e) {
      // the caller stops the batch from its progress callback (an export job asked to stop): called from a worker's
      // message, a throw here would be uncaught and end the process; it ends the batch instead
      fatal ??= e instanceof Error ? e : new Error(String(e));
    }
    rss.sample();
    signal();
  };

  const startSlot = (): Slot => {
    const slot: Slot = { worker: spawnWorker(opts.workerUrl), jobs: new Map(), lastError: null };
    slot.worker.on('message', (msg: ResultMessage) => {
      const job = slot.jobs.get(msg.id);
      if (!job) return;
      slot.jobs.delete(msg.id);
      if (msg.ok && opts.onPdf) {
        try {
          opts.onPdf(job.file, msg.pdf!);
          count++;
        } catch (e) {
          // the caller could not take it (a full disk): the batch ends with that error
          fatal ??= e instanceof Error ? e : new Error(String(e));
        }
      } else if (msg.ok) count++;
      else failures.push({ uid: job.uid, file: job.file, error: msg.error });
      settled();
    });
    slot.worker.on('error', (err) => (slot.lastError = err));
    slot.worker.on('exit', (code) => {
      if (closing) return;
      const reason = slot.lastError?.message ?? `exit code ${code}`;
      for (const job of slot.jobs.values()) {
        if (job.attempts < MAX_ATTEMPTS) retries.push(job);
        else failures.push({ uid: job.uid, file: job.file, error: `PDF worker crashed: ${reason}` });
      }
      slot.jobs.clear();
      // A worker that cannot even start would crash forever; stop respawning well before that.
      if (++respawns > size * 10) fatal ??= new Error(`PDF workers keep crashing: ${reason}`);
      else pool[pool.indexOf(slot)] = startSlot();
      settled();
    });
    return slot;
  };
  const pool: Slot[] = Array.from({ length: size }, startSlot);

  const roomySlot = (): Slot | null =>
    pool.reduce<Slot | null>((best, s) => (s.jobs.size < perWorker && (!best || s.jobs.size < best.jobs.size) ? s : best), null);
  const waitForSlot = async (): Promise<Slot> => {
    for (;;) {
      if (fatal) throw fatal;
      const slot = roomySlot();
      if (slot) return slot;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  const dispatch = (slot: Slot, job: Job) => {
    job.attempts++;
    slot.jobs.set(job.message.id, job);
    slot.worker.postMessage(job.message);
  };
  const drainRetries = async () => {
    while (retries.length > 0) dispatch(await waitForSlot(), retries.shift()!);
  };

  try {
    for await (const invoice of invoices) {
      await drainRetries();
      const slot = await waitForSlot();
      const file = uniqueName(opts.fileName?.(invoice) ?? invoicePdfFileName(invoice), usedNames);
      const message: JobMessage = { id: nextId++, invoice, path: opts.onPdf ? null : join(outDir, file), lang: opts.lang };
      dispatch(slot, { message, uid: invoice.uid, file, attempts: 0 });
    }
    // The tail: wait for every job, retrying those a crash interrupted.
    for (;;) {
      await drainRetries();
      if (fatal) throw fatal;
      if (pool.every((s) => s.jobs.size === 0) && retries.length === 0) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    closing = true;
    await Promise.all(pool.map((s) => s.worker.terminate()));
    rss.stop();
  }
  return { count, ms: Math.round(performance.now() - started), failures, peakRssMb: rss.peakMb() };
}

// Without limits each worker's V8 heap grows towards its default ceiling (≈150 MB RSS per worker seen); a smaller
// young generation and an old-generation cap make the collector run sooner, for ~45 % less memory at a few % of
// speed. 256 MB old space still leaves room for invoices with thousands of lines.
const WORKER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };

function spawnWorker(workerUrl?: URL): Worker {
  const entry = workerUrl ?? defaultWorkerUrl();
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { resourceLimits: WORKER_LIMITS });
  // From sources: a plain-JS bootstrap registers tsx in the worker thread first (see batch-worker-tsx.mjs).
  return new Worker(new URL('./batch-worker-tsx.mjs', import.meta.url), {
    workerData: { entry: entry.href },
    resourceLimits: WORKER_LIMITS,
  });
}

function defaultWorkerUrl(): URL {
  // import.meta.url is empty when this module was bundled to CommonJS (the Electron main process): the build puts the
  // worker beside the bundle as batch-worker.cjs (scripts/build-electron.mjs).
  const here = import.meta.url as string | undefined;
  if (!here) {
    const beside = typeof __dirname === 'string' ? join(__dirname, 'batch-worker.cjs') : '';
    if (beside && existsSync(beside)) return pathToFileURL(beside);
    throw new Error('renderBatch: cannot locate batch-worker from a CommonJS bundle; pass opts.workerUrl');
  }
  if (fileURLToPath(here).endsWith('.ts')) return new URL('./batch-worker.ts', here);
  // a build: batch-worker.js beside this module, or the node bundle's batch-worker.mjs (scripts/build-node.mjs)
  for (const name of ['./batch-worker.js', './batch-worker.mjs']) {
    const url = new URL(name, here);
    if (existsSync(url)) return url;
  }
  throw new Error(`renderBatch: worker not found beside ${here}; pass opts.workerUrl`);
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let i = 2; used.has(candidate); i++) candidate = name.replace(/(\.pdf)?$/i, `-${i}$1`);
  used.add(candidate);
  return candidate;
}

function startRssSampler() {
  let peak = process.memoryUsage.rss();
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const timer = setInterval(sample, 25);
  timer.unref();
  return {
    sample,
    stop: () => {
      sample();
      clearInterval(timer);
    },
    peakMb: () => Math.round(peak / (1024 * 1024)),
  };
}
