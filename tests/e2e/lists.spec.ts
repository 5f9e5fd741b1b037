// The invoice list and the invoice page as a user reads them: the search box finds an invoice by its number (as
// printed, or only its sequence), by client, by amount, by its buyer's tax number and by a word of its lines; a proforma that became an invoice says "Számlázva" and
// offers no payment; the invoice page breaks VAT down per rate like the PDF; the VAT choices are grouped and
// worded; the dashboard counts in words.
import { expect, test, type Page } from '@playwright/test';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { screenshot, shotPath } from './support/shots';

let folio: Folio;
const ids: Record<string, number> = {};

const body = (client: number, items: Array<Record<string, unknown>>, over: Record<string, unknown> = {}) => ({
  fulfillment_date: '2026-11-20',
  due_date: '2026-12-06',
  payment_method: 2,
  currency: 'HUF',
  client_uid: client,
  block_uid: 0,
  type: 3,
  template_lang_code: 'hu',
  items,
  ...over,
});
const line = (net: number, vat = 1, description = 'Tanácsadás') => ({ description, vat_id: vat, qty: 1, net_unit_price: net, unit: 'óra' });

test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  const core = folio.server.core;
  const kert = await addClient(folio, 'Zöldkert Bt.');
  const kovacs = await addClient(folio, 'Kovács és Társa Kft.');
  for (let n = 1; n <= 11; n++) {
    const inv = await core.call('invoices.create', body(n === 7 ? kovacs : kert, n === 7 ? [line(150_000), line(20_000, 2, 'Szakkönyv')] : [line(1000 * n)]));
    ids[`N${n}`] = inv.id;
  }
  const proforma = await core.call('invoices.create', body(kovacs, [line(50_000)], { type: 1 }));
  ids.P1 = proforma.id;
  ids.fromP1 = (await core.call('invoices.generate', { id: proforma.id })).id;
});
test.afterAll(async () => {
  await folio.stop();
});

const rows = (page: Page) => page.locator('[data-invoice-row]');

test('the search box finds an invoice by its number, its client and its amount', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices`);
  await expect(rows(page)).toHaveCount(13);
  const search = page.getByLabel('Keresés', { exact: true });
  await expect(search).toHaveAttribute('placeholder', 'Számlaszám, ügyfél, adószám, tétel vagy összeg…');

  await search.fill('2026-000007');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('2026-000007');
  await expect(rows(page).first()).toContainText('Kovács és Társa Kft.');
  await expect(page).toHaveURL(/q=2026-000007/);
  await screenshot(page, 'h15-lists', 'invoice-search-number');

  // Only the sequence: 2026-000001, not 2026-000010 or 2026-000011 (the proforma D-2026-000001 shares it).
  await search.fill('1');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: '2026-000010' })).toHaveCount(0);

  await search.fill('kovács');
  await expect(rows(page)).toHaveCount(3); // N7, the proforma and the invoice made from it

  // 150 000 Ft at 27 % and 20 000 Ft at 5 %: 190 500 + 21 000 = 211 500 Ft, typed as on screen.
  await search.fill('211 500');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('2026-000007');

  await search.fill('211 501');
  await expect(page.getByText('Nincs a szűrésnek megfelelő számla.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a proforma that became an invoice says "Számlázva" and offers no payment', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices?st=proforma`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().locator('.badge')).toHaveText('Számlázva');

  await rows(page).first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/invoices/${ids.P1}$`));
  await expect(page.locator('.badge').first()).toHaveText('Számlázva');
  await expect(page.locator('[data-invoiced-note]')).toHaveText('Ebből a díjbekérőből számla készült; a befizetést azon a számlán rögzítsd.');
  await expect(page.getByRole('button', { name: 'Befizetés rögzítése' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Számla készítése díjbekérőből' })).toHaveCount(0);
  await screenshot(page, 'h15-lists', 'proforma-invoiced', { fullPage: true });

  // The invoice made from it is the one to pay.
  await page.goto(`${folio.url}/#/invoices/${ids.fromP1}`);
  await expect(page.getByRole('button', { name: 'Befizetés rögzítése' }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the invoice page breaks VAT down per rate, as the PDF does', async ({ page }) => {
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices/${ids.N7}`);
  const table = page.locator('[data-vat-breakdown]');
  await expect(table.locator('caption')).toHaveText('ÁFA-összesítő');
  const cells = async (i: number) => (await table.locator('tbody tr').nth(i).locator('td').allInnerTexts()).map((c) => c.replace(/\s/g, ' '));
  await expect(table.locator('tbody tr')).toHaveCount(2);
  expect(await cells(0)).toEqual(['27%', '150 000 Ft', '40 500 Ft', '190 500 Ft']);
  // The screen's Hungarian number format leaves four digits ungrouped ("1000 Ft").
  expect(await cells(1)).toEqual(['5%', '20 000 Ft', '1000 Ft', '21 000 Ft']);
  await table.scrollIntoViewIfNeeded();
  await screenshot(page, 'h15-lists', 'invoice-vat-breakdown', { fullPage: true });
});

test('the VAT choices: Hungarian codes first in words, the other member states in their own group', async ({ page }) => {
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices/new`);
  const select = page.locator('select[name$="vat_id"]').first();
  await expect(select).toBeVisible();
  const groups = await select.locator('optgroup').evaluateAll((gs) =>
    gs.map((g) => ({ label: (g as HTMLOptGroupElement).label, options: [...g.querySelectorAll('option')].map((o) => o.textContent ?? '') })),
  );
  expect(groups.map((g) => g.label)).toEqual(['Magyar ÁFA-kulcsok és -mentességek', 'Más uniós tagállamok kulcsai (OSS)']);
  const hu = groups[0]!;
  const oss = groups[1]!;
  expect(hu.options.slice(0, 4)).toEqual(['27%', '18%', '5%', '0%']);
  expect(hu.options).toContain('AAM – alanyi adómentes');
  expect(hu.options).toContain('FAD – fordított adózás (EU szolgáltatás)');
  expect(oss.options).toContain('19% – Németország');
  expect(oss.options).toContain('25,5% – Finnország');
  // One 27 %: Hungary's own per-country code is not offered again, and no code reads "27.0% - HU".
  const all = [...hu.options, ...oss.options];
  expect(all.filter((o) => o.startsWith('27'))).toEqual(['27%']);
  expect(all.some((o) => /\d\.\d% - [A-Z]{2}/.test(o))).toBe(false);
  // A native drop-down is not in a screenshot: shown as a list box for the picture only.
  await select.evaluate((s) => {
    (s as HTMLSelectElement).size = 24;
    (s as HTMLSelectElement).style.cssText = 'position:relative;z-index:5;width:28rem;max-width:none;height:auto;background:#fff';
  });
  await select.screenshot({ path: shotPath('h15-lists', 'invoice-editor-vat-options') });
});

test('the dashboard counts invoices in words: "1 számla", "1 invoice", "2 invoices"', async ({ page }) => {
  await withKey(page);
  await page.goto(`${folio.url}/#/`);
  // All thirteen are this month's and unpaid (the proforma is not an invoice): 12 normal invoices.
  const unpaid = page.locator('.stat').first();
  await expect(unpaid.locator('.stat-sub')).toHaveText('12 számla');
  await screenshot(page, 'h15-lists', 'dashboard');
  await page.evaluate(() => localStorage.setItem('folio.lang', 'en'));
  await page.reload();
  await expect(unpaid.locator('.stat-sub')).toHaveText('12 invoices');
  // Pay all but one: the unpaid figure reads "1 invoice".
  const open = (await folio.server.core.call('invoices.query', { start_date: '1900-01-01', end_date: '9999-12-31', type: 3, status: 2, max_per_page: 50 })).items;
  for (const inv of open.slice(1)) await folio.server.core.call('invoices.pay', { id: inv.id, date: '2026-11-22', amount: inv.attributes.outstanding, payment_method: 2 });
  await page.reload();
  await expect(unpaid.locator('.stat-sub')).toHaveText('1 invoice');
  await page.evaluate(() => localStorage.setItem('folio.lang', 'de'));
  await page.reload();
  await expect(unpaid.locator('.stat-sub')).toHaveText('1 Rechnung');
});

// Last in the file: it adds an invoice, which the counts above do not expect.
test("the search box finds an invoice by its buyer's tax number and by a word of its lines", async ({ page }) => {
  const errors = watchErrors(page);
  const core = folio.server.core;
  const bodza = await core.call('clients.create', {
    name: 'Bodza Kft.',
    taxcode: '34567898-2-41',
    tax_type: 'HAS_TAX_NUMBER',
    email: 'szamla@bodza.example',
    billing_address: { postcode: '6000', city: 'Kecskemét', street_name: 'Rákóczi', street_type: 'út', house_nr: '3', country: 'Magyarország' },
  });
  const issued = await core.call('invoices.create', body(bodza.id, [line(8000, 1, 'Gyümölcsfa metszés'), line(2000)]));
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices`);
  await expect(rows(page)).toHaveCount(14);
  const search = page.getByLabel('Keresés', { exact: true });

  await search.fill('34567898-2-41');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Bodza Kft.');
  await expect(rows(page).first()).toContainText(issued.attributes.prefixed_invoice_no!);
  await screenshot(page, 'm1-list', 'invoice-search-tax-number');
  await search.fill('34567898');
  await expect(rows(page)).toHaveCount(1);

  await search.fill('metszés');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Bodza Kft.');
  await screenshot(page, 'm1-list', 'invoice-search-line');
  // a word every invoice's lines share; the 5 % book of 2026-000007 alone
  await search.fill('tanácsadás');
  await expect(rows(page)).toHaveCount(14);
  await search.fill('Szakkönyv');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('2026-000007');
  // a part of a word is not a word
  await search.fill('metsz');
  await expect(page.getByText('Nincs a szűrésnek megfelelő számla.')).toBeVisible();
  expect(errors).toEqual([]);
});
