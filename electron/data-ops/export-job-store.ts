// The team server's export jobs as rows (migration 0036): a job's state in `export_jobs`, its finished file in
// `export_job_chunks`. Every write is a statement complete in itself on tables no trigger reads and no sync
// carries, written through counterWrite: on PostgreSQL on the pool, outside Folio's write lock — a job's progress is
// bookkeeping, not books, and must not queue behind an invoice being issued in another process.
import type { ExportJob, ExportJobFormat } from '../../shared/contract/areas/data';
import type { Db } from '../db/types';
import type { ExportJobsTable } from '../db/schema';
import { counterWrite } from '../server/counter-write';

export type JobRow = ExportJobsTable;

export interface ExportJobStore {
  insert(row: JobRow): Promise<void>;
  /** progress and a sign of life, while the job still runs */
  progress(id: string, done: number, total: number, now: number): Promise<void>;
  /** the end, done or failed; false when the job had already been given up (marked failed by another process) */
  finish(id: string, view: ExportJob, contentType: string | null, now: number): Promise<boolean>;
  read(id: string): Promise<JobRow | undefined>;
  /** a running job with no sign of life since `before` ends failed with `error`; true when this call ended it */
  giveUp(id: string, before: number, error: string, now: number): Promise<boolean>;
  /** deletes the jobs (and so their chunks) with no sign of life since `before`; how many went */
  prune(before: number): Promise<number>;
  writeChunk(id: string, seq: number, data: Uint8Array): Promise<void>;
  /** the chunk after `seq` (-1: the first), one at a time, so a download holds one chunk in memory */
  chunkAfter(id: string, seq: number): Promise<{ seq: number; data: Uint8Array } | undefined>;
}

export function exportJobStore(db: Db): ExportJobStore {
  const write = <T>(work: (q: Db) => Promise<T>) => counterWrite(db, work);
  return {
    insert: (row) => write(async (q) => void (await q.insertInto('export_jobs').values(row).execute())),
    progress: (id, done, total, now) =>
      write(async (q) => {
        await q.updateTable('export_jobs').set({ done, total, heartbeat_ms: now }).where('id', '=', id).where('state', '=', 'running').execute();
      }),
    finish: (id, view, contentType, now) =>
      write(async (q) => {
        const result = await q
          .updateTable('export_jobs')
          .set({
            state: view.state,
            done: view.done,
            total: view.total,
            error: view.error,
            filename: view.filename,
            bytes: view.bytes,
            content_type: contentType,
            counts: view.counts && JSON.stringify(view.counts),
            skipped: JSON.stringify(view.skipped),
            email: view.email && JSON.stringify(view.email),
            heartbeat_ms: now,
            finished_ms: now,
          })
          .where('id', '=', id)
          .where('state', '=', 'running')
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      }),
    read: (id) => db.selectFrom('export_jobs').selectAll().where('id', '=', id).executeTakeFirst(),
    giveUp: (id, before, error, now) =>
      write(async (q) => {
        const result = await q
          .updateTable('export_jobs')
          .set({ state: 'failed', error, finished_ms: now })
          .where('id', '=', id)
          .where('state', '=', 'running')
          .where('heartbeat_ms', '<', before)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      }),
    prune: (before) =>
      write(async (q) => {
        // the chunks go with their job (ON DELETE CASCADE)
        const result = await q.deleteFrom('export_jobs').where('heartbeat_ms', '<', before).executeTakeFirst();
        return Number(result.numDeletedRows);
      }),
    writeChunk: (id, seq, data) => write(async (q) => void (await q.insertInto('export_job_chunks').values({ job_id: id, seq, data }).execute())),
    chunkAfter: (id, seq) =>
      db.selectFrom('export_job_chunks').select(['seq', 'data']).where('job_id', '=', id).where('seq', '>', seq).orderBy('seq').limit(1).executeTakeFirst(),
  };
}

/** A row as data.exportStatus answers it. The team server keeps no copy in a folder (save_to_folder is refused). */
export function viewOf(row: JobRow): ExportJob {
  return {
    job: row.id,
    format: row.format as ExportJobFormat,
    date_from: row.date_from,
    date_to: row.date_to,
    state: row.state,
    done: row.done,
    total: row.total,
    filename: row.filename,
    bytes: row.bytes,
    saved_to: null,
    counts: row.counts === null ? null : (JSON.parse(row.counts) as ExportJob['counts']),
    skipped: JSON.parse(row.skipped) as ExportJob['skipped'],
    error: row.error,
    email: row.email === null ? null : (JSON.parse(row.email) as ExportJob['email']),
  };
}
