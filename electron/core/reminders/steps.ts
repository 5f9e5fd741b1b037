// Which rule step an invoice is due on a day. Steps are days relative to the due date (-3: three days before, 7: a
// week after). A pass sends the latest step whose day has come and that is later than every step already sent, so
// a computer that was off for a while sends one reminder, not a burst of the ones it missed; a step before the
// due date is not sent once the due date has come. A step missed by more than CATCH_UP_DAYS is not sent late.
import { addDays } from '../../../shared/dates';

export const CATCH_UP_DAYS = 30;

export interface StepChoice {
  step: string;
  offset: number;
  date: string;
}

/** 'rule:+7', 'rule:-3', 'rule:+0' */
export function ruleStepKey(offset: number): string {
  return `rule:${offset >= 0 ? '+' : ''}${offset}`;
}

export function manualStepKey(date: string): string {
  return `manual:${date}`;
}

export function dueStep(steps: readonly number[], due: string, today: string, doneOffsets: readonly number[]): StepChoice | null {
  const latestDone = doneOffsets.length ? Math.max(...doneOffsets) : -Infinity;
  let chosen: StepChoice | null = null;
  for (const offset of [...steps].sort((a, b) => a - b)) {
    const date = addDays(due, offset);
    if (date > today) break;
    if (offset < 0 && today >= due) continue;
    if (offset <= latestDone) continue;
    if (addDays(date, CATCH_UP_DAYS) < today) continue;
    chosen = { step: ruleStepKey(offset), offset, date };
  }
  return chosen;
}

/** The next step still to come (today's included when not sent yet): what the invoice screen shows. */
export function nextStep(steps: readonly number[], due: string, today: string, doneOffsets: readonly number[]): StepChoice | null {
  const now = dueStep(steps, due, today, doneOffsets);
  if (now) return now;
  const latestDone = doneOffsets.length ? Math.max(...doneOffsets) : -Infinity;
  for (const offset of [...steps].sort((a, b) => a - b)) {
    const date = addDays(due, offset);
    if (date > today && offset > latestDone) return { step: ruleStepKey(offset), offset, date };
  }
  return null;
}

/** The window of due dates a pass on `today` looks at: only these invoices can have a step due. */
export function dueDateWindow(steps: readonly number[], today: string): { from: string; to: string } | null {
  if (!steps.length) return null;
  const min = Math.min(...steps);
  const max = Math.max(...steps);
  return { from: addDays(today, -max - CATCH_UP_DAYS), to: addDays(today, -min) };
}
