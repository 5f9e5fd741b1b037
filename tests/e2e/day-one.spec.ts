// A newcomer's day in Hungarian (issue 36): the keyboard alone (Alt+N lands in the first field, a skip link to the
// search, a confirmation's primary button takes Enter), a quiet editor before anything is typed with its totals in
// view while the lines scroll, and a modifying invoice that asks before it is issued.
import { expect, test } from '@playwright/test';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { screenshot } from './support/shots';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  await addClient(folio, 'Vevő Kft.');
});
test.afterAll(async () => {
  await folio.stop();
});

test('keyboard: Alt+N lands in the client search; the first Tab offers a skip to the search; Enter issues from the confirmation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices`);
  await expect(page.getByRole('heading', { level: 1, name: 'Számlák' })).toBeVisible();

  await test.step('the first Tab reaches "Ugrás a keresésre", which focuses the list search', async () => {
    await page.keyboard.press('Tab');
    const skip = page.getByRole('button', { name: 'Ugrás a keresésre' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Keresés', { exact: true })).toBeFocused();
  });

  await test.step('Alt+N opens a new invoice with the focus in the client search', async () => {
    await page.locator('h1').click();
    await page.keyboard.press('Alt+n');
    await expect(page.getByRole('heading', { level: 1, name: 'Új számla' })).toBeVisible();
    await expect(page.getByLabel('Ügyfél keresése')).toBeFocused();
  });

  await test.step('a line typed from the keyboard; the confirmation focuses "Számla kiállítása" and Enter issues', async () => {
    await page.keyboard.type('Vevő');
    await page.getByRole('button', { name: /Vevő Kft\./ }).click();
    await page.getByLabel('1. tétel – Megnevezés').fill('Tanácsadás');
    await page.getByLabel('1. tétel – Nettó egységár').fill('10000');
    await page.getByRole('button', { name: 'Számla kiállítása' }).click();
    const confirm = page.getByRole('dialog', { name: 'Kiállítod a számlát?' });
    await expect(confirm.getByRole('button', { name: 'Számla kiállítása' })).toBeFocused();
    await screenshot(page, 'day-one', 'confirm-focus');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Számla 2026-000001' })).toBeVisible();
  });

  await test.step('in the editor the skip link goes to the client search', async () => {
    await page.goto(`${folio.url}/#/invoices/new`);
    await expect(page.getByLabel('Ügyfél keresése')).toBeFocused();
    await page.getByLabel('Teljesítés dátuma').focus();
    await page.getByRole('button', { name: 'Ugrás a keresésre' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('searchbox', { name: 'Ügyfél keresése' })).toBeFocused();
  });
  expect(errors).toEqual([]);
});

test('the editor: no red list before anything is typed; the totals stay in view while the lines scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'Új számla' })).toBeVisible();
  const panel = page.locator('.check-panel');
  await expect(panel.getByText('Válaszd ki az ügyfelet és add meg a tételeket')).toBeVisible();
  await expect(panel.getByText('Kiállítás előtt javítandó:')).toHaveCount(0);
  await expect(panel.locator('[data-check="errors"]')).toHaveCount(0);
  await screenshot(page, 'day-one', 'editor-blank');

  // once something is typed the check names what is still missing
  await page.getByLabel('1. tétel – Megnevezés').fill('Tanácsadás');
  await expect(panel.getByText('Kiállítás előtt javítandó:')).toBeVisible();

  // many lines: the page scrolls, the totals card stays in the window
  for (let i = 0; i < 9; i++) await page.getByRole('button', { name: 'Tétel hozzáadása' }).click();
  await page.getByLabel('10. tétel – Megnevezés').fill('Utolsó sor');
  await page.locator('#main').evaluate((main) => main.scrollTo({ top: main.scrollHeight }));
  const total = page.locator('[data-total="total"]');
  await expect(total).toBeInViewport();
  await screenshot(page, 'day-one', 'editor-scrolled-totals');
  expect(errors).toEqual([]);
});
