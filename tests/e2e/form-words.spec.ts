// Words of the forms around a legally complete invoice: a private person's tax number is their tax identification
// number and optional, the seller's country starts as Hungary, and payment method 2 reads "Wire transfer" in
// English while the API keeps its fixed name "Wiretransfer".
import { expect, test } from '@playwright/test';
import { rpcOn, startFolio, API_KEY, watchErrors, withKey, type Folio } from './support/folio';
import { screenshot } from './support/shots';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
});
test.afterAll(async () => {
  await folio.stop();
});

const rpc = <T = any>(name: string, input: unknown = {}) => rpcOn<T>(folio.url, API_KEY, name, input);

for (const { lang, dialogTitle, taxType, business, privateLabel } of [
  { lang: 'hu', dialogTitle: 'Új ügyfél', taxType: 'Adózási típus', business: 'Adószám', privateLabel: 'Adóazonosító jel (nem kötelező)' },
  { lang: 'en', dialogTitle: 'New client', taxType: 'Tax status', business: 'Tax number', privateLabel: 'Tax identification number (optional)' },
  { lang: 'de', dialogTitle: 'Neuer Kunde', taxType: 'Steuerstatus', business: 'Steuernummer', privateLabel: 'Steuer-Identifikationsnummer (optional)' },
]) {
  test(`a private person's tax number is their optional tax identification number (${lang})`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await withKey(page);
    await page.addInitScript((l) => localStorage.setItem('folio.lang', l), lang);
    await page.goto(`${folio.url}/#/clients?new=1`);
    const dialog = page.getByRole('dialog', { name: dialogTitle });
    await expect(dialog.getByLabel(business, { exact: true })).toBeVisible();
    await dialog.getByLabel(taxType).selectOption('NO_TAX_NUMBER');
    await expect(dialog.getByLabel(privateLabel, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel(business, { exact: true })).toHaveCount(0);
    if (lang === 'hu') await screenshot(page, 'unsaved', 'client-private-person');
    await dialog.getByLabel(taxType).selectOption('HAS_TAX_NUMBER');
    await expect(dialog.getByLabel(business, { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test("the seller's country starts as Magyarország in the guide and in Settings", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await withKey(page);

  await test.step('the first-start guide', async () => {
    await page.goto(`${folio.url}/#/welcome`);
    await expect(page.getByLabel('Ország')).toHaveValue('Magyarország');
    await page.getByLabel('Cégnév vagy név').fill('Minta Bt.');
    await page.getByLabel('Adószám', { exact: true }).fill('12345676-2-41');
    await page.getByLabel('Irányítószám').fill('1051');
    await page.getByLabel('Település').fill('Budapest');
    await page.getByLabel('Közterület neve').fill('Fő');
    await page.getByLabel('Közterület jellege').fill('utca');
    await page.getByLabel('Házszám').fill('1');
    await page.getByRole('button', { name: 'Eladó adatainak mentése' }).click();
    await expect(page.getByText('Az eladó adatai elmentve.')).toBeVisible();
    expect((await rpc('settings.get')).seller.address.country).toBe('Magyarország');
  });

  await test.step('Settings → Company, for a seller stored without a country', async () => {
    const stored = (await rpc('settings.get')).seller;
    await rpc('settings.update', { seller: { address: { ...stored.address, country: '' } } });
    expect((await rpc('settings.get')).seller.address.country).toBe('');
    await page.goto(`${folio.url}/#/settings`);
    await expect(page.getByLabel('Ország')).toHaveValue('Magyarország');
    await screenshot(page, 'unsaved', 'settings-seller-country', { fullPage: true });
    await page.getByRole('button', { name: 'Mentés', exact: true }).first().click();
    await expect(page.getByText('A beállítások elmentve.')).toBeVisible();
    expect((await rpc('settings.get')).seller.address.country).toBe('Magyarország');
  });
  expect(errors).toEqual([]);
});

test('payment method 2 reads "Wire transfer" in English; the API keeps "Wiretransfer"', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.addInitScript(() => localStorage.setItem('folio.lang', 'en'));
  const client = await folio.server.core.call('clients.create', {
    name: 'Buyer Ltd.',
    taxcode: '10000001-2-41',
    tax_type: 'HAS_TAX_NUMBER',
    billing_address: { postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5', country: 'Magyarország' },
  });
  const draft = await folio.server.core.call('invoices.create', {
    client_uid: client.id, payment_method: 2, currency: 'HUF', type: 0, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    template_lang_code: 'en', items: [{ description: 'Consulting', qty: 1, net_unit_price: 10000, vat_id: 1 }],
  });
  expect((await rpc('invoices.get', { id: draft.id })).attributes.payment_method.name).toBe('Wiretransfer');

  await page.goto(`${folio.url}/#/invoices/${draft.id}`);
  await expect(page.locator('dd', { hasText: /^Wire transfer$/ })).toBeVisible();
  await page.goto(`${folio.url}/#/invoices/${draft.id}/edit`);
  const method = page.getByLabel('Payment method');
  await expect(method).toHaveValue('2');
  await expect(method.locator('option:checked')).toHaveText('Wire transfer');
  await expect(method.locator('option', { hasText: 'Wiretransfer' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
