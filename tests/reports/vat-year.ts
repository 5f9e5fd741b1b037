// A fixed year of documents for the report tests, with figures checked by hand in the specs: ordinary HUF invoices
// at 27 %, 5 %, 18 % and TAM, an EUR invoice at its own rate, an invoice issued after its quarter for a supply in
// it, a cancellation and a modification issued in the next quarter, and expenses (HUF, and one in EUR).
import { ManualClock } from '../../electron/core/clock';
import type { Core } from '../../electron/core/index';
import { clientBody, invoiceBody, netItem } from '../support/fixtures';

export interface YearDocs {
  inv1: number;
  inv2: number;
  eur: number;
  inv4: number;
  late: number;
  cancel4: number;
  modify1: number;
  e1: number;
  e2: number;
  eurExpense: number;
}

export const at = (day: string) => `${day}T10:00:00+01:00`;

export async function seedYear(core: Core, clock: ManualClock): Promise<YearDocs> {
  const client = (await core.call('clients.create', clientBody({ name: 'Alfa Kft.' }))).id;
  const eurClient = (await core.call('clients.create', clientBody({ name: 'Beta GmbH', taxcode: '10000001-2-41' }))).id;
  const issue = async (day: string, over: Record<string, unknown>, who = client) => {
    clock.set(at(day));
    return (await core.call('invoices.create', invoiceBody(who, { fulfillment_date: day, due_date: day, ...over }) as never)).id;
  };

  const inv1 = await issue('2026-01-10', { items: [netItem(100000, { description: 'Fejlesztés' }), netItem(20000, { vat_id: 2, description: 'Könyv' })] });
  const inv2 = await issue('2026-02-05', { items: [netItem(50000), netItem(10000, { vat_id: 8, description: 'Oktatás' })] });
  const eur = await issue('2026-02-10', { currency: 'EUR', exchange_rate: '400.5', items: [netItem('1000', { description: 'Licenc' })] }, eurClient);
  const inv4 = await issue('2026-03-30', { items: [netItem(10000)] });
  // issued in April for a supply of 28 March: the tax point is the supply, in the first quarter
  const late = await issue('2026-04-05', { fulfillment_date: '2026-03-28', items: [netItem(5000, { vat_id: 3, description: 'Szállás' })] });
  clock.set(at('2026-04-02'));
  const cancel4 = (await core.call('invoices.cancel', { id: inv4 } as never)).id;
  clock.set(at('2026-04-15'));
  const modify1 = (
    await core.call('invoices.modify', {
      id: inv1,
      reason: 'Részteljesítés',
      items: [{ description: 'Fejlesztés', modifies_line: 1, qty: '-0.5', net_unit_price: '100000', vat_id: 1, unit: 'óra' }],
    } as never)
  ).id;

  const expense = async (over: Record<string, unknown>) => (await core.call('expenses.create', { categories_id: '1', name: 'Költség', ...over } as never)).id;
  const e1 = await expense({ gross_price: '12700', vat: 1, fulfillment_date: '2026-02-01' });
  const e2 = await expense({ net_price: '4000', vat: 2, fulfillment_date: '2026-03-10', paid: 1, payment_date: '2026-04-20' });
  const eurExpense = await expense({ gross_price: '127', vat: 1, currency: 'EUR', fulfillment_date: '2026-03-01' });
  return { inv1, inv2, eur, inv4, late, cancel4, modify1, e1, e2, eurExpense };
}
