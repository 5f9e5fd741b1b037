// Core regressions: each test pins a bug found by the test suites and since fixed in the implementation.
import { expect, test } from '@playwright/test';
import { coreInvoice, netItem, openTestCore, rawDb } from '../support/fixtures';

test('an item cannot be moved from a draft onto an issued invoice by UPDATE … SET invoice_id', async () => {
  const tc = await openTestCore();
  const raw = rawDb(tc.dbFile);
  try {
    const issued = (await coreInvoice(tc.core)).id;
    const draft = (await coreInvoice(tc.core, { type: 0, items: [netItem(999999)] })).id;
    const before = raw.prepare('select * from invoice_items where invoice_id = ? order by id').all(issued);
    let error: unknown;
    try {
      raw.prepare('update invoice_items set invoice_id = ? where invoice_id = ?').run(issued, draft);
    } catch (e) {
      error = e;
    }
    expect(raw.prepare('select * from invoice_items where invoice_id = ? order by id').all(issued)).toEqual(before);
    expect(String(error)).toMatch(/issued invoices cannot be changed/);
  } finally {
    raw.close();
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
