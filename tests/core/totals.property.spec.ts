// Invoices issued by the core carry exact totals: random net, gross and product lines at every VAT code, in HUF
// and EUR, with every round_to, compared with an independent BigInt reference (reference-totals.ts) — the items,
// the totals, the VAT summary, the create answer's number, and the exact mirror on a cancelling invoice.
import { deepStrictEqual, strictEqual } from 'node:assert/strict';
import { test } from '@playwright/test';
import fc from 'fast-check';
import { FolioError } from '../../shared/errors';
import { VAT_CODES } from '../../shared/reference/vat-codes';
import { TEST_SELLER, addressBody, coreClient, invoiceBody, openTestCore, seedSeller, type TestCore } from '../support/fixtures';
import { milliString, refInvoice, type RefLine } from './reference-totals';

let tc: TestCore;
let clientUid: number;

test.beforeAll(async () => {
  tc = await openTestCore();
  // Every VAT code is generated, intra-EU ones (EU, FAD) too: those need both parties' community VAT numbers, so the
  // buyer is a German company and the seller has its own. The totals do not depend on who the buyer is.
  await seedSeller(tc.core, { ...TEST_SELLER, eu_taxcode: 'HU23456787' });
  clientUid = await coreClient(tc.core, {
    tax_type: 'FOREIGN',
    taxcode: '',
    eu_taxcode: 'DE123456789',
    billing_address: addressBody({ postcode: '10115', city: 'Berlin', street_name: 'Invalidenstraße', street_type: '', house_nr: '10', country: 'DE' }),
  });
});
test.afterAll(async () => {
  await tc?.close();
});

/** A decimal string with 0–3 decimals in [min, max] thousandths. */
const decimal = (minMilli: bigint, maxMilli: bigint) =>
  fc.tuple(fc.bigInt({ min: minMilli, max: maxMilli }), fc.integer({ min: 0, max: 3 })).map(([milli, scale]) => {
    const drop = 10n ** BigInt(3 - scale);
    const s = milliString((milli / drop) * drop);
    return scale === 3 ? s : s.slice(0, s.length - (3 - scale) - (scale === 0 ? 1 : 0));
  });

interface GenLine {
  kind: 'net' | 'gross' | 'product';
  price: string;
  qty: string;
  vatId: string;
}

const genLine: fc.Arbitrary<GenLine> = fc.record({
  kind: fc.constantFrom<GenLine['kind']>('net', 'gross', 'product'),
  price: fc.oneof({ weight: 5, arbitrary: decimal(0n, 10_000_000_000n) }, { weight: 1, arbitrary: decimal(-100_000_000n, 0n) }),
  qty: decimal(1n, 10_000_000n).filter((q) => !/^0(\.0+)?$/.test(q)),
  vatId: fc.constantFrom(...VAT_CODES.map((v) => v.id)),
});

const genInvoice = fc.record({
  currency: fc.constantFrom('HUF', 'EUR'),
  roundTo: fc.constantFrom(0, 1, 5, 10),
  lines: fc.array(genLine, { minLength: 1, maxLength: 6 }),
  cancel: fc.boolean(),
});

test('issued invoices match the BigInt reference exactly', async () => {
  test.setTimeout(240_000);
  await fc.assert(
    fc.asyncProperty(genInvoice, async ({ currency, roundTo, lines, cancel }) => {
      const items: Array<Record<string, unknown>> = [];
      for (const l of lines) {
        if (l.kind === 'product') {
          const p = await tc.core.call('products.create', { name: 'Prop termék', price: l.price, vat_id: l.vatId, currency_code: currency });
          items.push({ product_uid: p.id, qty: l.qty });
        } else {
          items.push({ description: 'Tétel', vat_id: l.vatId, qty: l.qty, [l.kind === 'net' ? 'net_unit_price' : 'gross_unit_price']: l.price });
        }
      }
      const refLines: RefLine[] = lines.map((l) => ({
        kind: l.kind === 'gross' ? 'gross' : 'net',
        unitPrice: l.price,
        qty: l.qty,
        vatId: l.vatId,
        vatRate: VAT_CODES.find((v) => v.id === l.vatId)!.value,
      }));
      const ref = refInvoice(refLines, currency, roundTo);

      const body = invoiceBody(clientUid, { currency, round_to: roundTo, items, ...(currency === 'HUF' ? {} : { exchange_rate: '392.17' }) });
      if (ref.total < 0n) {
        // discounts beyond the lines they reduce: no legal invoice, refused at the lines before a number is taken
        const e = await tc.core.call('invoices.create', body).then(() => undefined, (err: unknown) => err);
        if (!(e instanceof FolioError)) throw new Error(`expected a refusal of total ${milliString(ref.total)}, got ${String(e)}`);
        strictEqual(e.code, 'rule_violation');
        deepStrictEqual(e.errors?.map((x) => [x.field, x.reason]), [['items', 'negative_total']]);
        return;
      }
      const created = await tc.core.call('invoices.create', body);
      strictEqual(created.attributes.total, Number(milliString(ref.total)));
      const a = (await tc.core.call('invoices.get', { id: created.id })).attributes;
      deepStrictEqual({
        net: a.net_total,
        vat: a.vat_total,
        gross: a.gross_total,
        total: a.total,
        rounding: a.rounding,
      }, {
        net: milliString(ref.net),
        vat: milliString(ref.vat),
        gross: milliString(ref.gross),
        total: milliString(ref.total),
        rounding: milliString(ref.rounding),
      });
      deepStrictEqual(
        a.items.map((i) => [i.net_amount, i.vat_amount, i.gross_amount, i.net_unit_price]),
        ref.lines.map((r) => [milliString(r.net), milliString(r.vat), milliString(r.gross), r.netUnitPrice]),
      );
      const summary = Object.fromEntries(a.vat_summary.map((r) => [r.vat_id, [r.net, r.vat, r.gross]]));
      deepStrictEqual(summary, Object.fromEntries([...ref.byVat].map(([id, r]) => [id, [milliString(r.net), milliString(r.vat), milliString(r.gross)]])));

      if (cancel) {
        const c = await tc.core.call('invoices.cancel', { id: created.id });
        strictEqual(c.attributes.total, Number(milliString(-ref.total)));
        const ca = (await tc.core.call('invoices.get', { id: c.id })).attributes;
        deepStrictEqual(
          [ca.net_total, ca.vat_total, ca.gross_total, ca.total, ca.rounding],
          [ref.net, ref.vat, ref.gross, ref.total, ref.rounding].map((v) => milliString(-v)),
        );
        deepStrictEqual(ca.items.map((i) => i.gross_amount), ref.lines.map((r) => milliString(-r.gross)));
      }
    }),
    { numRuns: 300 },
  );
});
