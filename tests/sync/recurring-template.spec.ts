// A recurring profile's own template (its client, lines and end date, edited on the profile) crosses sync like the
// rest of the profile: edited on the desktop, it reaches the laptop that owns and issues the profile, with the client
// and the product in the laptop's own ids.
import { expect, test } from '@playwright/test';
import { syncOk, withLaptopAndDesktop } from './support/nodes';

const client = (name: string, taxcode: string) => ({
  name,
  taxcode,
  tax_type: 'HAS_TAX_NUMBER',
  billing_address: { street_name: 'Fő', street_type: 'utca', house_nr: '1', city: 'Budapest', postcode: '1011', country: 'HU' },
});

test("a profile's client, lines and end date edited on the desktop reach the laptop that issues it", async () => {
  test.setTimeout(90_000);
  await withLaptopAndDesktop('rec-template', async ({ a, b }) => {
    const ca = a.runtime.core;
    const cb = b.runtime.core;
    await syncOk(a);
    await syncOk(b);
    const own = (await ca.call('sync.status', {})).own_block_uid!;
    const first = (await ca.call('clients.create', client('Első Kft.', '12345676-2-41'))).id;
    const base = await ca.call('invoices.create', {
      client_uid: first,
      block_uid: own,
      payment_method: 2,
      currency: 'HUF',
      type: 3,
      fulfillment_date: '2026-03-15',
      due_date: '2026-03-23',
      items: [{ description: 'Tárhely', vat_id: 1, qty: 1, net_unit_price: 5000, unit: 'hó' }],
    });
    const profile = await ca.call('recurring.create', { base_invoice_uid: base.id, frequency: '1M', start_date: '2026-04-01' });
    await syncOk(a);
    await syncOk(b);

    // On the desktop: a new client and a product, and the profile moved to them with an end date.
    const second = (await cb.call('clients.create', client('Második Kft.', '11111111-2-41'))).id;
    const product = (await cb.call('products.create', { name: 'Üzemeltetés', price: 20000, unit: 'hó', vat_id: 1, currency: 'HUF' })).id;
    const onDesktop = (await cb.call('recurring.list', {})).find((r) => r.attributes.base_invoice_uid !== null)!;
    await cb.call('recurring.update', {
      id: onDesktop.id,
      client_uid: second,
      items: [{ description: 'Üzemeltetés', product_uid: product, qty: 1, unit: 'hó', net_unit_price: '20000', vat_id: '1' }],
      end_date: '2026-12-31',
    });
    await syncOk(b);
    await syncOk(a);

    const onLaptop = await ca.call('recurring.get', { id: profile.id });
    const laptopClient = (await ca.call('clients.list', { query: 'Második' })).items[0]!;
    const laptopProduct = (await ca.call('products.list', { query: 'Üzemeltetés' })).items[0]!;
    expect(onLaptop.attributes).toMatchObject({
      client_uid: laptopClient.id,
      end_date: '2026-12-31',
      items: [expect.objectContaining({ description: 'Üzemeltetés', product_uid: laptopProduct.id, net_unit_price: '20000' })],
    });
  });
});
