// Hungarian by default; English and German at a click, everywhere at once, and kept on the next visit.
import { expect, test, type Page } from '@playwright/test';
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

// issue 41: a page fetches the chosen language's words only; a switch fetches the next language's on first use.
test('only the chosen language’s words are fetched; a switch fetches the next language and shows it at once', async ({ browser, page }) => {
  const errors = watchErrors(page);
  const taglines = { hu: 'Számlázás, offline is', en: 'Invoicing, offline too', de: 'Rechnungen schreiben, auch offline' };
  const watchWords = (p: Page): Set<string> => {
    const fetched = new Set<string>();
    p.on('response', async (response) => {
      if (!new URL(response.url()).pathname.endsWith('.js')) return;
      const body = await response.text().catch(() => '');
      for (const [lang, tagline] of Object.entries(taglines)) if (body.includes(tagline)) fetched.add(lang);
    });
    return fetched;
  };
  const fetched = watchWords(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices`);
  await expect(page.getByRole('heading', { name: 'Számlák' })).toBeVisible();
  await expect.poll(() => [...fetched]).toEqual(['hu']);

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await expect.poll(() => [...fetched].sort()).toEqual(['en', 'hu']);
  // A screen whose code loads on first use, in the language switched to.
  await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).click();
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  expect(errors).toEqual([]);

  // The next visit (a fresh context: nothing cached) with English chosen fetches English only.
  const context = await browser.newContext();
  try {
    const next = await context.newPage();
    const nextFetched = watchWords(next);
    await next.addInitScript(() => localStorage.setItem('folio.lang', 'en'));
    await withKey(next);
    await next.goto(`${folio.url}/#/invoices`);
    await expect(next.getByRole('heading', { name: 'Invoices' })).toBeVisible();
    await expect.poll(() => [...nextFetched]).toEqual(['en']);
  } finally {
    await context.close();
  }
});
