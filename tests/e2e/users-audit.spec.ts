// Settings → Felhasználók and Napló in Chromium, Hungarian first, then English: a user added (field errors at their
// fields first), a key made and shown once (and working at the HTTP door with its role), revoked, a user disabled,
// and the audit log naming who did what.
import { expect, test, type Page } from '@playwright/test';
import { shotPath } from './support/shots';
import { API_KEY, rpcOn, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

const shot = (page: Page, name: string) => page.screenshot({ path: shotPath('settings', name), fullPage: true });

let folio: Folio | undefined;
test.afterEach(async () => {
  await folio?.stop();
});

/** The /rpc door with another key: the status and the envelope's code. */
async function rpcStatus(url: string, key: string, name: string, input: unknown = {}): Promise<number> {
  const res = await fetch(`${url}/rpc/${name}`, { method: 'POST', headers: { 'X-API-KEY': key, 'content-type': 'application/json' }, body: JSON.stringify(input) });
  return res.status;
}

test('users, a key shown once, revoked, a user disabled, and the log of it all (hu, then en)', async ({ page }) => {
  folio = await startFolio();
  await setSeller(folio, 'Minta Bt.');
  const errors = watchErrors(page);
  await withKey(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  let secret = '';

  await test.step('Felhasználók: empty, then a user refused with errors at the fields, then added', async () => {
    await page.goto(`${folio!.url}/#/settings/users`);
    await expect(page.getByRole('link', { name: 'Felhasználók', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Még nincs felhasználó.')).toBeVisible();
    await shot(page, 'users-empty-hu');
    const form = page.getByTestId('add-user');
    await form.getByLabel('E-mail-cím').fill('nem-email');
    await form.getByRole('button', { name: 'Felhasználó hozzáadása' }).click();
    await expect(form.getByText('kötelező')).toBeVisible();
    await expect(form.getByText('érvényes e-mail-címet adj meg')).toBeVisible();
    await shot(page, 'users-field-errors-hu');
    await form.getByLabel('Név').fill('Szabó Péter');
    await form.getByLabel('E-mail-cím').fill('peter@minta.example');
    await form.getByLabel('Szerepkör').selectOption({ label: 'Munkatárs' });
    await form.getByRole('button', { name: 'Felhasználó hozzáadása' }).click();
    // issue 36: a new user gets a key at once and an invitation to pass on, with the address and the key
    const invitation = page.getByTestId('invitation');
    await expect(invitation).toHaveValue(/^Szia Szabó Péter!\n\nHozzáférést kaptál a Folio számlázóhoz \(Munkatárs szerepkörrel\)\.\nNyisd meg ezt a címet: http:\/\/127\.0\.0\.1:\d+\nBelépéskor add meg ezt a kulcsot: \S{40,}/);
    await expect(page.getByTestId('key-once')).not.toContainText('X-API-KEY');
    await expect(page.getByTestId('key-once')).not.toContainText('JWT');
    await shot(page, 'users-invitation-hu');
    await page.getByTestId('key-once').getByRole('button', { name: 'Elmentettem, bezárás' }).click();
    await form.getByLabel('Név').fill('Tóth Éva');
    await form.getByLabel('Szerepkör').selectOption({ label: 'Könyvelő' });
    await form.getByRole('button', { name: 'Felhasználó hozzáadása' }).click();
    await expect(invitation).toHaveValue(/Könyvelő szerepkörrel/);
    await page.getByTestId('key-once').getByRole('button', { name: 'Elmentettem, bezárás' }).click();
    const users = page.getByTestId('users');
    await expect(users.locator('tr[data-user="Tóth Éva"]')).toContainText('Könyvelő');
    await expect(users.locator('tr[data-user="Szabó Péter"]')).toContainText('Munkatárs');
  });

  await test.step('a new key is shown once, with a warning; it works at the door with the staff role', async () => {
    await page.getByTestId('users').locator('tr[data-user="Szabó Péter"]').getByRole('button', { name: 'Új kulcs' }).click();
    const once = page.getByTestId('key-once');
    await expect(once).toBeVisible();
    await expect(once).toContainText('később nem lehet újra megjeleníteni');
    await expect(once.getByRole('button', { name: 'Másolás' })).toBeVisible();
    secret = (await page.getByTestId('key-secret').textContent())!.trim();
    expect(secret.length).toBeGreaterThanOrEqual(40);
    await shot(page, 'users-key-once-hu');
    await rpcOn(folio!.url, secret, 'clients.create', {
      name: 'Vevő Kft.', taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER',
      billing_address: { postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5', country: 'HU' },
    });
    expect(await rpcStatus(folio!.url, secret, 'settings.update', { invoice_comment: 'x' })).toBe(403);
    await once.getByRole('button', { name: 'Elmentettem, bezárás' }).click();
    await expect(once).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);
  });

  await test.step('the key is revoked and the accountant disabled, each asked first', async () => {
    const peter = page.getByTestId('users').locator('tr[data-user="Szabó Péter"]');
    // both keys (the one made with the user, and the new one)
    for (let left = 2; left > 0; left--) {
      await expect(peter.getByRole('button', { name: 'Visszavonás' })).toHaveCount(left);
      await peter.getByRole('button', { name: 'Visszavonás' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Visszavonás' }).click();
    }
    await expect(peter.getByRole('button', { name: 'Visszavonás' })).toHaveCount(0);
    await expect(peter).toContainText('visszavonva');
    expect(await rpcStatus(folio!.url, secret, 'clients.list')).toBe(401);
    const eva = page.getByTestId('users').locator('tr[data-user="Tóth Éva"]');
    await eva.getByRole('button', { name: 'Letiltás' }).click();
    await expect(page.getByRole('dialog')).toContainText('Letiltod: Tóth Éva?');
    await page.getByRole('dialog').getByRole('button', { name: 'Letiltás' }).click();
    await expect(eva).toContainText('Letiltva');
    await shot(page, 'users-list-hu');
  });

  await test.step('Napló: who did what, in words; filtered by user', async () => {
    await page.getByRole('link', { name: 'Napló', exact: true }).click();
    const log = page.getByTestId('audit-log');
    await expect(log).toContainText('Ügyfél: létrehozás');
    await expect(log.locator('tr', { hasText: 'Ügyfél: létrehozás' })).toContainText('Szabó Péter');
    await expect(log).toContainText('Felhasználó: kulcs visszavonása');
    await expect(log).toContainText('Felhasználó: letiltás');
    await expect(log).toContainText('Szerverkulcs');
    await shot(page, 'audit-log-hu');
    await page.getByLabel('Felhasználó', { exact: true }).selectOption({ label: 'Szabó Péter' });
    await page.getByRole('button', { name: 'Szűrés' }).click();
    await expect(log.locator('tbody tr')).toHaveCount(1);
    await page.getByLabel('Eddig').fill('2026-11-21');
    await page.getByRole('button', { name: 'Szűrés' }).click();
    await expect(page.getByText('Nincs a szűrésnek megfelelő bejegyzés.')).toBeVisible();
    const all = await rpcOn(folio!.url, API_KEY, 'audit.list', {});
    expect(all.items.filter((e: { operation: string }) => e.operation === 'audit.list')).toEqual([]);
  });

  await test.step('the same screens in English', async () => {
    await page.getByRole('button', { name: 'English' }).click();
    await page.goto(`${folio!.url}/#/settings/users`);
    await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
    await expect(page.getByTestId('users').locator('tr[data-user="Szabó Péter"]')).toContainText('Staff');
    await expect(page.getByTestId('users').locator('tr[data-user="Tóth Éva"]')).toContainText('Disabled');
    await shot(page, 'users-list-en');
    await page.getByRole('link', { name: 'Log', exact: true }).click();
    await expect(page.getByTestId('audit-log')).toContainText('Client: created');
    await expect(page.getByTestId('audit-log')).toContainText('User: key revoked');
    await shot(page, 'audit-log-en');
  });
  expect(errors).toEqual([]);
});

test('a staff member signed in with their own key sees the owner-only tabs refused in words', async ({ page }) => {
  folio = await startFolio();
  await setSeller(folio, 'Minta Bt.');
  const user = await rpcOn(folio.url, API_KEY, 'users.create', { name: 'Szabó Péter', role: 'staff' });
  const key = await rpcOn(folio.url, API_KEY, 'users.createKey', { id: user.id });
  const errors = watchErrors(page);
  await page.addInitScript((k) => sessionStorage.setItem('folio.apiKey', k), key.secret);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${folio.url}/#/settings/users`);
  await expect(page.getByText('Ehhez nincs jogosultságod')).toBeVisible();
  await expect(page.getByText('A szereped ezt nem engedi.')).toBeVisible();
  await shot(page, 'users-forbidden-hu');
  // what the role allows still works: the clients list
  await page.goto(`${folio.url}/#/clients`);
  await expect(page.getByRole('heading', { name: 'Ügyfelek' })).toBeVisible();
  expect(errors).toEqual([]);
});
