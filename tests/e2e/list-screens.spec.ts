// The list screens' shared wiring (components/ListScreen.svelte) as a user meets it: the "new" button opens the
// form, a save closes it with a toast and the list shows the record, a click on a name opens it for editing, the
// delete button asks first and says what goes, the empty state offers the "new" button, ?new=1 opens the form.
import { expect, test } from '@playwright/test';
import { setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

test('clients: add from the empty state, change, delete after a confirmation', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/clients`);
  await expect(page.getByText('Még nincs ügyfél.')).toBeVisible();

  // The empty state's own "new" button opens the form for a new client.
  await page.locator('.empty').getByRole('button', { name: 'Új ügyfél' }).click();
  const form = page.getByRole('dialog', { name: 'Új ügyfél' });
  await form.getByLabel('Név').fill('Lista Teszt Kft.');
  await form.getByLabel('Adózási típus').selectOption('NO_TAX_NUMBER');
  await form.getByRole('button', { name: 'Új ügyfél' }).click();
  await expect(page.getByRole('status')).toContainText('Ügyfél felvéve.');
  await expect(form).toBeHidden();
  await expect(page.getByRole('row', { name: /Lista Teszt Kft\./ })).toBeVisible();

  // A click on the name opens it for editing; saving says "saved", not "created".
  await page.getByRole('button', { name: 'Lista Teszt Kft.', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Ügyfél szerkesztése' });
  await expect(edit.getByLabel('Név')).toHaveValue('Lista Teszt Kft.');
  await edit.getByLabel('Név').fill('Lista Átnevezett Kft.');
  await edit.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByRole('status')).toContainText('Elmentve.');
  await expect(page.getByRole('button', { name: 'Lista Átnevezett Kft.', exact: true })).toBeVisible();
  expect((await folio.server.core.call('clients.list', {})).items.map((c) => c.attributes.name)).toEqual(['Lista Átnevezett Kft.']);

  // Delete asks first, naming the client; cancelling keeps it, confirming removes it.
  await page.getByRole('button', { name: 'Törlés: Lista Átnevezett Kft.' }).click();
  const confirm = page.getByRole('dialog', { name: 'Törlöd az ügyfelet?' });
  await expect(confirm).toContainText('A(z) Lista Átnevezett Kft. ügyfél eltűnik a listából.');
  await confirm.getByRole('button', { name: 'Mégse' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Lista Átnevezett Kft.', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Törlés: Lista Átnevezett Kft.' }).click();
  await confirm.getByRole('button', { name: 'Törlés' }).click();
  await expect(page.getByRole('status')).toContainText('Törölve.');
  await expect(page.getByText('Még nincs ügyfél.')).toBeVisible();
  expect((await folio.server.core.call('clients.list', {})).items).toEqual([]);
  expect(errors).toEqual([]);
});

test('clients: ?new=1 (the "new client" command) lands on the open form', async ({ page }) => {
  await withKey(page);
  await page.goto(`${folio.url}/#/clients?new=1`);
  await expect(page.getByRole('dialog', { name: 'Új ügyfél' })).toBeVisible();
});

test('products: add from the heading, search to nothing, delete', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/products`);
  await expect(page.getByText('Még nincs termék.')).toBeVisible();
  // The products' empty state has no button of its own: only the heading's.
  await expect(page.locator('.empty').getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Új termék' }).click();
  const form = page.getByRole('dialog', { name: 'Új termék' });
  await form.getByLabel('Név').fill('Tárhely');
  await form.getByLabel('Nettó egységár').fill('4990');
  await form.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByRole('status')).toContainText('Elmentve.');
  await expect(page.getByRole('row', { name: /Tárhely/ })).toContainText('4990 Ft');

  await page.getByLabel('Keresés').fill('nincs ilyen');
  await expect(page.getByText('Nincs ilyen termék.')).toBeVisible();
  await page.getByLabel('Keresés').fill('');
  await page.getByRole('button', { name: 'Törlés: Tárhely' }).click();
  await page.getByRole('dialog', { name: 'Törlöd a terméket?' }).getByRole('button', { name: 'Törlés' }).click();
  await expect(page.getByText('Még nincs termék.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('bank accounts: add and change; the list has no delete', async ({ page }) => {
  await withKey(page);
  await page.goto(`${folio.url}/#/bank-accounts`);
  await page.locator('.empty').getByRole('button', { name: 'Új bankszámla' }).click();
  const form = page.getByRole('dialog', { name: 'Új bankszámla' });
  await form.getByLabel('Bank neve').fill('OTP Bank');
  await form.getByLabel('Számlaszám').fill('11773016-11111111-00000000');
  await form.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByRole('row', { name: /OTP Bank/ })).toContainText('11773016-11111111-00000000');
  await expect(page.getByRole('button', { name: /^Törlés/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'OTP Bank', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Bankszámla szerkesztése' }).getByLabel('Bank neve')).toHaveValue('OTP Bank');
});
