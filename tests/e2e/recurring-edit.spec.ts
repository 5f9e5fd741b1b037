// Editing a recurring profile in Chromium, in Hungarian: the frequency in words ("havonta", "kéthetente"), never a
// code; the next three issue dates follow every change; a refused end date is explained at its field and the message
// goes once it is fixed; the buyer and the lines are saved on the profile, the base invoice stays as it was.
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

const AREA = 'h15-recurring';
/** an interface frequency code such as 1M or 2W, which must never reach the screen */
const FREQUENCY_CODE = /\b[1-9]\d{0,2}[DWMY]\b/;

test('a profile is edited: buyer, lines, every two weeks from a new date, an end date; the next three dates shown', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const core = folio.server.core;
  const oldClient = await addClient(folio, 'Régi Ügyfél Kft.');
  await addClient(folio, 'Új Partner Bt.');
  const base = await core.call('invoices.create', {
    client_uid: oldClient, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Havi karbantartás', vat_id: 1, qty: 1, unit: 'hó', net_unit_price: 50000 }],
  } as never);
  // monthly from a month end: January 31, February 28, March 31
  const profile = await core.call('recurring.create', { base_invoice_uid: base.id, frequency: '1M', start_date: '2027-01-31' } as never);
  const baseBefore = await core.call('invoices.get', { id: base.id } as never);

  await withKey(page);
  await page.goto(`${folio.url}/#/recurring`);
  const row = page.locator('[data-recurring-row]');
  await expect(row.locator('[data-frequency]')).toHaveText('havonta');
  await expect(row).toContainText('Régi Ügyfél Kft.');
  await row.getByRole('button', { name: 'Szerkesztés' }).click();

  const dialog = page.getByRole('dialog', { name: 'Ismétlődő számla módosítása' });
  const dates = dialog.locator('[data-upcoming-date]');
  const shownDates = () => dates.evaluateAll((els) => els.map((e) => e.getAttribute('data-upcoming-date')));
  await expect(dialog.getByLabel('Megnevezés')).toHaveValue('Havi karbantartás');
  // the base's stored "1.000" and "50000.00" as a Hungarian types them
  await expect(dialog.getByLabel('Mennyiség')).toHaveValue('1');
  await expect(dialog.getByLabel('Nettó egységár')).toHaveValue('50000');
  await expect(dialog.locator('[data-frequency-words]')).toHaveText('Gyakoriság: havonta');
  await expect.poll(shownDates).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
  await expect(dates.first()).toHaveText('2027. január 31., vasárnap');

  // every two weeks: in words, with the dates counted from the next one
  await dialog.getByLabel('Ennyi időnként').fill('2');
  await dialog.getByLabel('Időegység').selectOption('W');
  await expect(dialog.locator('[data-frequency-words]')).toHaveText('Gyakoriság: kéthetente');
  await dialog.getByLabel('Következő kiállítás').fill('2027-01-29');
  await expect.poll(shownDates).toEqual(['2027-01-29', '2027-02-12', '2027-02-26']);

  // the buyer and the lines
  await dialog.getByRole('button', { name: 'Másik ügyfél' }).click();
  await dialog.getByLabel('Ügyfél keresése').fill('Új Partner');
  await dialog.getByRole('button', { name: /Új Partner Bt\./ }).click();
  await expect(dialog.locator('.picked-name')).toHaveText('Új Partner Bt.');
  await dialog.getByLabel('Nettó egységár').fill('60 000');
  await dialog.getByRole('button', { name: 'Új tétel' }).click();
  const second = dialog.locator('[data-line="1"]');
  await second.getByLabel('Megnevezés').fill('Tárhely');
  await second.getByLabel('Nettó egységár').fill('5000');

  // an end date before the next invoice: refused at its field, in Hungarian
  await dialog.getByRole('radio', { name: 'Adott napon' }).check();
  const endDate = dialog.getByLabel('Utolsó lehetséges kiállítás');
  await endDate.fill('2027-01-01');
  await expect(dialog.locator('[data-upcoming]')).toContainText('A megadott befejezés miatt több számla nem készül.');
  await dialog.getByRole('button', { name: 'Mentés' }).click();
  const endError = dialog.locator('.field-error', { hasText: 'Nem lehet korábbi a következő kiállításnál.' });
  // the summary names the field in words and links to it
  await expect(dialog.getByRole('alert').getByRole('button', { name: 'Utolsó lehetséges kiállítás' })).toBeVisible();
  await expect(endError).toBeVisible();
  await expect(endDate).toHaveAttribute('aria-invalid', 'true');
  await endDate.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath(AREA, 'recurring-edit-error-hu') });
  await dialog.evaluate((d) => d.querySelector('.modal-body')?.scrollTo(0, 0));
  await page.screenshot({ path: shotPath(AREA, 'recurring-edit-error-summary-hu') });
  // nothing was written, nothing typed was lost
  expect((await core.call('recurring.get', { id: profile.id } as never)).attributes).toMatchObject({ frequency: '1M', end_date: null, items: null });
  await expect(second.getByLabel('Megnevezés')).toHaveValue('Tárhely');

  // fixed: the message goes as soon as the date is right, and the dates stop at the end
  await endDate.fill('2027-03-01');
  await expect(endError).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toHaveCount(0); // the summary too: it lists nothing that is fixed
  await expect.poll(shownDates).toEqual(['2027-01-29', '2027-02-12', '2027-02-26']);
  await expect(dialog).not.toContainText(FREQUENCY_CODE);
  await dialog.evaluate((d) => d.querySelector('.modal-body')?.scrollTo(0, 10_000));
  await page.screenshot({ path: shotPath(AREA, 'recurring-edit-dates-hu') });
  await dialog.evaluate((d) => d.querySelector('.modal-body')?.scrollTo(0, 0));
  await page.screenshot({ path: shotPath(AREA, 'recurring-edit-top-hu') });

  await dialog.getByRole('button', { name: 'Mentés' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Az ismétlődő számla módosítva.')).toBeVisible();
  await expect(row.locator('[data-frequency]')).toHaveText('kéthetente');
  await expect(row).toContainText('Új Partner Bt.');
  await expect(page.locator('main')).not.toContainText(FREQUENCY_CODE);
  await page.screenshot({ path: shotPath(AREA, 'recurring-list-hu') });

  const saved = (await core.call('recurring.get', { id: profile.id } as never)).attributes;
  expect(saved).toMatchObject({
    frequency: '2W',
    start_date: '2027-01-29',
    next_date: '2027-01-29',
    end_date: '2027-03-01',
    max_qty: 0,
    upcoming_dates: ['2027-01-29', '2027-02-12', '2027-02-26'],
  });
  expect(saved.client_uid).not.toBe(oldClient);
  expect(saved.items).toEqual([
    { description: 'Havi karbantartás', qty: '1', unit: 'hó', net_unit_price: '60000', vat_id: '1' },
    { description: 'Tárhely', qty: '1', net_unit_price: '5000', vat_id: '1' },
  ]);
  // the base invoice is not touched by the edit
  expect(await core.call('invoices.get', { id: base.id } as never)).toEqual(baseBefore);
  expect(errors).toEqual([]);
});
