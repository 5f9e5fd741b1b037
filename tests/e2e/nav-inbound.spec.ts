// Költségek → Bejövő számlák (NAV) in Chromium, in Hungarian: from the expenses' link to the screen, the first run
// offered from the beginning of the year, the received invoices with their sums, a storno named as one, the detail
// saying where each field came from, ignoring one; NAV refusing the query shown in words with what to do; and the
// screen at 390 px wide without horizontal scrolling.
import { expect, test } from '@playwright/test';
import { invoiceDataXml, taxpayerId } from '../nav/inbound-fixtures';
import { holdAll, startInboundFolio, type InboundFolio } from '../nav-inbound/support';
import { yearOfInvoices } from '../nav/inbound-fixtures';
import { screenshot } from './support/shots';
import { API_KEY, UI_DIR, watchErrors } from './support/folio';

let f: InboundFolio | undefined;
test.afterEach(async () => f?.stop());

test('the first run, the received invoices with their sums and sources, ignore; a refusal in words; 390 px wide', async ({ page }) => {
  test.setTimeout(240_000);
  f = await startInboundFolio({ uiDir: UI_DIR, apiKey: API_KEY, now: '2025-03-20T08:00:00Z', nav: { schemaChecksPerOperation: 1 } });
  const docs = yearOfInvoices(40, 2025).filter((d) => d.insDate < new Date('2025-03-20T07:00:00Z'));
  holdAll(f.nav, docs);
  f.nav.inbound.add(
    invoiceDataXml({ ...docs[0]!.invoice, number: 'HOSSZU-NEVU-SZALLITO/2025/000001', supplier: { taxpayerId: taxpayerId(2777777), vatCode: '2', countyCode: '13', name: 'Nagyon Hosszú Nevű Szállító és Kereskedelmi Korlátolt Felelősségű Társaság' } }),
    new Date('2025-03-02T08:00:00Z'),
  );
  const errors = watchErrors(page);
  await page.addInitScript((key) => sessionStorage.setItem('folio.apiKey', key), API_KEY);
  await page.goto(`${f.server.url}/#/expenses`);
  await page.getByRole('link', { name: 'Bejövő számlák (NAV)' }).click();
  await expect(page.getByRole('heading', { name: 'Bejövő számlák (NAV)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Első letöltés' })).toBeVisible();
  await expect(page.getByLabel('Kezdő dátum')).toHaveValue('2025-01-01');
  await page.getByRole('button', { name: 'Letöltés indítása' }).click();
  await expect(page.getByText(/új számla a NAV-tól/)).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('nin-item').first()).toBeVisible();
  await expect(page.getByTestId('nin-sum').filter({ hasText: 'Az időszak összesen (HUF' })).toBeVisible();
  const storno = page.getByTestId('nin-item').filter({ hasText: 'Sztornó:' }).first();
  await expect(storno).toBeVisible();
  await storno.getByRole('button').first().click();
  await expect(page.getByText('Honnan jöttek az adatok')).toBeVisible();
  await expect(page.locator('.nin-sources')).toContainText('Szállító neve');
  await screenshot(page, 'nav-inbound', 'list-desktop', { fullPage: true });

  const first = page.getByTestId('nin-item').first();
  await first.getByRole('button', { name: 'Kihagyás' }).click();
  await expect(page.getByText('A számla kihagyva: nem a céged költsége.')).toBeVisible();
  await expect(page.getByTestId('nin-item').first().getByText('Kihagyva')).toBeVisible();

  // the next day NAV refuses the query: the reason and what to do
  f.clock.advanceDays(1);
  f.nav.refuseQueries('FORBIDDEN');
  await page.getByRole('button', { name: 'Letöltés most' }).click();
  await expect(page.getByTestId('nin-error')).toContainText('A technikai felhasználónak nincs joga a számlák lekérdezéséhez');
  await expect(page.getByTestId('nin-error')).toContainText('Számlák lekérdezése');
  // the NAV settings screen says it too, with the way to the received invoices
  await page.goto(`${f.server.url}/#/settings/nav`);
  await expect(page.getByTestId('nin-card').getByTestId('nin-error')).toContainText('A technikai felhasználónak nincs joga a számlák lekérdezéséhez');
  await screenshot(page, 'nav-inbound', 'settings-nav-card', { fullPage: true });
  await page.getByTestId('nin-card').getByRole('link', { name: /Bejövő számlák \(NAV\)/ }).click();
  await expect(page.getByRole('heading', { name: 'Bejövő számlák (NAV)' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('nin-item').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'nav-inbound', 'list-390', { fullPage: true });
  expect(errors).toEqual([]);
});
