// Settings → E-mail and the send dialog, in Hungarian, in Chromium against a real server and a real SMTP server on
// 127.0.0.1 (deliveries parsed back): a preset, a field error shown and cleared, a failed and a delivered test
// message, an invoice sent with edited recipients and a copy, the outbox with a refused message sent on "Újra";
// and, with e-mail not set up, the dialog saying so with the way to the settings.
import { expect, test, type Page } from '@playwright/test';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import { closedPort, pdfText, startSmtp, type TestSmtp } from '../mail/helpers';
import { shotPath } from './support/shots';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

const shot = (page: Page, name: string) => page.screenshot({ path: shotPath('mail', name) });

async function issueInvoice(folio: Folio, clientId: number): Promise<{ id: number; no: string }> {
  const created = await folio.server.core.call('invoices.create', {
    client_uid: clientId, payment_method: 2, currency: 'HUF', type: INVOICE_TYPE.invoice, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Webfejlesztés', qty: 1, net_unit_price: '150000', vat_id: 1 }],
  });
  const invoice = await folio.server.core.invoices.read(created.id);
  return { id: created.id, no: invoice.attributes.prefixed_invoice_no! };
}

const addresses = (field: unknown) =>
  field && typeof field === 'object' && 'value' in field ? (field as { value: Array<{ address?: string }> }).value.map((v) => v.address) : [];

test('the E-mail tab: preset, field error cleared when fixed, test message; the send dialog; the outbox and Újra', async ({ page }) => {
  let refuse = false;
  const smtp: TestSmtp = await startSmtp({
    onRcptTo(address, _session, callback) {
      if (refuse && address.address.startsWith('nincs')) callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
  });
  const folio = await startFolio();
  try {
    await setSeller(folio, 'Minta Bt.');
    const clientId = await addClient(folio);
    const invoice = await issueInvoice(folio, clientId);
    const errors = watchErrors(page);
    await withKey(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${folio.url}/#/settings/email`);
    await expect(page.getByRole('heading', { name: 'E-mail-fiók (SMTP)' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'E-mail', exact: true })).toHaveAttribute('aria-current', 'page');

    await test.step('a preset fills the server; "Más szerver" leaves it to the user', async () => {
      await page.getByRole('button', { name: 'Gmail' }).click();
      await expect(page.getByLabel('SMTP-szerver')).toHaveValue('smtp.gmail.com');
      await expect(page.getByLabel('Port')).toHaveValue('465');
      await expect(page.getByLabel('Titkosítás')).toHaveValue('tls');
      await expect(page.getByText(/alkalmazásjelszó kell/)).toBeVisible();
      await page.getByRole('button', { name: 'Outlook / Microsoft 365' }).click();
      await expect(page.getByLabel('SMTP-szerver')).toHaveValue('smtp.office365.com');
      await expect(page.getByLabel('Port')).toHaveValue('587');
      await expect(page.getByLabel('Titkosítás')).toHaveValue('starttls');
      await shot(page, 'email-tab-preset');
      await page.getByRole('button', { name: 'Más szerver' }).click();
      await expect(page.getByLabel('SMTP-szerver')).toHaveValue('');
    });

    const port = page.getByLabel('Port');
    await test.step('a bad sender address is refused at its field, in Hungarian, and the error goes once fixed', async () => {
      await page.getByLabel('SMTP-szerver').fill('127.0.0.1');
      await port.fill(String(await closedPort()));
      await page.getByLabel('Titkosítás').selectOption('none');
      await expect(page.getByLabel('Feladó neve')).toHaveValue('Minta Bt.');
      await page.getByLabel('Feladó e-mail-címe').fill('szamla@minta');
      await page.getByRole('button', { name: 'Mentés' }).click();
      const senderField = page.locator('.field').filter({ has: page.getByLabel('Feladó e-mail-címe') });
      await expect(senderField.locator('.field-error')).toHaveText('érvényes e-mail-címet adj meg');
      await expect(page.getByLabel('Feladó e-mail-címe')).toHaveAttribute('aria-invalid', 'true');
      await shot(page, 'email-tab-field-error');
      // still wrong while typing: the message stays; right: it goes, and nothing typed is lost
      const sender = page.getByLabel('Feladó e-mail-címe');
      await sender.pressSequentially('.');
      await expect(senderField.locator('.field-error')).toHaveText('érvényes e-mail-címet adj meg');
      await sender.pressSequentially('example');
      await expect(senderField.locator('.field-error')).toHaveCount(0);
      await expect(sender).toHaveValue('szamla@minta.example');
      await expect(page.getByLabel('SMTP-szerver')).toHaveValue('127.0.0.1');
      await page.getByRole('button', { name: 'Mentés' }).click();
      await expect(page.getByText('Az e-mail-beállítások elmentve.')).toBeVisible();
    });

    await test.step('the test message: refused in plain words, then delivered once the port is right', async () => {
      const to = page.getByLabel('Kinek menjen?');
      await expect(to).toHaveValue('szamla@minta.example');
      await to.fill('tulaj@minta.example');
      await page.getByRole('button', { name: 'Próbalevél küldése' }).click();
      await expect(page.getByText('A próbalevél nem ment el')).toBeVisible();
      await expect(page.getByText(/A szerver elutasította a kapcsolatot/)).toBeVisible();
      await shot(page, 'email-test-failed');

      await port.fill(String(smtp.port));
      await page.getByRole('button', { name: 'Mentés' }).click();
      await page.getByRole('button', { name: 'Próbalevél küldése' }).click();
      await expect(page.getByText('A próbalevél elment a(z) tulaj@minta.example címre. Nézd meg a postafiókot.')).toBeVisible({ timeout: 20_000 }); // a real SMTP round trip, the mail modules loaded on first use
      const [test1] = await smtp.waitFor(1);
      expect(test1!.subject).toBe('Folio próbalevél');
      expect(addresses(test1!.to)).toEqual(['tulaj@minta.example']);
      expect(test1!.from?.value[0]).toEqual({ name: 'Minta Bt.', address: 'szamla@minta.example' });
      await shot(page, 'email-test-sent');
    });

    await test.step('the send dialog: prefilled, a bad recipient at its field, then sent with edited recipients and a copy', async () => {
      await page.goto(`${folio.url}/#/invoices/${invoice.id}`);
      await page.getByRole('button', { name: 'Küldés e-mailben' }).click();
      const dialog = page.getByRole('dialog', { name: 'Számla küldése e-mailben' });
      const recipients = dialog.getByLabel('Címzettek');
      await expect(recipients).toHaveValue('szamla@vevo.example');
      await expect(dialog.getByLabel('Tárgy')).toHaveValue(`Számla ${invoice.no} – Minta Bt.`);
      await expect(dialog.getByLabel('Üzenet')).toHaveValue(/Mellékelten küldjük a\(z\) .* számú számlát\./);
      await expect(dialog.locator('[data-attachment]')).toHaveText(`Számla-${invoice.no}.pdf`);
      await expect(dialog.getByText('A levél a számla nyelvén megy: magyar.')).toBeVisible();

      await recipients.fill('konyvelo@vevo.example, penzugy@');
      await dialog.getByRole('button', { name: 'Küldés' }).click();
      const toField = dialog.locator('.field').filter({ has: page.getByLabel('Címzettek') });
      await expect(toField.locator('.field-error')).toHaveText('ez nem e-mail-cím: penzugy@');
      await shot(page, 'send-dialog-error');
      await recipients.fill('konyvelo@vevo.example, penzugy@vevo.example');
      await expect(toField.locator('.field-error')).toHaveCount(0);
      await dialog.getByLabel('Másolat (CC)').fill('tulaj@minta.example');
      await dialog.getByLabel('Tárgy').fill(`Számla ${invoice.no} – novemberi munka`);
      await dialog.getByRole('button', { name: 'Küldés' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('A számla küldésre vár: konyvelo@vevo.example, penzugy@vevo.example.')).toBeVisible();

      const [, mail] = await smtp.waitFor(2);
      expect(addresses(mail!.to)).toEqual(['konyvelo@vevo.example', 'penzugy@vevo.example']);
      expect(addresses(mail!.cc)).toEqual(['tulaj@minta.example']);
      expect(mail!.subject).toBe(`Számla ${invoice.no} – novemberi munka`);
      expect(mail!.text).toContain('Mellékelten küldjük');
      expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`Számla-${invoice.no}.pdf`, 'application/pdf']]);
      expect(await pdfText(mail!.attachments[0]!.content)).toContain(invoice.no);
    });

    await test.step('the outbox: sent, and a refused message failed in words until "Újra" sends it', async () => {
      refuse = true;
      await folio.server.core.call('invoices.send', { id: invoice.id, to: ['nincs.ilyen@vevo.example'] });
      await page.goto(`${folio.url}/#/settings/email`);
      const table = page.getByRole('table', { name: 'Kimenő levelek' });
      const failedRow = table.getByRole('row').filter({ hasText: 'nincs.ilyen@vevo.example' });
      await expect(failedRow).toContainText('Sikertelen', { timeout: 15_000 });
      await expect(failedRow).toContainText('A szerver visszautasította a levelet');
      const sentRow = table.getByRole('row').filter({ hasText: 'konyvelo@vevo.example, penzugy@vevo.example' });
      await expect(sentRow).toContainText('Elküldve');
      await expect(sentRow).toContainText('másolat: tulaj@minta.example');
      await expect(sentRow.getByRole('link', { name: invoice.no })).toHaveAttribute('href', `#/invoices/${invoice.id}`);
      // the "queued" toast of the send would cover the rows
      await expect(page.locator('.toast')).toHaveCount(0, { timeout: 10_000 });
      await page.locator('section', { has: page.getByRole('heading', { name: 'Kimenő levelek' }) }).screenshot({ path: shotPath('mail', 'email-outbox') });

      refuse = false;
      await failedRow.getByRole('button', { name: `Újraküldés: ${invoice.no}` }).click();
      await expect(page.getByText('A levél újra sorba állt.')).toBeVisible();
      await expect(failedRow).toContainText('Elküldve', { timeout: 15_000 });
      // the refused attempt never reached the mailbox: test message, invoice, and now this one
      const [, , retried] = await smtp.waitFor(3);
      expect(addresses(retried!.to)).toEqual(['nincs.ilyen@vevo.example']);
    });
    expect(errors).toEqual([]);
  } finally {
    await folio.stop();
    await smtp.close();
  }
});

test('with e-mail not set up the dialog says so, and its link leads to Settings → E-mail', async ({ page }) => {
  const folio = await startFolio();
  try {
    await setSeller(folio);
    const invoice = await issueInvoice(folio, await addClient(folio));
    const errors = watchErrors(page);
    await withKey(page);
    await page.goto(`${folio.url}/#/invoices/${invoice.id}`);
    await page.getByRole('button', { name: 'Küldés e-mailben' }).click();
    const dialog = page.getByRole('dialog', { name: 'Számla küldése e-mailben' });
    await expect(dialog.getByText('Az e-mail-küldés még nincs beállítva, ezért a számla most nem küldhető el.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Küldés' })).toBeDisabled();
    // what was prefilled is still there to look at
    await expect(dialog.getByLabel('Címzettek')).toHaveValue('szamla@vevo.example');
    await shot(page, 'send-dialog-not-set-up');
    await dialog.getByRole('link', { name: 'E-mail beállítása' }).click();
    await expect(page).toHaveURL(/#\/settings\/email$/);
    await expect(page.getByRole('heading', { name: 'E-mail-fiók (SMTP)' })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);
  } finally {
    await folio.stop();
  }
});

test('with FOLIO_SMTP_URL set on the server, the E-mail tab says that account is in use', async ({ page }) => {
  const folio = await startFolio(undefined, {
    env: { FOLIO_SMTP_URL: 'smtp://relay:titok@127.0.0.1:2525?security=none', FOLIO_MAIL_FROM: 'Minta Bt. <szamla@minta.example>' },
  });
  try {
    await withKey(page);
    await page.goto(`${folio.url}/#/settings/email`);
    const notice = page.locator('[data-env-notice]');
    await expect(notice).toContainText('A szerver saját beállítása van érvényben');
    await expect(notice).toContainText('FOLIO_SMTP_URL környezeti változóból veszi a fiókot (127.0.0.1:2525, feladó: szamla@minta.example)');
    // the test message goes with that account, so it can be tried at once
    await expect(page.getByLabel('Kinek menjen?')).toHaveValue('szamla@minta.example');
    await expect(page.getByRole('button', { name: 'Próbalevél küldése' })).toBeEnabled();
    await shot(page, 'email-env-in-use');
  } finally {
    await folio.stop();
  }
});
