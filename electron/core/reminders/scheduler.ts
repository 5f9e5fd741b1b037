// The reminder pass in the background: shortly after start, then every so often (the business day changes at
// midnight; looking often rather than waiting for midnight keeps it right across sleep and clock changes). A pass
// does nothing twice (queue.ts), so running it often, or in two processes on one file, costs a few reads.
import { periodicCheck, type PeriodicCheck } from '../../background/periodic-check';
import type { ReminderPass } from '../../../shared/contract/areas/reminders';

export interface ReminderSchedulerOptions {
  run(): Promise<ReminderPass>;
  everyMs?: number;
  firstMs?: number;
  onPass?: (pass: ReminderPass) => void;
  onError?: (e: unknown) => void;
}

export function createReminderScheduler(options: ReminderSchedulerOptions): PeriodicCheck {
  return periodicCheck(
    async () => {
      const pass = await options.run();
      options.onPass?.(pass);
      return pass.queued.length > 0 || pass.withdrawn > 0;
    },
    { everyMs: options.everyMs ?? 15 * 60_000, firstMs: options.firstMs ?? 5_000, onError: options.onError },
  );
}
