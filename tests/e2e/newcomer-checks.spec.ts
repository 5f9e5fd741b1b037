// Issue 36 in Hungarian, on the screens: a bank account number that cannot exist is said next to its field (both
// fields at once) and nothing is saved; an IBAN alone shows the account number read from it in the list; an overpaid
// invoice offers recording the refund, and the refund settles it.
import { expect, test } from '@playwright/test';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { shotPath } from './support/shots';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

test('bank account: the IBAN and the account number checked beside their fields; the list shows the number read from the IBAN', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/bank-accounts`);
  await page.locator('.empty').getByRole('button', { name: 'Új bankszámla' }).click();
  const form = page.getByRole('dialog', { name: 'Új bankszámla' });
  await form.getByLabel('Bank neve').fill('OTP Bank');
  await form.getByLabel('Számlaszám').fill('11773016-11111112-00000000');
  await form.getByLabel('IBAN').fill('HU42117730161111101800000001');
  await form.getByRole('button', { name: 'Mentés' }).click();
  await expect(form.locator('.field-error')).toHaveText([
    'ilyen bankszámlaszám nem létezhet: az ellenőrző számjegye hibás (elgépelés?)',
    'ilyen IBAN nem létezhet: az ellenőrző számjegyei nem stimmelnek (elgépelés?)',
  ]);
  await page.screenshot({ path: shotPath('36', 'hu-bank-account-errors'), fullPage: true });
  expect(await folio.server.core.call('bankAccounts.list', {})).toEqual([]);
  await form.getByLabel('Számlaszám').fill('');
  await form.getByLabel('IBAN').fill('HU42117730161111101800000000');
  await form.getByRole('button', { name: 'Mentés' }).click();
  const row = page.getByRole('row', { name: /OTP Bank/ });
  await expect(row).toContainText('11773016-11111018');
  await expect(row).toContainText('HU42 1177 3016 1111 1018 0000 0000');
  await page.screenshot({ path: shotPath('36', 'hu-bank-account-list'), fullPage: true });
  expect(errors).toEqual([]);
});

test('an overpaid invoice: "Visszatérítés rögzítése" records the refund and the overpayment is gone', async ({ page }) => {
  const errors = watchErrors(page);
  const core = folio.server.core;
  const client = await addClient(folio, 'Túlfizető Kft.');
  const invoice = await core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Fejlesztés', qty: 1, unit: 'db', vat_id: 1, net_unit_price: 100_000 }],
  });
  await core.call('invoices.pay', { id: invoice.id, date: '2026-11-22', amount: '127000' });
  await core.call('invoices.modify', { id: invoice.id, reason: 'Kevesebb óra', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 10_000, unit: 'db' }] } as never);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices/${invoice.id}`);
  const notice = page.locator('[data-overpayment]');
  await expect(notice).toContainText(/Túlfizetés: 12\s700\sFt — visszatérítendő/);
  await notice.getByRole('button', { name: 'Visszatérítés rögzítése' }).click();
  const dialog = page.getByRole('dialog', { name: 'Visszatérítés rögzítése' });
  await expect(dialog.getByLabel(/Összeg/)).toHaveValue(/12\s?700/);
  await page.screenshot({ path: shotPath('36', 'hu-refund-dialog'), fullPage: true });
  await dialog.getByRole('button', { name: 'Visszatérítés rögzítése' }).click();
  await expect(page.getByText('A visszatérítés rögzítve.')).toBeVisible();
  await expect(notice).toHaveCount(0);
  const paid = (await core.call('invoices.get', { id: invoice.id })).attributes;
  expect(paid.payments.map((p) => p.amount)).toEqual(['127000.000', '-12700.000']);
  await page.screenshot({ path: shotPath('36', 'hu-refund-done'), fullPage: true });
  expect(errors).toEqual([]);
});
