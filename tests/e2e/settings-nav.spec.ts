// Settings → NAV Online Számla in real Chromium over the HTTP door, in Hungarian. The server reaches NAV's test
// system through the fake NAV (tests/nav/fake-nav-server.ts: real HTTP, signatures and token encryption checked).
// A user comes from an invoice waiting for its report, fills the technical user in (a field error at its field that
// clears when fixed), checks the connection (a wrong password in words, then all right), saves, sees the waiting
// invoice reported, and finds a report NAV refused in plain words with "Újraküldés".
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startFakeNav, type FakeNav } from '../nav/fake-nav-server';
import { FAST, navEnv } from '../nav/queue-rig';
import { navRoute, TECH_USER } from '../nav-settings/support';
import { shotPath } from './support/shots';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';


let nav: FakeNav;
let folio: Folio;
let clientId: number;

test.beforeAll(async () => {
  nav = await startFakeNav();
  const route = navRoute();
  route.set('test', nav.baseUrl);
  folio = await startFolio(undefined, { fetch: route.fetch, navTuning: FAST });
  await setSeller(folio);
  clientId = await addClient(folio);
});

test.afterAll(async () => {
  await folio?.stop();
  await nav?.close();
});

async function issue(): Promise<{ id: number; number: string }> {
  const created = await folio.server.core.call('invoices.create', {
    client_uid: clientId,
    payment_method: 2,
    currency: 'HUF',
    type: 3,
    fulfillment_date: '2026-11-22',
    due_date: '2026-12-22',
    items: [{ description: 'Webfejlesztés', vat_id: '1', qty: '3', net_unit_price: '15000', unit: 'óra' }],
  });
  return { id: created.id, number: created.attributes.prefixed_invoice_no! };
}

/** The field's box: its label, its control and the message under it. */
const fieldOf = (page: Page, label: string): Locator => page.locator('.field', { has: page.getByLabel(label) });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: shotPath('nav', `${name}.png`), fullPage: true });
}

test('set up the technical user, check the connection, see invoices reported and a refusal in words', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 1000 });
  const errors = watchErrors(page);
  await withKey(page);
  const waiting = await issue();

  await test.step('the invoice waits for its report, and the way to the settings is on its page', async () => {
    await page.goto(`${folio.url}/#/invoices/${waiting.id}`);
    const duties = page.locator('section', { has: page.getByRole('heading', { name: 'Bejelentés és kézbesítés' }) });
    await expect(duties).toContainText('Küldésre vár');
    await expect(duties).toContainText('A NAV technikai felhasználó nincs beállítva');
    await duties.getByRole('link', { name: 'NAV-beállítások' }).click();
    await expect(page).toHaveURL(/#\/settings\/nav$/);
  });

  const userCard = page.locator('section', { has: page.getByRole('heading', { name: 'Technikai felhasználó' }) });
  const statusCard = page.locator('section', { has: page.getByRole('heading', { name: 'Állapot' }) });
  const queueCard = page.locator('section', { has: page.getByRole('heading', { name: 'Bejelentések', exact: true }) });
  const count = (state: string) => queueCard.locator(`li[data-state="${state}"] .nav-count`);

  await test.step('empty: nothing set up, the tax number prefilled from the company, one report waiting', async () => {
    await expect(statusCard).toContainText('Nincs beállítva');
    await expect(page.getByLabel('Adószám')).toHaveValue('12345676');
    await expect(fieldOf(page, 'Adószám')).toContainText('A cégadatok adószámából kitöltve.');
    await expect(count('waiting')).toHaveText('1');
    await expect(queueCard).toContainText('Nincs elutasított bejelentés.');
    await shot(page, 'nav-empty');
  });

  await test.step('a key too short: the message stands at its field and goes once the key is right', async () => {
    await page.getByLabel('Felhasználónév').fill(TECH_USER.login);
    await page.getByLabel('Jelszó').fill('Rossz-jelszo-9');
    await page.getByLabel('XML aláírókulcs').fill('ac-ac3a-7f661bff');
    await page.getByRole('button', { name: 'Mentés' }).click();
    const signing = fieldOf(page, 'XML aláírókulcs');
    await expect(signing.locator('.field-error')).toHaveText('pontosan 32 karakter, ahogy a NAV kiadta');
    await expect(page.getByLabel('XML aláírókulcs')).toHaveAttribute('aria-invalid', 'true');
    await expect(fieldOf(page, 'XML cserekulcs').locator('.field-error')).toHaveText('kötelező');
    // no system is chosen for the user: test and live users are separate registrations at NAV (issue 36)
    await expect(fieldOf(page, 'NAV rendszer').locator('.field-error')).toHaveText('Válaszd ki, melyik NAV-rendszerben regisztráltad a technikai felhasználót.');
    await shot(page, 'nav-field-error');
    await page.getByLabel('NAV rendszer').selectOption('test');
    await expect(fieldOf(page, 'NAV rendszer').locator('.field-error')).toHaveCount(0);
    // Nothing typed is lost; finishing the key clears its message.
    await expect(page.getByLabel('Felhasználónév')).toHaveValue(TECH_USER.login);
    await page.getByLabel('XML aláírókulcs').fill(TECH_USER.signature_key);
    await expect(signing.locator('.field-error')).toHaveCount(0);
    await expect(page.getByLabel('XML aláírókulcs')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('XML cserekulcs').fill(TECH_USER.exchange_key);
    await expect(fieldOf(page, 'XML cserekulcs').locator('.field-error')).toHaveCount(0);
    await expect(statusCard).toContainText('Nincs beállítva'); // refused locally: nothing was saved
  });

  await test.step('the check in words: a wrong password, then all right', async () => {
    await page.getByRole('button', { name: 'Kapcsolat ellenőrzése' }).click();
    const result = userCard.locator('[data-reason]');
    await expect(result).toContainText('Hibás felhasználónév vagy jelszó');
    await expect(result).toContainText('adj meg neki új jelszót');
    await expect(result).toContainText('INVALID_SECURITY_USER');
    await shot(page, 'nav-check-wrong-password');
    await page.getByLabel('Jelszó').fill(TECH_USER.password);
    await page.getByRole('button', { name: 'Kapcsolat ellenőrzése' }).click();
    await expect(result).toHaveAttribute('data-reason', 'ok');
    await expect(result).toContainText('Rendben');
    await expect(result).toContainText('Teszt rendszer');
    await expect(result).toContainText('Mentsd el, hogy a Folio ezekkel az adatokkal jelentsen.');
    await shot(page, 'nav-filled-check-ok');
  });

  await test.step('saved: the secrets are not shown back, and the waiting invoice is reported without a restart', async () => {
    await page.getByRole('button', { name: 'Mentés' }).click();
    await expect(page.getByText('A NAV-beállítások elmentve.')).toBeVisible();
    await expect(statusCard).toContainText('Az itt megadott technikai felhasználóval jelent a Folio.');
    await expect(statusCard.locator('[data-nav-system="test"]')).toHaveText('A bejelentések ide mennek: Teszt rendszer (próbához)');
    // The saved values checked from the status card: the stored secrets, opened by the server.
    await statusCard.getByRole('button', { name: 'A mentett adatok ellenőrzése' }).click();
    await expect(statusCard.locator('[data-reason]')).toHaveAttribute('data-reason', 'ok');
    for (const label of ['Jelszó', 'XML aláírókulcs', 'XML cserekulcs']) {
      await expect(page.getByLabel(label)).toHaveValue('');
      await expect(fieldOf(page, label)).toContainText('Elmentve. Üresen hagyva megmarad.');
    }
    await expect(count('done')).toHaveText('1', { timeout: 20_000 });
    await expect(count('waiting')).toHaveText('0');
    expect(nav.submissions(waiting.number)).toBe(1);
    await page.goto(`${folio.url}/#/invoices/${waiting.id}`);
    await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Bejelentés és kézbesítés' }) })).toContainText('Befogadva');
  });

  const refused = await issue();
  nav.abortInvoice(refused.number, 'INVOICE_NUMBER_NOT_UNIQUE', 'A számlaszám már szerepel a rendszerben');

  await test.step('an invoice issued now is reported; NAV refuses it, and the screen says why and what to do', async () => {
    // The invoice's page reads its duties once: open it when the reporter is done with it.
    await expect.poll(async () => (await folio.server.core.call('invoices.duties', { id: refused.id })).nav?.state, { timeout: 20_000 }).toBe('aborted');
    await page.goto(`${folio.url}/#/invoices/${refused.id}`);
    const duties = page.locator('section', { has: page.getByRole('heading', { name: 'Bejelentés és kézbesítés' }) });
    await expect(duties).toContainText('Sikertelen');
    await page.goto(`${folio.url}/#/settings/nav`);
    await expect(count('aborted')).toHaveText('1');
    const row = queueCard.locator(`tr[data-invoice="${refused.id}"]`);
    await expect(row.getByRole('link', { name: refused.number })).toHaveAttribute('href', `#/invoices/${refused.id}`);
    await expect(row).toContainText('Ezzel a számlaszámmal már van befogadott számla a NAV-nál.');
    await expect(row).toContainText('adj a számlatömbnek egyedi előtagot');
    await expect(row).toContainText('NAV-kód: INVOICE_NUMBER_NOT_UNIQUE');
    await expect(row).toContainText('A számlaszám már szerepel a rendszerben');
    await shot(page, 'nav-queue-refused');
  });

  await test.step('Újraküldés sends it to NAV again', async () => {
    const row = queueCard.locator(`tr[data-invoice="${refused.id}"]`);
    await row.getByRole('button', { name: 'Újraküldés' }).click();
    await expect(page.getByText('1 bejelentés újra sorba került.')).toBeVisible();
    // The fake still refuses this number: it comes back refused, counted as sent again once.
    await expect(row).toContainText('Már 1× újraküldve', { timeout: 20_000 });
    expect(nav.submissions(refused.number)).toBe(2);
  });

  expect(errors).toEqual([]);
});

test('a server set up by FOLIO_NAV_*: the screen says the environment is in charge and shows it without secrets', async ({ page }) => {
  await page.setViewportSize({ width: 1360, height: 1000 });
  const errors = watchErrors(page);
  const env = navEnv(nav.baseUrl);
  const server = await startFolio(undefined, { env, navTuning: FAST });
  try {
    await withKey(page);
    await page.goto(`${server.url}/#/settings/nav`);
    const statusCard = page.locator('section', { has: page.getByRole('heading', { name: 'Állapot' }) });
    await expect(statusCard).toContainText('A szerver környezeti változóiban (FOLIO_NAV_*) megadott felhasználóval jelent a Folio.');
    await expect(page.getByText('Most a szerver környezeti változói érvényesek.')).toBeVisible();
    const facts = statusCard.getByRole('definition');
    await expect(facts).toHaveText(['folio0test', '12345676', 'Egyéni cím', nav.baseUrl]);
    for (const secret of [env.FOLIO_NAV_PASSWORD, env.FOLIO_NAV_SIGNATURE_KEY, env.FOLIO_NAV_EXCHANGE_KEY]) {
      expect(await page.content()).not.toContain(secret);
    }
    await statusCard.getByRole('button', { name: 'Ellenőrzés ezekkel' }).click();
    await expect(statusCard.locator('[data-reason]')).toHaveAttribute('data-reason', 'ok');
    await shot(page, 'nav-environment');
  } finally {
    await server.stop();
  }
  expect(errors).toEqual([]);
});
