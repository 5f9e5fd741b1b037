// An expense as a bookkeeper records it, in Chromium, in Hungarian: the supplier's tax number is refused next to its
// field and the message goes as soon as it is right (nothing typed is lost), the net / VAT / gross preview, the
// supplier's PDF attached and downloaded back, the list, and this month's expenses on the dashboard.
import { readFileSync, writeFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { expect, test } from '@playwright/test';
import { shotPath } from './support/shots';
import { setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

test.use({ locale: 'hu-HU', viewport: { width: 1280, height: 1300 } });

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

function writePdf(file: string): Promise<void> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A6' });
    const parts: Buffer[] = [];
    doc.on('data', (c: Buffer) => parts.push(c));
    doc.on('end', () => {
      writeFileSync(file, Buffer.concat(parts));
      resolve();
    });
    doc.text('Számla PB-2026/0815 – Papírbolt Kft.');
    doc.end();
  });
}

test('an expense with its supplier, a field error shown and cleared, a PDF attached, the list and the dashboard', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const pdf = test.info().outputPath('szamla-PB-2026-0815.pdf');
  await writePdf(pdf);

  await withKey(page);
  await page.goto(`${folio.url}/#/expenses`);
  await page.getByRole('button', { name: 'Új költség' }).first().click();

  await page.getByLabel('Szállító neve').fill('Papírbolt Kft.');
  await page.getByLabel('Szállító adószáma').fill('12345678-2-41'); // a wrong check digit
  await page.getByLabel('Szállítói számla sorszáma').fill('PB-2026/0815');
  await page.getByLabel('Kategória').selectOption({ label: 'Irodaszer és nyomtatvány' });
  await page.getByLabel('Megnevezés').fill('Irodaszer, nyomtatópapír');
  await page.getByLabel('Számla kelte').fill('2026.11.05.');
  await page.getByLabel('Teljesítés dátuma').fill('2026.11.04.');
  await page.getByLabel('Fizetési határidő').fill('2026.11.20.');
  await page.getByLabel('Kifizetve').check();
  await page.getByLabel('Fizetés dátuma').fill('2026.11.06.');
  await page.getByRole('textbox', { name: 'Összeg', exact: true }).fill('12 700');
  await expect(page.getByText(/Nettó 10\s000\sFt \+ ÁFA 2700\sFt = Bruttó 12\s700\sFt/)).toBeVisible();
  await page.getByLabel('Bizonylat fájlja (PDF vagy kép, legfeljebb 10 MB)').setInputFiles(pdf);
  await expect(page.getByText('Mentéskor csatolva: szamla-PB-2026-0815.pdf')).toBeVisible();

  await page.getByRole('button', { name: 'Mentés' }).click();
  const taxError = page.locator('p.field-error').filter({ hasText: 'Nem érvényes adószám: magyar adószámot (pl. 12345676-2-41) vagy EU-s közösségi adószámot (pl. DE123456789) adj meg.' });
  await expect(taxError).toBeVisible();
  // the summary names the field in words and leads to it
  await page.getByRole('button', { name: 'Szállító adószáma' }).click();
  await expect(page.getByLabel('Szállító adószáma')).toBeFocused();
  // nothing typed is lost, nothing was written
  await expect(page.getByRole('textbox', { name: 'Összeg', exact: true })).toHaveValue('12 700');
  await expect(page.getByLabel('Szállító neve')).toHaveValue('Papírbolt Kft.');
  expect((await folio.server.core.call('expenses.list', {})).items).toHaveLength(0);
  await page.screenshot({ path: shotPath('h15-expenses', '1-form-field-error-hu.png'), fullPage: true });

  // fixed: the message goes at once, before saving again
  await page.getByLabel('Szállító adószáma').fill('12345676-2-41');
  await expect(taxError).toBeHidden();
  await expect(page.getByText('Néhány adat hibás')).toBeHidden(); // the summary goes with its last open field
  await page.screenshot({ path: shotPath('h15-expenses', '2-form-fixed-hu.png'), fullPage: true });
  await page.getByRole('button', { name: 'Mentés' }).click();

  // the list: supplier, fulfillment, net, gross, paid, the document's mark
  const row = page.getByRole('row').filter({ hasText: 'Irodaszer, nyomtatópapír' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Papírbolt Kft.');
  await expect(row).toContainText(/10\s000\sFt/);
  await expect(row).toContainText(/12\s700\sFt/);
  await expect(row).toContainText('Fizetve');
  await expect(row.getByTitle('Van csatolt bizonylat')).toBeVisible();
  await page.screenshot({ path: shotPath('h15-expenses', '3-list-hu.png'), fullPage: true });

  const [saved] = (await folio.server.core.call('expenses.list', {})).items;
  expect(saved!.attributes).toMatchObject({
    supplier_name: 'Papírbolt Kft.', supplier_taxcode: '12345676-2-41', invoice_date: '2026-11-05', fulfillment_date: '2026-11-04',
    due_date: '2026-11-20', payment_date: '2026-11-06', paid: true, net_price: '10000.000', vat_amount: '2700.000', gross_price: '12700.000',
    attachment: { file_name: 'szamla-PB-2026-0815.pdf', content_type: 'application/pdf' },
  });

  // the document comes back byte for byte from the form
  await row.getByRole('button', { name: 'Irodaszer, nyomtatópapír', exact: true }).click();
  await expect(page.getByText(/Csatolva: szamla-PB-2026-0815\.pdf/)).toBeVisible();
  await page.screenshot({ path: shotPath('h15-expenses', '4-form-with-file-hu.png'), fullPage: true });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Letöltés' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('szamla-PB-2026-0815.pdf');
  expect(readFileSync((await download.path())!).equals(readFileSync(pdf))).toBe(true);
  await page.getByRole('button', { name: 'Mégse' }).click();

  // this month's expenses beside the revenue on the dashboard
  await page.goto(`${folio.url}/#/`);
  const card = page.getByTestId('expenses-month');
  await expect(card).toContainText('Ez havi költségek (nettó)');
  await expect(card).toContainText(/10\s000\sFt/);
  await expect(card).toContainText('1 költség');
  await page.screenshot({ path: shotPath('h15-expenses', '5-dashboard-hu.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test("a file that is not a PDF or an image is refused next to its field; the expense is kept and the right file attached on the next save", async ({ page }) => {
  test.setTimeout(60_000);
  const errors = watchErrors(page);
  const fake = test.info().outputPath('szamla.pdf');
  writeFileSync(fake, 'Ez nem PDF, csak egy átnevezett szövegfájl.');

  await withKey(page);
  await page.goto(`${folio.url}/#/expenses`);
  await page.getByRole('button', { name: 'Új költség' }).first().click();
  await page.getByLabel('Megnevezés').fill('Parkolás');
  await page.getByRole('textbox', { name: 'Összeg', exact: true }).fill('1 500');
  await page.getByLabel('Bizonylat fájlja (PDF vagy kép, legfeljebb 10 MB)').setInputFiles(fake);
  await page.getByRole('button', { name: 'Mentés' }).click();

  await expect(page.getByText('A költség elmentve, de a fájlt nem sikerült csatolni: javítsd, és mentsd újra.')).toBeVisible();
  const fileError = page.locator('p.field-error').filter({ hasText: 'Csak PDF, PNG vagy JPEG fájl csatolható.' });
  await expect(fileError).toBeVisible();
  await page.screenshot({ path: shotPath('h15-expenses', '6-wrong-file-hu.png'), fullPage: true });

  // a receipt photographed as PNG: the message goes when it is chosen; saving again changes the same expense
  await page.getByLabel('Bizonylat fájlja (PDF vagy kép, legfeljebb 10 MB)').setInputFiles('resources/icon.png');
  await expect(fileError).toBeHidden();
  await page.getByRole('button', { name: 'Mentés' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Parkolás' });
  await expect(row.getByTitle('Van csatolt bizonylat')).toBeVisible();
  const parking = (await folio.server.core.call('expenses.list', {})).items.filter((x) => x.attributes.name === 'Parkolás');
  expect(parking).toHaveLength(1);
  expect(parking[0]!.attributes.attachment).toMatchObject({ file_name: 'icon.png', content_type: 'image/png' });
  expect(errors).toEqual([]);
});
