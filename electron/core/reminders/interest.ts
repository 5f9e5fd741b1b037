// Late-payment interest between businesses (Ptk. 6:155 (1)): for every day of delay, the central bank base rate
// plus 8 percentage points a year on what is owed. The base rate of a calendar half-year is the one in force on the
// day before that half-year begins, so a delay across 1 January or 1 July is split there. A payment lowers what is
// owed from the day after it (the day of payment still counts as late). Computed with big.js on exact decimals and
// rounded once, at the end, to the currency's decimals (whole forints), half away from zero; a year is 365 days.
import Big from 'big.js';
import { currencyDecimals } from '../../../shared/money';
import { addDays, daysBetween } from '../../../shared/dates';
import type { BaseRate } from '../../../shared/contract/areas/reminders';

/** Percentage points above the base rate (Ptk. 6:155 (1)). */
export const INTEREST_MARGIN = '8';

export interface Payment {
  date: string;
  amount_milli: number;
}

export interface InterestPeriod {
  from: string;
  to: string;
  days: number;
  principal: string;
  /** percent a year: base rate + 8 */
  rate: string;
  interest: string;
}

export interface LateInterest {
  days: number;
  /** in the invoice's currency, rounded to its decimals */
  amount: string;
  periods: InterestPeriod[];
}

const HALF_UP = 1; // big.js roundHalfUp: half away from zero

/** The first day of the calendar half-year a day falls in. */
export function halfYearStart(day: string): string {
  return `${day.slice(0, 4)}-${Number(day.slice(5, 7)) < 7 ? '01' : '07'}-01`;
}

/** The base rate for a half-year: the one in force on the day before it began; before any known one, the oldest. */
export function baseRateFor(halfStart: string, rates: readonly BaseRate[]): string | null {
  if (!rates.length) return null;
  const dayBefore = addDays(halfStart, -1);
  const sorted = [...rates].sort((a, b) => a.valid_from.localeCompare(b.valid_from));
  let found = sorted[0]!.rate;
  for (const r of sorted) if (r.valid_from <= dayBefore) found = r.rate;
  return found;
}

/** Days late on a day: 0 up to the due date, 1 the day after it. */
export function daysLate(due: string, on: string): number {
  return Math.max(0, daysBetween(due, on));
}

/**
 * The interest owed on `asOf` for an invoice of `totalMilli` due on `due`, with its payments. Null when no base rate
 * is known (the interest cannot be stated).
 */
export function lateInterest(args: {
  due: string;
  asOf: string;
  totalMilli: number;
  payments: readonly Payment[];
  baseRates: readonly BaseRate[];
  currency: string;
}): LateInterest | null {
  if (!args.baseRates.length) return null;
  const first = addDays(args.due, 1);
  const days = daysLate(args.due, args.asOf);
  const decimals = currencyDecimals(args.currency);
  if (days === 0) return { days, amount: new Big(0).toFixed(decimals), periods: [] };
  const end = addDays(args.asOf, 1); // exclusive
  // Where the rate or the principal changes: each half-year's first day, and the day after each payment.
  const cuts = new Set<string>();
  for (let h = halfYearStart(first); h < end; h = nextHalfYear(h)) if (h > first) cuts.add(h);
  for (const p of args.payments) {
    const next = addDays(p.date, 1);
    if (next > first && next < end) cuts.add(next);
  }
  const bounds = [first, ...[...cuts].sort(), end];
  let total = new Big(0);
  const periods: InterestPeriod[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const from = bounds[i]!;
    const until = bounds[i + 1]!;
    const paid = args.payments.filter((p) => p.date < from).reduce((s, p) => s + p.amount_milli, 0);
    const principal = new Big(args.totalMilli - paid).div(1000);
    if (principal.lte(0)) continue;
    const rate = new Big(baseRateFor(halfYearStart(from), args.baseRates)!).plus(INTEREST_MARGIN);
    const n = daysBetween(from, until);
    const interest = principal.times(rate).times(n).div(36_500);
    total = total.plus(interest);
    periods.push({
      from,
      to: addDays(until, -1),
      days: n,
      principal: principal.toFixed(3),
      rate: rate.toFixed(),
      interest: interest.round(decimals, HALF_UP).toFixed(decimals),
    });
  }
  return { days, amount: total.round(decimals, HALF_UP).toFixed(decimals), periods };
}

function nextHalfYear(h: string): string {
  const y = Number(h.slice(0, 4));
  return h.slice(5, 7) === '01' ? `${y}-07-01` : `${y + 1}-01-01`;
}
