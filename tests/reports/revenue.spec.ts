// Revenue and costs over the fixed year (vat-year.ts): by month, client, product and category, the same quarter a
// year earlier, and the cash view (what was received and paid). Figures checked by hand.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { invoiceBody, netItem, openTestCore, type TestCore } from '../support/fixtures';
import { at, seedYear, type YearDocs } from './vat-year';

const pick = (figures: Array<{ label: string; amount: string; previous: string }>) => figures.map((f) => [f.label, f.amount, f.previous]);

test.describe('Revenue and costs', () => {
  let t: TestCore;
  let d: YearDocs;
  let before: number;
  test.beforeAll(async () => {
    const clock = new ManualClock(at('2025-02-10'));
    t = await openTestCore({ clock });
    d = await seedYear(t.core, clock);
    clock.set(at('2025-02-10'));
    const alfa = (await t.core.call('clients.list', {} as never)).items.find((c) => c.attributes.name === 'Alfa Kft.')!.id;
    before = (await t.core.call('invoices.create', invoiceBody(alfa, { fulfillment_date: '2025-02-10', due_date: '2025-02-10', items: [netItem(30000)] }) as never)).id;
    clock.set(at('2026-04-25'));
    await t.core.call('invoices.pay', { id: d.inv2, date: '2026-04-03', amount: '73500' } as never);
  });
  test.afterAll(async () => t.close());

  test('accrual, first quarter: by month, client and product, beside the first quarter of 2025', async () => {
    const r = await t.core.call('reports.revenue', { from: '2026-01-01', to: '2026-03-31', basis: 'accrual' });
    expect(r.revenue.total).toBe('595500.000');
    expect(r.revenue.previous).toBe('30000.000');
    expect(pick(r.revenue.by_month)).toEqual([
      ['2026-01', '120000.000', '0.000'],
      ['2026-02', '460500.000', '30000.000'],
      ['2026-03', '15000.000', '0.000'],
    ]);
    expect(pick(r.revenue.by_client)).toEqual([
      ['Beta GmbH', '400500.000', '0.000'],
      ['Alfa Kft.', '195000.000', '30000.000'],
    ]);
    expect(pick(r.revenue.by_product)).toEqual([
      ['Licenc', '400500.000', '0.000'],
      ['Fejlesztés', '100000.000', '0.000'],
      ['Tanácsadás', '60000.000', '30000.000'],
      ['Könyv', '20000.000', '0.000'],
      ['Oktatás', '10000.000', '0.000'],
      ['Szállás', '5000.000', '0.000'],
    ]);
    // March: the invoice of the 30th and the one issued in April for the 28th
    expect(r.revenue.by_month.map((f) => f.count)).toEqual([1, 2, 2]);
    const documents = (list: string, key: string) => t.core.call('reports.revenueDocuments', { from: '2026-01-01', to: '2026-03-31', basis: 'accrual', list, key } as never);
    expect((await documents('revenue_month', '2026-02')).documents).toEqual([d.inv2, d.eur].sort((a, b) => a - b));
    // the EUR expense has no rate in Folio and stays out of the forint costs
    expect(r.costs.total).toBe('14000.000');
    expect(r.costs.by_month.map((f) => [f.key, f.amount])).toEqual([
      ['2026-01', '0.000'],
      ['2026-02', '10000.000'],
      ['2026-03', '4000.000'],
    ]);
    expect(r.costs.by_category).toEqual([expect.objectContaining({ key: '1', amount: '14000.000', count: 2 })]);
    expect((await documents('costs_category', '1')).documents).toEqual([d.e1, d.e2]);
    expect(r.result).toBe('581500.000');
    expect(r.previous_result).toBe('30000.000');
    expect(before).toBeGreaterThan(0);
  });

  test('accrual, second quarter: the cancellation and the modification lower the revenue', async () => {
    const r = await t.core.call('reports.revenue', { from: '2026-04-01', to: '2026-06-30', basis: 'accrual' });
    expect(r.revenue.total).toBe('-60000.000');
  });

  test('cash, second quarter: the net part of the money received and the expenses paid', async () => {
    const r = await t.core.call('reports.revenue', { from: '2026-04-01', to: '2026-06-30', basis: 'cash' });
    expect(r.revenue.total).toBe('60000.000');
    expect(r.revenue.by_client).toEqual([expect.objectContaining({ label: 'Alfa Kft.', amount: '60000.000', count: 1 })]);
    const key = r.revenue.by_client[0]!.key;
    const documents = await t.core.call('reports.revenueDocuments', { from: '2026-04-01', to: '2026-06-30', basis: 'cash', list: 'revenue_client', key } as never);
    expect(documents.documents).toEqual([d.inv2]);
    expect(r.costs.total).toBe('4000.000');
    expect(r.result).toBe('56000.000');
  });
});
