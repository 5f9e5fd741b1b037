// What starting an export asks for, and what either kind of job list (export-jobs.ts on a SQLite file,
// shared-export-jobs.ts on the team server) answers.
import type { Readable } from 'node:stream';
import type { ExportJob, ExportJobFormat } from '../../shared/contract/areas/data';
import type { AccountantDelivery } from './accountant/mail';
import type { Caller } from '../db/call-context';

export interface ExportRequest {
  format: ExportJobFormat;
  date_from: string;
  date_to: string;
  delimiter: ',' | ';';
  save_to_folder: boolean;
  /** the accountant package: also e-mail it this way (agreed to, and checked, before the job starts) */
  email?: AccountantDelivery;
}

/** A finished export's file, as the download route sends it. */
export interface ExportDownload {
  filename: string;
  bytes: number;
  contentType: string;
  /** its bytes, read as they are sent */
  open(): Readable;
}

export interface ExportJobs {
  /** `caller`: who starts it (the team server records it with the job) */
  start(request: ExportRequest, caller: Caller): Promise<ExportJob>;
  /** how far a job is; not_found when there is no such job (any more) */
  status(job: string): Promise<ExportJob>;
  /** the finished file of a job, for the download route; undefined while it runs, when it failed, or is gone */
  file(job: string): Promise<ExportDownload | undefined>;
  /** aborts what runs here and lets go of this process's files */
  stop(): Promise<void>;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function contentTypeOf(filename: string): string {
  if (filename.endsWith('.json')) return 'application/json; charset=utf-8';
  return filename.endsWith('.xlsx') ? XLSX : 'application/zip';
}

/** The stop asked for by the runtime (it is stopping): the job ends failed with this. */
export class Aborted extends Error {}
