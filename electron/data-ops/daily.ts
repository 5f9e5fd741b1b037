// The daily backup's moments: "every day at HH:MM" in the business's time zone, as instants. A backup is due when
// the newest automatic one is older than the last scheduled moment — so a computer that was off at that time backs
// up when Folio next runs, and a clock change or a sleeping laptop never skips a day or makes two.
import { addDays, dateIn, timestampIn } from '../../shared/dates';

/** The instant the wall clock in `timeZone` shows `date` `time` ('YYYY-MM-DD', 'HH:MM'). */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const offsetAt = (t: number) => Date.parse(`${timestampIn(new Date(t), timeZone).replace(' ', 'T')}Z`) - t;
  // The offset of the guess, then of the result: right on both sides of a DST change.
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}

/** The latest scheduled moment at or before `now`. */
export function lastScheduled(now: Date, time: string, timeZone: string): Date {
  const today = dateIn(now, timeZone);
  const at = instantAt(today, time, timeZone);
  return at.getTime() <= now.getTime() ? at : instantAt(addDays(today, -1), time, timeZone);
}

/** The first scheduled moment after `now`. */
export function nextScheduled(now: Date, time: string, timeZone: string): Date {
  const today = dateIn(now, timeZone);
  const at = instantAt(today, time, timeZone);
  return at.getTime() > now.getTime() ? at : instantAt(addDays(today, 1), time, timeZone);
}
