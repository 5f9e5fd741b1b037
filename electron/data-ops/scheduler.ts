// The daily backup, run by the runtime: every check (a minute apart) asks "is the newest daily backup older than
// the last scheduled moment?" and backs up when it is. Checking often instead of trusting one long timer keeps it
// right across sleep, clock changes and settings changed meanwhile. A failed daily backup is tried again an hour
// later, not every minute.
import type { Clock } from '../core/clock';
import { listBackups } from '../backup/files';
import { AUTO_PREFIX } from '../backup/schedule';
import { lastScheduled } from './daily';
import { periodicCheck, type PeriodicCheck } from '../background/periodic-check';
import type { BackupRunner } from './backup-runner';
import type { BackupSettingsStore } from './settings-store';

export interface ScheduleTuning {
  /** how often to look whether a backup is due; default one minute */
  checkEveryMs?: number;
  /** the first look after start; default one minute, so a backup never competes with the app's start */
  firstCheckMs?: number;
}

/** check(): backs up if due; true when it did */
export type DailyBackups = PeriodicCheck;

const RETRY_AFTER_FAILURE_MS = 3_600_000;

export function createDailyBackups(deps: {
  store: BackupSettingsStore;
  runner: BackupRunner;
  clock: Clock;
  timeZone: () => string;
  tuning?: ScheduleTuning;
  onError?: (e: unknown) => void;
}): DailyBackups {
  const every = deps.tuning?.checkEveryMs ?? 60_000;
  let failedAt: number | null = null;

  async function due(): Promise<boolean> {
    const s = await deps.store.read();
    if (!s.scheduleEnabled) return false;
    const now = deps.clock.now();
    const moment = lastScheduled(now, s.scheduleTime, deps.timeZone()).getTime();
    const newest = listBackups(s.dir, AUTO_PREFIX)[0];
    if (newest && newest.at.getTime() >= moment) return false;
    return failedAt === null || failedAt < moment || now.getTime() - failedAt >= RETRY_AFTER_FAILURE_MS;
  }

  async function run(): Promise<boolean> {
    if (!(await due())) return false;
    const last = await deps.runner.run('auto');
    failedAt = last.ok ? null : deps.clock.now().getTime();
    return last.ok;
  }

  return periodicCheck(run, { everyMs: every, firstMs: deps.tuning?.firstCheckMs ?? every, onError: deps.onError });
}
