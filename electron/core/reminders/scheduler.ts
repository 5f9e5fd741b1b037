// The reminder pass in the background: shortly after start, then every so often (the business day changes at
// midnight; looking often rather than waiting for midnight keeps it right across sleep and clock changes). A pass
// does nothing twice (queue.ts), so running it often, or in two processes on one file, costs a few reads. With
// several server processes on one PostgreSQL database, the process holding the 'reminders' runner lock runs the
// passes (../../db/runner-lock.ts); the others skip theirs and try again next time.
import { periodicCheck, type PeriodicCheck } from '../../background/periodic-check';
import type { ReminderPass } from '../../../shared/contract/areas/reminders';
import type { RunnerLock } from '../../db/runner-lock';

export interface ReminderSchedulerOptions {
  run(): Promise<ReminderPass>;
  everyMs?: number;
  firstMs?: number;
  onPass?: (pass: ReminderPass) => void;
  onError?: (e: unknown) => void;
  /** who runs the passes when processes share the database; absent: this process always does */
  lock?: RunnerLock;
}

export function createReminderScheduler(options: ReminderSchedulerOptions): PeriodicCheck {
  const check = periodicCheck(
    async () => {
      if (options.lock && !(await options.lock.tryHold())) return false;
      const pass = await options.run();
      options.onPass?.(pass);
      return pass.queued.length > 0 || pass.withdrawn > 0;
    },
    { everyMs: options.everyMs ?? 15 * 60_000, firstMs: options.firstMs ?? 5_000, onError: options.onError },
  );
  return {
    ...check,
    async stop() {
      await check.stop();
      await options.lock?.release();
    },
  };
}
