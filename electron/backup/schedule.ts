// Automatic daily backups for the desktop main process. It wakes every hour (timers drift and laptops sleep, so it
// asks "is the newest automatic backup a day old?" rather than trusting one long timer), backs up when due, and
// keeps the newest `keep` automatic backups. Backups a person made by hand are never deleted.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { systemClock, type Clock } from '../core/clock';
import { backupDatabase, type BackupResult } from './backup';
import { listBackups } from './files';

export const AUTO_PREFIX = 'folio-auto';

export interface ScheduleTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: ScheduleTimers = {
  setTimeout: (fn, ms) => {
    const h = setTimeout(fn, ms);
    h.unref?.();
    return h;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface BackupScheduleOptions {
  dir: string;
  /** automatic backups to keep (at least 1) */
  keep: number;
  clock?: Clock;
  /** the live database (the app's own handle) or its path */
  source: BetterSqlite3.Database | string;
  /** default one day */
  intervalMs?: number;
  /** how often to look whether a backup is due; default one hour */
  checkEveryMs?: number;
  /** the first look after start(); default one minute, so a backup never competes with the app's start */
  firstCheckMs?: number;
  timers?: ScheduleTimers;
  onBackup?: (result: BackupResult, pruned: string[]) => void;
  onError?: (error: unknown) => void;
}

export interface BackupSchedule {
  start(): void;
  /** stops the timer and waits for a backup in progress */
  stop(): Promise<void>;
  /** backs up now if the newest automatic backup is older than the interval; null when not due */
  runIfDue(): Promise<BackupResult | null>;
  /** the newest automatic backup, or null */
  latest(): { file: string; at: Date } | null;
}

export function createBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  if (!Number.isInteger(options.keep) || options.keep < 1) throw new Error('keep must be a whole number of at least 1');
  const clock = options.clock ?? systemClock;
  const timers = options.timers ?? realTimers;
  const intervalMs = options.intervalMs ?? 86_400_000;
  const checkEveryMs = options.checkEveryMs ?? 3_600_000;
  let timer: unknown = null;
  let running: Promise<BackupResult | null> | null = null;
  let started = false;

  const latest = () => listBackups(options.dir, AUTO_PREFIX)[0] ?? null;

  async function runIfDue(): Promise<BackupResult | null> {
    if (running) return running;
    running = (async () => {
      const newest = latest();
      if (newest && clock.now().getTime() - newest.at.getTime() < intervalMs) return null;
      const result = await backupDatabase({ source: options.source, dir: options.dir, clock, prefix: AUTO_PREFIX });
      const pruned = prune(options.dir, options.keep);
      options.onBackup?.(result, pruned);
      return result;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function arm(ms: number) {
    timer = timers.setTimeout(() => {
      timer = null;
      runIfDue()
        .catch((e) => options.onError?.(e))
        .finally(() => {
          if (started) arm(checkEveryMs);
        });
    }, ms);
  }

  return {
    start() {
      if (started) return;
      started = true;
      arm(options.firstCheckMs ?? 60_000);
    },
    async stop() {
      started = false;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    runIfDue,
    latest,
  };
}

/** Deletes automatic backups beyond the newest `keep`, and leftovers of interrupted ones. Returns what it deleted. */
export function prune(dir: string, keep: number): string[] {
  const deleted: string[] = [];
  for (const old of listBackups(dir, AUTO_PREFIX).slice(keep)) {
    rmSync(old.file, { force: true });
    deleted.push(old.file);
  }
  // A ".partial" from a crash mid-backup: anything older than an hour is certainly not in progress.
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${AUTO_PREFIX}-`) || !name.endsWith('.sqlite.partial')) continue;
    const path = join(dir, name);
    if (Date.now() - statSync(path).mtimeMs > 3_600_000) {
      rmSync(path, { force: true });
      deleted.push(path);
    }
  }
  return deleted;
}
