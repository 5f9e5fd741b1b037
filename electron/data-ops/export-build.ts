// Builds an export's file in a folder of its own: one JSON file, one XLSX workbook, a ZIP of the CSV files or of the
// NAV XML files, or the accountant package. What it learns on the way (counts, NAV invoices left out, the package's
// e-mail) goes into the job's view; `tick` reports progress and throws to stop it. Where the job is kept (the
// process's memory, or the team server's database) is the caller's business.
import { readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { ExportJob } from '../../shared/contract/areas/data';
import type { Clock } from '../core/clock';
import { countRows } from '../export/source';
import { withSnapshot, type ExportSource } from '../export/snapshot';
import { writeZip, ZipSpool } from './zip';
import type { ExportRequest } from './export-request';

// The writers (the XLSX and CSV libraries, NAV's XML builder, the accountant package with its PDFs) are loaded by the
// first export, not with the server: every start would parse them for nothing.
const writers = {
  data: () => import('../export/export'),
  navXml: () => import('./nav-xml'),
  accountant: () => import('./accountant/package'),
};

export interface BuildDeps {
  source: ExportSource;
  clock: Clock;
}

/** The built file's path (inside `dir`). */
export async function buildExport(
  deps: BuildDeps,
  request: ExportRequest,
  dir: string,
  view: ExportJob,
  tick: (done: number, total: number) => void,
): Promise<string> {
  const range = { from: request.date_from, to: request.date_to };
  if (request.format === 'accountant') {
    const { buildAccountantPackage } = await writers.accountant();
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
    const { writeNavXml } = await writers.navXml();
    const spool = new ZipSpool(join(dir, 'xml.spool'));
    try {
      const result = await withSnapshot(deps.source, (db) => writeNavXml(db, spool, range, tick));
      view.skipped = result.skipped;
      view.counts = { invoices: result.entries.length };
      const zip = join(dir, `${base}.zip`);
      await writeZip(zip, result.entries, deps.clock.now());
      return zip;
    } finally {
      spool.remove();
    }
  }
  // The totals first (a quick count), so the progress bar means the whole export from its first step. The CSV
  // files have no bank accounts (they are in the JSON only).
  const counts = await withSnapshot(deps.source, (db) => countRows(db, range));
  const total = Object.entries(counts).reduce((sum, [section, n]) => sum + ((request.format === 'csv' || request.format === 'xlsx') && section === 'bank_accounts' ? 0 : n), 0);
  const sections = new Map<string, number>();
  tick(0, total);
  const { exportData } = await writers.data();
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

/** A fresh job's view, before anything is built. */
export function newJobView(id: string, request: ExportRequest): ExportJob {
  return {
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
}
