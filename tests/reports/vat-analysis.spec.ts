// The VAT analysis over a fixed year (vat-year.ts) with figures checked by hand, and the cash-accounting variant.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { clientBody, invoiceBody, netItem, openTestCore, TEST_SELLER, type TestCore } from '../support/fixtures';
import { at, seedYear, type YearDocs } from './vat-year';

const row = (side: { rows: Array<{ vat_id: string }> }, vatId: string) => side.rows.find((r) => r.vat_id === vatId);

test.describe('VAT analysis, accrual', () => {
  let t: TestCore;
  let d: YearDocs;
  test.beforeAll(async () => {
    const clock = new ManualClock(at('2026-01-10'));
    t = await openTestCore({ clock });
    d = await seedYear(t.core, clock);
  });
  test.afterAll(async () => t.close());

  test('the first quarter: supplies by fulfillment date, the EUR invoice in forints at its rate', async () => {
    const q1 = await t.core.call('reports.vat', { from: '2026-01-01', to: '2026-03-31' });
    // 27 %: 100,000 + 50,000 + 1,000 EUR × 400.5 + 10,000 net; 27,000 + 13,500 + 108,135 + 2,700 VAT
    expect(row(q1.output, '1')).toMatchObject({ net: '560500.000', vat: '151335.000', documents: [d.inv1, d.inv2, d.eur, d.inv4].sort((a, b) => a - b) });
    expect(row(q1.output, '2')).toMatchObject({ net: '20000.000', vat: '1000.000', documents: [d.inv1] });
    // issued on 5 April for a supply of 28 March: in the first quarter
    expect(row(q1.output, '3')).toMatchObject({ net: '5000.000', vat: '900.000', documents: [d.late] });
    expect(row(q1.output, '8')).toMatchObject({ net: '10000.000', vat: '0.000', treatment: 'exempt' });
    expect(q1.output.vat).toBe('153235.000');
    // input: 12,700 gross at 27 % (2,700) and 4,000 net at 5 % (200); the EUR expense apart, unconverted
    expect(row(q1.input, '1')).toMatchObject({ net: '10000.000', vat: '2700.000', documents: [d.e1] });
    expect(row(q1.input, '2')).toMatchObject({ net: '4000.000', vat: '200.000', documents: [d.e2] });
    expect(q1.input.vat).toBe('2900.000');
    expect(q1.input.unconverted).toEqual([{ currency: 'EUR', vat: '27.000', documents: [d.eurExpense] }]);
    expect(q1.balance).toBe('150335.000');
    expect(q1.cash_accounting).toBe(false);
  });

  test('the second quarter: the cancellation and the modification in their own period', async () => {
    const q2 = await t.core.call('reports.vat', { from: '2026-04-01', to: '2026-06-30' });
    // −10,000 / −2,700 (storno of the March invoice) and −50,000 / −13,500 (half of the January line taken back)
    expect(q2.output.rows).toEqual([
      expect.objectContaining({ vat_id: '1', net: '-60000.000', vat: '-16200.000', documents: [d.cancel4, d.modify1].sort((a, b) => a - b) }),
    ]);
    expect(q2.input.vat).toBe('0.000');
    expect(q2.balance).toBe('-16200.000');
  });

  test('the year is the sum of its quarters', async () => {
    const year = await t.core.call('reports.vat', { from: '2026-01-01', to: '2026-12-31' });
    expect(year.output.vat).toBe('137035.000');
    expect(year.balance).toBe('134135.000');
    expect(year.output.documents).toHaveLength(7);
  });

  test('a period that ends before it starts is refused at its field', async () => {
    await expect(t.core.call('reports.vat', { from: '2026-04-01', to: '2026-03-31' })).rejects.toMatchObject({ code: 'validation_failed', errors: [{ field: 'to' }] });
  });
});

test.describe('VAT analysis, cash accounting', () => {
  test('the VAT follows the money: payments in the period carry their share; unpaid and cancelled invoices owe nothing', async () => {
    const clock = new ManualClock(at('2026-01-10'));
    const t = await openTestCore({ clock });
    try {
      await t.core.call('settings.update', { seller: { ...TEST_SELLER, vat_status: 'cash_accounting' } } as never);
      const client = (await t.core.call('clients.create', clientBody())).id;
      const issue = async (day: string, net: number) => {
        clock.set(at(day));
        return (await t.core.call('invoices.create', invoiceBody(client, { fulfillment_date: day, due_date: day, items: [netItem(net)] }) as never)).id;
      };
      const a = await issue('2026-01-10', 100000); // 127,000 gross
      await issue('2026-03-01', 50000); // never paid
      const c = await issue('2026-02-01', 10000);
      clock.set(at('2026-03-05'));
      await t.core.call('invoices.cancel', { id: c } as never);
      clock.set(at('2026-04-20'));
      await t.core.call('invoices.pay', { id: a, date: '2026-02-15', amount: '50800' } as never); // 40 %
      await t.core.call('invoices.pay', { id: a, date: '2026-04-10', amount: '76200' } as never); // 60 %
      const paidExpense = (await t.core.call('expenses.create', { categories_id: '1', name: 'Bérleti díj', gross_price: '12700', vat: 1, fulfillment_date: '2026-01-20', paid: 1, payment_date: '2026-04-05' } as never)).id;
      await t.core.call('expenses.create', { categories_id: '1', name: 'Kifizetetlen', gross_price: '6350', vat: 1, fulfillment_date: '2026-01-25' } as never);

      const q1 = await t.core.call('reports.vat', { from: '2026-01-01', to: '2026-03-31' });
      expect(q1.cash_accounting).toBe(true);
      expect(q1.output.rows).toEqual([expect.objectContaining({ vat_id: '1', net: '40000.000', vat: '10800.000', documents: [a] })]);
      expect(q1.input.vat).toBe('0.000');
      expect(q1.balance).toBe('10800.000');

      const q2 = await t.core.call('reports.vat', { from: '2026-04-01', to: '2026-06-30' });
      expect(q2.output.rows).toEqual([expect.objectContaining({ vat_id: '1', net: '60000.000', vat: '16200.000', documents: [a] })]);
      expect(q2.input.rows).toEqual([expect.objectContaining({ vat_id: '1', vat: '2700.000', documents: [paidExpense] })]);
      expect(q2.balance).toBe('13500.000');
    } finally {
      await t.close();
    }
  });
});
