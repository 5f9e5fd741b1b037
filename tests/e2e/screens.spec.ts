// Every main screen as a user opens it at 1280×800: it renders its heading, every form control has a label, and
// nothing is logged as an error (a CSP violation or an exception would be).
import { expect, test, type Page } from '@playwright/test';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

let folio: Folio;
let invoiceId = 0;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  const client = await addClient(folio);
  const core = folio.server.core;
  await core.call('products.create', { name: 'Webfejlesztés', price: '18000', unit: 'óra', vat_id: 1 });
  await core.call('expenses.create', { name: 'Irodabérlet', categories_id: '3', gross_price: '190500' });
  await core.call('bankAccounts.create', { bank_name: 'OTP Bank', account_no: '11773016-11111111-00000000' });
  const inv = await core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Webfejlesztés', qty: 3, net_unit_price: '18000', vat_id: 1 }],
  });
  invoiceId = inv.id;
  await core.call('recurring.create', { base_invoice_uid: inv.id, frequency: '1M', start_date: '2026-12-22' });
  await core.call('deliveryNotes.create', { client_uid: client, items: [{ description: 'Térkő', qty: '12', unit: 'db' }] } as never); // issue 40
});
test.afterAll(async () => {
  await folio.stop();
});

async function unlabelled(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, select, textarea')]
      .filter((el) => (el as HTMLInputElement).type !== 'hidden')
      .filter((el) => !((el as HTMLInputElement).labels?.length || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')))
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

const screens: Array<[string, string, RegExp]> = [
  ['dashboard', '#/', /Áttekintés/],
  ['invoices', '#/invoices', /Számlák/],
  ['new invoice', '#/invoices/new', /Új számla/],
  ['invoice', '#/invoices/INVOICE', /Számla 2026-000001/],
  ['copy of an invoice', '#/invoices/new?from=INVOICE', /Új számla másolatból/],
  ['clients', '#/clients', /Ügyfelek/],
  ['products', '#/products', /Termékek/],
  ['expenses', '#/expenses', /Költségek/],
  ['bank accounts', '#/bank-accounts', /Bankszámlák/],
  ['recurring', '#/recurring', /Ismétlődő számlák/],
  ['settings', '#/settings', /Beállítások/],
  // delivery documents (issue 40): the list with its ticks, the editor with the delivery address
  ['delivery notes', '#/delivery-notes', /Szállítólevelek/],
  ['new delivery note', '#/delivery-notes/new', /Új szállítólevél/],
];

for (const [name, hash, heading] of screens) {
  test(`${name}: renders, labels every control, logs no error`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    await withKey(page);
    await page.goto(`${folio.url}/${hash.replace('INVOICE', String(invoiceId))}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('.loading')).toHaveCount(0);
    // Open the disclosures so their controls are checked too.
    for (const summary of await page.locator('details:not([open]) > summary').all()) await summary.click();
    expect(await unlabelled(page)).toEqual([]);
    // Nothing runs off the side at 1280 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
}

test('the copy of an invoice carries its client and lines into a new draft', async ({ page }) => {
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices/${invoiceId}`);
  await page.getByRole('link', { name: 'Másolás új piszkozatba' }).click();
  await expect(page.locator('.picked-name', { hasText: 'Vevő Kft.' })).toBeVisible();
  await expect(page.getByLabel('1. tétel – Megnevezés')).toHaveValue('Webfejlesztés');
  await expect(page.locator('[data-total="total"]')).toHaveText(/68\s580\sFt/);
  await page.getByRole('button', { name: 'Mentés piszkozatként' }).click();
  await expect(page.getByRole('heading', { name: 'Piszkozat' })).toBeVisible();
  await expect(page.getByText('Ez piszkozat')).toBeVisible();
});

test('keyboard: Alt+N opens a new invoice, Ctrl+F focuses the search, Ctrl+S saves a draft', async ({ page }) => {
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices`);
  await expect(page.getByRole('heading', { name: 'Számlák' })).toBeVisible();
  await page.keyboard.press('Control+f');
  await expect(page.getByLabel('Keresés', { exact: true })).toBeFocused();
  await page.locator('body').click();
  await page.keyboard.press('Alt+n');
  await expect(page.getByRole('heading', { name: 'Új számla' })).toBeVisible();
  await page.getByLabel('Ügyfél keresése').fill('Vevő');
  await page.getByRole('button', { name: /Vevő Kft\./ }).click();
  await page.getByLabel('1. tétel – Megnevezés').fill('Billentyűzetről');
  await page.getByLabel('1. tétel – Nettó egységár').fill('1000');
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('heading', { name: 'Piszkozat' })).toBeVisible();
});
