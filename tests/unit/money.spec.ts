import { expect, test } from '@playwright/test';
import { computeLine } from '../../shared/totals';
import { milliToString } from '../../shared/money';
import * as moneyModule from '../../shared/money';

test('a 3500 net line at 27 % is 4445 gross', () => {
  const line = computeLine({ qty: '1', vatRate: '0.27', vatId: '1', netUnitPrice: '3500' }, 'HUF');
  expect(milliToString(line.gross)).toBe('4445.000');
});

test.describe('parseDecimal', () => {
  const { parseDecimal, DecimalError } = moneyModule;

  for (const [input, expected] of [
    ['3500', '3500'],
    ['0.001', '0.001'],
    ['-12.5', '-12.5'],
    [' 7.250 ', '7.25'],
    ['1.2300', '1.23'],
  ] as const) {
    test(`"${input}" is ${expected} exactly`, () => {
      expect(parseDecimal(input).toFixed()).toBe(expected);
    });
  }

  test('JSON numbers are read as their decimal text, not as binary fractions', () => {
    expect(parseDecimal(0.1).plus(parseDecimal(0.2)).toFixed()).toBe('0.3');
    expect(parseDecimal(1234.567).toFixed()).toBe('1234.567');
  });

  for (const bad of ['', 'abc', '1,5', '1e3', '0x10', '.5', '5.', '--1', 'NaN', 'Infinity', '1 000']) {
    test(`"${bad}" is not a decimal`, () => {
      expect(() => parseDecimal(bad)).toThrow(DecimalError);
    });
  }

  test('more than the allowed decimals is refused unless they are zeros', () => {
    expect(() => parseDecimal('1.0001')).toThrow(DecimalError);
    expect(parseDecimal('1.5000').toFixed()).toBe('1.5');
    expect(parseDecimal('1.123456', 6).toFixed()).toBe('1.123456');
    expect(() => parseDecimal(Number.NaN)).toThrow(DecimalError);
  });

  test('absurd sizes are refused', () => {
    expect(() => parseDecimal('1000000000001')).toThrow(DecimalError);
    expect(parseDecimal('1000000000000').toFixed()).toBe('1000000000000');
  });
});

test.describe('rounding and forms', () => {
  const { Big, roundTo, roundMoney, currencyDecimals, toMilli, milliToString, milliToNumber, decimalToString } = moneyModule;

  test('half away from zero, both signs', () => {
    expect(roundTo(new Big('2.5'), 0).toFixed()).toBe('3');
    expect(roundTo(new Big('-2.5'), 0).toFixed()).toBe('-3');
    expect(roundTo(new Big('1.005'), 2).toFixed()).toBe('1.01');
    expect(roundTo(new Big('-1.005'), 2).toFixed()).toBe('-1.01');
    expect(roundTo(new Big('2.4999'), 0).toFixed()).toBe('2');
  });

  test('HUF and JPY round to whole units, other currencies to cents', () => {
    expect(currencyDecimals('HUF')).toBe(0);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('EUR')).toBe(2);
    expect(currencyDecimals('USD')).toBe(2);
    expect(roundMoney(new Big('4444.5'), 'HUF').toFixed()).toBe('4445');
    expect(roundMoney(new Big('12.705'), 'EUR').toFixed()).toBe('12.71');
  });

  test('thousandths and the read and number forms', () => {
    expect(toMilli(new Big('4445'))).toBe(4_445_000);
    expect(toMilli(new Big('-0.0005'))).toBe(-1);
    expect(milliToString(4_445_000)).toBe('4445.000');
    expect(milliToString(-4_445_000)).toBe('-4445.000');
    expect(milliToString(1)).toBe('0.001');
    expect(milliToString(0)).toBe('0.000');
    expect(milliToNumber(4_445_000)).toBe(4445);
    expect(milliToNumber(-4_445_000)).toBe(-4445);
    expect(milliToNumber(12_710)).toBe(12.71);
    expect(decimalToString('1')).toBe('1.000');
    expect(decimalToString('3500')).toBe('3500.000');
  });
});

// Issue 41: milliToString and decimalToString write plain values out digit by digit instead of through big.js. Every
// form they answer must be the one big.js gives, so each is compared with big.js itself: edge cases by name, then
// random values (fast-check; a failure prints its seed, FOLIO_PROPERTY_SEED replays it).
test.describe('read forms written without big.js are big.js forms', () => {
  const { Big, decimalToString } = moneyModule;
  const seed = Number(process.env.FOLIO_PROPERTY_SEED ?? Date.now() % 2_147_483_647);
  const bigMilli = (m: number) => new Big(m).div(1000).toFixed(3);

  test('amounts in thousandths: zero, signs, the last safe integer, and what is not a whole number', () => {
    for (const m of [0, -0, 1, -1, 7, -70, 999, -999, 1000, -1000, 1001, 115_762_000, -5_000_000_000_000_000, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 0.5, -1.5]) {
      expect(milliToString(m), String(m)).toBe(bigMilli(m));
    }
    expect(milliToString(-500)).toBe('-0.500');
    expect(milliToString(-0)).toBe('0.000');
    expect(() => milliToString(Number.NaN)).toThrow();
  });

  test('stored decimals: padding, leading zeros, negative zero, rounding and odd forms', () => {
    for (const v of ['0', '-0', '-0.000', '007', '-007.5', '5.', '.5', '00.100', '1e3', '1.23456', '-1.2345', '49990', '0.27', '-0.001', '12345678901234567890.5']) {
      for (const d of [0, 2, 3, 6]) expect(decimalToString(v, d), `${v} to ${d}`).toBe(new Big(v).toFixed(d));
    }
    expect(decimalToString(new Big('2.5'), 0)).toBe('3');
    for (const v of ['', '-', '+5', ' 5', 'abc']) expect(() => decimalToString(v)).toThrow();
  });

  test('random amounts and decimals', async () => {
    const fc = await import('fast-check');
    try {
      fc.assert(fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (m) => milliToString(m) === bigMilli(m)), { seed, numRuns: 2000 });
      const decimal = fc.tuple(fc.boolean(), fc.stringMatching(/^\d{1,18}$/), fc.option(fc.stringMatching(/^\d{1,8}$/)), fc.constantFrom(0, 2, 3, 6));
      fc.assert(
        fc.property(decimal, ([negative, whole, frac, d]) => {
          const v = `${negative ? '-' : ''}${whole}${frac === null ? '' : `.${frac}`}`;
          return decimalToString(v, d) === new Big(v).toFixed(d);
        }),
        { seed, numRuns: 2000 },
      );
    } catch (e) {
      throw new Error(`seed ${seed} (FOLIO_PROPERTY_SEED=${seed} to run it again): ${(e as Error).message}`);
    }
  });
});

test('milliToString writes whole thousandths as big.js does, without big.js (issue 41)', () => {
  const { Big, milliToString } = moneyModule;
  const values = [0, -0, 1, -1, 9, 10, 99, 100, 999, 1000, 1001, -999, -1000, -1001, 4_445_000, -4_445_000, 123_456_789_012, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0.5, -1.5, 2 ** 53];
  // every value of two small ranges, and each power of ten with its neighbours
  for (let m = -2100; m <= 2100; m++) values.push(m);
  for (let p = 1, e = 0; e <= 15; e++, p *= 10) values.push(p - 1, p, p + 1, -p + 1, -p, -p - 1);
  for (const m of values) expect(milliToString(m), String(m)).toBe(new Big(m).div(1000).toFixed(3));
});

test('toHuf rounds a forint invoice\'s thousandths to whole forints as big.js does, without big.js (issue 41)', async () => {
  const { Big, roundTo, toMilli, fromMilli } = moneyModule;
  const { toHuf } = await import('../../electron/core/invoices/mapping');
  const values = [0, -0, 1, -1, 499, 500, 501, -499, -500, -501, 1499, 1500, -1500, 2500, -2500, 4_445_500, -4_445_500, 123_456_789_012, 2 ** 50 + 500, -(2 ** 50) - 500];
  for (let m = -5100; m <= 5100; m++) values.push(m);
  for (const m of values) {
    const byBig = toMilli(roundTo(fromMilli(m).times(new Big('1')), 0));
    expect(Object.is(toHuf(m, '1'), byBig), `${m}: ${toHuf(m, '1')} against ${byBig}`).toBe(true);
  }
  // any other rate still goes through big.js
  expect(toHuf(12_345, '395.12')).toBe(toMilli(roundTo(fromMilli(12_345).times(new Big('395.12')), 0)));
});
