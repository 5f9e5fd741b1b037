// Which occurrences of a profile are due: from the next one the profile has not issued (service.ts's nextOccurrence:
// after the last issued, skipped or resumed-after day) up to the business date, never more than max_qty leaves.
import { addDays } from '../../../shared/dates';
import { firstOccurrenceAfter, parseFrequency, upcomingOccurrences } from '../../../shared/recurrence';
import type { RecurringRow } from '../../db/schema';

/** The next occurrence the scheduler will issue, or null when the profile is stopped, used up or past its end. */
export function nextOccurrence(p: RecurringRow): string | null {
  if (p.stopped) return null;
  return upcomingDates(p, 1)[0] ?? null;
}

/** The day after which occurrences are done: the later of the last issued period and a resume or skip. */
export function doneUntil(p: Pick<RecurringRow, 'last_recurring_date' | 'resume_after'>): string | null {
  return [p.last_recurring_date, p.resume_after].filter((d): d is string => Boolean(d)).sort().pop() ?? null;
}

/** The next `n` issue dates of a profile, ignoring whether it is stopped (a stopped profile's form still shows them). */
export function upcomingDates(p: RecurringRow, n: number): string[] {
  const freq = parseFrequency(p.frequency);
  if (!freq) return [];
  const left = p.max_qty > 0 ? Math.max(0, p.max_qty - p.used_qty) : undefined;
  return upcomingOccurrences(p.start_date, freq, { after: doneUntil(p), endDate: p.end_date, left }, n);
}

export interface DueOccurrence {
  profileId: number;
  /** the occurrence, which is also the start of the period the invoice covers */
  date: string;
  /** the day before the following occurrence */
  periodEnd: string;
}

export function dueOccurrences(p: RecurringRow, day: string): DueOccurrence[] {
  const freq = parseFrequency(p.frequency);
  if (!freq) return [];
  const left = p.max_qty > 0 ? p.max_qty - p.used_qty : Number.POSITIVE_INFINITY;
  const out: DueOccurrence[] = [];
  let next = nextOccurrence(p);
  while (next !== null && next <= day && out.length < left && (!p.end_date || next <= p.end_date)) {
    const following = firstOccurrenceAfter(p.start_date, freq, next);
    out.push({ profileId: p.id, date: next, periodEnd: addDays(following, -1) });
    next = following;
  }
  return out;
}

/** Oldest first across all profiles, so invoice numbers follow the periods they bill. */
export function byDateThenProfile(a: DueOccurrence, b: DueOccurrence): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.profileId - b.profileId;
}
