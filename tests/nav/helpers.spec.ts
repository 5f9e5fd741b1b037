// The small pieces of the NAV mapping: forint allocation, tax numbers, countries, units, text and number forms,
// and the SHA3-512 of the request signature (the app cannot use node:crypto's inside Electron).
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Big } from '../../shared/money';
import { countryCode } from '../../electron/nav/country';
import * as fmt from '../../electron/nav/format';
import { allocate } from '../../electron/nav/huf';
import { sha3_512Hex } from '../../electron/nav/crypto';
import { bankAccountNumber, communityVatNumber, parseHungarianTaxNumber } from '../../electron/nav/tax-number';
import { navUnit } from '../../electron/nav/units';
import { buildInvoiceDataXml } from '../../electron/nav/invoice-data';
import { invoice } from './fixtures';
import { parseInvoiceData } from './nav-checks';

const bigs = (...values: Array<string | number>) => values.map((v) => new Big(v));
const strings = (values: Big[]) => values.map((v) => v.toFixed());

test('allocate: remainders go to the lines rounded down most, ties to the earlier line, mirrored for negatives', () => {
  expect(strings(allocate(bigs('3.33', '3.33', '3.34'), new Big(10)))).toEqual(['3', '3', '4']);
  expect(strings(allocate(bigs('0.4', '0.4', '0.4'), new Big(1)))).toEqual(['1', '0', '0']);
  expect(strings(allocate(bigs('-0.4', '-0.4', '-0.4'), new Big(-1)))).toEqual(['-1', '0', '0']);
  expect(strings(allocate(bigs('2.6', '2.6', '2.6'), new Big(7)))).toEqual(['2', '2', '3']);
  // already adding up: untouched; far off: left at each line's own rounding
  expect(strings(allocate(bigs('1.2', '2.2'), new Big(3)))).toEqual(['1', '2']);
  expect(strings(allocate(bigs('1.2', '2.2'), new Big(100)))).toEqual(['1', '2']);
});

test('allocate: random amounts always hit the target and stay within one forint of exact', () => {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let round = 0; round < 500; round++) {
    const n = 1 + Math.floor(rnd() * 8);
    const exact = Array.from({ length: n }, () => new Big(Math.floor(rnd() * 2_000_000) - 1_000_000).div(997));
    const sum = exact.reduce((a, v) => a.plus(v), new Big(0));
    const target = sum.round(0, 1);
    const got = allocate(exact, target);
    expect(got.reduce((a, v) => a.plus(v), new Big(0)).eq(target)).toBe(true);
    got.forEach((v, i) => expect(v.minus(exact[i]!).abs().lte(1)).toBe(true));
  }
});

test('the printed VAT in HUF wins over the sum of the lines’ own rounding', () => {
  // Three lines of 0.01 EUR VAT at 333.3333: each alone rounds to 3 Ft, the invoice prints round(0.03 × rate) = 10 Ft.
  const inv = invoice({
    currency: 'EUR',
    exchangeRate: '333.3333',
    items: [1, 2, 3].map(() => ({ qty: '1', unit: 'db', netUnitPrice: '0.04', vatId: '1' })),
  });
  expect(inv.vat_summary[0]!.vat_huf).toBe('10.000');
  const doc = parseInvoiceData(buildInvoiceDataXml(inv));
  const lines = doc.invoiceMain.invoice.invoiceLines.line as Array<Record<string, any>>;
  expect(lines.map((l) => l.lineAmountsNormal.lineVatData.lineVatAmountHUF)).toEqual(['4', '3', '3']);
  expect(doc.invoiceMain.invoice.invoiceSummary.summaryNormal.invoiceVatAmountHUF).toBe('10');
});

test('Hungarian tax numbers split into NAV’s parts; community VAT numbers and bank accounts normalised', () => {
  expect(parseHungarianTaxNumber('12345676-2-41')).toEqual({ taxpayerId: '12345676', vatCode: '2', countyCode: '41' });
  expect(parseHungarianTaxNumber(' 12345676241 ')).toEqual({ taxpayerId: '12345676', vatCode: '2', countyCode: '41' });
  expect(parseHungarianTaxNumber('12345676')).toEqual({ taxpayerId: '12345676' });
  expect(parseHungarianTaxNumber('HU12345676')).toEqual({ taxpayerId: '12345676' });
  expect(parseHungarianTaxNumber('12345676-6-41')).toBeUndefined(); // VAT status digit is 1–5
  expect(parseHungarianTaxNumber('DE123456789')).toBeUndefined();
  expect(communityVatNumber('de 123.456-789')).toBe('DE123456789');
  expect(communityVatNumber('123')).toBeUndefined();
  expect(bankAccountNumber('', '11111111-22222222')).toBe('11111111-22222222');
  expect(bankAccountNumber('111111112222222233333333')).toBe('11111111-22222222-33333333');
  expect(bankAccountNumber('hu42 1111 1111 2222 2222 3333 3333')).toBe('HU42111111112222222233333333');
  expect(bankAccountNumber('12-34')).toBeUndefined();
});

test('countries: codes pass, names in Hungarian, English and German are recognised, empty is Hungary', () => {
  expect(countryCode('')).toBe('HU');
  expect(countryCode('hu')).toBe('HU');
  expect(countryCode('Magyarország')).toBe('HU');
  expect(countryCode('Németország')).toBe('DE');
  expect(countryCode('Österreich')).toBe('AT');
  expect(countryCode('United Kingdom')).toBe('GB');
  expect(countryCode('UK')).toBe('GB');
  expect(countryCode('Atlantis')).toBeUndefined();
});

test('units: NAV’s list in Hungarian, English and German, anything else is OWN', () => {
  expect(navUnit('db')).toEqual({ unitOfMeasure: 'PIECE' });
  expect(navUnit('Óra')).toEqual({ unitOfMeasure: 'HOUR' });
  expect(navUnit('kg.')).toEqual({ unitOfMeasure: 'KILOGRAM' });
  expect(navUnit('hónap')).toEqual({ unitOfMeasure: 'MONTH' });
  expect(navUnit('m³')).toEqual({ unitOfMeasure: 'CUBIC_METER' });
  expect(navUnit('Stück')).toEqual({ unitOfMeasure: 'PIECE' });
  expect(navUnit('liter')).toEqual({ unitOfMeasure: 'LITER' });
  expect(navUnit('ív')).toEqual({ unitOfMeasure: 'OWN', own: 'ív' });
});

test('number and text forms fit NAV’s types', () => {
  expect(fmt.monetary(new Big('4445.000'), 0)).toBe('4445');
  expect(fmt.monetary(new Big('12.5'), 2)).toBe('12.50');
  expect(fmt.monetary(new Big('-0.001'), 2)).toBe('0.00');
  expect(fmt.quantity(new Big('2.000'))).toBe('2');
  expect(fmt.quantity(new Big('-0.125'))).toBe('-0.125');
  expect(fmt.exchangeRate(new Big('392.456789123'))).toBe('392.456789');
  expect(fmt.rate(new Big('0.270'))).toBe('0.27');
  expect(fmt.text(' a\n\tb \u0001 ', 50)).toBe('a b');
  expect(fmt.text('   ', 50)).toBeUndefined();
  expect(fmt.text('árvíztűrő', 4)).toBe('árví');
});

test('SHA3-512 of the request signature: the NIST known answers for "" and "abc"', () => {
  // FIPS 202 example values (NIST's SHA3-512 "ShortMsg" vectors of length 0 and the 24-bit "abc").
  expect(sha3_512Hex('')).toBe(
    'A69F73CCA23A9AC5C8B567DC185A756E97C982164FE25859E0D1DCC1475C80A6' +
      '15B2123AF1F5F94C11E3E9402C3AC558F500199D95B6D3E301758586281DCD26',
  );
  expect(sha3_512Hex('abc')).toBe(
    'B751850B1A57168A5693CD924B6B096E08F621827444F70D884F5D0240D2712E' +
      '10E116E9192AF3C91A7EC57647E3934057340B4CF408D5A56592F8274EEC53F0',
  );
});

test('SHA3-512 of the request signature equals OpenSSL’s at every block boundary, for UTF-8 text too', () => {
  // The rate of SHA3-512 is 72 bytes: lengths around one and two blocks, and a long input.
  for (const n of [1, 7, 8, 71, 72, 73, 143, 144, 145, 1000, 65_537]) {
    const text = 'a'.repeat(n);
    expect(sha3_512Hex(text), `length ${n}`).toBe(createHash('sha3-512').update(text, 'utf8').digest('hex').toUpperCase());
  }
  const hungarian = 'Árvíztűrő tükörfúrógép – 2026-000001';
  expect(sha3_512Hex(hungarian)).toBe(createHash('sha3-512').update(hungarian, 'utf8').digest('hex').toUpperCase());
});
