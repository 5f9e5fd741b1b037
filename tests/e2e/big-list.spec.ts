// 100,000 issued invoices: the list shows its first rows quickly and never holds more than one page in the DOM.
import { expect, test } from '@playwright/test';
import { startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { seedInvoices } from './support/seed';

let folio: Folio;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  folio = await startFolio((dbFile) => seedInvoices(dbFile, { count: 100_000 }));
});
test.afterAll(async () => {
  await folio.stop();
});

test('the invoice list of 100,000 invoices shows its first rows and keeps under 300 rows in the DOM', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  const started = Date.now();
  await page.goto(`${folio.url}/#/invoices`);
  const rows = page.locator('[data-invoice-row]');
  await expect(rows.first()).toContainText('2026-');
  const firstRowsMs = Date.now() - started;
  console.log(`first rows of 100,000 invoices after ${firstRowsMs} ms`);

  const count = async () => page.locator('tr').count();
  expect(await rows.count()).toBeLessThanOrEqual(50);
  expect(await count()).toBeLessThan(300);

  // The newest invoice is first: its number is the highest of the year.
  const newest = await rows.first().locator('a').textContent();
  await page.getByRole('button', { name: 'Következő' }).click();
  await expect(page.locator('.pager-page')).toHaveText('2. oldal');
  await expect(rows.first()).not.toContainText(newest!);
  expect(await count()).toBeLessThan(300);

  // A filter over all of them: unpaid invoices of one client.
  await page.getByLabel('Keresés', { exact: true }).fill('Ügyfél 17');
  await page.getByLabel('Állapot').selectOption('unpaid');
  await expect(rows.first()).toContainText('2026-');
  for (const row of await rows.all()) {
    await expect(row).toContainText(/Ügyfél 17\d? Kft\./);
    await expect(row).toContainText(/Fizetésre vár|Lejárt/);
  }
  expect(await count()).toBeLessThan(300);
  expect(errors).toEqual([]);
});
