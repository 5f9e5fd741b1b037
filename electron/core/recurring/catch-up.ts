// Saving a profile whose start lies far back would issue a pile of invoices at once (a daily profile started two
// years ago: 731). Catching up after days the computer was off stays automatic; what is refused is SAVING a profile
// that would issue more than a month's worth at once, unless the request confirms that very count.
import { FolioError } from '../../../shared/errors';
import type { RecurringRow } from '../../db/schema';
import { dueOccurrences } from './occurrences';

/** A daily profile catching up on a month is still unremarkable; beyond that the user must say yes. */
export const MAX_UNCONFIRMED_CATCH_UP = 31;

/** Refuses the save when it would issue more than MAX_UNCONFIRMED_CATCH_UP invoices and `confirmed` is not that count. */
export function checkCatchUp(profile: RecurringRow, day: string, confirmed: number | undefined): void {
  const count = dueOccurrences(profile, day).length;
  if (count <= MAX_UNCONFIRMED_CATCH_UP || confirmed === count) return;
  throw new FolioError(
    'rule_violation',
    `Saving this profile issues ${count} invoices at once (every occurrence from ${profile.start_date} to ${day}); ` +
      `send "confirm_catch_up": ${count} to confirm, or choose a later start date`,
    [{ field: 'confirm_catch_up', message: `${count} invoices would be issued at once; confirm with ${count}` }],
  );
}
