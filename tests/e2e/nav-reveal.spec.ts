// Settings → NAV, issue 36: the saved password and keys are masked; the owner asks to see one ("Megjelenítés"),
// confirms knowing that it is logged, and sees the very value saved; the audit log names the showing. Staff see no
// such button (and the server refuses them anyway: tests/nav-settings/reveal.spec.ts).
import { expect, test } from '@playwright/test';
import { TECH_USER } from '../nav-settings/support';

import { screenshot } from './support/shots';
import { API_KEY, rpcOn, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  await folio.server.core.call('nav.saveSettings', TECH_USER);
});
test.afterAll(async () => {
  await folio?.stop();
});

test('the owner shows a saved key after confirming, hides it again, and the log names the showing', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${folio.url}/#/settings/nav`);
  const secrets = page.locator('section', { has: page.getByRole('heading', { name: 'Mentett titkos adatok' }) });
  await expect(secrets.getByRole('button', { name: /^Megjelenítés/ })).toHaveCount(3);
  await expect(page.getByText(TECH_USER.signature_key)).toHaveCount(0);

  await secrets.getByRole('button', { name: /^Megjelenítés\W+XML aláírókulcs$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Megjeleníted a mentett adatot?' });
  await expect(dialog).toContainText('XML aláírókulcs: a megjelenítés a naplóba kerül');
  // a second thought: nothing is shown, nothing logged
  await dialog.getByRole('button', { name: 'Mégse' }).click();
  await expect(page.getByText(TECH_USER.signature_key)).toHaveCount(0);

  await secrets.getByRole('button', { name: /^Megjelenítés\W+XML aláírókulcs$/ }).click();
  await dialog.getByRole('button', { name: 'Megjelenítés' }).click();
  await expect(dialog).toBeHidden();
  await expect(secrets.locator('[data-secret="signature_key"]')).toHaveText(TECH_USER.signature_key);
  // the others stay masked
  await expect(page.getByText(TECH_USER.password)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, '36', 'nav-secret-shown-390', { fullPage: true });
  await secrets.getByRole('button', { name: 'Elrejtés' }).click();
  await expect(page.getByText(TECH_USER.signature_key)).toHaveCount(0);

  await page.goto(`${folio.url}/#/settings/audit`);
  const log = page.getByTestId('audit-log');
  await expect(log).toContainText('NAV: mentett titok megjelenítése');
  await expect(log.getByText('NAV: mentett titok megjelenítése')).toHaveCount(1);
  await expect(log).not.toContainText(TECH_USER.signature_key);
  expect(errors).toEqual([]);
});

test('a staff member sees the NAV settings without any way to show a secret', async ({ page }) => {
  const user = await rpcOn(folio.url, API_KEY, 'users.create', { name: 'Szabó Péter', role: 'staff' });
  const key = await rpcOn(folio.url, API_KEY, 'users.createKey', { id: user.id });
  const errors = watchErrors(page);
  await page.addInitScript((k) => sessionStorage.setItem('folio.apiKey', k), key.secret);
  await page.goto(`${folio.url}/#/settings/nav`);
  await expect(page.getByRole('heading', { name: 'Technikai felhasználó' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mentett titkos adatok' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Megjelenítés/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});
