// Hungarian by default; English and German at a click, everywhere at once, and kept on the next visit.
import { expect, test } from '@playwright/test';
import { setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

test('the language switches between Hungarian, English and German and is remembered', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices`);
  const nav = page.getByRole('navigation');
  await expect(page.getByRole('heading', { name: 'Számlák' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible();
  await expect(page.getByText('No invoices yet.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { name: 'Rechnungen' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Kunden' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Rechnungen' })).toBeVisible();
  await page.getByRole('link', { name: 'Neue Rechnung' }).first().click();
  await expect(page.getByRole('heading', { name: 'Neue Rechnung' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Als Entwurf speichern' })).toBeVisible();

  // A field error from the core, in German.
  await page.getByRole('button', { name: 'Als Entwurf speichern' }).click();
  await expect(page.getByText('Einige Angaben stimmen nicht')).toBeVisible();
  await expect(page.locator('.client-picker .field-error')).toHaveText('Pflichtfeld');

  await page.getByRole('button', { name: 'Magyar' }).click();
  await expect(page.getByRole('heading', { name: 'Új számla' })).toBeVisible();
  expect(errors).toEqual([]);
});
