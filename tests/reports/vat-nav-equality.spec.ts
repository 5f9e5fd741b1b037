// The output VAT of the analysis equals, to the forint, the VAT of the NAV invoiceData XML Folio builds for the
// period's invoices (invoiceVatAmountHUF); and every invoice reported to NAV lands in exactly one quarter.
// Over the HTTP door: GET /reports/vat on a real server.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { sqliteSource, withSnapshot } from '../../electron/export/snapshot';
import { buildInvoiceDataXml } from '../../electron/nav/invoice-data';
import { navReportSource } from '../../electron/nav-queue/store';
import { invoiceDataOfPeriod } from '../../electron/nav-queue/period-export';
import { startTestServer, type TestServer } from '../support/fixtures';
import { at, seedYear } from './vat-year';

const QUARTERS = [
  ['2026-01-01', '2026-03-31'],
  ['2026-04-01', '2026-06-30'],
  ['2026-07-01', '2026-09-30'],
  ['2026-10-01', '2026-12-31'],
] as const;

/** Σ invoiceVatAmountHUF of the XML, in thousandths. */
function navVatMilli(xml: string): number {
  const found = [...xml.matchAll(/<(?:[\w-]+:)?invoiceVatAmountHUF>([^<]+)</g)];
  expect(found).toHaveLength(1);
  return Math.round(Number(found[0]![1]) * 1000);
}

test.describe('VAT analysis = NAV', () => {
  let s: TestServer;
  test.beforeAll(async () => {
    const clock = new ManualClock(at('2026-01-10'));
    s = await startTestServer({ clock });
    await seedYear(s.core, clock);
  });
  test.afterAll(async () => s.close());

  test('each quarter’s output VAT is the sum of its invoices’ NAV VAT, to the forint', async () => {
    const seen: number[] = [];
    for (const [from, to] of QUARTERS) {
      const report = (await s.api.ok('GET', `/reports/vat?from=${from}&to=${to}`)).data;
      const ids = report.output.documents as number[];
      seen.push(...ids);
      const navVat = await withSnapshot(sqliteSource(s.dbFile), async (db) => {
        let sum = 0;
        for (const id of ids) {
          const { invoice, options } = await navReportSource(db, id);
          sum += navVatMilli(buildInvoiceDataXml(invoice.attributes, options));
        }
        return sum;
      });
      expect((navVat / 1000).toFixed(3)).toBe(report.output.vat);
    }
    // the first two quarters hold the figures checked by hand in vat-analysis.spec.ts
    expect(seen).toHaveLength(7);
    // every invoice NAV gets for the year (and the one issued in April for March) is in exactly one quarter
    const reported = await withSnapshot(sqliteSource(s.dbFile), async (db) => {
      let n = 0;
      for await (const one of invoiceDataOfPeriod(db, { from: '2026-01-01', to: '2026-12-31' })) if (one.xml) n++;
      return n;
    });
    expect(new Set(seen).size).toBe(reported);
  });

  test('the HTTP door refuses a malformed period with the field named', async () => {
    const res = await s.api.request('GET', '/reports/vat?from=2026-02-30&to=2026-03-31');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'from' })]);
  });
});
