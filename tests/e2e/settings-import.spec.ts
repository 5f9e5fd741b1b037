// Settings → Import in Chromium, in Hungarian: 200 clients from a Windows-1250, ';'-separated export of an older
// program, with a few rows in error and a few duplicates (one of a client Folio has, one within the file). The user
// sees the errors in words, chooses to skip duplicates and rows with errors, imports, and finds the clients in the list.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { CLIENT_HEADER, clientRow, csv, windows1250 } from '../import/files';
import { shotPath } from './support/shots';
import { API_KEY, rpcOn, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';


// a Hungarian browser, its window tall enough to show a whole step
test.use({ locale: 'hu-HU', viewport: { width: 1280, height: 1500 } });

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

/** Every client, page by page, as clients.list answers over /rpc. */
async function everyClient(): Promise<Array<{ attributes: { name: string } }>> {
  const items = [];
  for (let page = 1; ; page++) {
    const answer = await rpcOn(folio.url, API_KEY, 'clients.list', { page, max_per_page: 50 });
    items.push(...answer.items);
    if (!answer.has_more) return items;
  }
}

test('200 clients from a Windows-1250 file: errors in words, duplicates and bad rows skipped, clients listed', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const rows = Array.from({ length: 200 }, (_, i) => clientRow(i));
  rows[10]![1] = '12345678-2-41'; // row 12: a tax number with a wrong check digit
  rows[50]![0] = ''; // row 52: no name
  rows[120]![5] = 'iroda121.ugyfel.hu'; // row 122: not an e-mail address
  rows[199] = [...rows[5]!]; // row 201: the same client as row 7
  // row 32 is a client Folio already has
  const [name, taxcode, postcode, city] = rows[30]!;
  const [, street_name, street_type, house_nr] = /^(.*) (\S+) (\d+)\.$/.exec(rows[30]![4]!)!;
  await folio.server.core.call('clients.create', {
    name: name!, taxcode: taxcode!, tax_type: 'HAS_TAX_NUMBER',
    billing_address: { postcode: postcode!, city: city!, street_name: street_name!, street_type: street_type!, house_nr: house_nr! },
  });
  const file = test.info().outputPath('ugyfelek.csv');
  writeFileSync(file, windows1250(csv([CLIENT_HEADER, ...rows], ';')));

  await withKey(page);
  await page.goto(`${folio.url}/#/settings/import`);
  await expect(page.getByRole('heading', { name: '1. A fájl' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Ügyfeleket' })).toBeChecked();
  await page.screenshot({ path: shotPath('import', '1-start-hu.png'), });

  // step 2: the file is read as Windows-1250 with ';', its columns mapped from the Hungarian header
  await page.getByLabel('CSV-fájl').setInputFiles(file);
  await expect(page.getByRole('heading', { name: '2. Az oszlopok' })).toBeVisible();
  await expect(page.getByLabel('Karakterkódolás')).toHaveValue('windows-1250');
  await expect(page.getByLabel('Karakterkódolás').locator('option:checked')).toHaveText('Windows-1250 (régebbi magyar programok) – felismert');
  await expect(page.getByLabel('Elválasztó')).toHaveValue(';');
  await expect(page.getByText('200 adatsor a fájlban')).toBeVisible();
  const columns = page.getByRole('region', { name: '2. Az oszlopok' });
  await expect(columns.getByRole('cell', { name: 'Hőszigetelő 1 Kft.' })).toBeVisible();
  await expect(page.getByLabel('Mező a Folióban ehhez az oszlophoz: Adószám')).toHaveValue('taxcode');
  await expect(page.getByLabel('Mező a Folióban ehhez az oszlophoz: Cím')).toHaveValue('address');
  await expect(page.getByLabel('Mező a Folióban ehhez az oszlophoz: Vevő típusa')).toHaveValue('tax_type');
  await page.getByRole('heading', { name: '2. Az oszlopok' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('import', '2-columns-hu.png'), });

  // step 3: the preview, with the errors in words; nothing can be imported while rows have errors
  const counts = page.getByRole('list', { name: '3. Előnézet' });
  await expect(counts).toContainText('200 sor');
  await expect(counts).toContainText('195 új');
  await expect(counts).toContainText('2 kihagyott ismétlődés');
  await expect(counts).toContainText('3 hibás');
  await expect(page.locator('tr[data-row="12"]')).toContainText('Adószám: érvénytelen magyar adószám');
  await expect(page.locator('tr[data-row="52"]')).toContainText('Név: kötelező');
  await expect(page.locator('tr[data-row="122"]')).toContainText('E-mail: érvényes e-mail-címet adj meg');
  await expect(page.locator('tr[data-row="32"]')).toContainText(`Már megvan: ${name}`);
  await expect(page.locator('tr[data-row="201"]')).toContainText('Ugyanaz, mint a 7. sor');
  await expect(page.getByText('Amíg hibás sor van a fájlban, semmit sem importálunk.')).toBeVisible();
  const importButton = page.getByRole('button', { name: '195 sor importálása' });
  await expect(importButton).toBeDisabled();
  await page.getByLabel('Csak a hibás és ismétlődő sorok').check();
  await expect(page.locator('tbody tr[data-row]')).toHaveCount(5);
  await page.getByRole('heading', { name: '3. Előnézet' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('import', '3-preview-errors-hu.png'), });
  expect(await everyClient()).toHaveLength(1);

  // the user's choice: skip duplicates, leave out the rows with errors
  await page.getByRole('radio', { name: /^Kihagyás/ }).check();
  await page.getByLabel('Hibás sorok kihagyása (a többi sort importáljuk)').check();
  await expect(importButton).toBeEnabled();
  await page.screenshot({ path: shotPath('import', '4-choices-hu.png'), });
  await importButton.click();

  await expect(page.getByRole('heading', { name: 'Kész az importálás' })).toBeVisible();
  await expect(page.getByText('195 új, 0 összevonva, 2 ismétlődés kihagyva, 3 hibás sor kihagyva.')).toBeVisible();
  await page.screenshot({ path: shotPath('import', '5-done-hu.png'), });

  await page.getByRole('link', { name: 'Ügyfelek megnyitása' }).click();
  await expect(page.getByRole('heading', { name: 'Ügyfelek' })).toBeVisible();
  await expect(page.getByRole('button', { name: rows[198]![0]!, exact: true })).toBeVisible(); // the newest imported client
  await page.screenshot({ path: shotPath('import', '6-client-list-hu.png') });
  await page.getByLabel('Keresés').fill('Hőszigetelő 1 Kft.');
  await expect(page.getByRole('button', { name: 'Hőszigetelő 1 Kft.', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /Hőszigetelő 1 Kft\./ })).toContainText('Budapest');

  const stored = await everyClient();
  expect(stored).toHaveLength(196);
  const names = stored.map((c) => c.attributes.name);
  expect(names).not.toContain(rows[10]![0]);
  expect(names).not.toContain(rows[120]![0]);
  expect(names.filter((n: string) => n === rows[5]![0])).toHaveLength(1);
  expect(names.filter((n: string) => n === name)).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('products from a UTF-8 file: a column mapped by hand, a duplicate merged into the product Folio has', async ({ page }) => {
  const errors = watchErrors(page);
  await folio.server.core.call('products.create', { name: 'Tanácsadás', price: '10000', vat_id: '1', unit: 'óra' });
  const file = test.info().outputPath('termekek.csv');
  writeFileSync(
    file,
    csv(
      [
        ['Megnevezés', 'Nettó egységár', 'ME', 'Kulcs'],
        ['Tanácsadás', '12 500', 'óra', '27%'],
        ['Könyvelés havidíj', '45 000', 'hó', '27%'],
        ['Szakkönyv', '4.990', 'db', '5%'],
      ],
      ',',
    ),
  );
  await withKey(page);
  await page.goto(`${folio.url}/#/settings/import`);
  await page.getByRole('radio', { name: 'Termékeket' }).check();
  await page.getByLabel('CSV-fájl').setInputFiles(file);
  // "Kulcs" is no header Folio knows: the VAT column is asked for, and no preview is made until it is chosen
  await expect(page.getByText('Válaszd ki, melyik oszlopban van: ÁFA.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '3. Előnézet' })).toHaveCount(0);
  await page.screenshot({ path: shotPath('import', '7-products-missing-column-hu.png') });
  await page.getByLabel('Mező a Folióban ehhez az oszlophoz: Kulcs').selectOption({ label: 'ÁFA' });

  await page.getByRole('radio', { name: /^Összevonás/ }).check();
  const counts = page.getByRole('list', { name: '3. Előnézet' });
  await expect(counts).toContainText('2 új');
  await expect(counts).toContainText('1 összevonás');
  await expect(page.locator('tr[data-row="2"]')).toContainText('Már megvan: Tanácsadás');
  await expect(page.locator('tr[data-row="4"]')).toContainText('4990 HUF');
  await page.screenshot({ path: shotPath('import', '8-products-preview-hu.png') });
  await page.getByRole('button', { name: '3 sor importálása' }).click();
  await expect(page.getByText('2 új, 1 összevonva, 0 ismétlődés kihagyva, 0 hibás sor kihagyva.')).toBeVisible();

  await page.getByRole('link', { name: 'Termékek megnyitása' }).click();
  await expect(page.getByRole('button', { name: 'Könyvelés havidíj', exact: true })).toBeVisible();
  const products = (await rpcOn(folio.url, API_KEY, 'products.list', { max_per_page: 50 })).items;
  expect(products.map((p: { attributes: { name: string; price: number } }) => [p.attributes.name, p.attributes.price])).toEqual([
    ['Szakkönyv', 4990],
    ['Könyvelés havidíj', 45000],
    ['Tanácsadás', 12500],
  ]);
  expect(errors).toEqual([]);
});
