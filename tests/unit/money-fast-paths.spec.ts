// The whole-number forms of shared/money.ts and shared/totals.ts (issue 41) against big.js, which they stand in for:
// on any decimal text — plain or not, leading and trailing zeros, negative zero, too many decimals, beyond the range —
// they answer what big.js answers, or nothing, and then big.js answers. fast-check prints the seed of a failure.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { Big, parseDecimal, plainDecimalText, scaledInteger, toMilli } from '../../shared/money';
import { computeLine, priceLine, type PricedLine } from '../../shared/totals';

/** Decimal texts of every shape a request or a stored row may hold, mostly plain ones. */
const digits = (min: number, max: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((ds) => ds.join(''));
const text = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom('', '', '-'), digits(1, 16), fc.option(digits(1, 7))).map(([s, w, d]) => `${s}${w}${d === null ? '' : `.${d}`}`) },
  { weight: 1, arbitrary: fc.constantFrom('0', '-0', '-0.000', '000', '0.50', '10.000', '1e3', '.5', '5.', ' 7 ', '', '-', '1000000000000', '1000000000000.001', '999999999999.999') },
);

/** What a call answers, or the error it throws (its class and message). */
function outcome(f: () => unknown): string {
  try {
    const v = f();
    return typeof v === 'number' && Object.is(v, -0) ? 'negative zero' : JSON.stringify(v);
  } catch (e) {
    return `${(e as Error).constructor.name}: ${(e as Error).message}`;
  }
}

test('scaledInteger is the decimal in 10^-scale units when it answers', () => {
  fc.assert(
    fc.property(text, fc.integer({ min: 0, max: 6 }), (t, scale) => {
      const n = scaledInteger(t, scale);
      if (n === undefined) return;
      expect(Number.isSafeInteger(n) && !Object.is(n, -0)).toBe(true);
      expect(new Big(n).eq(new Big(t).times(10 ** scale))).toBe(true);
    }),
    { numRuns: 3_000 },
  );
});

test('plainDecimalText is the text big.js writes when it answers', () => {
  fc.assert(
    fc.property(text, fc.integer({ min: 0, max: 6 }), (t, max) => {
      const plain = plainDecimalText(t, max);
      if (plain !== undefined) expect(plain).toBe(parseDecimal(t, max).toFixed());
    }),
    { numRuns: 3_000 },
  );
  expect(plainDecimalText('0015000.500', 3)).toBe('15000.5');
  expect(plainDecimalText('-0.000', 3)).toBe('0');
  expect(plainDecimalText('1.2345', 3)).toBeUndefined();
});

test('computeLine answers as big.js prices a line, its refusals too', () => {
  const rate = fc.constantFrom('0.27', '0.18', '0.05', '0', '0.2', '0.270', '1', '0.123456', '0.1234567', '.27');
  const currency = fc.constantFrom('HUF', 'EUR', 'JPY', 'USD');
  let whole = 0;
  fc.assert(
    fc.property(text, text, rate, currency, (qty, netUnitPrice, vatRate, cur) => {
      const line: PricedLine = { qty, netUnitPrice, vatRate, vatId: '1' };
      // computeLine as it was: big.js throughout
      const exact = outcome(() => {
        const e = priceLine(line, cur);
        const max = new Big('1000000000000');
        if (e.net.abs().gt(max) || e.gross.abs().gt(max)) throw new Error('beyond the range');
        return { netUnitPrice: e.netUnitPrice, net: toMilli(e.net), vat: toMilli(e.vat), gross: toMilli(e.gross) };
      });
      const now = outcome(() => computeLine(line, cur));
      if (!exact.startsWith('Error: beyond the range')) expect(now).toBe(exact);
      else expect(now).toBe('AmountRangeError: the amount is too large (at most 1,000,000,000,000)');
      if (!now.includes('Error')) whole++;
    }),
    { numRuns: 3_000 },
  );
  expect(whole).toBeGreaterThan(100); // priced lines, not only refusals
});
