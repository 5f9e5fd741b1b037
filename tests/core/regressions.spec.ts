// Core regressions: each test pins a bug found by the test suites and since fixed in the implementation.
import { expect, test } from '@playwright/test';
import { coreInvoice, netItem, openTestCore } from '../support/fixtures';

test('an item cannot be moved from a draft onto an issued invoice by UPDATE … SET invoice_id', async () => {
  const tc = await openTestCore();
  // plain SQL on the core's own handle, past every service: the database itself refuses
  const db = tc.opened.db;
  try {
    const issued = (await coreInvoice(tc.core)).id;
    const draft = (await coreInvoice(tc.core, { type: 0, items: [netItem(999999)] })).id;
    const itemsOf = (id: number) => db.selectFrom('invoice_items').selectAll().where('invoice_id', '=', id).orderBy('id').execute();
    const before = await itemsOf(issued);
    const error = await db.updateTable('invoice_items').set({ invoice_id: issued }).where('invoice_id', '=', draft).execute().catch((e: unknown) => e);
    expect(await itemsOf(issued)).toEqual(before);
    expect(String(error)).toMatch(/issued invoices cannot be changed/);
  } finally {
    await tc.close();
  }
});

test('a draft with a product line takes the product as it is at issue time (issue() says so; docs/design.md §3)', async () => {
  // electron/core/invoices/service.ts issue(): "The lines are priced again now: a draft that used a product takes the
  // product as it is at issue time." asInput() passes the stored net_unit_price/description/vat_id along with
  // product_uid, so resolveLines() never reads the product again and the old price is issued.
  const tc = await openTestCore();
  try {
    const p = await tc.core.call('products.create', { name: 'Régi név', price: 1000, vat_id: 1 });
    const d = await coreInvoice(tc.core, { type: 0, items: [{ product_uid: p.id, qty: 1 }] });
    await tc.core.call('products.update', { id: p.id, price: 2000, name: 'Új név' });
    const issued = await tc.core.call('invoices.issue', { id: d.id });
    expect(issued.attributes.items[0]).toMatchObject({ net_unit_price: '2000.000', description: 'Új név' });
    expect(issued.attributes.total).toBe('2540.000');
  } finally {
    await tc.close();
  }
});
