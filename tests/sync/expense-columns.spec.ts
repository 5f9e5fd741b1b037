// An expense's later columns travel with sync (docs/sync.md "Master data"): the supplier's identifiers an e-invoice
// gave (migration 0048: VAT id, tax registration, legal registration with its scheme, the other identifiers), a v3
// spending's payment method and category word (0049) and the supplier's IBAN. Until issue 40 the push left them
// out and the pull wrote none, so the other device's copy lost them. A real `serve` remote and two desktops.
import { expect, test } from '@playwright/test';
import { syncUntilQuiet, withLaptopAndDesktop, type Device } from './support/nodes';

const LATER = {
  supplier_iban: 'HU42117730161111101800000000',
  payment_method: 'wire_transfer',
  category_v3: 'tangible_assets',
  supplier_vat_id: 'DE123456789',
  supplier_tax_registration: '143/123/45678',
  supplier_legal_registration: { id: 'HRB 12345', scheme: '0204' },
  supplier_identifiers: [{ id: '4000001123452', scheme: '0088' }, { id: 'LIEF-77', scheme: '' }],
};

const fields = (a: object) => Object.fromEntries(Object.keys(LATER).map((k) => [k, (a as Record<string, unknown>)[k]]));

async function expenseNamed(d: Device, name: string) {
  const found = (await d.runtime.core.call('expenses.list', {})).items.find((e) => e.attributes.name === name);
  expect(found, `${name} on ${d.name}`).toBeDefined();
  return found!;
}

test('an expense keeps its supplier identifiers, payment method and category word on the other device, and an edit of them comes back', async () => {
  test.setTimeout(120_000);
  await withLaptopAndDesktop('expense-columns', async ({ a, b }) => {
    const made = await a.runtime.core.call('expenses.create', { categories_id: '5', name: 'Gépbeszerzés', gross_price: '127000', vat: 1, supplier_name: 'Maschinen GmbH', ...LATER });
    expect(fields(made.attributes)).toEqual(LATER);
    await syncUntilQuiet([a, b]);
    const onB = await expenseNamed(b, 'Gépbeszerzés');
    expect(fields(onB.attributes)).toEqual(LATER);

    // edited on the desktop: the changed words and identifiers reach the laptop; a cleared registration too
    const edit = { payment_method: 'cash', category_v3: '', supplier_legal_registration: null, supplier_identifiers: [{ id: 'LIEF-78', scheme: '' }] };
    await b.runtime.core.call('expenses.update', { id: onB.id, ...edit });
    await syncUntilQuiet([b, a]);
    const back = await a.runtime.core.call('expenses.get', { id: made.id });
    expect(fields(back.attributes)).toEqual({ ...LATER, ...edit });
    expect(fields((await b.runtime.core.call('expenses.get', { id: onB.id })).attributes)).toEqual(fields(back.attributes));
  });
});
