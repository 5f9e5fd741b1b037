// Payment reminders in Chromium, in Hungarian, against a real server and a real SMTP server on 127.0.0.1: the
// Settings → Emlékeztetők tab (switch on, change a step, a base rate with its day, a client who wants none), the
// client form's "no reminders" box, then an
// invoice's reminder panel (the next step, "Emlékeztető most" delivered with its statement, the history, "Leállítás").
import { expect, test, type Page } from '@playwright/test';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import { pdfText, startSmtp, type TestSmtp } from '../mail/helpers';
import { shotPath } from './support/shots';
import { addClient, API_KEY, rpcOn, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

const shot = (page: Page, name: string) => page.screenshot({ path: shotPath('reminders', name), fullPage: true });

let smtp: TestSmtp | undefined;
let folio: Folio | undefined;
test.afterEach(async () => {
  await folio?.stop();
  await smtp?.close();
});

test('the reminder settings and an invoice reminded now, then stopped', async ({ page }) => {
  smtp = await startSmtp();
  // The background pass is kept away (first run in 10 minutes): the test runs it when it wants one.
  folio = await startFolio(undefined, {
    env: { FOLIO_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?security=none`, FOLIO_MAIL_FROM: 'Minta Bt. <szamla@minta.example>', FOLIO_REMINDERS_FIRST_MS: '600000' },
  });
  await setSeller(folio, 'Minta Bt.');
  const clientId = await addClient(folio, 'Vevő Kft.');
  const quiet = await addClient(folio, 'Csendes Kft.');
  // Issued today (22 Nov 2026), due on the 25th: three days before the due date is today.
  const created = await folio.server.core.call('invoices.create', {
    client_uid: clientId, payment_method: 2, currency: 'HUF', type: INVOICE_TYPE.invoice, fulfillment_date: '2026-11-22', due_date: '2026-11-25',
    items: [{ description: 'Webfejlesztés', qty: 1, net_unit_price: '150000', vat_id: 1 }],
  });
  const invoice = await folio.server.core.invoices.read(created.id);
  const errors = watchErrors(page);
  await withKey(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  await test.step('Settings → Emlékeztetők: switched on, a step changed and one added, saved', async () => {
    await page.goto(`${folio!.url}/#/settings/reminders`);
    await expect(page.getByRole('heading', { name: 'Fizetési emlékeztetők' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Emlékeztetők', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('reminder-step')).toHaveCount(3);
    await expect(page.getByText('Még nincs alapkamat rögzítve')).toBeVisible();
    await shot(page, 'settings-default');
    await page.getByLabel('Emlékeztetők küldése automatikusan').check();
    await page.getByRole('textbox', { name: '3. lépés' }).fill('30');
    await page.getByRole('button', { name: 'Új lépés' }).click();
    await page.getByRole('textbox', { name: '4. lépés' }).fill('x');
    await page.getByRole('button', { name: 'Mentés' }).click();
    await expect(page.getByText('egész számot adj meg')).toBeVisible();
    await page.getByRole('textbox', { name: '4. lépés' }).fill('60');
    await page.getByLabel('Behajtási költségátalány (40 EUR) felszámítása').check();
    await page.getByRole('button', { name: 'Mentés' }).click();
    await expect(page.getByText('Az emlékeztetők beállításai elmentve')).toBeVisible();
    const saved = await rpcOn(folio!.url, API_KEY, 'reminders.settings');
    expect(saved).toMatchObject({ enabled: true, steps: [-3, 7, 30, 60], interest: true, recovery_cost: true });
  });

  await test.step('a base rate with its day, and a client who wants no reminders', async () => {
    await page.getByLabel('Érvényes ettől').fill('2026.09.24.');
    await page.getByLabel('Alapkamat (%)').fill('6,5');
    await page.getByRole('button', { name: 'Rögzítés' }).click();
    await expect(page.getByTestId('base-rates')).toContainText('2026. 09. 24.');
    await expect(page.getByTestId('base-rates')).toContainText('6,5%');
    await page.getByLabel('Ügyfél', { exact: true }).selectOption({ label: 'Csendes Kft.' });
    await page.getByRole('button', { name: 'Hozzáadás' }).click();
    await expect(page.getByTestId('opted-out')).toContainText('Csendes Kft.');
    expect(await rpcOn(folio!.url, API_KEY, 'reminders.client', { id: quiet })).toEqual({ client_id: quiet, opted_out: true });
    await shot(page, 'settings-saved');
  });

  await test.step('the client form shows the opt-out and changes it', async () => {
    await page.goto(`${folio!.url}/#/clients`);
    await page.getByRole('button', { name: 'Csendes Kft.', exact: true }).click();
    const box = page.getByLabel('Ne kapjon fizetési emlékeztetőt');
    await expect(box).toBeChecked();
    await shot(page, 'client-form-opt-out');
    await box.uncheck();
    await page.getByRole('button', { name: 'Mentés' }).click();
    // the form has taken the answer in (else leaving the page asks about unsaved changes), and the server has it
    await expect(page.getByRole('status').getByText('Elmentve.')).toBeVisible();
    await expect.poll(async () => (await rpcOn(folio!.url, API_KEY, 'reminders.client', { id: quiet })).opted_out).toBe(false);
  });

  await test.step('the invoice: next step today; "Emlékeztető most" goes out with the statement; then stopped', async () => {
    await page.goto(`${folio!.url}/#/invoices/${invoice.id}`);
    const panel = page.getByTestId('reminders-panel');
    await expect(panel.getByTestId('reminder-status')).toHaveText('Következő emlékeztető: 2026. 11. 22. (3 nappal a határidő előtt)');
    await expect(panel).toContainText('Még nem ment emlékeztető.');
    await panel.getByRole('button', { name: 'Emlékeztető most' }).click();
    await expect(page.getByText('Az emlékeztető a kimenő levelek közé került')).toBeVisible();
    const [mail] = await smtp!.waitFor(1);
    expect(mail!.subject).toBe(`Fizetési emlékeztető: ${invoice.attributes.prefixed_invoice_no} számla, esedékes 2026.11.25.`);
    const statement = (await pdfText(mail!.attachments[0]!.content)).replace(/\s+/g, ' ');
    expect(statement).toContain('Folyószámla-kivonat');
    expect(statement).toContain(invoice.attributes.prefixed_invoice_no!);
    const history = panel.getByTestId('reminder-history');
    await expect(history).toContainText('kézi');
    await expect(history).toContainText('Elküldve');
    await shot(page, 'invoice-reminded');
    // the rule's step of today is still its own (a manual reminder does not use it up): the pass sends it
    const pass = await rpcOn<{ queued: unknown[] }>(folio!.url, API_KEY, 'reminders.run');
    expect(pass.queued).toHaveLength(1);
    await smtp!.waitFor(2);
    await panel.getByRole('button', { name: 'Emlékeztetők leállítása' }).click();
    await expect(panel.getByTestId('reminder-status')).toHaveText('Ennek a számlának az emlékeztetői leállítva.');
    await expect(panel.getByRole('button', { name: 'Emlékeztetők folytatása' })).toBeVisible();
    await expect(history.locator('tbody tr')).toHaveCount(2);
    await shot(page, 'invoice-stopped');
  });
  expect(smtp.messages).toHaveLength(2);
  expect(errors).toEqual([]);
});
