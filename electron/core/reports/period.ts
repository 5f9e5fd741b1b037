// A report's period: both days included, `from` not after `to`, at most ten years (a report is for a month, a
// quarter or a year; the limit keeps a mistyped year from reading the whole database twice over).
import { FolioError } from '../../../shared/errors';
import type { ReportPeriod } from '../../../shared/reports';

const MAX_DAYS = 3660;

export function checkPeriod(period: ReportPeriod): ReportPeriod {
  if (period.from > period.to) throw new FolioError('validation_failed', 'The period ends before it starts', [{ field: 'to', message: 'must not be before from' }]);
  const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000;
  if (days > MAX_DAYS) throw new FolioError('validation_failed', 'The period is longer than ten years', [{ field: 'to', message: 'must be at most ten years after from' }]);
  return period;
}

/** The same period a year earlier (29 February becomes 28 February). */
export function previousYear(period: ReportPeriod): ReportPeriod {
  return { from: yearEarlier(period.from), to: yearEarlier(period.to) };
}

function yearEarlier(day: string): string {
  const y = Number(day.slice(0, 4)) - 1;
  const md = day.slice(5) === '02-29' ? '02-28' : day.slice(5);
  return `${y}-${md}`;
}
