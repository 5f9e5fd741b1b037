// Sending the accountant package by e-mail, in Chromium against a real server and a real SMTP server on 127.0.0.1:
// on the Reports screen with no address set the way to the setting; in Settings → Company → Accountant a wrong
// address refused at the field in Hungarian and the message gone once the address is right; back on Reports the
// address the package goes to, "Küldés a könyvelőnek", and the message that it is queued — the delivery parsed back
// and its ZIP listed. Then the same in English. Screenshots of each step for review.
import { expect, test, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { startSmtp, type TestSmtp } from '../mail/helpers';
import { unzip } from '../backup/unzip';
import { screenshot } from './support/shots';
import { setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

test.use({ locale: 'hu-HU', viewport: { width: 1280, height: 1100 } });

let smtp: TestSmtp;
let folio: Folio;
test.beforeAll(async () => {
  smtp = await startSmtp();
  folio = await startFolio(undefined, { env: { FOLIO_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?security=none`, FOLIO_MAIL_FROM: 'Minta Bt. <szamla@minta.example>' } });
  await setSeller(folio);
  const core = folio.server.core;
  const client = await core.call('clients.create', {
    name: 'Alfa Kft.',
    taxcode: '10000001-2-41',
    tax_type: 'HAS_TAX_NUMBER',
    email: 'szamla@alfa.example',
    billing_address: { postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5', country: 'Magyarország' },
  });
  for (const [day, description] of [['2026-10-06', 'Webfejlesztés'], ['2026-11-03', 'Tanácsadás']] as const) {
    await core.call('invoices.create', {
      client_uid: client.id, type: 3, block_uid: 0, payment_method: 2, currency: 'HUF', fulfillment_date: day, due_date: '2026-12-10',
      items: [{ description, qty: 1, unit: 'db', net_unit_price: 100000, vat_id: 1 }],
    } as never);
  }
});
test.afterAll(async () => {
  await folio?.stop();
  await smtp?.close();
});

const QUARTER = '2026-10-01–2026-12-31';

function zipNames(mail: ParsedMail): string[] {
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([['konyvelo-csomag_2026-10-01_2026-12-31.zip', 'application/zip']]);
  return [...unzip(mail.attachments[0]!.content).keys()];
}

async function sendCard(page: Page) {
  await page.goto(`${folio.url}/#/reports`);
  const card = page.getByTestId('accountant-package');
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  return card;
}

test('the accountant’s address in Settings, and the package sent from Reports, in Hungarian and in English', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await withKey(page);

  await test.step('no address yet: Reports shows the way to the setting', async () => {
    const card = await sendCard(page);
    await expect(card.getByTestId('accountant-send')).toContainText('Még nincs megadva a könyvelő e-mail-címe.');
    await expect(card.getByRole('button', { name: 'Küldés a könyvelőnek' })).toHaveCount(0);
    await screenshot(page, 'reports', 'accountant-send-no-address-hu');
    await card.getByRole('link', { name: 'Megadás a Beállításokban' }).click();
    await expect(page.getByRole('heading', { name: 'Beállítások', level: 1 })).toBeVisible();
  });

  await test.step('Settings → Accountant: a wrong address refused at the field, the message gone once it is right', async () => {
    const section = page.getByTestId('accountant-settings');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('heading', { name: 'Könyvelő' })).toBeVisible();
    await section.getByLabel('Könyvelő neve').fill('Kovács Anna');
    await section.getByLabel('Könyvelő e-mail-címe').fill('konyvelo@');
    await section.getByRole('button', { name: 'Mentés' }).click();
    await expect(section.getByText('érvényes e-mail-címet adj meg').first()).toBeVisible();
    await screenshot(page, 'reports', 'accountant-setting-error-hu');
    await section.getByLabel('Könyvelő e-mail-címe').fill('konyvelo@pelda.hu');
    await expect(section.getByText('érvényes e-mail-címet adj meg')).toHaveCount(0);
    await section.getByRole('button', { name: 'Mentés' }).click();
    await expect(page.getByText('A beállítások elmentve.')).toBeVisible();
    expect((await folio.server.core.call('settings.get', {})).accountant).toEqual({ name: 'Kovács Anna', email: 'konyvelo@pelda.hu' });
    await screenshot(page, 'reports', 'accountant-setting-hu');
  });

  await test.step('Reports: where it goes, "Küldés a könyvelőnek", queued, delivered', async () => {
    const card = await sendCard(page);
    await expect(card.getByTestId('accountant-recipient')).toHaveText('Címzett: Kovács Anna <konyvelo@pelda.hu>');
    await card.getByRole('button', { name: 'Küldés a könyvelőnek' }).click();
    // the build's progress while it runs
    await expect(card.getByTestId('accountant-send').getByRole('status')).toBeVisible();
    await expect(card.getByTestId('accountant-send').getByRole('status')).toContainText('A csomag a kimenő levelek között vár, hamarosan elmegy ide: konyvelo@pelda.hu.', { timeout: 60_000 });
    await screenshot(page, 'reports', 'accountant-send-queued-hu');
    const [mail] = await smtp.waitFor(1, 30_000);
    expect(mail!.subject).toBe(`Könyvelői csomag – Minta Bt. – ${QUARTER}`);
    expect(mail!.text).toContain('Kedves Kovács Anna!');
    expect(mail!.text).toContain('kiállított számlák PDF-ben (szamlak/): 2 db');
    const names = zipNames(mail!);
    expect(names.filter((n) => n.startsWith('szamlak/'))).toHaveLength(2);
    expect(names).toContain('osszesito.pdf');
    // the outbox names the accountant's message
    await page.goto(`${folio.url}/#/settings/email`);
    const row = page.locator('tr', { hasText: 'konyvelo@pelda.hu' });
    await expect(row).toContainText('Könyvelő');
    await expect(row).toContainText('Elküldve');
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'reports', 'accountant-outbox-hu');
  });

  await test.step('in English', async () => {
    await page.goto(`${folio.url}/#/settings`);
    await page.getByRole('button', { name: 'English' }).first().click();
    const section = page.getByTestId('accountant-settings');
    await expect(section.getByRole('heading', { name: 'Accountant' })).toBeVisible();
    await section.getByLabel('Accountant’s e-mail address').fill('rossz cím');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('enter a valid e-mail address').first()).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'reports', 'accountant-setting-error-en');
    await section.getByLabel('Accountant’s e-mail address').fill('konyvelo@pelda.hu');
    await expect(section.getByText('enter a valid e-mail address')).toHaveCount(0);

    const card = await sendCard(page);
    await expect(card.getByTestId('accountant-recipient')).toHaveText('To: Kovács Anna <konyvelo@pelda.hu>');
    await card.getByRole('button', { name: 'Send to the accountant' }).click();
    await expect(card.getByTestId('accountant-send').getByRole('status')).toContainText('The package is in the outbox and goes to konyvelo@pelda.hu shortly.', { timeout: 60_000 });
    await screenshot(page, 'reports', 'accountant-send-queued-en');
    const mails = await smtp.waitFor(2, 30_000);
    // the message stays Hungarian: the package is (its folders, summary and VAT analysis)
    expect(mails[1]!.subject).toBe(`Könyvelői csomag – Minta Bt. – ${QUARTER}`);
    expect(zipNames(mails[1]!).filter((n) => n.startsWith('nav/'))).toHaveLength(2);
  });
  expect(errors).toEqual([]);
});
