// Exports for the accountant as jobs: started by one call, polled for progress by the next ones (an export of
// years of invoices takes seconds, longer than a request should), and once done a file to download (export-build.ts
// builds it). This is the list of a process that owns its database file (the desktop, `serve --db`): the jobs live
// in its memory, each works in its own folder under `workDir`, reads one consistent moment of the database through
// its own read-only connection, and is forgotten (its files deleted) an hour after it finished, or when the runtime
// stops. The team server keeps its jobs in the database instead (shared-export-jobs.ts).
import { randomBytes } from 'node:crypto';
import { copyFileSync, createReadStream, mkdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ExportJob } from '../../shared/contract/areas/data';
import { FolioError } from '../../shared/errors';
import { fsyncFile } from '../backup/files';
import { buildExport, newJobView, type BuildDeps } from './export-build';
import { Aborted, contentTypeOf, type ExportJobs } from './export-request';

export type { ExportJobs, ExportRequest, ExportDownload } from './export-request';

const KEEP_MS = 3_600_000;

export interface ExportJobsDeps extends BuildDeps {
  workDir: string;
  /** the folder a copy is kept in (save_to_folder); refuses where there is none */
  saveDir: () => Promise<string>;
}

export function createExportJobs(deps: ExportJobsDeps): ExportJobs {
  const jobs = new Map<string, { view: ExportJob; path: string | null; dir: string; finishedAt: number | null; work: Promise<void> }>();
  let aborted = false;

  function forgetOld(): void {
    const now = Date.now();
    for (const [id, j] of jobs) {
      if (j.finishedAt !== null && now - j.finishedAt > KEEP_MS) {
        rmSync(j.dir, { recursive: true, force: true });
        jobs.delete(id);
      }
    }
  }

  return {
    async start(request) {
      forgetOld();
      const id = randomBytes(16).toString('hex');
      const dir = join(deps.workDir, id);
      mkdirSync(dir, { recursive: true });
      const view = newJobView(id, request);
      const tick = (done: number, total: number) => {
        if (aborted) throw new Aborted('The export was stopped');
        view.done = Math.min(done, total);
        view.total = total;
      };
      const entry = { view, path: null as string | null, dir, finishedAt: null as number | null, work: Promise.resolve() };
      entry.work = buildExport(deps, request, dir, view, tick)
        .then(async (path) => {
          entry.path = path;
          view.filename = basename(path);
          view.bytes = statSync(path).size;
          view.done = view.total;
          if (request.save_to_folder) view.saved_to = saveCopy(path, view.filename, await deps.saveDir());
          view.state = 'done';
        })
        .catch((e: unknown) => {
          view.state = 'failed';
          view.error = e instanceof Error ? e.message : String(e);
        })
        .finally(() => {
          entry.finishedAt = Date.now();
        });
      jobs.set(id, entry);
      return { ...view };
    },
    async status(id) {
      const j = jobs.get(id);
      if (!j) throw new FolioError('not_found', 'No such export (it may have finished more than an hour ago, or Folio was restarted)');
      return { ...j.view, skipped: [...j.view.skipped], email: j.view.email && { ...j.view.email } };
    },
    async file(id) {
      const j = jobs.get(id);
      if (!j?.path || j.view.state !== 'done') return undefined;
      const path = j.path;
      return { filename: j.view.filename!, bytes: j.view.bytes!, contentType: contentTypeOf(j.view.filename!), open: () => createReadStream(path) };
    },
    async stop() {
      aborted = true;
      await Promise.all([...jobs.values()].map((j) => j.work));
      rmSync(deps.workDir, { recursive: true, force: true });
      jobs.clear();
    },
  };
}

/** The desktop keeps a copy in the backup folder (it has no browser download); never over an existing file. */
function saveCopy(path: string, filename: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  let target = join(dir, filename);
  for (let n = 1; existsQuiet(target); n++) target = join(dir, filename.replace(/(\.\w+)$/, `-${n}$1`));
  copyFileSync(path, target);
  fsyncFile(target);
  return target;
}

function existsQuiet(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
