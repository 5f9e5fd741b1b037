// What can be done with an invoice from its page: a draft edited and issued or deleted, an over-payment refused at
// its field, payments undone, the share link, and a PDF that the server cannot make yet (501) explained plainly.
import { expect, test } from '@playwright/test';
import { addClient, setSeller, startBareFolio, startFolio, watchErrors, withKey, type Folio } from './support/folio';

let folio: Folio;
let clientId = 0;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  clientId = await addClient(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

async function invoice(type: 0 | 3, net = '10000', on = folio, client = clientId) {
  const created = await on.server.core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Szolgáltatás', qty: 1, net_unit_price: net, vat_id: 1 }],
  });
  return created.id;
}

test('a draft is edited, then issued from its page', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  const id = await invoice(0);
  await page.goto(`${folio.url}/#/invoices/${id}`);
  await page.getByRole('link', { name: 'Piszkozat szerkesztése' }).click();
  await expect(page.getByRole('heading', { name: 'Piszkozat szerkesztése' })).toBeVisible();
  await expect(page.getByLabel('1. tétel – Nettó egységár')).toHaveValue('10 000'); // the price in the UI language's form
  await page.getByLabel('1. tétel – Mennyiség').fill('3');
  await expect(page.locator('[data-total="total"]')).toHaveText(/38\s100\sFt/);
  await page.getByRole('button', { name: 'Mentés piszkozatként' }).click();
  await expect(page.getByRole('heading', { name: 'Piszkozat', exact: true })).toBeVisible();
  await expect(page.locator('[data-invoice-total]')).toHaveText(/38\s100\sFt/);
  await page.getByRole('button', { name: 'Kiállítás' }).click();
  await page.getByRole('dialog', { name: 'Kiállítod a számlát?' }).getByRole('button', { name: 'Számla kiállítása' }).click();
  await expect(page.getByRole('heading', { name: /^Számla 2026-\d{6}$/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a draft is deleted after a confirmation', async ({ page }) => {
  await withKey(page);
  const id = await invoice(0);
  await page.goto(`${folio.url}/#/invoices/${id}`);
  await page.getByRole('button', { name: 'Piszkozat törlése' }).click();
  await page.getByRole('dialog', { name: 'Törlöd a piszkozatot?' }).getByRole('button', { name: 'Törlés' }).click();
  await expect(page.getByRole('heading', { name: 'Számlák' })).toBeVisible();
  await page.goto(`${folio.url}/#/invoices/${id}`);
  await expect(page.getByText('Nem található')).toBeVisible();
});

test('an over-payment is refused at the amount; payments can be undone', async ({ page }) => {
  await withKey(page);
  const id = await invoice(3);
  await page.goto(`${folio.url}/#/invoices/${id}`);
  await page.getByRole('button', { name: 'Befizetés rögzítése' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Befizetés rögzítése' });
  await dialog.getByLabel('Összeg (HUF)').fill('20000');
  await dialog.getByRole('button', { name: 'Befizetés rögzítése' }).click();
  await expect(dialog.getByLabel('Összeg (HUF)')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('több, mint a fennálló hátralék')).toBeVisible();
  await dialog.getByLabel('Összeg (HUF)').fill('12700');
  await dialog.getByRole('button', { name: 'Befizetés rögzítése' }).click();
  await expect(page.locator('.badge', { hasText: 'Fizetve' })).toBeVisible();
  await page.getByRole('button', { name: 'Befizetések visszavonása' }).click();
  await page.getByRole('dialog', { name: 'Visszavonod a befizetéseket?' }).getByRole('button', { name: 'Befizetések visszavonása' }).click();
  await expect(page.locator('.badge', { hasText: 'Fizetésre vár' })).toBeVisible();
  await expect(page.getByText('Még nincs rögzített befizetés.')).toBeVisible();
});

test('the share link is the server’s /access/c: address', async ({ page }) => {
  await withKey(page);
  const id = await invoice(3);
  await page.goto(`${folio.url}/#/invoices/${id}`);
  await page.getByRole('button', { name: 'Megosztási link másolása' }).click();
  const link = page.getByLabel('Megosztási link');
  await expect(link).toHaveValue(new RegExp(`^${folio.url.replace(/[.]/g, '\\.')}/access/c:[A-Za-z0-9_-]{32}$`));
  const res = await page.request.get(await link.inputValue());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
});

test('a PDF the server cannot make yet (501) is explained, not shown as a failure', async ({ page }) => {
  // a server whose core has no PDF renderer: its download answers 501 not_available
  const bare = await startBareFolio();
  try {
    await setSeller(bare);
    const id = await invoice(3, '10000', bare, await addClient(bare));
    await withKey(page);
    await page.goto(`${bare.url}/#/invoices/${id}`);
    const download = page.waitForResponse((r) => r.url().endsWith(`/invoices/${id}/download`));
    await page.getByRole('button', { name: 'PDF előnézet' }).click();
    const res = await download;
    expect(res.status()).toBe(501);
    expect(await res.json()).toMatchObject({ success: false, code: 'not_available' });
    await expect(page.getByText('A PDF-készítés ebben a kiadásban még nem érhető el.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'PDF előnézet' })).toBeDisabled();
  } finally {
    await bare.stop();
  }
});

test('the PDF preview shows the invoice in a frame', async ({ page }) => {
  await withKey(page);
  const id = await invoice(3);
  await page.goto(`${folio.url}/#/invoices/${id}`);
  const download = page.waitForResponse((r) => r.url().endsWith(`/invoices/${id}/download`));
  await page.getByRole('button', { name: 'PDF előnézet' }).click();
  expect((await download).headers()['content-type']).toBe('application/pdf');
  await expect(page.locator('iframe.pdf-frame')).toHaveAttribute('src', /^blob:/);
});
