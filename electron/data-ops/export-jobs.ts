// Exports for the accountant as jobs: started by one call, polled for progress by the next ones (an export of
// years of invoices takes seconds, longer than a request should), and once done a file to download — one JSON file,
// one XLSX workbook, or a ZIP of the CSV files or of the NAV XML files. Each job works in its own folder under `workDir`, reads one
// consistent moment of the database through its own read-only connection, and is forgotten (its files deleted)
// an hour after it finished, or when the runtime stops.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ExportJob, ExportJobFormat } from '../../shared/contract/areas/data';
import { FolioError } from '../../shared/errors';
import type { Clock } from '../core/clock';
import { exportData } from '../export/export';
import { countRows } from '../export/source';
import { withSnapshot, type ExportSource } from '../export/snapshot';
import { fsyncFile } from '../backup/files';
import { writeNavXml } from './nav-xml';
import { writeZip } from './zip';
import { buildAccountantPackage } from './accountant/package';
import type { AccountantDelivery } from './accountant/mail';

export interface ExportRequest {
  format: ExportJobFormat;
  date_from: string;
  date_to: string;
  delimiter: ',' | ';';
  save_to_folder: boolean;
  /** the accountant package: also e-mail it this way (agreed to, and checked, before the job starts) */
  email?: AccountantDelivery;
}

export interface ExportJobs {
  start(request: ExportRequest): ExportJob;
  status(job: string): ExportJob;
  /** the finished file of a job, for the download route */
  file(job: string): { path: string; filename: string } | undefined;
  /** aborts what runs and deletes every job's files */
  stop(): Promise<void>;
}

const KEEP_MS = 3_600_000;

class Aborted extends Error {}

export interface ExportJobsDeps {
  source: ExportSource;
  workDir: string;
  clock: Clock;
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

  async function run(view: ExportJob, dir: string, request: ExportRequest): Promise<string> {
    const range = { from: request.date_from, to: request.date_to };
    const tick = (done: number, total: number) => {
      if (aborted) throw new Aborted('The export was stopped');
      view.done = Math.min(done, total);
      view.total = total;
    };
    if (request.format === 'accountant') {
      const built = await buildAccountantPackage(deps.source, deps.clock, dir, range, tick);
      view.counts = built.counts;
      view.skipped = built.skipped;
      if (request.email && view.email) {
        // A package that could not be queued is still a package: the job ends done, the e-mail says why it did not go.
        try {
          view.email.messages = await request.email.queue(built, range, dir);
        } catch (e) {
          view.email.error = e instanceof Error ? e.message : String(e);
        }
      }
      return built.zip;
    }
    const base = `folio-${request.format === 'nav' ? 'nav-invoice-data' : 'export'}-${request.date_from}_${request.date_to}`;
    if (request.format === 'nav') {
      const xmlDir = join(dir, 'xml');
      mkdirSync(xmlDir);
      const result = await withSnapshot(deps.source, (db) => writeNavXml(db, xmlDir, range, tick));
      view.skipped = result.skipped;
      view.counts = { invoices: result.entries.length };
      const zip = join(dir, `${base}.zip`);
      await writeZip(zip, result.entries, deps.clock.now());
      return zip;
    }
    // The totals first (a quick count), so the progress bar means the whole export from its first step. The CSV
    // files have no bank accounts (they are in the JSON only).
    const counts = await withSnapshot(deps.source, (db) => countRows(db, range));
    const total = Object.entries(counts).reduce((sum, [section, n]) => sum + ((request.format === 'csv' || request.format === 'xlsx') && section === 'bank_accounts' ? 0 : n), 0);
    const sections = new Map<string, number>();
    tick(0, total);
    const result = await exportData({
      source: deps.source,
      outDir: join(dir, 'out'),
      format: request.format,
      delimiter: request.delimiter,
      range,
      clock: deps.clock,
      onProgress: (p) => {
        sections.set(p.section, p.done);
        tick([...sections.values()].reduce((a, b) => a + b, 0), total);
      },
    });
    view.counts = result.counts;
    if (request.format === 'json' || request.format === 'xlsx') {
      const named = join(dir, `${base}.${request.format}`);
      renameSync(result.path, named);
      return named;
    }
    const zip = join(dir, `${base}.zip`);
    await writeZip(zip, readdirSync(result.path).sort().map((name) => ({ name, path: join(result.path, name) })), deps.clock.now());
    return zip;
  }

  return {
    start(request) {
      forgetOld();
      const id = randomBytes(16).toString('hex');
      const dir = join(deps.workDir, id);
      mkdirSync(dir, { recursive: true });
      const view: ExportJob = {
        job: id,
        format: request.format,
        date_from: request.date_from,
        date_to: request.date_to,
        state: 'running',
        done: 0,
        total: 0,
        filename: null,
        bytes: null,
        saved_to: null,
        counts: null,
        skipped: [],
        error: null,
        email: request.email ? { to: request.email.to, messages: null, error: null } : null,
      };
      const entry = { view, path: null as string | null, dir, finishedAt: null as number | null, work: Promise.resolve() };
      entry.work = run(view, dir, request)
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
    status(id) {
      const j = jobs.get(id);
      if (!j) throw new FolioError('not_found', 'No such export (it may have finished more than an hour ago, or Folio was restarted)');
      return { ...j.view, skipped: [...j.view.skipped], email: j.view.email && { ...j.view.email } };
    },
    file(id) {
      const j = jobs.get(id);
      return j?.path && j.view.state === 'done' ? { path: j.path, filename: j.view.filename! } : undefined;
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
