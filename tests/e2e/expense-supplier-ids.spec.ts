// The expense screen shows the supplier's identifiers as its e-invoice gave them: in the import's confirmation and on
// the saved expense's form (a German supplier: VAT id, Steuernummer as written, register number), at 390 px too.
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { shotPath } from './support/shots';
import { setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { invoiceFile } from '../einvoice/seller-files';

test.use({ locale: 'hu-HU' });
// the first check of a syntax may compile the rules (≈ 15 s on a cold cache)
test.describe.configure({ timeout: 180_000 });

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

const GERMAN = { name: 'Lieferant GmbH', country: 'DE', fc: '04523149435', va: 'DE 152338654', legal: { id: 'HRB 123456', scheme: '0204' } };

test('a German supplier: the confirmation and the saved expense show its VAT id, Steuernummer and register number', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 1400 });
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/expenses`);
  const file = test.info().outputPath('lieferant.xml');
  writeFileSync(file, invoiceFile('cii', GERMAN, 'RE-2026-0042'));
  await page.getByLabel('E-számla kiválasztása…').setInputFiles(file);
  const dialog = page.getByRole('dialog', { name: 'Beolvasott e-számla' });
  // the rules are loaded on the first check of a process
  await expect(dialog.getByTestId('einv-supplier')).toHaveText('Lieferant GmbH', { timeout: 90_000 });
  await expect(dialog.getByTestId('einv-taxcode')).toHaveText('DE152338654');
  await expect(dialog.getByTestId('einv-vat-id')).toHaveText('DE152338654');
  await expect(dialog.getByTestId('einv-tax-registration')).toHaveText('04523149435');
  await expect(dialog.getByTestId('einv-legal-registration')).toHaveText('HRB 123456 (0204)');
  await page.screenshot({ path: shotPath('38', 'confirm-german-supplier-390.png'), fullPage: true });
  // nothing in the confirmation runs past its right edge
  const wide = await dialog.evaluate((d) => [...d.querySelectorAll('dd')].filter((dd) => dd.getBoundingClientRect().right > d.getBoundingClientRect().right + 0.5).map((dd) => dd.textContent));
  expect(wide).toEqual([]);
  await dialog.getByRole('button', { name: 'Költség mentése' }).click();
  await expect(page.getByText('A költség elmentve, az e-számla a bizonylata.')).toBeVisible();

  await page.locator('.row-link').first().click(); // the one expense
  const ids = page.getByRole('definition').filter({ hasText: '04523149435' });
  await expect(ids).toBeVisible();
  await expect(page.getByTestId('einv-vat-id')).toHaveText('DE152338654');
  await expect(page.getByLabel('Szállító adószáma')).toHaveValue('DE152338654');
  await page.screenshot({ path: shotPath('38', 'expense-form-german-supplier-390.png'), fullPage: true });
  // the form's dialog fits the 390 px screen
  const box = await page.getByRole('dialog').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
});
