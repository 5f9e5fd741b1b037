// A single-company server (`serve --db`) walked through its main screens with nothing tolerated: no console message
// of level error (a refused request is one too: the browser logs "Failed to load resource"), no page error, no
// request that fails or answers 4xx/5xx. The UI used to ask GET /directory/companies on every page load and get a
// 404 there; screens.spec.ts lets 4xx through (a refused field is an expected path), this walk does not.
import { expect, test, type Page } from '@playwright/test';
import { addClient, setSeller, startFolio, withKey, type Folio } from './support/folio';

let folio: Folio;
let invoiceId = 0;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  const client = await addClient(folio);
  const core = folio.server.core;
  await core.call('products.create', { name: 'Webfejlesztés', price: '18000', unit: 'óra', vat_id: 1 });
  await core.call('expenses.create', { name: 'Irodabérlet', categories_id: '3', gross_price: '190500' });
  await core.call('bankAccounts.create', { bank_name: 'OTP Bank', account_no: '11773016-11111111-00000000' });
  const inv = await core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Webfejlesztés', qty: 3, net_unit_price: '18000', vat_id: 1 }],
  });
  invoiceId = inv.id;
});
test.afterAll(async () => {
  await folio.stop();
});

/** Everything that went wrong on the page, as readable lines. */
function watchEverything(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText ?? ''})`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return problems;
}

const screens: Array<[string, RegExp]> = [
  ['#/', /Áttekintés/],
  ['#/invoices', /Számlák/],
  ['#/invoices/new', /Új számla/],
  ['#/invoices/INVOICE', /Számla 2026-000001/],
  ['#/quotes', /Árajánlatok/],
  ['#/delivery-notes', /Szállítólevelek/], // issue 40
  ['#/clients', /Ügyfelek/],
  ['#/products', /Termékek/],
  ['#/expenses', /Költségek/],
  ['#/bank-accounts', /Bankszámlák/],
  ['#/recurring', /Ismétlődő számlák/],
  ['#/reports', /Kimutatások/],
  ['#/settings', /Beállítások/],
];

test('the main screens of a single-company server: no console error, no failed request', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const problems = watchEverything(page);
  await withKey(page);
  for (const [hash, heading] of screens) {
    await test.step(hash, async () => {
      // a fresh page load each time: the boot requests (settings, today, who is signed in, the companies) run again
      await page.goto(`${folio.url}/${hash.replace('INVOICE', String(invoiceId))}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('.loading')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(problems, `on ${hash}`).toEqual([]);
    });
  }
});
