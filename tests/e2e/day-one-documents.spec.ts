// Follow-up documents without guessing (issue 36), in Hungarian: an advance invoice leads on to its final invoice
// ("Végszámla készítése"), a quote becomes an issued invoice in one step, the invoice's link names the quote's
// number and the quote list shows the invoice it became.
import { expect, test } from '@playwright/test';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { screenshot } from './support/shots';

let folio: Folio;
let clientId = 0;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  clientId = await addClient(folio, 'Előleg Partner Zrt.');
  await folio.server.core.call('products.create', { name: 'Weboldal karbantartás', price: '45000', unit: 'hó', vat_id: 1 });
});
test.afterAll(async () => {
  await folio.stop();
});

test('an advance invoice offers "Végszámla készítése": the final invoice for its client, deducting it', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1400, height: 1000 });
  const advance = await folio.server.core.call('invoices.create', {
    client_uid: clientId, payment_method: 2, currency: 'HUF', type: 3, advance: 1, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Előleg a weboldalra', qty: 1, unit: 'db', vat_id: 1, net_unit_price: '100000' }],
  });
  // the advance was received: a final invoice deducts what was paid (an unpaid one only when told, newcomer-advances)
  await folio.server.core.call('invoices.pay', { id: advance.id, date: '2026-11-22', amount: advance.attributes.total });
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices/${advance.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Előlegszámla / })).toBeVisible();
  await screenshot(page, 'day-one', 'advance-make-final');
  await page.getByRole('link', { name: 'Végszámla készítése' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Új számla' })).toBeVisible();
  await expect(page.locator('.picked-name', { hasText: 'Előleg Partner Zrt.' })).toBeVisible();
  const picker = page.locator('[data-advance-picker]');
  await expect(picker.getByLabel(new RegExp(advance.attributes.prefixed_invoice_no!))).toBeChecked();
  await expect(picker.locator('[data-deductions]')).toContainText(`Előleg levonása (${advance.attributes.prefixed_invoice_no})`);
  await page.getByLabel('1. tétel – Megnevezés').fill('Weboldal');
  await page.getByLabel('1. tétel – Nettó egységár').fill('500000');
  await expect(page.locator('[data-total="total"]')).toHaveText(/508\s000\sFt/);
  await page.getByRole('button', { name: 'Számla kiállítása' }).click();
  await page.getByRole('dialog', { name: 'Kiállítod a számlát?' }).getByRole('button', { name: 'Számla kiállítása' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Végszámla / })).toBeVisible();
  await expect(page.locator('[data-chain="deductions"]').getByRole('link', { name: advance.attributes.prefixed_invoice_no! })).toBeVisible();
  // deducted: the advance offers no second final invoice
  await page.goto(`${folio.url}/#/invoices/${advance.id}`);
  await expect(page.locator('[data-deducted-by]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Végszámla készítése' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a quote becomes an issued invoice in one step; the invoice names the quote, the quote list names the invoice', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1400, height: 1000 });
  const quote = await folio.server.core.call('quotes.create', {
    client_uid: clientId, payment_method: 2, currency: 'HUF', valid_until: '2026-12-15',
    items: [{ description: 'Weboldal készítése', qty: 1, net_unit_price: '250000', vat_id: 1 }],
  });
  await withKey(page);
  await page.goto(`${folio.url}/#/quotes/${quote.id}`);
  await page.getByRole('button', { name: 'Elfogadva → Számla', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Számlát állítasz ki az ajánlatból?' });
  await expect(confirm).toContainText(new RegExp(`${quote.attributes.quote_no} ajánlatot \\(317\\s500\\sFt\\)`));
  await expect(confirm.getByRole('button', { name: 'Számla kiállítása' })).toBeFocused();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: /^Számla 2026-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Számla ', '').trim();
  await expect(page.locator('[data-from-quote]')).toHaveText(quote.attributes.quote_no);
  await screenshot(page, 'day-one', 'invoice-from-quote');

  await page.goto(`${folio.url}/#/quotes`);
  const row = page.locator('[data-quote-row]', { hasText: quote.attributes.quote_no });
  await expect(row.locator('[data-quote-invoice]')).toHaveText(`→ ${number}`);
  await screenshot(page, 'day-one', 'quote-list-invoice');
  await row.locator('[data-quote-invoice]').click();
  await expect(heading).toBeVisible();
  expect(errors).toEqual([]);
});

test('a line\'s description suggests products while typing; picking one fills the line', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'Új számla' })).toBeVisible();
  const description = page.getByLabel('1. tétel – Megnevezés');
  await description.pressSequentially('karb');
  const list = page.getByRole('list', { name: 'Termékjavaslatok' });
  await expect(list.getByRole('button', { name: /Weboldal karbantartás/ })).toBeVisible();
  await screenshot(page, 'day-one', 'editor-product-suggestions');
  // from the keyboard: down into the list, Enter picks
  await description.press('ArrowDown');
  await expect(list.getByRole('button', { name: /Weboldal karbantartás/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toHaveCount(0);
  await expect(description).toHaveValue('Weboldal karbantartás');
  await expect(page.getByLabel('1. tétel – Egység')).toHaveValue('hó');
  await expect(page.getByText('Termékből: Weboldal karbantartás')).toBeVisible();
  await expect(page.locator('[data-total="total"]')).toHaveText(/57\s150\sFt/);
  // free text with no matching product suggests nothing
  await page.getByRole('button', { name: 'Tétel hozzáadása' }).click();
  const searched = page.waitForResponse((r) => r.url().endsWith('/rpc/products.list') && (r.request().postData() ?? '').includes('Kiszállási díj'));
  await page.getByLabel('2. tétel – Megnevezés').pressSequentially('Kiszállási díj');
  expect((await (await searched).json()).data.items).toEqual([]);
  await expect(page.getByRole('list', { name: 'Termékjavaslatok' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
