// Numbers and field messages in the UI, in Chromium, Hungarian first: a product at the largest prices the core takes
// is shown at its real amount everywhere (never "0 Ft"), an invoice line beyond what can be issued says so in Hungarian
// next to the line and the message goes as soon as the line is right; a price typed "12 500,50" is read and shown
// back as typed in every place, in English and German in their own forms; the quantity column fits "1 000,125"; the
// error summary's links focus their fields; the seller's tax-number message does not send the user to a type
// selector the seller form does not have.
import { expect, test, type Page } from '@playwright/test';
import { shotPath } from './support/shots';
import { startFolio, watchErrors, withKey, type Folio } from './support/folio';

test.use({ locale: 'hu-HU', viewport: { width: 1280, height: 1100 } });

// A complete seller and a buyer with a full address and a valid tax number other than the seller's.
const SELLER = {
  name: 'Minta Bt.',
  taxcode: '12345676-2-41',
  address: { postcode: '1051', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'Magyarország' },
};
const BUYER = {
  name: 'Vevő Kft.',
  taxcode: '10000001-2-42',
  tax_type: 'HAS_TAX_NUMBER',
  email: 'szamla@vevo.example',
  billing_address: { postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5', country: 'Magyarország' },
};

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await folio.server.core.call('settings.update', { seller: SELLER });
  await folio.server.core.call('clients.create', BUYER);
});
test.afterAll(async () => {
  await folio.stop();
});

// Intl puts no-break spaces between digit groups; the patterns below accept any space there.
const sp = '[\\s\\u00a0\\u202f]';
const amount = (text: string) => new RegExp(text.replace(/ /g, sp));

async function useLanguage(page: Page, lang: 'hu' | 'en' | 'de') {
  await page.locator(`.lang-button[lang="${lang}"]`).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function newInvoiceFor(page: Page) {
  await page.goto(`${folio.url}/#/invoices/new`);
  await page.getByLabel('Ügyfél keresése').fill('Vevő');
  await page.getByRole('button', { name: /Vevő Kft\./ }).click();
  await expect(page.getByRole('button', { name: 'Másik ügyfél' })).toBeVisible();
}

test('the largest prices are shown at their real amount in the list, the picker, the line and the totals', async ({ page }) => {
  const errors = watchErrors(page);
  // 10^12 is the largest price the core takes; 999 999 999 999,99 is the largest with fillér
  await folio.server.core.call('products.create', { name: 'Legnagyobb ár', price: '1000000000000', vat_id: '1', unit: 'db', currency_code: 'HUF' });
  await folio.server.core.call('products.create', { name: 'Óriás tétel', price: '999999999999.99', vat_id: '1', unit: 'db', currency_code: 'HUF' });

  await withKey(page);
  await page.goto(`${folio.url}/#/products`);
  const giant = page.getByRole('row', { name: /Óriás tétel/ });
  await expect(giant).toContainText(amount('999 999 999 999,99 Ft'));
  await expect(page.getByRole('row', { name: /Legnagyobb ár/ })).toContainText(amount('1 000 000 000 000 Ft'));
  await page.screenshot({ path: shotPath('numbers', 'products-largest-hu') });

  await newInvoiceFor(page);
  await page.getByRole('button', { name: 'Termék hozzáadása' }).click();
  const picker = page.getByRole('dialog', { name: 'Termék hozzáadása' });
  await expect(picker.getByRole('button', { name: /Óriás tétel/ })).toContainText(amount('999 999 999 999,99 Ft / db'));
  await expect(picker.getByRole('button', { name: /Legnagyobb ár/ })).toContainText(amount('1 000 000 000 000 Ft / db'));
  await page.screenshot({ path: shotPath('numbers', 'picker-largest-hu') });
  await picker.getByRole('button', { name: /Óriás tétel/ }).click();

  // the line: its price as stored, its real amounts, and why it cannot be issued — in Hungarian, under the line
  const price = page.getByLabel('1. tétel – Nettó egységár');
  await expect(price).toHaveValue('999 999 999 999,99');
  const row = page.locator('[data-item-row]').first();
  await expect(row).toContainText(amount('Nettó 1 000 000 000 000 Ft · ÁFA 270 000 000 000 Ft · Bruttó 1 270 000 000 000 Ft'));
  const lineError = row.locator('[data-line-error]');
  await expect(lineError).toHaveText(amount('A tétel összege túl nagy: legfeljebb 1 000 000 000 000 lehet. Csökkentsd a mennyiséget vagy az egységárat, vagy bontsd több számlára.'));
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-total="gross"]')).toHaveText(amount('1 270 000 000 000 Ft'));
  await expect(page.locator('[data-total="total"]')).toHaveText(amount('1 270 000 000 000 Ft'));
  await expect(page.locator('[data-total-error]')).toHaveText(amount('A számla végösszege túl nagy: legfeljebb 1 000 000 000 000 lehet. Bontsd több számlára.'));
  // every amount stays inside the totals card
  for (const dd of await page.locator('.totals-list dd').all()) {
    expect(await dd.evaluate((el) => el.getBoundingClientRect().right <= el.closest('.card')!.getBoundingClientRect().right)).toBe(true);
  }
  // the price input shows the whole number
  expect(await price.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.screenshot({ path: shotPath('numbers', 'editor-line-too-large-hu'), fullPage: true });

  // saving anyway: the core's refusal is listed in Hungarian under the line's name, not as "0: the amount is too large"
  await page.getByRole('button', { name: 'Mentés piszkozatként' }).click();
  const summary = page.locator('.notice-error');
  await expect(summary).toBeVisible();
  await expect(summary).not.toContainText('0:');
  await expect(summary).not.toContainText('too large');
  await expect(summary.getByRole('listitem')).toHaveText([amount('1. tétel: A tétel összege túl nagy: legfeljebb 1 000 000 000 000 lehet.')]);
  await page.screenshot({ path: shotPath('numbers', 'editor-refused-hu'), fullPage: true });
  // the summary's link takes the user to the line's price
  await summary.getByRole('button', { name: '1. tétel', exact: true }).click();
  await expect(price).toBeFocused();

  // a smaller price: the message at the line and its summary entry go at once, without saving again
  await price.fill('500 000 000 000');
  await expect(lineError).toHaveCount(0);
  await expect(price).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-total-error]')).toHaveCount(0);
  await expect(summary).toHaveCount(0);
  await expect(page.locator('[data-total="gross"]')).toHaveText(amount('635 000 000 000 Ft'));
  await page.screenshot({ path: shotPath('numbers', 'editor-line-fixed-hu'), fullPage: true });

  // in English and German the same words, in their own language
  await price.fill('999 999 999 999,99');
  await useLanguage(page, 'en');
  await expect(lineError).toHaveText(amount('The amount of this item is too large: at most 1,000,000,000,000. Lower the quantity or the unit price, or split it over several invoices.'));
  await expect(page.locator('[data-total="gross"]')).toHaveText(amount('HUF 1,270,000,000,000'));
  await page.screenshot({ path: shotPath('numbers', 'editor-line-too-large-en'), fullPage: true });
  await useLanguage(page, 'de');
  await expect(lineError).toHaveText(amount('Der Betrag dieser Position ist zu groß: höchstens 1.000.000.000.000. Verringern Sie Menge oder Einzelpreis oder teilen Sie sie auf mehrere Rechnungen auf.'));
  await expect(page.locator('[data-total="gross"]')).toHaveText(amount('1.270.000.000.000 HUF'));
  await page.screenshot({ path: shotPath('numbers', 'editor-line-too-large-de'), fullPage: true });
  await useLanguage(page, 'hu');
  expect(errors).toEqual([]);
});

test('a price typed "12 500,50" is kept and shown as typed everywhere; English and German read their own forms', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/products`);
  await page.getByRole('button', { name: 'Új termék' }).first().click();
  await page.getByRole('textbox', { name: 'Név', exact: true }).fill('Tanácsóra');
  const price = page.getByLabel('Nettó egységár');
  await price.fill('12 500,50');
  await price.blur();
  await expect(price).toHaveValue('12 500,50');
  await page.getByRole('textbox', { name: 'Egység', exact: true }).fill('óra');
  await page.getByRole('button', { name: 'Mentés' }).click();

  const row = page.getByRole('row', { name: /Tanácsóra/ });
  await expect(row).toContainText(amount('12 500,50 Ft'));
  await page.screenshot({ path: shotPath('numbers', 'product-typed-price-list-hu') });
  // stored exactly, not through a float and not rounded to whole forints
  const stored = await folio.server.core.call('products.list', { q: 'Tanácsóra' });
  expect(String(stored.items[0]!.attributes.price)).toBe('12500.5');

  // reopened: the form shows the price as it was typed
  await row.getByRole('button', { name: 'Tanácsóra', exact: true }).click();
  await expect(page.getByLabel('Nettó egységár')).toHaveValue('12 500,50');
  await page.screenshot({ path: shotPath('numbers', 'product-typed-price-form-hu') });
  await page.getByRole('button', { name: 'Mégse' }).click();

  // the picker and the invoice line
  await newInvoiceFor(page);
  await page.getByRole('button', { name: 'Termék hozzáadása' }).click();
  const picker = page.getByRole('dialog', { name: 'Termék hozzáadása' });
  await picker.getByLabel('Termék keresése').fill('Tanács');
  await expect(picker.getByRole('button', { name: /Tanácsóra/ })).toContainText(amount('12 500,50 Ft / óra'));
  await page.screenshot({ path: shotPath('numbers', 'product-typed-price-picker-hu') });
  await picker.getByRole('button', { name: /Tanácsóra/ }).click();
  const linePrice = page.getByLabel('1. tétel – Nettó egységár');
  await expect(linePrice).toHaveValue('12 500,50');

  // the quantity column holds "1 000,125" whole, beside its unit
  const qty = page.getByLabel('1. tétel – Mennyiség');
  await qty.fill('1 000,125');
  expect(await qty.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const unit = page.getByLabel('1. tétel – Egység');
  await unit.fill('alkalom');
  expect(await unit.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await qty.blur();
  // 1000.125 × 12 500,50 = 12 502 062,5625 → 12 502 063 Ft net, 27 % VAT 3 375 557 Ft
  await expect(page.locator('[data-item-row]').first()).toContainText(amount('Nettó 12 502 063 Ft · ÁFA 3 375 557 Ft · Bruttó 15 877 620 Ft'));
  await page.screenshot({ path: shotPath('numbers', 'editor-typed-price-qty-hu'), fullPage: true });

  // the draft saved and opened again keeps both as typed
  await page.getByRole('button', { name: 'Mentés piszkozatként' }).click();
  await expect(page.getByText('Piszkozat elmentve')).toBeVisible();
  // the invoice's page lists the line's unit price as given, its amounts to whole forints
  const detailLine = page.getByRole('row', { name: /Tanácsóra/ });
  await expect(detailLine).toContainText(amount('12 500,50 Ft'));
  await expect(detailLine).toContainText(amount('12 502 063 Ft'));
  await page.screenshot({ path: shotPath('numbers', 'invoice-detail-typed-price-hu'), fullPage: true });
  const draftId = /#\/invoices\/(\d+)/.exec(page.url())![1];
  await page.goto(`${folio.url}/#/invoices/${draftId}/edit`);
  await expect(page.getByLabel('1. tétel – Nettó egységár')).toHaveValue('12 500,50');
  await expect(page.getByLabel('1. tétel – Mennyiség')).toHaveValue(/^1\s?000,125$/);

  // English: "12,500.50"; German: "12.500,50" — typed, stored and shown in each language's own form
  await page.goto(`${folio.url}/#/products`);
  await useLanguage(page, 'en');
  await expect(page.getByRole('row', { name: /Tanácsóra/ })).toContainText(amount('HUF 12,500.50'));
  await page.getByRole('button', { name: 'New product' }).first().click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Consulting hour');
  await page.getByLabel('Net unit price').fill('7,250.75');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Consulting hour/ })).toContainText(amount('HUF 7,250.75'));
  await page.screenshot({ path: shotPath('numbers', 'product-typed-price-list-en') });
  await useLanguage(page, 'de');
  await expect(page.getByRole('row', { name: /Tanácsóra/ })).toContainText(amount('12.500,50 HUF'));
  await page.getByRole('button', { name: 'Neues Produkt' }).first().click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Beratungsstunde');
  await page.getByLabel('Netto-Einzelpreis').fill('8.125,25');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('row', { name: /Beratungsstunde/ })).toContainText(amount('8.125,25 HUF'));
  await page.screenshot({ path: shotPath('numbers', 'product-typed-price-list-de') });
  const all = await folio.server.core.call('products.list', {});
  const prices = Object.fromEntries(all.items.map((p) => [p.attributes.name, String(p.attributes.price)]));
  expect(prices).toMatchObject({ 'Consulting hour': '7250.75', Beratungsstunde: '8125.25' });
  await useLanguage(page, 'hu');
  expect(errors).toEqual([]);
});

test('a field message goes as soon as the field is right; the summary focuses fields; the seller has its own tax-number words', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);

  // the product form: a price that is not a number, then put right without saving again
  await page.goto(`${folio.url}/#/products`);
  await page.getByRole('button', { name: 'Új termék' }).first().click();
  await page.getByRole('textbox', { name: 'Név', exact: true }).fill('Hibás ár');
  const price = page.getByLabel('Nettó egységár');
  const priceField = page.locator('.field', { has: price });
  // beyond the largest price: said in Hungarian, with the limit
  await price.fill('9 999 999 999 999,99');
  await page.getByRole('button', { name: 'Mentés' }).click();
  await expect(priceField.locator('.field-error')).toHaveText(amount('túl nagy szám: legfeljebb 1 000 000 000 000 lehet'));
  await page.screenshot({ path: shotPath('numbers', 'product-price-too-large-hu') });
  await price.fill('12 500,5,0');
  await page.getByRole('button', { name: 'Mentés' }).click();
  await expect(priceField.locator('.field-error')).toHaveText('számot adj meg');
  await page.screenshot({ path: shotPath('numbers', 'product-price-error-hu') });
  await price.fill('12 500,5');
  await expect(priceField.locator('.field-error')).toHaveCount(0);
  await expect(page.locator('.notice-error')).toHaveCount(0);
  // closing a form with changes asks first (the unsaved-changes question): this one is thrown away
  await page.getByRole('button', { name: 'Mégse' }).click();
  await page.getByRole('dialog', { name: 'Nem mentett változások' }).getByRole('button', { name: 'Elvetés' }).click();

  // the seller form: a wrong tax number, named in words for the seller (no type to choose there)
  await page.goto(`${folio.url}/#/settings`);
  const seller = page.locator('section[aria-labelledby="seller-h"]');
  const taxcode = seller.getByLabel('Adószám', { exact: true });
  await taxcode.fill('12345678-2-41'); // a wrong check digit
  await seller.getByRole('button', { name: 'Mentés', exact: true }).click();
  const taxField = seller.locator('.field', { has: page.locator('input[name="seller.taxcode"]') });
  const sellerWords = 'érvénytelen magyar adószám: a céged adószámát add meg, ahogy a NAV kiadta (pl. 12345676-2-41)';
  await expect(taxField.locator('.field-error')).toHaveText(sellerWords);
  await expect(seller.locator('.notice-error')).toContainText('Adószám');
  await expect(seller.locator('.notice-error')).not.toContainText('Külföldi');
  await page.screenshot({ path: shotPath('numbers', 'seller-taxcode-error-hu'), fullPage: true });
  // the summary's link focuses the field
  await seller.locator('.notice-error').getByRole('button', { name: 'Adószám', exact: true }).click();
  await expect(taxcode).toBeFocused();
  // still wrong while being typed, gone as soon as it is right
  await taxcode.fill('12345676-2-4');
  await expect(taxField.locator('.field-error')).toHaveText(sellerWords);
  await taxcode.fill('12345676-2-41');
  await expect(taxField.locator('.field-error')).toHaveCount(0);
  await expect(page.locator('.notice-error')).toHaveCount(0);
  // English and German say the same for the seller
  await taxcode.fill('12345678-2-41');
  await seller.getByRole('button', { name: 'Mentés', exact: true }).click();
  await useLanguage(page, 'en');
  await expect(taxField.locator('.field-error')).toHaveText('not a valid Hungarian tax number: give your company’s tax number as NAV issued it (e.g. 12345676-2-41)');
  await page.screenshot({ path: shotPath('numbers', 'seller-taxcode-error-en'), fullPage: true });
  await useLanguage(page, 'de');
  await expect(taxField.locator('.field-error')).toHaveText('keine gültige ungarische Steuernummer: die Steuernummer Ihres Unternehmens so, wie die NAV sie vergeben hat (z. B. 12345676-2-41)');
  await page.screenshot({ path: shotPath('numbers', 'seller-taxcode-error-de'), fullPage: true });
  await useLanguage(page, 'hu');
  await taxcode.fill('12345676-2-41');
  await expect(taxField.locator('.field-error')).toHaveCount(0);
  const settings = await folio.server.core.call('settings.get', {});
  expect(settings.seller.taxcode).toBe('12345676-2-41');

  // the client form keeps its own words: there the type selector exists
  await page.goto(`${folio.url}/#/clients`);
  await page.getByRole('button', { name: 'Új ügyfél' }).first().click();
  await page.getByRole('textbox', { name: 'Név', exact: true }).fill('Külhoni Kft.');
  const clientTax = page.getByLabel('Adószám', { exact: true });
  await clientTax.fill('ATU12345678');
  await page.locator('form.form').getByRole('button', { name: 'Új ügyfél' }).click();
  await expect(page.locator('.field', { has: clientTax }).locator('.field-error')).toContainText('válaszd a „Külföldi” típust');
  await page.screenshot({ path: shotPath('numbers', 'client-taxcode-error-hu') });
  // choosing the foreign type makes the message untrue: it goes at once
  await page.getByLabel('Adózási típus').selectOption('FOREIGN');
  await expect(page.locator('.field', { has: clientTax }).locator('.field-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});
