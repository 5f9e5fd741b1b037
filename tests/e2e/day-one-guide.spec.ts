// The setup guide and the dashboard for a newcomer (issue 36), in Hungarian: a wrong tax number's summary is brought
// into view and focused; NAV reporting is a numbered step that is skipped only after a warning that the law
// requires it, and never marked done with nothing set up; the guide stays reachable from the dashboard until it is
// done; the dashboard lists the invoices waiting for NAV with their age, red once late.
import { expect, test } from '@playwright/test';
import { startServer } from '../../electron/server/start';
import { addClient, rpcOn, setSeller, signIn, startFolio, API_KEY, UI_DIR, watchErrors, type Folio } from './support/folio';
import { screenshot } from './support/shots';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
});
test.afterAll(async () => {
  await folio.stop();
});

const rpc = <T = any>(name: string, input: unknown = {}) => rpcOn<T>(folio.url, API_KEY, name, input);

test('the guide: the error summary in view, NAV a required step skipped with a warning, reachable from the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const errors = watchErrors(page);
  await signIn(page, folio);
  await expect(page.getByRole('heading', { name: 'Üdv a Folióban!' })).toBeVisible();

  await test.step('a wrong tax number: the summary is in view and has the focus', async () => {
    await page.getByLabel('Cégnév vagy név').fill('Kezdő Bt.');
    await page.getByLabel('Adószám', { exact: true }).fill('12345678-2-41');
    await page.getByLabel('Irányítószám').fill('6720');
    await page.getByLabel('Település').fill('Szeged');
    await page.getByLabel('Közterület neve').fill('Kárász');
    await page.getByLabel('Közterület jellege').fill('utca');
    await page.getByLabel('Házszám').fill('5');
    await page.getByRole('button', { name: 'Eladó adatainak mentése' }).click();
    const summary = page.locator('.notice-error[role="alert"]');
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    await screenshot(page, 'day-one', 'guide-error-summary');
    await page.getByLabel('Adószám', { exact: true }).fill('12345676-2-41');
    await page.getByRole('button', { name: 'Eladó adatainak mentése' }).click();
    await expect(page.getByText('Az eladó adatai elmentve.')).toBeVisible();
  });

  const navStep = page.locator('li.step[data-step="nav"]');
  await test.step('NAV is step 3, not among "if you need it"; skipping it warns that the law requires the reports', async () => {
    await page.locator('li.step', { has: page.getByRole('heading', { name: '2. Bankszámla' }) }).getByRole('button', { name: 'Most kihagyom' }).click();
    await expect(navStep.getByRole('heading', { name: '3. NAV Online Számla bejelentés' })).toBeVisible();
    await expect(navStep).toContainText('A törvény előírja');
    await expect(page.locator('li.optional-step', { has: page.getByRole('heading', { name: 'NAV Online Számla' }) })).toHaveCount(0);
    await expect(navStep.getByRole('button', { name: 'Kész' })).toHaveCount(0);
    await navStep.getByRole('button', { name: 'Most kihagyom' }).click();
    const confirm = page.getByRole('dialog', { name: 'Kihagyod a NAV-bejelentés beállítását?' });
    await expect(confirm).toContainText('A törvény előírja, hogy a kiállított számlák adatait haladéktalanul be kell jelenteni a NAV-nak.');
    await expect(confirm.getByRole('button', { name: 'Kihagyom, tudomásul veszem' })).toBeFocused();
    await screenshot(page, 'day-one', 'guide-nav-skip-warning');
    await page.keyboard.press('Enter');
    await expect(navStep.locator('[data-nav-skipped]')).toContainText('Kihagyva – a törvény előírja a bejelentést');
    await expect(navStep.getByRole('link', { name: 'Mégis beállítom' })).toHaveAttribute('href', '#/settings/nav');
    expect((await rpc('settings.get')).setup_steps).toMatchObject({ bank: 'skipped', nav: 'skipped' });
    await screenshot(page, 'day-one', 'guide-nav-skipped');
  });

  await test.step('an old "done" mark with nothing set up does not make the NAV step done', async () => {
    await rpc('settings.update', { setup_steps: { nav: 'done' } });
    await page.reload();
    await expect(navStep.getByRole('heading', { name: '3. NAV Online Számla bejelentés' })).toBeVisible();
    await expect(navStep).not.toHaveClass(/\bdone\b/);
    await expect(navStep.getByRole('link', { name: 'NAV-kapcsolat beállítása' })).toBeVisible();
  });

  await test.step('left for the dashboard: a card leads back to the guide until it is done', async () => {
    await page.getByRole('navigation', { name: 'Fő menü' }).getByRole('link', { name: 'Áttekintés' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Áttekintés' })).toBeVisible();
    const card = page.getByTestId('setup-card');
    await expect(card).toContainText('A beállítás még nincs kész');
    await expect(card).toContainText('Hátravan: a NAV-bejelentés beállítása, az első számla.');
    await screenshot(page, 'day-one', 'dashboard-setup-card');
    await card.getByRole('link', { name: 'A beállítási útmutató folytatása' }).click();
    await expect(page.getByRole('heading', { name: 'Üdv a Folióban!' })).toBeVisible();
  });
  expect(errors).toEqual([]);
});

test.describe('the dashboard with invoices waiting for NAV', () => {
  let old: Folio;
  test.beforeAll(async () => {
    // two invoices issued four days before the business day of the test server, one on that day; NAV is not set up
    old = await startFolio(async (dbFile) => {
      const earlier = await startServer({ dbFile, port: 0, auth: { apiKey: API_KEY }, now: '2026-11-18T09:00:00Z', uiDir: UI_DIR, env: { FOLIO_RATES_PREFETCH: 'off' } });
      try {
        await setSeller({ server: earlier });
        const client = await addClient({ server: earlier }, 'Régi Vevő Kft.');
        for (const description of ['Első munka', 'Második munka']) {
          await earlier.core.call('invoices.create', {
            client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-18', due_date: '2026-11-26',
            items: [{ description, qty: 1, net_unit_price: '10000', vat_id: 1 }],
          });
        }
      } finally {
        await earlier.close();
      }
    });
    const client = await addClient(old, 'Mai Vevő Kft.');
    await old.server.core.call('invoices.create', {
      client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
      items: [{ description: 'Mai munka', qty: 1, net_unit_price: '10000', vat_id: 1 }],
    });
  });
  test.afterAll(async () => {
    await old.stop();
  });

  test('waiting invoices with their age, the late ones in red, and what to do', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    await signIn(page, old as Folio);
    await expect(page.getByRole('heading', { level: 1, name: 'Áttekintés' })).toBeVisible();
    const card = page.getByTestId('nav-waiting');
    await expect(card.getByRole('heading', { name: 'NAV-bejelentésre vár: 3 számla' })).toBeVisible();
    await expect(card).toContainText('A NAV-kapcsolat nincs beállítva');
    const late = card.locator('[data-nav-waiting="2026-000001"]');
    await expect(late).toContainText('4 napja vár · késésben');
    await expect(late).toHaveAttribute('data-late', 'true');
    const color = await late.locator('.age').evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe('rgb(180, 35, 24)'); // --danger
    const fresh = card.locator('[data-nav-waiting="2026-000003"]');
    await expect(fresh).toContainText('ma kiállítva');
    await expect(fresh).not.toHaveAttribute('data-late');
    await expect(card.getByRole('link', { name: 'NAV-beállítások' })).toHaveAttribute('href', '#/settings/nav');
    await late.getByRole('link', { name: '2026-000001' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Számla 2026-000001' })).toBeVisible();
    await page.goBack();
    await screenshot(page, 'day-one', 'dashboard-nav-waiting', { fullPage: true });
    expect(errors).toEqual([]);
  });
});

