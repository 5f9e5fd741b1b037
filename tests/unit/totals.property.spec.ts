// shared/totals.ts against an independent BigInt reference (tests/core/reference-totals.ts): random net and gross
// lines at every VAT rate, HUF and EUR, every round_to. fast-check prints the seed and the shrunk case of a failure.
import { deepStrictEqual, strictEqual } from 'node:assert/strict';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { AmountRangeError, computeLine, computeTotals, priceLine, roundPayable, sumExact } from '../../shared/totals';
import { VAT_CODES } from '../../shared/reference/vat-codes';
import { milliString, refInvoice, refLine, roundHalfAway, type RefLine } from '../core/reference-totals';

/** A decimal string with 0–3 decimals between min and max thousandths. */
const decimal = (minMilli: bigint, maxMilli: bigint) =>
  fc.tuple(fc.bigInt({ min: minMilli, max: maxMilli }), fc.integer({ min: 0, max: 3 })).map(([milli, scale]) => {
    // keep only `scale` decimals: drop the digits below them
    const drop = 10n ** BigInt(3 - scale);
    const v = (milli / drop) * drop;
    const s = milliString(v);
    return scale === 3 ? s : s.slice(0, s.length - (3 - scale) - (scale === 0 ? 1 : 0));
  });

const vatCode = fc.constantFrom(...VAT_CODES);
const currency = fc.constantFrom('HUF', 'EUR', 'JPY', 'USD');

// Unit prices up to 10^7 and quantities up to 10^4: every line stays inside the exact range (|amount| ≤ 10^12).
const line: fc.Arbitrary<RefLine> = fc.record({
  kind: fc.constantFrom<'net' | 'gross'>('net', 'gross'),
  unitPrice: fc.oneof({ weight: 4, arbitrary: decimal(0n, 10_000_000_000n) }, { weight: 1, arbitrary: decimal(-1_000_000_000n, 0n) }),
  qty: decimal(1n, 10_000_000n).filter((q) => !/^0(\.0+)?$/.test(q)),
  vat: vatCode,
}).map(({ kind, unitPrice, qty, vat }) => ({ kind, unitPrice, qty, vatRate: vat.value, vatId: vat.id }));

test('the decimal generator makes canonical decimals', () => {
  fc.assert(fc.property(decimal(-5_000_000n, 5_000_000n), (s) => /^-?\d+(\.\d{1,3})?$/.test(s)), { numRuns: 500 });
});

test('the reference rounds half away from zero', () => {
  expect(roundHalfAway(5n, 2n)).toBe(3n);
  expect(roundHalfAway(-5n, 2n)).toBe(-3n);
  expect(roundHalfAway(7n, 3n)).toBe(2n);
  expect(roundHalfAway(-7n, 3n)).toBe(-2n);
  expect(refLine({ kind: 'net', unitPrice: '3500', qty: '1', vatRate: '0.27', vatId: '1' }, 'HUF').gross).toBe(4_445_000n);
});

test('one line: computeLine equals the reference', () => {
  fc.assert(
    fc.property(line, currency, (l, cur) => {
      const ref = refLine(l, cur);
      const got = computeLine(
        { qty: l.qty, vatRate: l.vatRate, vatId: l.vatId, ...(l.kind === 'net' ? { netUnitPrice: l.unitPrice } : { grossUnitPrice: l.unitPrice }) },
        cur,
      );
      deepStrictEqual({ net: BigInt(got.net), vat: BigInt(got.vat), gross: BigInt(got.gross), netUnitPrice: got.netUnitPrice }, {
        net: ref.net,
        vat: ref.vat,
        gross: ref.gross,
        netUnitPrice: ref.netUnitPrice,
      });
    }),
    { numRuns: 2000 },
  );
});

test('a document: computeTotals equals the reference for every round_to', () => {
  fc.assert(
    fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), currency, fc.constantFrom(0, 1, 5, 10), (lines, cur, roundTo) => {
      const ref = refInvoice(lines, cur, roundTo);
      const got = computeTotals(
        lines.map((l) => ({
          vatId: l.vatId,
          vatRate: l.vatRate,
          amounts: computeLine(
            { qty: l.qty, vatRate: l.vatRate, vatId: l.vatId, ...(l.kind === 'net' ? { netUnitPrice: l.unitPrice } : { grossUnitPrice: l.unitPrice }) },
            cur,
          ),
        })),
        roundTo,
      );
      deepStrictEqual([BigInt(got.net), BigInt(got.vat), BigInt(got.gross), BigInt(got.total), BigInt(got.rounding)], [ref.net, ref.vat, ref.gross, ref.total, ref.rounding]);
      const summary = new Map(got.vatSummary.map((r) => [r.vatId, { net: BigInt(r.net), vat: BigInt(r.vat), gross: BigInt(r.gross) }]));
      deepStrictEqual(summary, ref.byVat);
    }),
    { numRuns: 1000 },
  );
});

test('roundPayable rounds to 1, 5 and 10 units half away from zero, and a negative total mirrors a positive one', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: -10_000_000_000n, max: 10_000_000_000n }), fc.constantFrom(0, 1, 5, 10), (milli, unit) => {
      const expected = unit === 0 ? milli : roundHalfAway(milli, 1000n * BigInt(unit)) * 1000n * BigInt(unit);
      strictEqual(BigInt(roundPayable(Number(milli), unit)), expected);
      strictEqual(BigInt(roundPayable(Number(-milli), unit)), -expected);
    }),
    { numRuns: 2000 },
  );
});

test('a line beyond 10^12 units is refused, not computed inexactly', () => {
  expect(() => computeLine({ qty: '10000', vatRate: '0.27', vatId: '1', netUnitPrice: '100000001' }, 'HUF')).toThrow(AmountRangeError);
  expect(() => computeLine({ qty: '2', vatRate: '0', vatId: '4', grossUnitPrice: '600000000000' }, 'HUF')).toThrow(AmountRangeError);
  // net 10^12 is allowed, but its gross with 27 % VAT is beyond the range
  expect(() => computeLine({ qty: '1', vatRate: '0.27', vatId: '1', netUnitPrice: '1000000000000' }, 'HUF')).toThrow(AmountRangeError);
  expect(BigInt(computeLine({ qty: '1', vatRate: '0', vatId: '4', netUnitPrice: '1000000000000' }, 'HUF').gross)).toBe(1_000_000_000_000_000n);
});

test('the editor\'s exact preview (priceLine, sumExact) equals the reference inside the range', () => {
  fc.assert(
    fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), currency, fc.constantFrom(0, 1, 5, 10), (lines, cur, roundTo) => {
      const ref = refInvoice(lines, cur, roundTo);
      const got = sumExact(
        lines.map((l) => ({
          vatId: l.vatId,
          vatRate: l.vatRate,
          amounts: priceLine({ qty: l.qty, vatRate: l.vatRate, vatId: l.vatId, ...(l.kind === 'net' ? { netUnitPrice: l.unitPrice } : { grossUnitPrice: l.unitPrice }) }, cur),
        })),
        roundTo,
      );
      deepStrictEqual([got.net, got.vat, got.gross, got.total, got.rounding], [ref.net, ref.vat, ref.gross, ref.total, ref.rounding].map(milliString));
      strictEqual(got.beyondRange, false);
    }),
    { numRuns: 500 },
  );
});

test('beyond 10^12 units the preview still shows the real amounts, exactly, and says they are beyond the range', () => {
  const big = priceLine({ qty: '1', vatRate: '0.27', vatId: '1', netUnitPrice: '999999999999.99' }, 'HUF');
  expect([big.net.toFixed(3), big.vat.toFixed(3), big.gross.toFixed(3)]).toEqual(['1000000000000.000', '270000000000.000', '1270000000000.000']);
  const totals = sumExact([{ vatId: '1', vatRate: '0.27', amounts: big }, { vatId: '1', vatRate: '0.27', amounts: priceLine({ qty: '1000', vatRate: '0.27', vatId: '1', netUnitPrice: '999999999999.999' }, 'EUR') }], 0);
  expect(totals.gross).toBe('1271269999999998.730');
  expect(totals.beyondRange).toBe(true);
});
