// Settings → NAV Online Számla, its "Nyugták" part, in real Chromium at phone width, in Hungarian: a day NAV refused
// reads with NAV's words and "Újraküldés"; after the fix it is sent and shows "Bejelentve" with NAV's id; switching
// reporting off waits for the warning to be ticked.
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
});

test.afterAll(async () => {
  await folio?.stop();
  await nav?.close();
});

test('a refused day in NAV’s words, sent again after the fix; reporting off only with the warning ticked', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  const errors = watchErrors(page);
  await withKey(page);
  for (const price of ['635', '1290']) {
    await folio.server.core.call('receipts.create', { payment_method: 1, currency: 'HUF', items: [{ description: 'Kávé', vat_id: '1', gross_unit_price: price, qty: '1' }] } as never);
  }
  clock.set(budapest('2026-10-21 07:00:00'));
  nav.refuseTaxpayer('TAXPAYER_NOT_REGISTERED', 'Az adózó nem jelentkezett be a nyugta-adatszolgáltatásra');
  await folio.server.core.call('navReceipts.run', {});

  await page.goto(`${folio.url}/#/settings/nav`);
  const part = page.locator('section', { has: page.getByRole('heading', { name: 'Nyugták' }) });
  const day = part.locator('li[data-day="2026-10-20"]');
  await expect(day).toContainText('Elutasítva');
  await expect(day).toContainText('Az adózó nem jelentkezett be a nyugta-adatszolgáltatásra');
  await expect(day).toContainText('2 nyugta, 0 sztornó');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await part.scrollIntoViewIfNeeded();
  await part.screenshot({ path: shotPath('nav-receipts', 'refused-390.png') });

  nav.allowTaxpayer();
  await day.getByRole('button', { name: 'Újraküldés' }).click();
  await part.getByRole('button', { name: 'Küldés most' }).click();
  await expect(day).toContainText('Bejelentve');
  await expect(day).toContainText(nav.recorded('2026-10-20')[0]!.id);

  const off = part.getByRole('button', { name: 'Bejelentés kikapcsolása' });
  await expect(off).toBeDisabled();
  await part.getByLabel('Tudomásul veszem', { exact: false }).check();
  await off.click();
  await expect(part).toContainText('ki van kapcsolva');
  await part.screenshot({ path: shotPath('nav-receipts', 'reported-off-390.png') });
  expect(errors).toEqual([]);
});
