// The whole business from the app, in Hungarian, as a new user does it on a fresh database — everything on screen:
// signing in, the first-run guide (the company with its VAT status, the bank account), then from the guide's optional
// steps NAV Online Számla on the test system (the fake NAV), an SMTP account on a real SMTP server with a test message,
// a backup folder and a backup made now, 200 clients from a Windows-1250 file, the numbering continued from 417; then
// an invoice to one of the imported clients that takes 2026-000417, sent by e-mail with its PDF, reported to NAV, and
// the guide's optional steps all done. Core and /rpc calls only check what the screens did.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CLIENT_HEADER, clientRow, csv, windows1250 } from '../import/files';
import { pdfText, startSmtp, type TestSmtp } from '../mail/helpers';
import { startFakeNav, type FakeNav } from '../nav/fake-nav-server';
import { FAST } from '../nav/queue-rig';
import { navRoute, TECH_USER } from '../nav-settings/support';
import { shotPath } from './support/shots';
import { API_KEY, rpcOn, signIn, startFolio, watchErrors, type Folio } from './support/folio';

let nav: FakeNav;
let smtp: TestSmtp;
let folio: Folio;
let backupDir: string;

test.beforeAll(async () => {
  nav = await startFakeNav();
  const route = navRoute();
  route.set('test', nav.baseUrl);
  smtp = await startSmtp({ port: 0 });
  folio = await startFolio(undefined, { fetch: route.fetch, navTuning: FAST });
  backupDir = mkdtempSync(join(tmpdir(), 'folio-journey-backups-'));
});

test.afterAll(async () => {
  await folio?.stop();
  await smtp?.close();
  await nav?.close();
  if (backupDir) rmSync(backupDir, { recursive: true, force: true });
});

const rpc = <T = any>(name: string, input: unknown = {}) => rpcOn<T>(folio.url, API_KEY, name, input);

/** The whole screen: the content pane scrolls inside the window, so the window grows to it for the shot. */
async function shot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.querySelector('.content')?.scrollHeight ?? document.body.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height + 40) });
  await page.screenshot({ path: shotPath('journey', name) });
  await page.setViewportSize(size);
}

/** Back to the guide the way a user finds it again: Beállítások (the Cég tab) → "A beállítási útmutató megnyitása". */
async function backToGuide(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Fő menü' }).getByRole('link', { name: 'Beállítások' }).click();
  await expect(page.getByRole('navigation', { name: 'Beállítások' }).getByRole('link', { name: 'Cég', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'A beállítási útmutató megnyitása' }).click();
  await expect(page.getByRole('heading', { name: 'Üdv a Folióban!' })).toBeVisible();
}

const optionalStep = (page: Page, name: string): Locator =>
  page.locator('li.optional-step', { has: page.getByRole('heading', { name }) });

const addresses = (field: unknown) =>
  field && typeof field === 'object' && 'value' in field ? (field as { value: Array<{ address?: string }> }).value.map((v) => v.address) : [];

test('a new business is set up and runs from the app: guide, NAV, e-mail, backup, import, numbering, first invoice sent and reported', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = watchErrors(page);
  const rows = Array.from({ length: 200 }, (_, i) => clientRow(i));
  const buyer = rows[136]!; // one of the imported clients, found later by typing its name
  const [buyerName, , , , , buyerEmail] = buyer as [string, string, string, string, string, string];

  await test.step('1. signs in; the guide: the company, VAT status normal, the bank account', async () => {
    await signIn(page, folio);
    await expect(page.getByRole('heading', { name: 'Üdv a Folióban!' })).toBeVisible();
    await shot(page, '01-guide-start');
    await page.getByLabel('Cégnév vagy név').fill('Napfény Műhely Kft.');
    await page.getByLabel('Adószám', { exact: true }).fill('12345676-2-41');
    await page.getByLabel('Irányítószám').fill('6720');
    await page.getByLabel('Település').fill('Szeged');
    await page.getByLabel('Közterület neve').fill('Kárász');
    await page.getByLabel('Közterület jellege').fill('utca');
    await page.getByLabel('Házszám').fill('5');
    await expect(page.getByRole('radio', { name: 'Általános áfás' })).toBeChecked();
    await page.getByRole('button', { name: 'Eladó adatainak mentése' }).click();
    await expect(page.getByText('Az eladó adatai elmentve.')).toBeVisible();
    const company = page.locator('li.step', { has: page.getByRole('heading', { name: '1. A cég adatai' }) });
    await expect(company).toContainText('Napfény Műhely Kft.');
    await expect(company).toContainText('Áfa: Általános áfás');

    const bank = page.locator('li.step', { has: page.getByRole('heading', { name: '2. Bankszámla' }) });
    await bank.getByLabel('Bank neve').fill('OTP Bank');
    await bank.getByLabel('Számlaszám').fill('11773016-11111111-00000000');
    await bank.getByRole('button', { name: 'Bankszámla mentése' }).click();
    await expect(page.getByText('A bankszámla elmentve, ez kerül a számlákra.')).toBeVisible();
    await expect(bank).toContainText('11773016-11111111-00000000');
    await shot(page, '02-guide-company-and-bank');

    await bank.getByRole('link', { name: 'Bankszámlák kezelése' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bankszámlák' })).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr').first()).toContainText('OTP Bank');
    await shot(page, '03-bank-accounts');
    const settings = await rpc('settings.get');
    expect(settings.seller).toMatchObject({ name: 'Napfény Műhely Kft.', vat_status: 'normal', taxcode: '12345676-2-41' });
    const accounts = await rpc<Array<{ id: number }>>('bankAccounts.list');
    expect(accounts).toHaveLength(1);
    expect(settings.default_bank_account_uid).toBe(accounts[0]!.id);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Üdv a Folióban!' })).toBeVisible();
  });

  await test.step('2. NAV Online Számla on the test system: the check says all right, saved', async () => {
    // a numbered step of the guide, not an optional one (issue 36)
    await page.locator('li.step[data-step="nav"]').getByRole('link', { name: 'NAV-kapcsolat beállítása' }).click();
    await expect(page).toHaveURL(/#\/settings\/nav$/);
    const userCard = page.locator('section', { has: page.getByRole('heading', { name: 'Technikai felhasználó' }) });
    await expect(page.getByLabel('Adószám')).toHaveValue(TECH_USER.tax_number); // from the company's tax number
    await expect(page.getByLabel('NAV rendszer')).toHaveValue('');
    await page.getByLabel('NAV rendszer').selectOption('test');
    await expect(page.getByText('A teszt rendszerbe küldött adat nem számít bejelentésnek.', { exact: false })).toBeVisible();
    await page.getByLabel('Felhasználónév').fill(TECH_USER.login);
    await page.getByLabel('Jelszó').fill(TECH_USER.password);
    await page.getByLabel('XML aláírókulcs').fill(TECH_USER.signature_key);
    await page.getByLabel('XML cserekulcs').fill(TECH_USER.exchange_key);
    await page.getByRole('button', { name: 'Kapcsolat ellenőrzése' }).click();
    const result = userCard.locator('[data-reason]');
    await expect(result).toHaveAttribute('data-reason', 'ok');
    await expect(result).toContainText('Rendben');
    await expect(result).toContainText('Teszt rendszer');
    await shot(page, '04-nav-check-ok');
    await page.getByRole('button', { name: 'Mentés', exact: true }).click();
    await expect(page.getByText('A NAV-beállítások elmentve.')).toBeVisible();
    const statusCard = page.locator('section', { has: page.getByRole('heading', { name: 'Állapot' }) });
    await expect(statusCard).toContainText('Az itt megadott technikai felhasználóval jelent a Folio.');
    await shot(page, '05-nav-saved');
    expect((await rpc('nav.settings')).source).not.toBe('none');
  });

  await test.step('3. e-mail: an SMTP account ("Más szerver"), saved; the test message arrives', async () => {
    await backToGuide(page);
    await optionalStep(page, 'Számlák küldése e-mailben').getByRole('link', { name: 'Beállítás' }).click();
    await expect(page.getByRole('heading', { name: 'E-mail-fiók (SMTP)' })).toBeVisible();
    await page.getByRole('button', { name: 'Más szerver' }).click();
    await page.getByLabel('SMTP-szerver').fill('127.0.0.1');
    await page.getByLabel('Port').fill(String(smtp.port));
    await page.getByLabel('Titkosítás').selectOption('none');
    await expect(page.getByLabel('Feladó neve')).toHaveValue('Napfény Műhely Kft.');
    await page.getByLabel('Feladó e-mail-címe').fill('szamla@napfeny.example');
    await page.getByRole('button', { name: 'Mentés', exact: true }).click();
    await expect(page.getByText('Az e-mail-beállítások elmentve.')).toBeVisible();
    await expect(page.getByLabel('Kinek menjen?')).toHaveValue('szamla@napfeny.example');
    await page.getByRole('button', { name: 'Próbalevél küldése' }).click();
    await expect(page.getByText('A próbalevél elment a(z) szamla@napfeny.example címre. Nézd meg a postafiókot.')).toBeVisible();
    const [testMessage] = await smtp.waitFor(1);
    expect(testMessage!.subject).toBe('Folio próbalevél');
    expect(addresses(testMessage!.to)).toEqual(['szamla@napfeny.example']);
    await shot(page, '06-email-test-sent');
  });

  await test.step('4. data: a backup folder with daily backups, saved; "Mentés most" shows the last backup', async () => {
    await backToGuide(page);
    await optionalStep(page, 'Biztonsági mentés').getByRole('link', { name: 'Beállítás' }).click();
    await expect(page.getByRole('heading', { name: 'Biztonsági mentés' })).toBeVisible();
    await page.getByLabel('Mentési mappa').fill(backupDir);
    await page.getByLabel('Napi automatikus mentés').check();
    await page.getByRole('button', { name: 'Beállítások mentése' }).click();
    await expect(page.getByText('A mentési beállítások elmentve.')).toBeVisible();
    await expect(page.getByText('Még nem készült mentés.')).toBeVisible();
    await page.getByRole('button', { name: 'Mentés most' }).click();
    await expect(page.getByText('A mentés elkészült.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Sikerült$/ })).toBeVisible();
    await expect(page.locator('.facts .mono')).toContainText(join(backupDir, 'folio-backup-'));
    await shot(page, '07-backup-made');
    expect(await rpc('data.backupSettings')).toMatchObject({ schedule_enabled: true, last: { ok: true } });
  });

  await test.step('5. import: 200 clients from a Windows-1250, ";"-separated file', async () => {
    await backToGuide(page);
    await optionalStep(page, 'Ügyfelek és termékek átvétele').getByRole('link', { name: 'Beállítás' }).click();
    await expect(page.getByRole('heading', { name: '1. A fájl' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Ügyfeleket' })).toBeChecked();
    const file = test.info().outputPath('ugyfelek.csv');
    writeFileSync(file, windows1250(csv([CLIENT_HEADER, ...rows], ';')));
    await page.getByLabel('CSV-fájl').setInputFiles(file);
    await expect(page.getByLabel('Karakterkódolás')).toHaveValue('windows-1250');
    await expect(page.getByLabel('Elválasztó')).toHaveValue(';');
    await expect(page.getByText('200 adatsor a fájlban')).toBeVisible();
    const counts = page.getByRole('list', { name: '3. Előnézet' });
    await expect(counts).toContainText('200 új');
    await shot(page, '08-import-preview');
    await page.getByRole('button', { name: '200 sor importálása' }).click();
    await expect(page.getByRole('heading', { name: 'Kész az importálás' })).toBeVisible();
    await expect(page.getByText('200 új, 0 összevonva, 0 ismétlődés kihagyva, 0 hibás sor kihagyva.')).toBeVisible();
    await shot(page, '09-import-done');
    expect((await rpc('clients.list', { q: buyerName })).items.map((c: { attributes: { name: string } }) => c.attributes.name)).toEqual([buyerName]);
  });

  await test.step('6. the numbering continues from 417', async () => {
    await backToGuide(page);
    await optionalStep(page, 'Sorszámozás folytatása').getByRole('link', { name: 'Beállítás' }).click();
    const block = page.locator('.block-list li', { hasText: 'Számlák' });
    await expect(block.getByTestId('next-number')).toHaveText('Következő szám: 2026-000001');
    await block.getByRole('button', { name: 'Számozás folytatása' }).click();
    await block.getByLabel('Az idei következő sorszám').fill('417');
    await expect(block.getByText('Az első Folióban kiállított számla száma: 2026-000417')).toBeVisible();
    await block.getByRole('button', { name: 'Folytatás ettől a számtól' }).click();
    await expect(page.getByText('A számozás folytatása beállítva: a következő szám 2026-000417.')).toBeVisible();
    await expect(block.getByTestId('next-number')).toHaveText('Következő szám: 2026-000417');
    await block.scrollIntoViewIfNeeded();
    await shot(page, '10-numbering-continued');
  });

  let invoiceId = 0;
  await test.step('7. an invoice to an imported client, picked by typing its name, takes 2026-000417', async () => {
    await page.goto(`${folio.url}/#/invoices/new`);
    await expect(page.getByRole('heading', { level: 1, name: 'Új számla' })).toBeVisible();
    await page.getByLabel('Ügyfél keresése').fill(buyerName);
    await page.locator('.picker-option', { hasText: buyerName }).click();
    await expect(page.locator('.picked-name', { hasText: buyerName })).toBeVisible();
    await page.getByLabel('1. tétel – Megnevezés').fill('Napelem-karbantartás');
    await page.getByLabel('1. tétel – Mennyiség').fill('3');
    await page.getByLabel('1. tétel – Egység').fill('óra');
    await page.getByLabel('1. tétel – Nettó egységár').fill('15000');
    await expect(page.locator('[data-total="total"]')).toHaveText(/57\s150\sFt/); // 3 × 15 000 + 27 %
    await shot(page, '11-invoice-editor');
    await page.getByRole('button', { name: 'Számla kiállítása' }).click();
    await page.getByRole('dialog', { name: 'Kiállítod a számlát?' }).getByRole('button', { name: 'Számla kiállítása' }).click();
    await expect(page.getByRole('heading', { name: 'Számla 2026-000417' })).toBeVisible();
    invoiceId = Number(/#\/invoices\/(\d+)/.exec(page.url())![1]);
    const invoice = await rpc('invoices.get', { id: invoiceId });
    expect(invoice.attributes).toMatchObject({ prefixed_invoice_no: '2026-000417', client: { name: buyerName, email: buyerEmail } });
    expect(invoice.attributes.seller).toMatchObject({ name: 'Napfény Műhely Kft.', bank_account_no: '11773016-11111111-00000000' });
    await shot(page, '12-invoice-issued');
  });

  await test.step('8. sent by e-mail from the send dialog: the SMTP server gets it with the PDF', async () => {
    await page.getByRole('button', { name: 'Küldés e-mailben' }).click();
    const dialog = page.getByRole('dialog', { name: 'Számla küldése e-mailben' });
    await expect(dialog.getByLabel('Címzettek')).toHaveValue(buyerEmail);
    await expect(dialog.getByLabel('Tárgy')).toHaveValue('Számla 2026-000417 – Napfény Műhely Kft.');
    await expect(dialog.locator('[data-attachment]')).toHaveText('Számla-2026-000417.pdf');
    await shot(page, '13-send-dialog');
    await dialog.getByRole('button', { name: 'Küldés' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`A számla küldésre vár: ${buyerEmail}.`)).toBeVisible();
    const [, mail] = await smtp.waitFor(2);
    expect(addresses(mail!.to)).toEqual([buyerEmail]);
    expect(mail!.subject).toContain('2026-000417');
    expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([['Számla-2026-000417.pdf', 'application/pdf']]);
    const pdf = mail!.attachments[0]!.content;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(pdf)).toContain('2026-000417');
  });

  await test.step('9. reported to NAV on the invoice page; the guide shows every optional step done', async () => {
    const duties = page.locator('section', { has: page.getByRole('heading', { name: 'Bejelentés és kézbesítés' }) });
    await expect(duties).toContainText('Befogadva', { timeout: 20_000 });
    await shot(page, '14-invoice-reported');
    expect(nav.submissions('2026-000417')).toBe(1);
    expect((await rpc('invoices.duties', { id: invoiceId })).nav.state).toBe('done');

    await backToGuide(page);
    const invoiceStep = page.locator('li.step', { has: page.getByRole('heading', { name: '4. Az első számla' }) });
    await expect(page.locator('li.step[data-step="nav"]')).toContainText('Beállítva: Teszt rendszer');
    await expect(invoiceStep).toContainText('A legutóbb kiállított számlád: 2026-000417');
    await expect(invoiceStep.getByRole('link', { name: '2026-000417' })).toHaveAttribute('href', `#/invoices/${invoiceId}`);
    for (const name of ['Számlák küldése e-mailben', 'Sorszámozás folytatása', 'Ügyfelek és termékek átvétele', 'Biztonsági mentés']) {
      await expect(optionalStep(page, name).locator('.state')).toHaveText('Kész');
    }
    // the four with a setting in the data show done by themselves; the import marked itself done
    expect((await rpc('settings.get')).setup_steps).toEqual({ import: 'done' });
    await shot(page, '15-guide-all-done');
  });

  expect(errors).toEqual([]);
});
