// Issue 36, items 12 and 15: a form hears every problem at once (the Data tab's backup settings: a relative folder and
// a wrong time together), and the revenue report has one row per product (a product line and the modifying
// invoice's line that changes it are one product).
import { expect, test } from '@playwright/test';
import { createInvoice, createProduct, serverPerFile, TODAY } from '../support/fixtures';

const s = serverPerFile();

test('the backup settings: a folder that is no full path and a wrong time are both said at once', async () => {
  const res = await s.api.post('/rpc/data.saveBackupSettings', { backup_folder: 'mentesek', schedule_enabled: true, schedule_time: '25:00', keep_daily: 0 });
  expect(res.status, res.text).toBe(400);
  const fields = (res.body.errors as Array<{ field: string; message: string }>).map((e) => e.field).sort();
  expect(fields).toEqual(['backup_folder', 'keep_daily', 'schedule_time']);
  expect(res.body.errors.find((e: { field: string }) => e.field === 'backup_folder').message).toMatch(/^must be a full path/);
});

test('revenue by product: a product and the modification of its line are one row', async () => {
  const product = await createProduct(s.api, { name: 'Weboldal-karbantartás', price: 40_000 });
  const invoice = await createInvoice(s.api, { items: [{ product_uid: product, qty: 1 }] });
  await s.api.ok('POST', `/invoices/${invoice.id}/modify`, {
    body: { reason: 'Kevesebb óra', items: [{ modifies_line: 1, description: 'Weboldal-karbantartás', vat_id: 1, qty: -1, net_unit_price: 10_000, unit: 'db' }] },
  });
  const r = (await s.api.ok('GET', '/reports/revenue', { query: { from: TODAY.slice(0, 8) + '01', to: TODAY, basis: 'accrual' } })).data;
  const rows = (r.attributes ?? r).revenue.by_product.filter((f: { label: string }) => f.label === 'Weboldal-karbantartás');
  expect(rows).toHaveLength(1);
  expect(rows[0].amount).toBe('30000.000');
});
