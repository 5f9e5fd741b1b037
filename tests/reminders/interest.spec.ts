// The late-payment interest (Ptk. 6:155) and the rule steps as pure functions, against sums worked out day by day.
import { expect, test } from '@playwright/test';
import Big from 'big.js';
import { baseRateFor, lateInterest } from '../../electron/core/reminders/interest';
import { dueStep, nextStep } from '../../electron/core/reminders/steps';
import { addDays } from './support';

const RATES = [
  { valid_from: '2024-09-25', rate: '6.5' },
  { valid_from: '2026-06-20', rate: '6.25' },
  { valid_from: '2026-12-20', rate: '5.75' },
];

/** The reference: one day at a time, the rate of the day's half-year, what was owed that day. */
function byDays(due: string, asOf: string, total: string, payments: Array<{ date: string; amount: string }>): Big {
  let sum = new Big(0);
  for (let d = addDays(due, 1); d <= asOf; d = addDays(d, 1)) {
    const owed = payments.filter((p) => p.date < d).reduce((s, p) => s.minus(p.amount), new Big(total));
    const base = d < '2026-07-01' ? '6.5' : d < '2027-01-01' ? '6.25' : '5.75';
    sum = sum.plus(owed.times(new Big(base).plus(8)).div(36500));
  }
  return sum;
}

test('interest across two half-year boundaries with a partial payment, rounded once to whole forints', () => {
  const payments = [{ date: '2026-08-10', amount: '400000' }];
  const got = lateInterest({
    due: '2026-05-31',
    asOf: '2027-02-15',
    totalMilli: 1_000_000_000,
    payments: payments.map((p) => ({ date: p.date, amount_milli: Number(p.amount) * 1000 })),
    baseRates: RATES,
    currency: 'HUF',
  })!;
  expect(got.amount).toBe(byDays('2026-05-31', '2027-02-15', '1000000', payments).round(0, Big.roundHalfUp).toFixed(0));
  expect(got.days).toBe(260);
  expect(got.periods.map((p) => p.rate)).toEqual(['14.5', '14.25', '14.25', '13.75']);
  expect(got.periods.reduce((s, p) => s + p.days, 0)).toBe(260);
});

test('EUR interest keeps cents; nothing before the due date; no base rate, no figure', () => {
  const args = { due: '2026-03-10', asOf: '2026-04-09', totalMilli: 1_234_560, payments: [], baseRates: RATES, currency: 'EUR' };
  expect(lateInterest(args)!.amount).toBe(byDays('2026-03-10', '2026-04-09', '1234.56', []).round(2, Big.roundHalfUp).toFixed(2));
  expect(lateInterest({ ...args, asOf: '2026-03-10' })!.amount).toBe('0.00');
  expect(lateInterest({ ...args, baseRates: [] })).toBeNull();
  // the half-year's rate is the one in force the day before it began
  expect(baseRateFor('2026-07-01', RATES)).toBe('6.25');
  expect(baseRateFor('2026-01-01', RATES)).toBe('6.5');
});

test('rule steps: the latest due step once, no "before" step after the due date, none twice', () => {
  const steps = [-3, 7, 21];
  expect(dueStep(steps, '2026-05-10', '2026-05-06', [])).toBeNull();
  expect(dueStep(steps, '2026-05-10', '2026-05-07', [])?.step).toBe('rule:-3');
  expect(dueStep(steps, '2026-05-10', '2026-05-10', [-3])).toBeNull();
  // off for a fortnight after the due date: the +7 step, not the -3 one as well
  expect(dueStep(steps, '2026-05-10', '2026-05-24', [])?.step).toBe('rule:+7');
  expect(dueStep(steps, '2026-05-10', '2026-05-31', [-3, 7])?.step).toBe('rule:+21');
  expect(dueStep(steps, '2026-05-10', '2026-06-01', [-3, 7, 21])).toBeNull();
  expect(nextStep(steps, '2026-05-10', '2026-05-12', [-3])).toEqual({ step: 'rule:+7', offset: 7, date: '2026-05-17' });
});
