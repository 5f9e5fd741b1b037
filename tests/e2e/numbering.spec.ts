// Continuing the numbering of the program used before, on screen: Settings → the block shows its next number; a
// number that is not one is refused at the field (and the message goes once it is fixed); 2026-000417 is previewed,
// saved, shown with when and where it was set, and the first invoice takes it. Then the block can no longer be
// continued this year.
import { expect, test } from '@playwright/test';
import { shotPath } from './support/shots';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

test('the numbering continues from 2026-000417 and the first invoice takes it', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/settings`);

  const block = page.locator('.block-list li', { hasText: 'Számlák' });
  await expect(block.getByTestId('next-number')).toHaveText('Következő szám: 2026-000001');
  await block.getByRole('button', { name: 'Számozás folytatása' }).click();

  const field = block.getByLabel('Az idei következő sorszám');
  await field.fill('négyszáztizenhét');
  await block.getByRole('button', { name: 'Folytatás ettől a számtól' }).click();
  await expect(block.locator('.field-error')).toHaveText('Egy 1 és 999999 közötti sorszámot adj meg (pl. 417).');
  await expect(field).toHaveValue('négyszáztizenhét');
  await field.fill('2026-000417');
  await expect(block.locator('.field-error')).toHaveCount(0);
  await expect(block.getByText('Az első Folióban kiállított számla száma: 2026-000417')).toBeVisible();
  await page.screenshot({ path: shotPath('numbering', 'form-hu'), fullPage: true });

  await block.getByRole('button', { name: 'Folytatás ettől a számtól' }).click();
  await expect(page.getByText('A számozás folytatása beállítva: a következő szám 2026-000417.')).toBeVisible();
  await expect(block.getByTestId('next-number')).toHaveText('Következő szám: 2026-000417');
  await expect(block.getByTestId('continuation')).toContainText('Folytatott számozás (2026): az első szám 2026-000417');
  await expect(block.getByTestId('continuation')).toContainText('ezen a gépen');
  await expect(block.getByRole('button', { name: 'A folytatás módosítása' })).toBeVisible();
  await page.screenshot({ path: shotPath('numbering', 'set-hu'), fullPage: true });

  // The first invoice, made on the invoice screen's path (the core), takes the continued number.
  const client = await addClient(folio);
  const invoice = await folio.server.core.call('invoices.create', {
    client_uid: client,
    payment_method: 2,
    currency: 'HUF',
    type: 3,
    fulfillment_date: '2026-11-22',
    due_date: '2026-11-30',
    items: [{ description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 10000, unit: 'óra' }],
  });
  expect(invoice.attributes.invoice_no).toBe('2026-000417');

  await page.reload();
  await expect(block.getByTestId('next-number')).toHaveText('Következő szám: 2026-000418');
  await expect(block.getByText('utolsó: 2026-000417')).toBeVisible();
  await expect(block.getByRole('button', { name: /Számozás folytatása|A folytatás módosítása/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});
