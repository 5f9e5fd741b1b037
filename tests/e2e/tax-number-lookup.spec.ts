// "Lekérdezés a NAV-tól" beside a new client's tax number, in real Chromium over the HTTP door. Without NAV set up
// the check digit answers (and the way to the NAV settings is offered); a mistyped number is marked at the field.
// With the technical user saved against the fake NAV (tests/nav/fake-nav-server.ts: signatures checked, requests
// validated against NAV's schema), NAV's answer fills the empty name and billing address — the seat, not the
// premises NAV lists first — and the client is saved with them. In Hungarian, then in English.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startFakeNav, type FakeNav } from '../nav/fake-nav-server';
import { navRoute, TECH_USER } from '../nav-settings/support';
import { FAST } from '../nav/queue-rig';
import { shotPath } from './support/shots';
import { setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

// one server for the file: the first test finds NAV not set up, the later ones find it saved
test.describe.configure({ mode: 'serial' });

let nav: FakeNav;
let folio: Folio;

test.beforeAll(async () => {
  nav = await startFakeNav();
  const route = navRoute();
  route.set('test', nav.baseUrl);
  folio = await startFolio(undefined, { fetch: route.fetch, navTuning: FAST });
  await setSeller(folio);
});

test.afterAll(async () => {
  await folio?.stop();
  await nav?.close();
});

const queried = () => nav.calls.filter((c) => c.operation === 'queryTaxpayer');

async function newClient(page: Page, lang: 'hu' | 'en', title: string): Promise<Locator> {
  await page.setViewportSize({ width: 1280, height: 950 });
  await withKey(page);
  await page.addInitScript((l) => localStorage.setItem('folio.lang', l), lang);
  await page.goto(`${folio.url}/#/clients?new=1`);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('without NAV: the check digit answers and the NAV settings are offered; a mistyped number is marked (hu)', async ({ page }) => {
  const errors = watchErrors(page);
  const dialog = await newClient(page, 'hu', 'Új ügyfél');
  const taxNumber = dialog.getByLabel('Adószám', { exact: true });
  const answer = dialog.getByRole('status');

  // nothing typed yet: nothing to look up
  await dialog.getByRole('button', { name: 'Lekérdezés a NAV-tól' }).click();
  await expect(answer).toHaveText('Írd be az adószámot, és utána kérdezd le.');

  await taxNumber.fill('34567898-2-42');
  await expect(answer).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Lekérdezés a NAV-tól' }).click();
  await expect(answer).toContainText('Az adószám ellenőrzőszáma helyes.');
  await expect(answer).toContainText('A NAV-tól nem kérdeztem le, mert nincs beállítva a NAV-kapcsolat.');
  await expect(answer.getByRole('link', { name: 'NAV-beállítások' })).toHaveAttribute('href', '#/settings/nav');
  // nothing to fill from the check digit alone
  await expect(dialog.locator('input[name="name"]')).toHaveValue('');
  await page.screenshot({ path: shotPath('clients', 'tax-lookup-no-nav-hu.png'), fullPage: true });

  await taxNumber.fill('10000003-2-41');
  await dialog.getByRole('button', { name: 'Lekérdezés a NAV-tól' }).click();
  await expect(answer).toContainText('Az adószám ellenőrzőszáma hibás – valószínűleg elgépelted.');
  await expect(dialog.locator('.field', { has: page.getByLabel('Adószám', { exact: true }) })).toContainText('érvénytelen magyar adószám');
  await page.screenshot({ path: shotPath('clients', 'tax-lookup-mistyped-hu.png'), fullPage: true });
  expect(queried()).toHaveLength(0);
  expect(errors).toEqual([]);
});

test('with NAV set up: the lookup fills the name and the seat as billing address, and the client is saved (hu)', async ({ page }) => {
  await folio.server.core.call('nav.saveSettings', TECH_USER);
  const errors = watchErrors(page);
  const dialog = await newClient(page, 'hu', 'Új ügyfél');
  const answer = dialog.getByRole('status');

  // the 8-digit id alone: NAV's answer completes it
  await dialog.getByLabel('Adószám', { exact: true }).fill('34567898');
  await dialog.getByRole('button', { name: 'Lekérdezés a NAV-tól' }).click();
  await expect(answer).toContainText('A NAV szerint érvényes adószám: Példa Szoftverfejlesztő Korlátolt Felelősségű Társaság');
  await expect(answer).toContainText('Székhely a NAV szerint: 1134 Budapest, Váci út 47/B 3. em., Magyarország');
  await expect(answer).toContainText('Kitöltöttem: név, teljes adószám, számlázási cím.');
  await expect(dialog.locator('input[name="name"]')).toHaveValue('Példa Szoftver Kft.');
  await expect(dialog.getByLabel('Adószám', { exact: true })).toHaveValue('34567898-2-42');
  await expect(dialog.getByLabel('Irányítószám')).toHaveValue('1134');
  await expect(dialog.getByLabel('Település')).toHaveValue('Budapest');
  await expect(dialog.getByLabel('Közterület neve')).toHaveValue('Váci');
  await expect(dialog.getByLabel('Közterület jellege')).toHaveValue('út');
  await expect(dialog.getByLabel('Házszám')).toHaveValue('47/B 3. em.');
  await page.screenshot({ path: shotPath('clients', 'tax-lookup-found-hu.png'), fullPage: true });

  await dialog.getByRole('button', { name: 'Új ügyfél' }).click();
  await expect(dialog).toHaveCount(0);
  const saved = (await folio.server.core.call('clients.list', {})).items.find((c) => c.attributes.taxcode === '34567898-2-42');
  expect(saved?.attributes).toMatchObject({
    name: 'Példa Szoftver Kft.',
    tax_type: 'HAS_TAX_NUMBER',
    billing_address: { postcode: '1134', city: 'Budapest', street_name: 'Váci', street_type: 'út', house_nr: '47/B 3. em.', country: 'Magyarország' },
  });
  expect(queried().map((c) => c.status)).toEqual([200]);
  expect(errors).toEqual([]);
});

test('with NAV set up: a typed name and address stay, NAV’s seat is offered; an unknown taxpayer is said so (en)', async ({ page }) => {
  const errors = watchErrors(page);
  const dialog = await newClient(page, 'en', 'New client');
  const answer = dialog.getByRole('status');

  await dialog.locator('input[name="name"]').fill('Example Software');
  await dialog.getByLabel('Postcode').fill('6720');
  await dialog.getByLabel('City').fill('Szeged');
  await dialog.getByLabel('Tax number', { exact: true }).fill('34567898-2-42');
  await dialog.getByRole('button', { name: 'Look up at NAV' }).click();
  await expect(answer).toContainText('NAV knows this tax number as valid: Példa Szoftverfejlesztő Korlátolt Felelősségű Társaság');
  await expect(answer).toContainText('Registered seat according to NAV: 1134 Budapest, Váci út 47/B 3. em., Magyarország');
  await expect(dialog.locator('input[name="name"]')).toHaveValue('Example Software');
  await expect(dialog.getByLabel('City')).toHaveValue('Szeged');
  await page.screenshot({ path: shotPath('clients', 'tax-lookup-found-en.png'), fullPage: true });
  await answer.getByRole('button', { name: 'Use this address' }).click();
  await expect(dialog.getByLabel('City')).toHaveValue('Budapest');
  await expect(dialog.getByLabel('Postcode')).toHaveValue('1134');
  await expect(answer).toContainText('Filled in: billing address.');
  await expect(answer.getByRole('button', { name: 'Use this address' })).toHaveCount(0);

  // another number: the answer about the previous one goes at once
  await dialog.getByLabel('Tax number', { exact: true }).fill('10000001-2-41');
  await expect(answer).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Look up at NAV' }).click();
  await expect(answer).toContainText('NAV knows no valid taxpayer with this tax number.');
  await page.screenshot({ path: shotPath('clients', 'tax-lookup-unknown-en.png'), fullPage: true });
  expect(errors).toEqual([]);
});
