// A server with several companies in Chromium, Hungarian first, then English (docs/companies.md): the administrator's
// first company from the empty screen, the company switcher (each company's own clients), Settings → Cégek with a
// company and an account added (field errors at their fields first), a key shown once and a grant given; the
// account then sees only the company granted, and no Cégek tab.
import { expect, test, type Page } from '@playwright/test';
import { shotPath } from './support/shots';
import { UI_DIR, watchErrors } from './support/folio';
import { API_KEY, clientBody, TEST_SELLER } from '../support/fixtures';
import { CompanyClient, startCompanies, type CompaniesServer } from '../tenants/support';

const shot = (page: Page, name: string) => page.screenshot({ path: shotPath('companies', name), fullPage: true });

let s: CompaniesServer | undefined;
test.afterEach(async () => {
  await s?.close();
});

async function signInWith(page: Page, url: string, key: string): Promise<void> {
  await page.goto(`${url}/#/`);
  await page.getByLabel('API-kulcs').fill(key);
  await page.getByRole('button', { name: 'Belépés' }).click();
}

test('the first company, the switcher, Settings → Cégek, and an account that sees its one company (hu, then en)', async ({ page, browser }) => {
  s = await startCompanies({ uiDir: UI_DIR });
  const server = s;
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  await test.step('no company yet: the administrator adds the first one from the empty screen', async () => {
    await signInWith(page, server.url, API_KEY);
    await expect(page.getByRole('heading', { name: 'Még nincs elérhető cég' })).toBeVisible();
    await shot(page, 'no-company-hu');
    const form = page.getByTestId('add-company');
    await form.getByLabel('Cégnév').fill('Alfa Könyvelt Kft.');
    await expect(form.getByLabel('Rövid név')).toHaveValue('alfa-konyvelt-kft');
    await form.getByRole('button', { name: 'Cég hozzáadása' }).click();
    await expect(page.getByRole('navigation', { name: 'Fő menü' })).toBeVisible();
  });

  await test.step('a second company; the switcher shows each company its own clients', async () => {
    const alfa = new CompanyClient(server.url, 'alfa-konyvelt-kft', { 'X-API-KEY': API_KEY });
    await alfa.ok('POST', '/rpc/settings.update', { body: { seller: { ...TEST_SELLER, name: 'Alfa Könyvelt Kft.' } } });
    await alfa.ok('POST', '/clients', { body: clientBody({ name: 'Alfa Vevője Kft.' }) });
    await server.admin.ok('POST', '/directory/companies', { body: { slug: 'beta', name: 'Béta Bt.' } });
    const beta = new CompanyClient(server.url, 'beta', { 'X-API-KEY': API_KEY });
    await beta.ok('POST', '/rpc/settings.update', { body: { seller: { ...TEST_SELLER, name: 'Béta Bt.' } } });
    await beta.ok('POST', '/clients', { body: clientBody({ name: 'Béta Vevője Kft.' }) });

    // a company made elsewhere is in the switcher after the next start of the app
    await page.goto(`${server.url}/#/clients`);
    await page.reload();
    const switcher = page.getByTestId('company-switch');
    await expect(switcher).toHaveValue('alfa-konyvelt-kft');
    await expect(page.getByText('Alfa Vevője Kft.')).toBeVisible();
    await expect(page.getByText('Béta Vevője Kft.')).toHaveCount(0);
    await shot(page, 'switcher-alfa-hu');
    await switcher.selectOption({ label: 'Béta Bt.' });
    await expect(page.getByTestId('company-switch')).toHaveValue('beta');
    await page.goto(`${server.url}/#/clients`);
    await expect(page.getByText('Béta Vevője Kft.')).toBeVisible();
    await expect(page.getByText('Alfa Vevője Kft.')).toHaveCount(0);
    await shot(page, 'switcher-beta-hu');
  });

  let secret = '';
  await test.step('Settings → Cégek: a company refused with errors at the fields, then added; an account, its key, its grant', async () => {
    await page.goto(`${server.url}/#/settings/companies`);
    await expect(page.getByRole('link', { name: 'Cégek', exact: true })).toHaveAttribute('aria-current', 'page');
    const companies = page.getByTestId('companies');
    await expect(companies.locator('tr[data-company="beta"]')).toContainText('Béta Bt.');
    const form = page.getByTestId('add-company');
    await form.getByLabel('Rövid név').fill('Rossz Név!');
    await form.getByRole('button', { name: 'Cég hozzáadása' }).click();
    await expect(form.getByText('kötelező')).toBeVisible();
    await expect(form.getByText('Csak kisbetű, szám és kötőjel lehet')).toBeVisible();
    await shot(page, 'companies-field-errors-hu');
    await form.getByLabel('Cégnév').fill('Gamma Zrt.');
    await form.getByLabel('Rövid név').fill('beta');
    await form.getByRole('button', { name: 'Cég hozzáadása' }).click();
    await expect(form.getByText('Ez a rövid név már foglalt')).toBeVisible();
    await form.getByLabel('Rövid név').fill('gamma');
    await form.getByRole('button', { name: 'Cég hozzáadása' }).click();
    await expect(companies.locator('tr[data-company="gamma"]')).toContainText('Gamma Zrt.');

    const accountForm = page.getByTestId('add-account');
    await accountForm.getByLabel('Név').fill('Könyvelő Kata');
    await accountForm.getByRole('button', { name: 'Hozzáférés hozzáadása' }).click();
    const row = page.getByTestId('accounts').locator('tr[data-account="Könyvelő Kata"]');
    await expect(row).toContainText('Nincs kulcsa');
    await row.getByRole('button', { name: 'Új kulcs' }).click();
    await expect(page.getByTestId('key-once')).toBeVisible();
    secret = (await page.getByTestId('key-secret').textContent())!.trim();
    expect(secret.length).toBeGreaterThanOrEqual(40);
    await row.locator('select[data-grant="beta"]').selectOption({ label: 'Könyvelő' });
    await expect(page.getByText('Jogosultság mentve')).toBeVisible();
    await expect(row.locator('select[data-grant="beta"]')).toHaveValue('accountant');
    await expect(row.locator('select[data-grant="gamma"]')).toHaveValue('');
    await shot(page, 'companies-hu');
    await page.getByTestId('accounts').screenshot({ path: shotPath('companies', 'accounts-hu') });
    // the switcher knows the company added here
    await expect(page.getByTestId('company-switch').locator('option')).toHaveText(['Alfa Könyvelt Kft.', 'Béta Bt.', 'Gamma Zrt.']);
  });

  await test.step('the same screen in English', async () => {
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
    await expect(page.getByTestId('accounts').locator('tr[data-account="Könyvelő Kata"] select[data-grant="beta"] option:checked')).toHaveText('Accountant');
    await shot(page, 'companies-en');
    await page.getByTestId('accounts').screenshot({ path: shotPath('companies', 'accounts-en') });
    await page.getByRole('button', { name: 'Magyar' }).click();
  });

  await test.step("the account signs in: its one company, read-only, and no Cégek tab", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const other = await context.newPage();
    const otherErrors = watchErrors(other);
    try {
      await signInWith(other, server.url, secret);
      await expect(other.getByRole('navigation', { name: 'Fő menü' })).toBeVisible();
      await expect(other.getByTestId('company-switch').locator('option')).toHaveText(['Béta Bt.']);
      await other.goto(`${server.url}/#/clients`);
      await expect(other.getByText('Béta Vevője Kft.')).toBeVisible();
      await other.goto(`${server.url}/#/settings`);
      await expect(other.getByRole('link', { name: 'Felhasználók', exact: true })).toBeVisible();
      await expect(other.getByRole('link', { name: 'Cégek', exact: true })).toHaveCount(0);
      await shot(other, 'account-one-company-hu');
      expect(otherErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
  expect(errors).toEqual([]);
});
