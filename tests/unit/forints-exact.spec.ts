// The revenue report and the VAT analysis convert a year's foreign-currency lines with forintsExact (integers) instead
// of forints (big.js):
// both must give the same whole forints for every amount and rate, ties and negatives included.
import { expect, test } from '@playwright/test';
import { forints, forintsExact } from '../../electron/core/reports/output-vat';
import { rng } from '../fault/support/bodies';

test('forintsExact equals forints for random amounts and rates, and on the half-forint ties', () => {
  const r = rng(41);
  const rates = ['400.25', '385.12', '1', '', '0.5', '399.999999', '12.3456', '0.000001'];
  for (let i = 0; i < 5_000; i++) {
    const milli = Math.floor((r() - 0.5) * 2e12);
    const rate = rates[i % rates.length]!;
    expect(forintsExact(milli, rate), `${milli} × ${rate}`).toBe(forints(milli, rate));
  }
  // 0.5 Ft and 1.5 Ft round away from zero, 0.499 Ft to 0
  for (const milli of [500, -500, 1500, -1500, 499, -499, 2500, 0]) expect(forintsExact(milli, '1'), String(milli)).toBe(forints(milli, '1'));
  expect(forintsExact(1000, '1.0005')).toBe(forints(1000, '1.0005'));
});
