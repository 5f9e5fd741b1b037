// A new user's first invoice, end to end in the browser UI: seller profile, a client (after a bad tax number), an
// invoice with a net-priced and a gross-priced line (after a bad date), issuing it, a partial payment and the rest,
// and cancelling it with a cancelling invoice of negative total.
import { expect, test } from '@playwright/test';
import { signIn, startFolio, watchErrors, type Folio } from './support/folio';

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
});
test.afterAll(async () => {
  await folio.stop();
});

test('a new user sets up, invoices, gets paid in two parts and cancels', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = watchErrors(page);

  await test.step('a wrong key is refused with a clear message, the right one opens the setup guide', async () => {
    await page.goto(`${folio.url}/`);
    await page.getByLabel('API-kulcs').fill('not-the-key');
    await page.getByRole('button', { name: 'Belépés' }).click();
    await expect(page.getByText('Ez a kulcs nem megfelelő')).toBeVisible();
    await signIn(page, folio);
    await expect(page.getByRole('heading', { name: 'Üdv a Folióban!' })).toBeVisible();
  });

  await test.step('seller profile', async () => {
    await page.getByLabel('Cégnév vagy név').fill('Minta Bt.');
    await page.getByLabel('Adószám', { exact: true }).fill('12345676-2-41');
    await page.getByLabel('Irányítószám').fill('1051');
    await page.getByLabel('Település').fill('Budapest');
    await page.getByLabel('Közterület neve').fill('Fő');
    await page.getByLabel('Közterület jellege').fill('utca');
    await page.getByLabel('Házszám').fill('1');
    await page.getByRole('button', { name: 'Eladó adatainak mentése' }).click();
    await expect(page.getByText('Az eladó adatai elmentve.')).toBeVisible();
    await page.getByLabel('Bank neve').fill('OTP Bank');
    await page.getByLabel('Számlaszám').fill('11773016-11111111-00000000');
    await page.getByRole('button', { name: 'Bankszámla mentése' }).click();
    await expect(page.getByText('A bankszámla elmentve, ez kerül a számlákra.')).toBeVisible();
    await page.getByRole('button', { name: 'Első számla elkészítése' }).click();
    await expect(page.getByRole('heading', { name: 'Új számla' })).toBeVisible();
  });

  await test.step('a client: the bad tax number is shown at its field, then the client is added', async () => {
    await page.getByRole('button', { name: 'Új ügyfél' }).click();
    const dialog = page.getByRole('dialog', { name: 'Új ügyfél felvétele' });
    await dialog.getByLabel('Név').fill('Vevő Kft.');
    await dialog.getByLabel('Adószám', { exact: true }).fill('12345678-1-12');
    await dialog.getByLabel('E-mail').fill('szamla@vevo.example');
    await dialog.getByLabel('Irányítószám').fill('6720');
    await dialog.getByLabel('Település').fill('Szeged');
    await dialog.getByLabel('Közterület neve').fill('Kárász');
    await dialog.getByLabel('Házszám').fill('5');
    await dialog.getByRole('button', { name: 'Új ügyfél' }).click();
    const taxcode = dialog.getByLabel('Adószám', { exact: true });
    await expect(taxcode).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.locator('.field-error', { hasText: 'érvénytelen magyar adószám' })).toBeVisible();
    await taxcode.fill('11111111-2-41');
    await dialog.getByRole('button', { name: 'Új ügyfél' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.picked-name', { hasText: 'Vevő Kft.' })).toBeVisible();
  });

  await test.step('one net-priced and one gross-priced line; live totals from shared/totals.ts', async () => {
    await page.getByLabel('1. tétel – Megnevezés').fill('Tanácsadás');
    await page.getByLabel('1. tétel – Mennyiség').fill('2');
    await page.getByLabel('1. tétel – Egység').fill('óra');
    await page.getByLabel('1. tétel – Nettó egységár').fill('10000');
    await expect(page.locator('[data-total="total"]')).toHaveText(/25\s400\sFt/);
    await page.getByRole('button', { name: 'Tétel hozzáadása' }).click();
    await page.getByLabel('2. tétel – Megnevezés').fill('Szakkönyv');
    await page.getByLabel('2. tétel – Ár megadása').selectOption('gross');
    await page.getByLabel('2. tétel – Bruttó egységár').fill('5000');
    await page.getByLabel('2. tétel – ÁFA').selectOption('2'); // 5 %
    // 2 × 10 000 net + 27 % = 25 400; 5 000 gross at 5 % keeps its gross: 30 400 in all.
    await expect(page.locator('[data-total="total"]')).toHaveText(/30\s400\sFt/);
    await expect(page.locator('[data-total="vat"]')).toHaveText(/^5\s?638\sFt$/);
  });

  await test.step('a bad date is shown at the date field and nothing is issued: the confirm dialog never opens', async () => {
    await page.getByLabel('Fizetési határidő').fill('2026-02-30');
    await page.getByRole('button', { name: 'Számla kiállítása' }).click();
    await expect(page.getByLabel('Fizetési határidő')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('valós dátumot adj meg (ÉÉÉÉ-HH-NN)').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Új számla' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Kiállítod a számlát?' })).toBeHidden();
  });

  await test.step('issued: the invoice has its number', async () => {
    await page.getByLabel('Fizetési határidő').fill('2026-11-30');
    await page.getByRole('button', { name: 'Számla kiállítása' }).click();
    await page.getByRole('dialog', { name: 'Kiállítod a számlát?' }).getByRole('button', { name: 'Számla kiállítása' }).click();
    await expect(page.getByRole('heading', { name: 'Számla 2026-000001' })).toBeVisible();
    await expect(page.locator('.badge', { hasText: 'Fizetésre vár' })).toBeVisible();
    await expect(page.locator('[data-invoice-total]')).toHaveText(/30\s400\sFt/);
  });

  await test.step('a partial payment, then the rest: the status follows', async () => {
    await page.getByRole('button', { name: 'Befizetés rögzítése' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Befizetés rögzítése' });
    await dialog.getByLabel('Összeg (HUF)').fill('10000');
    await dialog.getByRole('button', { name: 'Befizetés rögzítése' }).click();
    await expect(page.locator('.badge', { hasText: 'Részben fizetve' })).toBeVisible();
    await expect(page.locator('[data-outstanding]')).toHaveText(/20\s400\sFt/);
    await page.getByRole('button', { name: 'Befizetés rögzítése' }).first().click();
    await expect(dialog.getByLabel('Összeg (HUF)')).toHaveValue('20 400');
    await dialog.getByRole('button', { name: 'Befizetés rögzítése' }).click();
    await expect(page.locator('.badge', { hasText: 'Fizetve' })).toBeVisible();
    await expect(page.locator('[data-outstanding]')).toHaveText(/0\sFt/);
  });

  await test.step('cancelled: the confirmation explains the cancelling invoice, which has a negative total', async () => {
    await page.getByRole('button', { name: 'Sztornózás' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sztornózod a számlát?' });
    await expect(dialog).toContainText('sztornó számlát állít ki');
    await expect(dialog).toContainText('negatív összegekkel');
    await dialog.getByRole('button', { name: 'Sztornó számla kiállítása' }).click();
    await expect(page.getByRole('heading', { name: 'Sztornó számla 2026-000002' })).toBeVisible();
    await expect(page.locator('[data-invoice-total]')).toHaveText(/[-−]30\s400\sFt/);
    await page.getByRole('link', { name: '2026-000001' }).click();
    await expect(page.locator('.badge', { hasText: 'Sztornózva' })).toBeVisible();
  });

  await test.step('both are in the list', async () => {
    await page.getByRole('navigation', { name: 'Fő menü' }).getByRole('link', { name: 'Számlák', exact: true }).click();
    const rows = page.locator('[data-invoice-row]');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('2026-000002');
    await expect(rows.first()).toContainText('Sztornó számla');
  });

  expect(errors).toEqual([]);
});
