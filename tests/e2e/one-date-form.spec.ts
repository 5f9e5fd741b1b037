// Issue 36, item 15: one date form on every screen. Every main screen, with records that carry dates (an invoice
// paid in part, a quote, an expense, a recurring profile, a reminder rule's base rate, the audit log), is walked in
// Hungarian and no visible text may hold an ISO date (YYYY-MM-DD): dates read "2026. 11. 22." The date fields show
// that form too and take it back; a refusal from the core whose English sentence carries an ISO date shows it in the
// same form; English and German show their own locale's form.
import { expect, test, type Page } from '@playwright/test';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { screenshot } from './support/shots';

const ISO = /\b\d{4}-\d{2}-\d{2}\b/;

let folio: Folio;
let invoiceId = 0;
let quoteId = 0;
let draftId = 0;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  const client = await addClient(folio, 'Dátum Próba Kft.');
  const core = folio.server.core;
  await core.call('products.create', { name: 'Webfejlesztés', price: '18000', unit: 'óra', vat_id: 1 });
  await core.call('expenses.create', { name: 'Irodabérlet', categories_id: '3', gross_price: '190500', invoice_date: '2026-11-03', fulfillment_date: '2026-11-03', due_date: '2026-11-10' });
  await core.call('bankAccounts.create', { bank_name: 'OTP Bank', account_no: '11773016-11111111-00000000' });
  const inv = await core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Webfejlesztés', qty: 3, net_unit_price: '18000', vat_id: 1 }],
  });
  invoiceId = inv.id;
  await core.call('invoices.pay', { id: inv.id, amount: '10000', date: '2026-11-25', payment_method: 2 });
  await core.call('recurring.create', { base_invoice_uid: inv.id, frequency: '1M', start_date: '2026-12-22' });
  draftId = (await core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 0, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Karbantartás', qty: 1, net_unit_price: '20000', vat_id: 1 }],
  })).id;
  quoteId = (await core.call('quotes.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', valid_until: '2026-12-15',
    items: [{ description: 'Weboldal készítése', qty: 1, net_unit_price: '250000', vat_id: 1 }],
  })).id;
});
test.afterAll(async () => {
  await folio.stop();
});

const screens: Array<[string, string, RegExp]> = [
  ['dashboard', '#/', /Áttekintés/],
  ['invoices', '#/invoices', /Számlák/],
  ['invoice-new', '#/invoices/new', /Új számla/],
  ['invoice', '#/invoices/INVOICE', /Számla 2026-000001/],
  ['quotes', '#/quotes', /Árajánlatok/],
  ['quote', '#/quotes/QUOTE', /Árajánlat AJ-2026-000001/],
  ['clients', '#/clients', /Ügyfelek/],
  ['expenses', '#/expenses', /Költségek/],
  ['recurring', '#/recurring', /Ismétlődő számlák/],
  ['reports', '#/reports', /Kimutatások/],
  ['bank-accounts', '#/bank-accounts', /Bankszámlák/],
  ['settings-nav', '#/settings/nav', /Beállítások/],
  ['settings-reminders', '#/settings/reminders', /Beállítások/],
  ['settings-data', '#/settings/data', /Beállítások/],
  ['settings-audit', '#/settings/audit', /Beállítások/],
];

/** The visible text of the page (innerText: what is rendered, not the values inside inputs) with its ISO dates. */
async function isoDatesShown(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text.split('\n').filter((line) => ISO.test(line));
}

test('no main screen shows a date as YYYY-MM-DD; the dates it shows read "2026. 11. 22."', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await withKey(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const found: string[] = [];
  for (const [name, hash, heading] of screens) {
    await page.goto(`${folio.url}/${hash.replace('INVOICE', String(invoiceId)).replace('QUOTE', String(quoteId))}`);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await expect(page.locator('.loading')).toHaveCount(0);
    for (const line of await isoDatesShown(page)) found.push(`${name}: ${line}`);
  }
  expect(found).toEqual([]);
  // the walk saw dates at all, in the Hungarian form
  await page.goto(`${folio.url}/#/invoices/${invoiceId}`);
  await expect(page.locator('main')).toContainText('2026. 11. 30.');
  await expect(page.locator('main')).toContainText('2026. 11. 25.');
  expect(errors).toEqual([]);
});

test('date fields show the same form and read what is typed in it', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices/new`);
  const fulfillment = page.getByLabel('Teljesítés dátuma');
  await expect(fulfillment).toHaveValue(/^\d{4}\. \d{2}\. \d{2}\.$/);
  await expect(fulfillment).toHaveAttribute('placeholder', '2026. 11. 22.');
  await fulfillment.fill('2026.12.3');
  await fulfillment.blur();
  await expect(fulfillment).toHaveValue('2026. 12. 03.');
  await screenshot(page, '36', 'dates-editor');
  expect(errors).toEqual([]);
});

test('a refusal whose core sentence carries an ISO date shows it in the same form', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  // a due date before the issue date: the core's legal check says "(2026-11-22)" in its sentence
  await page.goto(`${folio.url}/#/invoices/${draftId}/edit`);
  await expect(page.getByLabel('Fizetési határidő')).toHaveValue('2026. 11. 30.');
  await expect(page.locator('.loading')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const due = page.getByLabel('Fizetési határidő');
  await due.fill('2026. 11. 01.');
  await due.blur();
  await expect(due).toHaveValue('2026. 11. 01.');
  const refusal = page.getByText('A fizetési határidő nem lehet korábbi a számla kelténél (2026. 11. 22.).').first();
  await expect(refusal).toBeVisible();
  expect(await isoDatesShown(page)).toEqual([]);
  await screenshot(page, '36', 'dates-refusal');
  expect(errors).toEqual([]);
});

for (const [lang, form, sample] of [['en', '30/11/2026', /\b\d{2}\/\d{2}\/\d{4}\b/], ['de', '30.11.2026', /\b\d{2}\.\d{2}\.\d{4}\b/]] as const) {
  test(`${lang}: dates in the locale's own form, in text and in fields`, async ({ page }) => {
    await withKey(page);
    await page.addInitScript((l) => localStorage.setItem('folio.lang', l), lang);
    await page.goto(`${folio.url}/#/invoices/${invoiceId}`);
    await expect(page.locator('main')).toContainText(form);
    expect(await isoDatesShown(page)).toEqual([]);
    await page.goto(`${folio.url}/#/invoices/new`);
    await expect(page.locator('input[name="fulfillment_date"]')).toHaveValue(sample);
  });
}
