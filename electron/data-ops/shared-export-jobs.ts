// The team server's export jobs (issue 20): several `serve --pg` processes stand behind one address, so a job
// started in one process must answer its status poll and its download in whichever process the next request reaches.
// The process that got data.exportStart builds the file in its own work folder (export-build.ts), as on a SQLite
// file; everything another process needs is in the database (export-job-store.ts):
// - the job's state, its progress written at most every `progressMs` (and a heartbeat every `heartbeatMs` while
//   nothing moves, e.g. while a ZIP is written), and the end;
// - the finished file, copied into the database in `chunkBytes` pieces once built, and streamed back piece by piece;
//   the local folder is deleted at the end.
// A process that dies mid-job leaves a running row with no heartbeat: a process asked for its status after
// `staleMs` of silence marks it failed, with words the user can act on. Jobs are pruned a day after their last sign
// of life, when the data area starts and when a job starts.
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { mkdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { FolioError } from '../../shared/errors';
import type { ExportJob } from '../../shared/contract/areas/data';
import type { Db } from '../db/types';
import { buildExport, newJobView, type BuildDeps } from './export-build';
import { exportJobStore, viewOf, type ExportJobStore } from './export-job-store';
import { Aborted, contentTypeOf, type ExportJobs, type ExportRequest } from './export-request';

/** What tests tune; the defaults are the server's. */
export interface SharedJobTuning {
  /** the size of a stored piece of a file (default 4 MiB) */
  chunkBytes?: number;
  /** progress is written at most this often (default 500 ms) */
  progressMs?: number;
  /** a running job's sign of life while its progress stands still (default 10 s) */
  heartbeatMs?: number;
  /** a running job silent this long belongs to a process that is gone (default 60 s) */
  staleMs?: number;
  /** how long after its last sign of life a job and its file are kept (default 24 h) */
  keepMs?: number;
}

export interface SharedExportJobsDeps extends BuildDeps {
  db: Db;
  workDir: string;
  tuning?: SharedJobTuning;
}

export interface SharedExportJobs extends ExportJobs {
  /** deletes the jobs past keeping; the data area calls it as it starts */
  prune(): Promise<void>;
}

export const PROCESS_GONE = 'The server process building this export stopped; start it again';

const MiB = 1024 * 1024;

export function createSharedExportJobs(deps: SharedExportJobsDeps): SharedExportJobs {
  const chunkBytes = deps.tuning?.chunkBytes ?? 4 * MiB;
  const progressMs = deps.tuning?.progressMs ?? 500;
  const heartbeatMs = deps.tuning?.heartbeatMs ?? 10_000;
  const staleMs = deps.tuning?.staleMs ?? 60_000;
  const keepMs = deps.tuning?.keepMs ?? 24 * 3_600_000;
  // Bookkeeping times are the real clock: the business clock (FOLIO_NOW) may stand still.
  const now = () => Date.now();
  const store = exportJobStore(deps.db);
  const processName = `${hostname()}:${process.pid}`;
  /** the jobs this process builds: alive whatever their heartbeat says */
  const running = new Map<string, Promise<void>>();
  let aborted = false;

  async function prune(): Promise<void> {
    await store.prune(now() - keepMs);
  }

  async function run(id: string, view: ExportJob, request: ExportRequest): Promise<void> {
    const dir = join(deps.workDir, id);
    const progress = throttled((at) => store.progress(id, view.done, view.total, at), now, progressMs);
    const heartbeat = setInterval(() => progress.now(), heartbeatMs);
    heartbeat.unref();
    let contentType: string | null = null;
    try {
      mkdirSync(dir, { recursive: true });
      const path = await buildExport(deps, request, dir, view, (done, total) => {
        if (aborted) throw new Aborted(PROCESS_GONE);
        view.done = Math.min(done, total);
        view.total = total;
        progress.soon();
      });
      view.bytes = await storeFile(store, id, path, chunkBytes, () => aborted);
      view.filename = basename(path);
      contentType = contentTypeOf(view.filename);
      view.done = view.total;
      view.state = 'done';
    } catch (e) {
      view.state = 'failed';
      view.error = e instanceof Error ? e.message : String(e);
    } finally {
      clearInterval(heartbeat);
      await progress.settled();
      rmSync(dir, { recursive: true, force: true });
    }
    // A row already given up by another process (or pruned) is left as it is; its pieces go when it is pruned.
    await store.finish(id, view, contentType, now()).catch((e: unknown) => logFailure(id, e));
  }

  return {
    async start(request, caller) {
      await prune();
      const id = randomBytes(16).toString('hex');
      const view = newJobView(id, request);
      const at = now();
      await store.insert({
        ...rowFields(view),
        started_by: caller.name,
        started_by_user: caller.user_id,
        process: processName,
        started_ms: at,
        heartbeat_ms: at,
        finished_ms: null,
      });
      const work = run(id, view, request).finally(() => running.delete(id));
      running.set(id, work);
      return viewOf(await store.read(id).then((row) => row!));
    },
    async status(id) {
      let row = await store.read(id);
      if (!row) throw new FolioError('not_found', 'No such export (it may have finished more than a day ago)');
      if (row.state === 'running' && !running.has(id) && row.heartbeat_ms < now() - staleMs) {
        await store.giveUp(id, now() - staleMs, PROCESS_GONE, now());
        row = (await store.read(id)) ?? row;
      }
      return viewOf(row);
    },
    async file(id) {
      const row = await store.read(id);
      if (!row || row.state !== 'done' || row.filename === null || row.bytes === null) return undefined;
      const bytes = row.bytes;
      return {
        filename: row.filename,
        bytes,
        contentType: row.content_type ?? contentTypeOf(row.filename),
        open: () => Readable.from(readChunks(store, id, bytes), { objectMode: false }),
      };
    },
    prune,
    async stop() {
      // What runs here ends failed in the database at once (the other processes need not wait for it to go stale).
      aborted = true;
      await Promise.all(running.values());
      rmSync(deps.workDir, { recursive: true, force: true });
    },
  };
}

/** The columns of a job's view. */
function rowFields(view: ExportJob) {
  return {
    id: view.job,
    format: view.format,
    date_from: view.date_from,
    date_to: view.date_to,
    state: view.state,
    done: view.done,
    total: view.total,
    error: view.error,
    filename: view.filename,
    bytes: view.bytes,
    content_type: null,
    counts: null,
    skipped: JSON.stringify(view.skipped),
    email: view.email && JSON.stringify(view.email),
  };
}

/** Copies the built file into the database piece by piece (one piece in memory at a time); its size in bytes. */
async function storeFile(store: ExportJobStore, id: string, path: string, chunkBytes: number, aborted: () => boolean): Promise<number> {
  const file = await open(path, 'r');
  try {
    let bytes = 0;
    for (let seq = 0; ; seq++) {
      if (aborted()) throw new Aborted(PROCESS_GONE);
      const piece = Buffer.alloc(chunkBytes);
      let filled = 0;
      while (filled < chunkBytes) {
        const { bytesRead } = await file.read(piece, filled, chunkBytes - filled, bytes + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled === 0) return bytes;
      await store.writeChunk(id, seq, piece.subarray(0, filled));
      bytes += filled;
      if (filled < chunkBytes) return bytes;
    }
  } finally {
    await file.close();
  }
}

/** The stored pieces in order; a file found shorter than its row says (pruned meanwhile) ends the download in error. */
async function* readChunks(store: ExportJobStore, id: string, bytes: number): AsyncGenerator<Buffer> {
  let seq = -1;
  let sent = 0;
  for (;;) {
    const chunk = await store.chunkAfter(id, seq);
    if (!chunk) break;
    seq = chunk.seq;
    sent += chunk.data.byteLength;
    yield Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
  }
  if (sent !== bytes) throw new Error(`export ${id}: ${sent} of its ${bytes} bytes are stored (it was deleted meanwhile)`);
}

/**
 * One write at a time, at most one per `everyMs` (`soon`), or at once (`now`, the heartbeat) unless one is under way.
 * A write that fails is logged and left: the next one carries the same, newer, numbers.
 */
function throttled(write: (at: number) => Promise<void>, clock: () => number, everyMs: number) {
  let last = -Infinity;
  let inFlight: Promise<void> | null = null;
  const go = (force: boolean) => {
    const at = clock();
    if (inFlight || (!force && at - last < everyMs)) return;
    last = at;
    inFlight = write(at)
      .catch((e: unknown) => console.error(`folio: an export's progress could not be written: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        inFlight = null;
      });
  };
  return { soon: () => go(false), now: () => go(true), settled: () => inFlight ?? Promise.resolve() };
}

function logFailure(id: string, e: unknown): void {
  console.error(`folio: the end of export ${id} could not be written: ${e instanceof Error ? e.message : String(e)}`);
}
