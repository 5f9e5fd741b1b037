// Occurrences of a recurring profile: start_date + k × frequency, counted from the start date each time, so a
// monthly profile started on Jan 31 falls on Feb 28/29, Mar 31, Apr 30 … and never drifts.
import { addDays, addMonths } from './dates';

export interface Frequency {
  count: number;
  unit: 'D' | 'W' | 'M' | 'Y';
}

export function parseFrequency(value: string): Frequency | null {
  const m = /^([1-9]\d{0,2})([DWMY])$/.exec(value);
  return m ? { count: Number(m[1]), unit: m[2] as Frequency['unit'] } : null;
}

/** The k-th occurrence (k = 0 is the start date). */
export function occurrence(start: string, frequency: Frequency, k: number): string {
  switch (frequency.unit) {
    case 'D':
      return addDays(start, k * frequency.count);
    case 'W':
      return addDays(start, 7 * k * frequency.count);
    case 'M':
      return addMonths(start, k * frequency.count);
    case 'Y':
      return addMonths(start, 12 * k * frequency.count);
  }
}

/** The first occurrence strictly after `date` (or on/after with inclusive). */
export function firstOccurrenceAfter(start: string, frequency: Frequency, date: string, inclusive = false): string {
  let k = 0;
  // Jump close first for long histories, then step: occurrences are monotonic in k.
  if (frequency.unit === 'D' || frequency.unit === 'W') {
    const step = frequency.count * (frequency.unit === 'W' ? 7 : 1);
    const days = Math.floor((Date.parse(date) - Date.parse(start)) / 86_400_000);
    k = Math.max(0, Math.floor(days / step) - 1);
  }
  for (;; k++) {
    const d = occurrence(start, frequency, k);
    if (inclusive ? d >= date : d > date) return d;
  }
}

export interface UpcomingLimits {
  /** occurrences on or before this day are done (issued, skipped, or passed over by a resume) */
  after?: string | null;
  /** none after this day */
  endDate?: string | null;
  /** how many the profile may still issue (max_qty − used_qty); absent: no limit */
  left?: number;
}

/**
 * The next `n` occurrences counted from `start`, within the limits — what the scheduler will issue, in order. The
 * profile form shows three of them; the core uses the same function, so the preview is what really happens.
 */
export function upcomingOccurrences(start: string, frequency: Frequency, limits: UpcomingLimits, n: number): string[] {
  const out: string[] = [];
  const max = Math.min(n, limits.left ?? n);
  let next = limits.after ? firstOccurrenceAfter(start, frequency, limits.after) : occurrence(start, frequency, 0);
  while (out.length < max && (!limits.endDate || next <= limits.endDate)) {
    out.push(next);
    // the following one only when it is wanted: the scheduler asks for one at a time, in every transaction
    if (out.length < max) next = firstOccurrenceAfter(start, frequency, next);
  }
  return out;
}
