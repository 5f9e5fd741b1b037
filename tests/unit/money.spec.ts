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

test('milliToString writes whole thousandths as big.js does, without big.js (issue 41)', () => {
  const { Big, milliToString } = moneyModule;
  const values = [0, -0, 1, -1, 9, 10, 99, 100, 999, 1000, 1001, -999, -1000, -1001, 4_445_000, -4_445_000, 123_456_789_012, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0.5, -1.5, 2 ** 53];
  // every value of two small ranges, and each power of ten with its neighbours
  for (let m = -2100; m <= 2100; m++) values.push(m);
  for (let p = 1, e = 0; e <= 15; e++, p *= 10) values.push(p - 1, p, p + 1, -p + 1, -p, -p - 1);
  for (const m of values) expect(milliToString(m), String(m)).toBe(new Big(m).div(1000).toFixed(3));
});
