// E-invoices in the UI, in Chromium through the HTTP door: the client form's e-invoice format and buyer reference
// (Leitweg-ID) saved and shown again; an issued invoice's UBL, CII and Factur-X downloads (the files opened and
// checked: the XML against the EN 16931 rules, the PDF for its factur-x.xml); none for a draft; the send dialog
// naming the XML that goes beside the PDF. Hungarian first, then English and German words of the same form.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { fatalFailures, validateEn16931 } from '../../electron/core/einvoice/rules';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import { clientBody, TEST_SELLER } from '../support/fixtures';
import { startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { screenshot } from './support/shots';

let folio: Folio;
// the first rules check on a machine compiles them (≈ 15 s)
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  folio = await startFolio(undefined, {
    env: { FOLIO_SMTP_URL: 'smtp://127.0.0.1:1?security=none', FOLIO_MAIL_FROM: 'Minta Bt. <szamla@minta.example>' },
  });
  const core = folio.server.core;
  const bank = (await core.call('bankAccounts.create', {
    bank_name: 'Minta Bank', account_no: '11773016-11111018', account_no_iban: 'HU42117730161111101800000000', account_swift: 'OTPVHUHB', currency: 'HUF',
  } as never)) as { id: number };
  await core.call('settings.update', { seller: { ...TEST_SELLER, eu_taxcode: 'HU23456787' }, default_bank_account_uid: bank.id } as never);
});
test.afterAll(async () => {
  await folio.stop();
});

async function clientWith(format: string): Promise<number> {
  const client = await folio.server.core.call('clients.create', { ...clientBody(), einvoice_format: format } as never);
  return (client as { id: number }).id;
}

async function invoiceFor(clientId: number, type: number = INVOICE_TYPE.invoice): Promise<{ id: number; no: string }> {
  const created = await folio.server.core.call('invoices.create', {
    client_uid: clientId, payment_method: 2, currency: 'HUF', type, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Tanácsadás', qty: 3, net_unit_price: '12000', vat_id: 1 }],
  } as never);
  const read = await folio.server.core.invoices.read(created.id);
  return { id: created.id, no: read.attributes.prefixed_invoice_no ?? read.attributes.invoice_no ?? '' };
}

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page.locator('[data-einvoice]').getByRole('button', { name: button }).click();
  const file = await downloading;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test('the client form keeps the e-invoice format and the Leitweg-ID (hu)', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await withKey(page);
  await page.goto(`${folio.url}/#/clients?new=1`);
  const dialog = page.getByRole('dialog', { name: 'Új ügyfél' });
  await dialog.getByRole('textbox', { name: 'Név', exact: true }).fill('Müller Bau GmbH');
  await dialog.getByLabel('Adózási típus').selectOption('FOREIGN');
  await dialog.getByLabel('Közösségi adószám').fill('DE123456789');
  await dialog.getByLabel('E-mail').fill('rechnung@mueller.example');
  await dialog.getByLabel('Irányítószám').fill('10115');
  await dialog.getByLabel('Település').fill('Berlin');
  await dialog.getByLabel('Közterület neve').fill('Hauptstraße');
  await dialog.getByLabel('Házszám').fill('5');
  await dialog.getByLabel('Ország').fill('Németország');
  // the section is closed for a client without e-invoice settings
  await dialog.getByText('E-számla', { exact: true }).click();
  await dialog.getByLabel('E-számla formátuma').selectOption('facturx');
  await dialog.getByLabel('Vevői hivatkozás (Leitweg-ID)').fill('04011000-12345-34');
  await screenshot(page, 'einvoice', 'client-form-hu');
  await dialog.getByRole('button', { name: 'Új ügyfél' }).click();
  await expect(dialog).toHaveCount(0);

  const saved = (await folio.server.core.call('clients.list', { q: 'Müller Bau' } as never)) as { data?: unknown; items?: unknown };
  expect(JSON.stringify(saved)).toContain('"einvoice_format":"facturx"');
  expect(JSON.stringify(saved)).toContain('"buyer_reference":"04011000-12345-34"');

  // opened again: the section is open and shows what was saved
  await page.getByRole('button', { name: 'Müller Bau GmbH', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Ügyfél szerkesztése' });
  await expect(edit.getByLabel('E-számla formátuma')).toHaveValue('facturx');
  await expect(edit.getByLabel('Vevői hivatkozás (Leitweg-ID)')).toHaveValue('04011000-12345-34');
  await edit.getByLabel('E-számla formátuma').selectOption('none');
  await edit.getByLabel('Vevői hivatkozás (Leitweg-ID)').fill('');
  await edit.getByRole('button', { name: 'Mentés' }).click();
  await expect(edit).toHaveCount(0);
  const cleared = JSON.stringify(await folio.server.core.call('clients.list', { q: 'Müller Bau' } as never));
  expect(cleared).toContain('"einvoice_format":"none"');
  expect(cleared).toContain('"buyer_reference":null');
  expect(errors).toEqual([]);
});

for (const { lang, dialogTitle, section, format, reference } of [
  { lang: 'en', dialogTitle: 'New client', section: 'E-invoice', format: 'E-invoice format', reference: 'Buyer reference (Leitweg-ID)' },
  { lang: 'de', dialogTitle: 'Neuer Kunde', section: 'E-Rechnung', format: 'E-Rechnungsformat', reference: 'Käuferreferenz (Leitweg-ID)' },
]) {
  test(`the client form's e-invoice words (${lang})`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await withKey(page);
    await page.addInitScript((l) => localStorage.setItem('folio.lang', l), lang);
    await page.goto(`${folio.url}/#/clients?new=1`);
    const dialog = page.getByRole('dialog', { name: dialogTitle });
    await dialog.getByText(section, { exact: true }).click();
    await expect(dialog.getByLabel(format)).toBeVisible();
    await expect(dialog.getByLabel(reference)).toBeVisible();
    await dialog.getByLabel(format).selectOption('cii');
    await screenshot(page, 'einvoice', `client-form-${lang}`);
    expect(errors).toEqual([]);
  });
}

test('an issued invoice downloads as UBL, CII and Factur-X, each valid; a draft offers none', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await withKey(page);
  const inv = await invoiceFor(await clientWith('none'));
  await page.goto(`${folio.url}/#/invoices/${inv.id}`);
  const panel = page.locator('[data-einvoice]');
  await expect(panel.getByRole('heading', { name: 'E-számla' })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'einvoice', 'invoice-einvoice-panel-hu');

  const ubl = await download(page, 'UBL');
  expect(ubl.name).toMatch(/-ubl\.xml$/);
  expect(fatalFailures(await validateEn16931('ubl', ubl.bytes.toString('utf8')))).toEqual([]);

  const cii = await download(page, 'CII (XRechnung)');
  expect(cii.name).toMatch(/-cii\.xml$/);
  expect(fatalFailures(await validateEn16931('cii', cii.bytes.toString('utf8')))).toEqual([]);

  const fx = await download(page, 'Factur-X (PDF)');
  expect(fx.name).toMatch(/-facturx\.pdf$/);
  const doc = await getDocument({ data: new Uint8Array(fx.bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  const attachments = (await doc.getAttachments()) as Record<string, { content: Uint8Array }>;
  await doc.destroy();
  expect(Object.keys(attachments)).toEqual(['factur-x.xml']);
  expect(Buffer.from(attachments['factur-x.xml']!.content).toString('utf8')).toBe(cii.bytes.toString('utf8'));

  const draft = await invoiceFor(await clientWith('none'), INVOICE_TYPE.draft);
  await page.goto(`${folio.url}/#/invoices/${draft.id}`);
  await expect(page.getByRole('heading', { name: 'Piszkozat', exact: true })).toBeVisible();
  await expect(page.locator('[data-einvoice]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the send dialog names the XML that goes beside the PDF for a UBL client, and says so for Factur-X', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await withKey(page);
  const ubl = await invoiceFor(await clientWith('ubl'));
  await page.goto(`${folio.url}/#/invoices/${ubl.id}`);
  await page.getByRole('button', { name: 'Küldés e-mailben' }).click();
  const dialog = page.getByRole('dialog', { name: 'Számla küldése e-mailben' });
  await expect(dialog.locator('[data-attachment="xml"]')).toHaveText(`Számla-${ubl.no}.xml`);
  await expect(dialog.locator('[data-einvoice-note]')).toHaveText('Az ügyfél kérésére a PDF mellett UBL e-számla (XML) is megy.');
  await screenshot(page, 'einvoice', 'send-dialog-ubl-hu');
  await dialog.getByRole('button', { name: 'Mégse' }).click();

  const fx = await invoiceFor(await clientWith('facturx'));
  await page.goto(`${folio.url}/#/invoices/${fx.id}`);
  await page.getByRole('button', { name: 'Küldés e-mailben' }).click();
  await expect(dialog.locator('[data-einvoice-note]')).toHaveText('A PDF Factur-X e-számla (az ügyfél beállítása szerint).');
  await expect(dialog.locator('[data-attachment="xml"]')).toHaveCount(0);
  await screenshot(page, 'einvoice', 'send-dialog-facturx-hu');
  expect(errors).toEqual([]);
});
