// Issue 6.3, "huge numbers": every input amount is capped at 10^12 units, but a line's amount is qty × price, so two
// capped inputs make up to 10^24 — far past the 2^53 thousandths an amount column holds exactly. Such an invoice
// must be refused (4xx envelope, nothing stored) instead of being stored with rounded-off float amounts.
import { expect, test } from '@playwright/test';
import { benchInvoice } from './support/bodies';
import { call, isErrorEnvelope } from './support/http';
import { FUZZ_KEY, startFuzzServer } from './support/fuzz-server';

test('an invoice whose amounts exceed the exact range is refused, not stored as floats', async () => {
  const server = await startFuzzServer('amount-range');
  try {
    for (const [qty, price] of [['999999999', '999999999.999'], ['1000000000000', '1000000000000']]) {
      const res = await call(server.url, 'POST', '/invoices', {
        key: FUZZ_KEY,
        // a lawful invoice but for its amounts (dated as the bodies are), so the amounts are what refuses it
        body: { ...benchInvoice(server.known.client[0]!), comment: '', items: [{ description: 'a', vat_id: '1', qty, net_unit_price: price }] },
      });
      expect(res.status, `${qty} × ${price}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(isErrorEnvelope(res.body)).toBe(true);
    }
    // every stored amount is still a whole number of thousandths (SQLite would keep a REAL as a float)
    const lines = await server.core.ctx.db.selectFrom('invoice_items').select(['id', 'net_milli', 'gross_milli']).execute();
    expect(lines.filter((l) => !Number.isSafeInteger(l.net_milli) || !Number.isSafeInteger(l.gross_milli))).toEqual([]);
  } finally {
    await server.close();
  }
});
