// A recurring profile whose start lies far back: the dialog shows how many invoices saving will issue at once and
// saves only after the user confirms that count; until then nothing is stored.
import { expect, test } from '@playwright/test';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

test('a daily profile 40 days back: "Mentéskor 41 számla készül el", saved only when confirmed', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const core = folio.server.core;
  const client = await addClient(folio, 'Napidíj Kft.');
  const invoice = await core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Napi üzemeltetés', vat_id: 1, qty: 1, net_unit_price: 1000 }],
  } as never);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices/${invoice.id}`);

  await page.getByRole('button', { name: 'Ismétlődés indítása' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ismétlődő számla indítása' });
  await dialog.getByLabel('Ennyi időnként').fill('1');
  await dialog.getByLabel('Egység').selectOption('D');
  // 13 October to 22 November 2026, daily: 41 invoices
  await dialog.getByLabel('Első számla dátuma').fill('2026-10-13');
  await dialog.getByRole('button', { name: 'Létrehozás' }).click();

  await expect(dialog.locator('[data-catch-up]')).toContainText('Mentéskor 41 számla készül el');
  await page.screenshot({ path: test.info().outputPath('catch-up-hu.png') });
  expect((await core.call('recurring.list', {} as never)).length).toBe(0);

  // changing the form drops the question; saving asks again, with the new count
  await dialog.getByLabel('Első számla dátuma').fill('2026-10-12');
  await expect(dialog.locator('[data-catch-up]')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(dialog.locator('[data-catch-up]')).toContainText('Mentéskor 42 számla készül el');
  expect((await core.call('recurring.list', {} as never)).length).toBe(0);

  await dialog.getByRole('button', { name: 'Igen, 42 számla kiállítása' }).click();
  await expect(page.getByRole('heading', { name: 'Ismétlődő számlák' })).toBeVisible();
  await expect(page.locator('[data-recurring-row]')).toHaveCount(1);
  const saved = await core.call('recurring.list', {} as never);
  expect(saved.map((p) => p.attributes.start_date)).toEqual(['2026-10-12']);
  expect(errors).toEqual([]);
});
