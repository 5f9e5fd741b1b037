// The counter's quick receipt in real Chromium at phone width, in Hungarian, by keyboard: a product found by its
// code and added with Enter (twice: quantity 2), a free line, cash with the amount received and the change, issued
// with Ctrl+Enter; then a new one at once. The day is then reported to the fake receipt interface with the sums of
// what was typed.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { startFakeReceiptNav, type FakeReceiptNav } from '../nav-receipts/fake-receipt-server';
import { budapest, receiptEnv } from '../nav-receipts/rig';
import { shotPath } from './support/shots';
import { setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

let nav: FakeReceiptNav;
let folio: Folio;
const clock = new ManualClock(budapest('2026-10-20 10:00:00'));

test.beforeAll(async () => {
  nav = await startFakeReceiptNav({ now: () => clock.now() });
  folio = await startFolio(undefined, { env: receiptEnv(nav.baseUrl), clock });
  await setSeller(folio);
  // 500 net at 27 %: 635 with VAT
  await folio.server.core.call('products.create', { name: 'Eszpresszó', price: 500, vat_id: 1, unit: 'db', currency_code: 'HUF', product_code: 'ESP' } as never);
});

test.afterAll(async () => {
  await folio?.stop();
  await nav?.close();
});

test('a receipt in a few keystrokes, change for cash, a new one at once; the day reported with those sums', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/receipts/new`);
  const search = page.getByLabel('Termék keresése (név vagy kód)', { exact: true }).first();
  await expect(search).toBeFocused();
  await search.fill('Eszpr');
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Eszpresszó');
  await search.press('Enter');
  await search.fill('Eszpr');
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Eszpresszó');
  await search.press('Enter');
  await page.getByLabel('Tétel megnevezése').fill('Pogácsa');
  await page.getByLabel('Bruttó ár').fill('450');
  await page.getByLabel('Bruttó ár').press('Enter');
  await expect(page.locator('[data-total]')).toHaveText(/1\s?720/);
  await page.getByLabel('Kapott összeg').fill('2000');
  await expect(page.locator('[data-change]')).toHaveText(/280/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shotPath('quick-receipt', 'filled-390.png') });
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { name: /NY-2026-\d+ kiállítva/ })).toBeVisible();
  await page.screenshot({ path: shotPath('quick-receipt', 'issued-390.png') });
  await page.keyboard.press('Enter'); // "Új nyugta" has the focus
  await expect(page.getByLabel('Termék keresése (név vagy kód)', { exact: true }).first()).toBeFocused();

  clock.set(budapest('2026-10-21 07:00:00'));
  const run = await folio.server.core.call('navReceipts.run', {});
  expect(run).toMatchObject({ created: 1, refused: 0 });
  expect(nav.recorded('2026-10-20')[0]).toMatchObject({ sales: 1, total: '1720.00', categories: [{ vat: '27%', sale: '1720.00', modifying: '0.00' }] });
  expect(nav.schemaErrors).toEqual([]);

  // the setup guide's answer "on the cash-register list": the screen says plainly that receipts come from a till
  await expect(page.locator('[data-cash-register]')).toHaveCount(0);
  await folio.server.core.call('navReceipts.saveSettings', { gives_receipts: true, cash_register_required: true });
  await page.reload();
  await expect(page.locator('[data-cash-register]')).toContainText('pénztárgépből kell adni');
  await page.screenshot({ path: shotPath('quick-receipt', 'cash-register-390.png') });
  expect(errors).toEqual([]);
});
