// Modifying invoices in the UI, in Hungarian: an invoice issued in the editor, modified from its page (−1 on line 1's
// quantity, with the live preview), the chain panel on the original (current total, outstanding, overpayment) and
// the reference on the modifying invoice; the list's kind filter and badge; a server refusal shown at its field; the
// previous program's invoice modified from its own screen.
import { expect, test, type Page } from '@playwright/test';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { shotPath } from './support/shots';

let folio: Folio;
let clientId: number;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  clientId = await addClient(folio, 'Lánc Partner Kft.');
});
test.afterAll(async () => {
  await folio.stop();
});

/** Controls with no label (visible, aria-label or aria-labelledby), as the screen tour checks them. */
async function unlabelled(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, select, textarea')]
      .filter((el) => (el as HTMLInputElement).type !== 'hidden')
      .filter((el) => !((el as HTMLInputElement).labels?.length || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')))
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

test('an invoice is issued, modified by −1 on line 1, and the chain shows the current total', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await withKey(page);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(`${folio.url}/#/invoices/new`);

  await test.step('issue an invoice of 3 × 10 000 Ft + 27 %', async () => {
    await page.getByLabel('Ügyfél keresése').fill('Lánc');
    await page.getByRole('button', { name: /Lánc Partner Kft\./ }).click();
    await page.getByLabel('1. tétel – Megnevezés').fill('Tanácsadás');
    await page.getByLabel('1. tétel – Mennyiség').fill('3');
    await page.getByLabel('1. tétel – Nettó egységár').fill('10000');
    await expect(page.locator('[data-total="total"]')).toHaveText(/38\s100\sFt/);
    await page.getByRole('button', { name: 'Számla kiállítása' }).click();
    await page.getByRole('dialog', { name: 'Kiállítod a számlát?' }).getByRole('button', { name: 'Számla kiállítása' }).click();
    await expect(page.getByRole('heading', { name: 'Számla 2026-000001' })).toBeVisible();
  });

  const dialog = page.getByRole('dialog', { name: 'Módosító számla a(z) 2026-000001 számlához' });
  await test.step('the dialog: the reason is required, the preview follows what is typed', async () => {
    await page.getByRole('button', { name: 'Módosító számla' }).click();
    await expect(dialog.locator('[data-chain-line="1"]')).toContainText('Tanácsadás');
    await dialog.getByRole('button', { name: 'Módosító számla kiállítása' }).click();
    await expect(dialog.getByText('kötelező')).toBeVisible();
    await expect(dialog.getByText('Adj meg legalább egy változást vagy új tételt.').first()).toBeVisible();

    await dialog.getByLabel('A módosítás oka').fill('Hibás mennyiség');
    await dialog.getByLabel('1. sor – Mennyiség változása').fill('-1');
    await expect(dialog.locator('[data-mod="total"]')).toHaveText(/[-−]12\s700\sFt/);
    await expect(dialog.locator('[data-mod="current"]')).toHaveText(/38\s100\sFt/);
    await expect(dialog.locator('[data-mod="resulting"]')).toHaveText(/25\s400\sFt/);
    await page.screenshot({ path: shotPath('documents', 'hu-modify-dialog') });
  });

  await test.step('issued: the modifying invoice names its original and reason', async () => {
    await dialog.getByRole('button', { name: 'Módosító számla kiállítása' }).click();
    await confirmModify(page);
    await expect(page.getByRole('heading', { name: 'Módosító számla 2026-000002' })).toBeVisible();
    const ref = page.locator('[data-chain="reference"]');
    await expect(ref).toContainText('Az eredeti számla:');
    await expect(ref.getByRole('link', { name: '2026-000001' })).toBeVisible();
    await expect(ref.locator('[data-reason]')).toContainText('Hibás mennyiség');
    await expect(page.locator('[data-invoice-total]')).toHaveText(/12\s700\sFt/);
    // a modifying invoice is not modified itself
    await expect(page.locator('[data-modify]')).toHaveCount(0);
    await page.screenshot({ path: shotPath('documents', 'hu-modifying-invoice'), fullPage: true });
  });

  await test.step('the original: its chain, current total and outstanding', async () => {
    await page.locator('[data-chain="reference"]').getByRole('link', { name: '2026-000001' }).click();
    const chain = page.locator('[data-chain="modifications"]');
    await expect(chain.locator('[data-modification-row]')).toHaveCount(1);
    await expect(chain.locator('[data-modification-row]')).toContainText('2026-000002');
    await expect(chain.locator('[data-current-total]')).toHaveText(/25\s400\sFt/);
    await expect(chain.locator('[data-chain-outstanding]')).toHaveText(/25\s400\sFt/);
    await expect(page.locator('[data-overpayment]')).toHaveCount(0);
  });

  await test.step('paid in full before a second modification lowers it: the overpayment is said', async () => {
    await page.getByRole('button', { name: 'Befizetés rögzítése' }).first().click();
    const pay = page.getByRole('dialog', { name: 'Befizetés rögzítése' });
    await pay.getByRole('button', { name: 'Befizetés rögzítése' }).click();
    await expect(page.locator('[data-chain-outstanding]')).toHaveText(/^0\sFt$/);
    await page.getByRole('button', { name: 'Módosító számla' }).click();
    await dialog.getByLabel('A módosítás oka').fill('Árengedmény');
    await dialog.getByLabel('1. sor – Egységár változása').fill('-1000');
    // 2 remaining × −1 000 Ft net, +27 %
    await expect(dialog.locator('[data-mod="total"]')).toHaveText(/[-−]2\s?540\sFt/);
    await expect(dialog.locator('[data-mod="resulting"]')).toHaveText(/22\s860\sFt/);
    await dialog.getByRole('button', { name: 'Módosító számla kiállítása' }).click();
    await confirmModify(page);
    await expect(page.getByRole('heading', { name: 'Módosító számla 2026-000003' })).toBeVisible();
    await page.locator('[data-chain="reference"]').getByRole('link', { name: '2026-000001' }).click();
    await expect(page.locator('[data-chain="modifications"] [data-modification-row]')).toHaveCount(2);
    await expect(page.locator('[data-current-total]')).toHaveText(/22\s860\sFt/);
    await expect(page.locator('[data-overpayment]')).toHaveText(/Túlfizetés: 2\s?540\sFt — visszatérítendő/);
    await page.screenshot({ path: shotPath('documents', 'hu-chain-panel'), fullPage: true });
  });

  await test.step('a change below zero is refused by the core, worded in Hungarian at the lines', async () => {
    await page.getByRole('button', { name: 'Módosító számla' }).click();
    await dialog.getByLabel('A módosítás oka').fill('Új tétel');
    await dialog.getByRole('button', { name: 'Új tétel' }).click();
    await dialog.getByLabel('1. új tétel – Megnevezés').fill('Kiszállás');
    await dialog.locator('[name="new.0.qty"]').fill('0');
    await dialog.locator('[name="new.0.price"]').fill('5000');
    await dialog.getByRole('button', { name: 'Módosító számla kiállítása' }).click();
    await confirmModify(page);
    // the core's "items.0.qty: must not be 0" lands at the new line's quantity, in Hungarian
    await expect(dialog.locator('[data-new-line="0"] .field-error')).toHaveText('nem lehet 0');
    await dialog.locator('[name="new.0.qty"]').fill('1');
    await dialog.locator('[name="new.0.price"]').fill('0');
    await dialog.getByLabel('1. sor – Mennyiség változása').fill('-5');
    await dialog.getByRole('button', { name: 'Módosító számla kiállítása' }).click();
    await confirmModify(page);
    // −5 of 3 pieces makes the invoice negative: the core's legal check refuses it, worded in Hungarian
    await expect(dialog.getByText('A számla végösszege nem lehet negatív').first()).toBeVisible();
    await page.screenshot({ path: shotPath('documents', 'hu-modify-refused') });
    expect(await unlabelled(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Mégse' }).click();
  });

  await test.step('the list: the kind filter and the row badge', async () => {
    await page.goto(`${folio.url}/#/invoices`);
    await expect(page.locator('[data-kind="modifying"]')).toHaveCount(2);
    await page.getByLabel('Fajta').selectOption('modifying');
    await expect(page.locator('[data-invoice-row]')).toHaveCount(2);
    await expect(page).toHaveURL(/kind=modifying/);
    await page.screenshot({ path: shotPath('documents', 'hu-list-kind-filter') });
  });

  expect(errors).toEqual([]);
});

test('an invoice of the previous program is modified from its own screen', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await withKey(page);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(`${folio.url}/#/invoices`);
  await page.getByRole('link', { name: 'Korábbi számla módosítása' }).click();
  await expect(page.getByRole('heading', { name: 'Korábbi számla módosítása' })).toBeVisible();

  const form = page.locator('[data-external-form]');
  // the original left empty: the core's messages land at its fields, in Hungarian
  await form.getByLabel('A módosítás oka').fill('Árkorrekció');
  await form.getByLabel('1. sor – Mennyiség változása').fill('1');
  await form.getByRole('button', { name: 'Módosító számla kiállítása' }).click();
  await confirmModify(page);
  await expect(form.getByRole('textbox', { name: 'Az eredeti számla sorszáma' })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('[data-original-line="1"] .field-error')).toHaveText(['számot adj meg']);
  await expect(form.getByText('Válaszd ki, kinek szólt az eredeti számla.')).toBeVisible();
  // the change of a line the original does not have right yet is not blamed: the line is
  await expect(form.locator('[data-chain-line="1"] .field-error')).toHaveCount(0);
  await page.screenshot({ path: shotPath('documents', 'hu-external-refused') });
  await form.getByLabel('1. sor – Mennyiség változása').fill('');
  await form.getByLabel('Az eredeti számla sorszáma').fill('RÉGI-2025-0042');
  await form.getByLabel('Kiállítás dátuma').fill('2025.11.03.');
  await form.getByLabel('Teljesítés dátuma').fill('2025-11-03');
  await form.getByLabel('Ügyfél keresése').fill('Lánc');
  await page.getByRole('button', { name: /Lánc Partner Kft\./ }).click();
  // the client's refusal goes once a client is chosen
  await expect(form.getByText('Válaszd ki, kinek szólt az eredeti számla.')).toHaveCount(0);
  await form.getByLabel('1. sor – Megnevezés').fill('Webfejlesztés');
  await form.locator('[name="original.items.0.net_unit_price"]').fill('50000');
  await expect(form.locator('[data-original-total]')).toHaveText(/63\s500\sFt/);
  await form.getByLabel('A módosítás oka').fill('Árkorrekció');
  await form.getByLabel('1. sor – Egységár változása').fill('5000');
  await expect(form.locator('[data-mod="total"]')).toHaveText(/6\s?350\sFt/);
  await expect(form.locator('[data-mod="resulting"]')).toHaveText(/69\s850\sFt/);
  await page.screenshot({ path: shotPath('documents', 'hu-external-modify'), fullPage: true });
  expect(await unlabelled(page)).toEqual([]);

  await form.getByRole('button', { name: 'Módosító számla kiállítása' }).click();
  await confirmModify(page);
  await expect(page.getByRole('heading', { name: /^Módosító számla 2026-/ })).toBeVisible();
  const ref = page.locator('[data-chain="reference"]');
  await expect(ref.locator('[data-original]')).toContainText('RÉGI-2025-0042');
  await expect(ref.locator('[data-original]')).toContainText('korábbi programban kiállítva');
  await expect(ref.locator('[data-original] a')).toHaveCount(0);
  await expect(page.locator('[data-invoice-total]')).toHaveText(/6\s?350\sFt/);
  expect(clientId).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

/** A modifying invoice is issued after the same kind of question as a normal one (issue 36): Enter confirms. */
async function confirmModify(page: Page): Promise<void> {
  const confirm = page.getByRole('dialog', { name: 'Kiállítod a módosító számlát?' });
  await expect(confirm.getByRole('button', { name: 'Módosító számla kiállítása' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
}
