import { expect, test } from '@playwright/test';
import { computeLine } from '../../shared/totals';
import { milliToString } from '../../shared/money';

test('a 3500 net line at 27 % is 4445 gross', () => {
  const line = computeLine({ qty: '1', vatRate: '0.27', vatId: '1', netUnitPrice: '3500' }, 'HUF');
  expect(milliToString(line.gross)).toBe('4445.000');
});
