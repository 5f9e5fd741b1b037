// The first-start guide on a fresh database, in Hungarian: the business with its VAT status, the bank account
// (a missing account number shown at its field and cleared as soon as it is typed), the optional steps skipped or
// marked done and remembered after a reload, the bank account once among the bank accounts and chosen for invoices,
// the editor offering the exemption code, Settings → Company showing the status, and the Sync screen before setup.
import { expect, test, type Page } from '@playwright/test';
import { shotPath } from './support/shots';
import { rpcOn, signIn, startFolio, API_KEY, watchErrors, type Folio } from './support/folio';

let folio: Folio;

test.beforeAll(async () => {
  folio = await startFolio();
});
test.afterAll(async () => {
  await folio.stop();
});

const rpc = <T = any>(name: string, input: unknown = {}) => rpcOn<T>(folio.url, API_KEY, name, input);
const shot = (page: Page, name: string) => page.screenshot({ path: shotPath('setup', `${name}.png`), fullPage: true });

test('a new business sets up with the guide: VAT status, one bank account, optional steps for later', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = watchErrors(page);
  await signIn(page, folio);
  await expect(page.getByRole('heading', { name: 'Üdv a Folióban!' })).toBeVisible();
  const step = (n: string) => page.locator('li.step', { has: page.getByRole('heading', { name: n }) });

  await test.step('the business and its VAT status', async () => {
    await expect(page.getByRole('radio', { name: 'Általános áfás' })).toBeChecked();
    await shot(page, '01-guide-start');
    await page.getByLabel('Cégnév vagy név').fill('Kis Műhely Bt.');
    await page.getByLabel('Adószám', { exact: true }).fill('12345676-2-41');
    await page.getByLabel('Irányítószám').fill('6720');
    await page.getByLabel('Település').fill('Szeged');
    await page.getByLabel('Közterület neve').fill('Kárász');
    await page.getByLabel('Közterület jellege').fill('utca');
    await page.getByLabel('Házszám').fill('5');
    await page.getByRole('radio', { name: 'Alanyi adómentes' }).check();
    await page.getByRole('button', { name: 'Eladó adatainak mentése' }).click();
    await expect(page.getByText('Az eladó adatai elmentve.')).toBeVisible();
    await expect(step('1. A cég adatai')).toContainText('Kis Műhely Bt.');
    await expect(step('1. A cég adatai')).toContainText('Áfa: Alanyi adómentes');
    const settings = await rpc('settings.get');
    expect(settings.seller).toMatchObject({ name: 'Kis Műhely Bt.', vat_status: 'exempt', vat_exempt: true });
  });

  await test.step('the bank account: a missing number is shown at its field and cleared once typed', async () => {
    const bank = step('2. Bankszámla');
    await expect(page.getByRole('button', { name: 'Első számla elkészítése' })).toBeDisabled();
    await bank.getByLabel('Bank neve').fill('OTP Bank');
    await bank.getByRole('button', { name: 'Bankszámla mentése' }).click();
    const number = bank.getByLabel('Számlaszám');
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(bank.locator('.field-error')).toHaveText('add meg a számlaszámot vagy az IBAN-t');
    await expect(bank.getByLabel('Bank neve')).toHaveValue('OTP Bank'); // nothing typed is lost
    await shot(page, '02-guide-bank-error');
    expect(await rpc('bankAccounts.list')).toEqual([]);
    await number.fill('11773016-11111111-00000000');
    await expect(number).not.toHaveAttribute('aria-invalid', 'true');
    await expect(bank.locator('.field-error')).toHaveCount(0);
    await bank.getByRole('button', { name: 'Bankszámla mentése' }).click();
    await expect(page.getByText('A bankszámla elmentve, ez kerül a számlákra.')).toBeVisible();
    await expect(bank).toContainText('OTP Bank');
    await expect(bank).toContainText('11773016-11111111-00000000');
    await expect(page.getByRole('button', { name: 'Első számla elkészítése' })).toBeEnabled();
  });

  await test.step('optional steps: skipped or done, remembered after a reload', async () => {
    const nav = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Számlák küldése e-mailben' }) });
    const backup = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Biztonsági mentés' }) });
    await expect(nav.getByRole('link', { name: 'Beállítás' })).toHaveAttribute('href', '#/settings/email');
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sorszámozás folytatása' }) }).getByRole('link', { name: 'Beállítás' })).toHaveAttribute('href', '#/settings');
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ügyfelek és termékek átvétele' }) }).getByRole('link', { name: 'Beállítás' })).toHaveAttribute('href', '#/settings/import');
    await expect(backup.getByRole('link', { name: 'Beállítás' })).toHaveAttribute('href', '#/settings/data');
    await nav.getByRole('button', { name: 'Kihagyom' }).click();
    await expect(nav).toContainText('Kihagyva – később is beállíthatod');
    await backup.getByRole('button', { name: 'Kész' }).click();
    await expect(backup.getByRole('button', { name: 'Visszavonás' })).toBeVisible();
    await shot(page, '03-guide-done');
    await page.reload();
    await expect(nav).toContainText('Kihagyva – később is beállíthatod');
    await expect(backup).toContainText('Kész');
    await expect(step('2. Bankszámla')).toContainText('11773016-11111111-00000000');
    expect((await rpc('settings.get')).setup_steps).toEqual({ email: 'skipped', backup: 'done' });
    // set aside is not lost: undoing brings the step back
    await nav.getByRole('button', { name: 'Visszavonás' }).click();
    await expect(nav.getByRole('button', { name: 'Kihagyom' })).toBeVisible();
    expect((await rpc('settings.get')).setup_steps).toEqual({ backup: 'done' });
  });

  await test.step('the bank account is in Bankszámlák once, and is the one invoices show', async () => {
    await page.getByRole('navigation', { name: 'Fő menü' }).getByRole('link', { name: 'Bankszámlák' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bankszámlák' })).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr')).toContainText('11773016-11111111-00000000');
    const accounts = await rpc<Array<{ id: number }>>('bankAccounts.list');
    expect(accounts.length).toBe(1);
    expect((await rpc('settings.get')).default_bank_account_uid).toBe(accounts[0]!.id);
  });

  await test.step('Settings → Company shows the VAT status and picks the bank account; no bank fields of its own', async () => {
    await page.goto(`${folio.url}/#/settings`);
    const seller = page.locator('section', { has: page.getByRole('heading', { name: 'Az eladó adatai' }) });
    await expect(seller.getByRole('radio', { name: 'Alanyi adómentes' })).toBeChecked();
    await expect(seller.getByLabel('Bankszámla a számlákon').locator('option:checked')).toHaveText('OTP Bank – 11773016-11111111-00000000');
    await expect(seller.getByLabel('Bankszámlaszám')).toHaveCount(0);
    await expect(seller.getByLabel('IBAN')).toHaveCount(0);
    await shot(page, '04-company-settings');
  });

  await test.step('the editor starts lines with the exemption code and offers no other', async () => {
    await page.goto(`${folio.url}/#/invoices/new`);
    await expect(page.getByRole('heading', { level: 1, name: 'Új számla' })).toBeVisible();
    const vat = page.getByLabel('1. tétel – ÁFA');
    await expect(vat).toHaveValue('7');
    // an alanyi adómentes seller charges no VAT: AAM is the one choice (the core refuses a rate too)
    await expect(vat.locator('option')).toHaveText(['AAM – alanyi adómentes']);
    await expect(page.getByText('Alanyi adómentesként áfát nem számíthatsz fel')).toHaveCount(0);
    await shot(page, '08-editor-exempt-aam-only');
  });

  await test.step('the Sync screen before setup: plain words, no counters', async () => {
    await page.getByRole('navigation', { name: 'Fő menü' }).getByRole('link', { name: 'Szinkronizálás' }).click();
    const status = page.locator('section', { has: page.getByRole('heading', { name: 'Állapot' }) });
    await expect(status).toContainText('Nincs beállítva');
    await expect(status).not.toContainText('Elküldésre váró változások');
    await expect(page.locator('main')).not.toContainText(/npm run serve|FOLIO_API_KEY|JWT/);
    await expect(page.getByLabel('A központi Folio címe')).toBeVisible();
    await shot(page, '05-sync-not-set-up');
  });

  expect(errors).toEqual([]);
});
