// Quotes in the browser: written in Hungarian with the invoice editor's parts, seen in the list, accepted into a
// proforma that then opens; a field error in the UI's words; the screens in Hungarian and one in English.
import { expect, test } from '@playwright/test';
import { addClient, setSeller, signIn, startFolio, watchErrors, type Folio } from './support/folio';
import { screenshot } from './support/shots';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  await addClient(folio, 'Ajánlatkérő Kft.');
});
test.afterAll(async () => {
  await folio.stop();
});

test('a quote is written, listed, and accepted into a proforma that opens', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  // signed in on the key screen: an init script that puts the key in sessionStorage would also run in the PDF
  // preview's frame, which has no storage
  await signIn(page, folio, '#/');

  await test.step('the sidebar leads to the empty list', async () => {
    await page.getByRole('navigation', { name: 'Fő menü' }).getByRole('link', { name: 'Árajánlatok' }).click();
    await expect(page.getByRole('heading', { name: 'Árajánlatok' })).toBeVisible();
    await expect(page.getByText('Még nincs árajánlat')).toBeVisible();
  });

  await test.step('write the quote: client, a line, a validity before its date is refused in Hungarian', async () => {
    await page.getByRole('link', { name: 'Új árajánlat' }).first().click();
    await expect(page.getByRole('heading', { name: 'Új árajánlat' })).toBeVisible();
    await page.getByLabel('Ügyfél keresése').fill('Ajánlat');
    await page.getByRole('button', { name: /Ajánlatkérő Kft\./ }).click();
    await page.getByLabel('1. tétel – Megnevezés').fill('Weboldal készítése');
    await page.getByLabel('1. tétel – Nettó egységár').fill('250000');
    await expect(page.locator('[data-total="total"]')).toHaveText(/317\s500\sFt/);
    await page.getByLabel('Érvényes').fill('2026-11-01');
    await page.getByRole('button', { name: 'Árajánlat mentése' }).click();
    // the refusal at its field, in Hungarian
    const field = page.locator('.field', { has: page.getByLabel('Érvényes') });
    await expect(field).toContainText('Az érvényesség nem lehet korábbi az ajánlat kelténél.');
    await screenshot(page, 'quotes', 'editor-hu', { fullPage: true });
    await page.getByLabel('Érvényes').fill('2026-12-15');
    await page.getByRole('button', { name: 'Árajánlat mentése' }).click();
    await expect(page.getByRole('heading', { name: 'Árajánlat AJ-2026-000001' })).toBeVisible();
    await expect(page.locator('[data-quote-status]')).toHaveText('Nyitott');
    await expect(page.locator('[data-quote-total]')).toHaveText(/317\s500\sFt/);
    await expect(page.locator('[data-valid-until]')).toHaveText('2026. 12. 15.');
  });

  await test.step('the PDF preview opens on the detail', async () => {
    const download = page.waitForResponse((r) => r.url().endsWith('/quotes/1/download'));
    await page.getByRole('button', { name: 'PDF előnézet' }).click();
    expect((await download).headers()['content-type']).toBe('application/pdf');
    await expect(page.locator('iframe.pdf-frame')).toHaveAttribute('src', /^blob:/);
    await screenshot(page, 'quotes', 'detail-hu', { fullPage: true });
  });

  await test.step('the list shows it', async () => {
    await page.getByRole('navigation', { name: 'Fő menü' }).getByRole('link', { name: 'Árajánlatok' }).click();
    const row = page.locator('[data-quote-row]');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('AJ-2026-000001');
    await expect(row).toContainText('Ajánlatkérő Kft.');
    await expect(row).toContainText('2026. 11. 22.');
    await expect(row).toContainText('2026. 12. 15.');
    await expect(row).toContainText(/317\s500\sFt/);
    await expect(row).toContainText('Nyitott');
    await screenshot(page, 'quotes', 'list-hu');
  });

  await test.step('accepted → proforma: the proforma opens, linked back to the quote', async () => {
    await page.getByRole('link', { name: 'AJ-2026-000001' }).click();
    await page.getByRole('button', { name: 'Elfogadva → Díjbekérő' }).click();
    await page.getByRole('dialog', { name: 'Díjbekérőt készítesz az ajánlatból?' }).getByRole('button', { name: 'Elfogadva → Díjbekérő' }).click();
    await expect(page.getByRole('heading', { name: 'Díjbekérő D-2026-000001' })).toBeVisible();
    await expect(page.locator('[data-invoice-total]')).toHaveText(/317\s500\sFt/);
    await expect(page.getByText('Árajánlatból készült:')).toBeVisible();
    await page.locator('[data-from-quote]').click();
    await expect(page.getByRole('heading', { name: 'Árajánlat AJ-2026-000001' })).toBeVisible();
    await expect(page.locator('[data-quote-status]')).toHaveText('Elfogadva');
    await expect(page.locator('[data-accepted-document]')).toHaveText('D-2026-000001');
    await expect(page.getByRole('button', { name: 'Elfogadva → Díjbekérő' })).toHaveCount(0);
    await screenshot(page, 'quotes', 'detail-accepted-hu', { fullPage: true });
  });

  await test.step('in English', async () => {
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Quotes' }).click();
    // the language is kept; the reload only clears the toasts said in Hungarian
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Quotes' })).toBeVisible();
    await expect(page.locator('[data-quote-row]')).toContainText('Accepted');
    await screenshot(page, 'quotes', 'list-en');
    await page.getByRole('link', { name: 'New quote' }).first().click();
    await expect(page.getByRole('heading', { name: 'New quote' })).toBeVisible();
    await expect(page.getByLabel('Valid until')).toBeVisible();
    await screenshot(page, 'quotes', 'editor-en', { fullPage: true });
    await page.getByRole('button', { name: 'Magyar' }).click();
  });

  expect(errors).toEqual([]);
});

test('the quote screens label every control, fit 1280 px and log no error', async ({ page }) => {
  const core = folio.server.core;
  const clientUid = (await core.call('clients.list', {})).items[0]!.id;
  const quote = await core.call('quotes.create', {
    client_uid: clientUid, payment_method: 2, currency: 'HUF', valid_until: '2026-12-31',
    items: [{ description: 'Karbantartás', qty: 2, net_unit_price: '40000', vat_id: 1 }],
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = watchErrors(page);
  await signIn(page, folio, '#/quotes');
  for (const [hash, heading] of [
    ['#/quotes', 'Árajánlatok'],
    ['#/quotes/new', 'Új árajánlat'],
    [`#/quotes/${quote.id}`, `Árajánlat ${quote.attributes.quote_no}`],
    [`#/quotes/${quote.id}/edit`, 'Árajánlat szerkesztése'],
  ] as const) {
    await page.goto(`${folio.url}/${hash}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('.loading')).toHaveCount(0);
    for (const summary of await page.locator('details:not([open]) > summary').all()) await summary.click();
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('input, select, textarea')]
        .filter((el) => (el as HTMLInputElement).type !== 'hidden')
        .filter((el) => !((el as HTMLInputElement).labels?.length || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')))
        .map((el) => el.outerHTML.slice(0, 120)),
    );
    expect(unlabelled, hash).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), hash).toBeLessThanOrEqual(0);
  }
  // the editor opens the stored quote: its line and its validity; a change is saved to the same number
  await expect(page.getByLabel('1. tétel – Megnevezés')).toHaveValue('Karbantartás');
  await expect(page.getByLabel('Érvényes')).toHaveValue('2026. 12. 31.');
  await page.getByLabel('Érvényes').fill('2027-01-15');
  await page.getByLabel('1. tétel – Mennyiség').fill('3');
  await page.getByRole('button', { name: 'Árajánlat mentése' }).click();
  await expect(page.getByRole('heading', { name: `Árajánlat ${quote.attributes.quote_no}` })).toBeVisible();
  await expect(page.locator('[data-valid-until]')).toHaveText('2027. 01. 15.');
  await expect(page.locator('[data-quote-total]')).toHaveText(/152\s400\sFt/);
  expect(errors).toEqual([]);
});
