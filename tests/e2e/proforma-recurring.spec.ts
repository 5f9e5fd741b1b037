// A proforma and the invoice generated from it; a recurring profile started from an invoice.
import { expect, test } from '@playwright/test';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  await addClient(folio, 'Proforma Partner Zrt.');
});
test.afterAll(async () => {
  await folio.stop();
});

test('a proforma is issued and an invoice is generated from it, then made recurring', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices/new?type=1`);

  await test.step('write the proforma: the client is found by search', async () => {
    await page.getByLabel('Ügyfél keresése').fill('Partner');
    await page.getByRole('button', { name: /Proforma Partner Zrt\./ }).click();
    await page.getByLabel('1. tétel – Megnevezés').fill('Előleg a tervezésre');
    await page.getByLabel('1. tétel – Nettó egységár').fill('100000');
    await expect(page.locator('[data-total="total"]')).toHaveText(/127\s000\sFt/);
    await page.getByRole('button', { name: 'Díjbekérő kiállítása' }).click();
    await page.getByRole('dialog', { name: 'Kiállítod a díjbekérőt?' }).getByRole('button', { name: 'Díjbekérő kiállítása' }).click();
    await expect(page.getByRole('heading', { name: 'Díjbekérő D-2026-000001' })).toBeVisible();
  });

  await test.step('generate the invoice from it', async () => {
    await page.getByRole('button', { name: 'Számla készítése díjbekérőből' }).click();
    await page.getByRole('dialog', { name: 'Számlát készítesz a díjbekérőből?' }).getByRole('button', { name: 'Számla készítése díjbekérőből' }).click();
    await expect(page.getByRole('heading', { name: 'Számla 2026-000001' })).toBeVisible();
    await expect(page.getByText('Díjbekérőből készült:')).toBeVisible();
    await expect(page.getByRole('link', { name: 'D-2026-000001' })).toBeVisible();
  });

  await test.step('start a monthly recurring profile from the invoice', async () => {
    await page.getByRole('button', { name: 'Ismétlődés indítása' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ismétlődő számla indítása' });
    await expect(dialog.getByLabel('Első számla dátuma')).toHaveValue('2026. 12. 22.');
    await dialog.getByLabel('Ennyi időnként').fill('1');
    await dialog.getByLabel('Egység').selectOption('M');
    await dialog.getByRole('button', { name: 'Létrehozás' }).click();
    await expect(page.getByRole('heading', { name: 'Ismétlődő számlák' })).toBeVisible();
    const row = page.locator('[data-recurring-row]');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('2026-000001');
    await expect(row).toContainText('Proforma Partner Zrt.');
    await expect(row).toContainText('havonta'); // the frequency in words, never a code or "1 hónap"
    await expect(row).toContainText('2026. 12. 22.');
  });

  await test.step('stop and resume it', async () => {
    await page.getByRole('button', { name: 'Leállítás' }).click();
    await expect(page.locator('[data-recurring-row]')).toContainText('Leállítva');
    await page.getByRole('button', { name: 'Folytatás' }).click();
    await expect(page.locator('[data-recurring-row]')).toContainText('Aktív');
  });

  expect(errors).toEqual([]);
});
