// Share links in the browser, in Hungarian. Without a public address the invoice screen says plainly that the link
// opens only on this computer and offers e-mailing the PDF instead (the send action: the mail waits in the outbox).
// The address is set in Settings → Company — a wrong one is shown at its field and the message goes once it is
// typed again — and the link is then made with it, and still opens the invoice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServer } from '../../electron/server/start';
import { startSmtp, type TestSmtp } from '../mail/helpers';
import { shotPath } from './support/shots';
import { addClient, API_KEY, NOW, rpcOn, setSeller, UI_DIR, watchErrors, withKey, type Folio } from './support/folio';

let folio: Folio;
let smtp: TestSmtp;
let invoiceId = 0;

test.beforeAll(async () => {
  // a real SMTP server on a free port: the PDF the user sends instead of the link must really leave
  smtp = await startSmtp();
  const dir = mkdtempSync(join(tmpdir(), 'folio-e2e-share-'));
  const dbFile = join(dir, 'folio.sqlite');
  const server = await startServer({
    dbFile,
    port: 0,
    auth: { apiKey: API_KEY },
    now: NOW,
    uiDir: UI_DIR,
    env: { FOLIO_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?security=none`, FOLIO_MAIL_FROM: 'Minta Bt. <szamla@minta.example>' },
  });
  folio = {
    server,
    url: server.url,
    dbFile,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await setSeller(folio);
  const client = await addClient(folio);
  invoiceId = (
    await folio.server.core.call('invoices.create', {
      client_uid: client,
      type: 3,
      payment_method: 2,
      currency: 'HUF',
      fulfillment_date: '2026-11-22',
      due_date: '2026-11-30',
      items: [{ description: 'Weboldal-karbantartás', vat_id: 1, qty: 1, net_unit_price: 40000 }],
    })
  ).id;
});
test.afterAll(async () => {
  await folio?.stop();
  await smtp?.close();
});

const rpc = <T = any>(name: string, input: unknown = {}) => rpcOn<T>(folio.url, API_KEY, name, input);

async function openInvoice(page: Page) {
  await page.goto(`${folio.url}/#/invoices/${invoiceId}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Számla / })).toBeVisible();
}

test('without a public address: the link is said to work here only, and the PDF can be e-mailed instead', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = watchErrors(page);
  await withKey(page);
  await openInvoice(page);
  await page.getByRole('button', { name: 'Megosztási link másolása' }).click();
  const warning = page.locator('[data-share-local]');
  await expect(warning).toContainText('Ez a link csak ezen a gépen működik, az ügyfeled nem tudja megnyitni.');
  const { code } = await rpc<{ code: string }>('invoices.code', { id: invoiceId });
  await expect(page.getByLabel('Megosztási link')).toHaveValue(`${folio.url}/access/c:${code}`);
  await warning.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('setup', `06-share-without-address.png`), fullPage: true });

  await warning.getByRole('button', { name: 'PDF küldése e-mailben' }).click();
  const dialog = page.getByRole('dialog', { name: 'Számla küldése e-mailben' });
  await expect(dialog.getByLabel('Címzettek')).toHaveValue('szamla@vevo.example');
  await dialog.getByRole('button', { name: 'Küldés' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('A számla küldésre vár: szamla@vevo.example.')).toBeVisible();
  const [mail] = await smtp.waitFor(1);
  expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toContain('szamla@vevo.example');
  expect(mail!.attachments.map((a) => a.contentType)).toContain('application/pdf');
  await expect(warning.getByRole('link', { name: 'Nyilvános cím megadása' })).toHaveAttribute('href', '#/settings');
  expect(errors).toEqual([]);
});

test('with a public address: a wrong one is a field error that goes when retyped; the link then uses the address', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/settings`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Megosztási linkek' }) });
  const field = card.getByLabel('Nyilvános cím a linkekhez');
  await field.fill('folio.example.hu');
  await card.getByRole('button', { name: 'Mentés' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(card.locator('.field-error')).toHaveText('http:// vagy https:// kezdetű címet adj meg');
  expect((await rpc('settings.get')).public_base_url).toBe('');
  await field.press('Home');
  await field.pressSequentially('https://');
  await expect(card.locator('.field-error')).toHaveCount(0);
  await expect(field).toHaveValue('https://folio.example.hu');
  await field.fill('https://folio.example.hu/');
  await card.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('A nyilvános cím elmentve.')).toBeVisible();
  await expect(field).toHaveValue('https://folio.example.hu');
  expect((await rpc('settings.get')).public_base_url).toBe('https://folio.example.hu');

  await openInvoice(page);
  await page.getByRole('button', { name: 'Megosztási link másolása' }).click();
  const { code } = await rpc<{ code: string }>('invoices.code', { id: invoiceId });
  await expect(page.getByLabel('Megosztási link')).toHaveValue(`https://folio.example.hu/access/c:${code}`);
  await expect(page.locator('[data-share-local]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Link másolása', exact: true })).toBeVisible();
  await page.getByLabel('Megosztási link').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('setup', `07-share-with-address.png`), fullPage: true });
  // the code is the one this Folio (and, through sync, the central Folio) opens
  const opened = await fetch(`${folio.url}/access/c:${code}`);
  expect(opened.status).toBe(200);
  expect(opened.headers.get('content-type')).toContain('application/pdf');
  expect(errors).toEqual([]);
});
