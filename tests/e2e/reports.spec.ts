// The Reports screen (Kimutatások) in Chromium, in Hungarian and in English: the quarter's VAT to pay with its
// figures by VAT code, a figure opening its invoices, revenue and costs beside the same quarter a year earlier with
// the chart, and a report downloaded as CSV and XLSX (read back; the XLSX with read-excel-file, the writer's sibling),
// the accountant package with each invoice's PDF and e-invoice. Screenshots of each screen for review.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { screenshot } from './support/shots';
import { unzip } from '../backup/unzip';
import { setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { fixedClock } from '../../electron/core/clock';
import { createCore, type Core } from '../../electron/core/index';
import { openDatabase } from '../../electron/db/open';

test.use({ locale: 'hu-HU', viewport: { width: 1280, height: 1400 } });

const client = async (core: Core, name: string, taxcode: string) =>
  (
    await core.call('clients.create', {
      name,
      taxcode,
      tax_type: 'HAS_TAX_NUMBER',
      email: 'szamla@example.com',
      billing_address: { postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5', country: 'Magyarország' },
    })
  ).id;
const issue = (core: Core, clientUid: number, day: string, items: unknown[], over: Record<string, unknown> = {}) =>
  core.call('invoices.create', {
    client_uid: clientUid, type: 3, block_uid: 0, payment_method: 2, currency: 'HUF', fulfillment_date: day, due_date: `${day.slice(0, 4)}-12-10`, items, ...over,
  } as never);
const line = (description: string, price: number, vat_id = 1) => ({ description, qty: 1, unit: 'db', net_unit_price: price, vat_id });

/** A year earlier, on the same file: the comparison's figures (issued with the clock of November 2025). */
async function lastYear(dbFile: string): Promise<void> {
  const opened = await openDatabase(dbFile);
  try {
    const core = await createCore({ db: opened.db, clock: fixedClock('2025-11-12T10:00:00+01:00') });
    await core.call('settings.update', { seller: { name: 'Minta Bt.', taxcode: '12345676-2-41', address: { postcode: '1051', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'Magyarország' } } } as never);
    const alfa = await client(core, 'Alfa Kft.', '10000001-2-41');
    await issue(core, alfa, '2025-10-08', [line('Webfejlesztés', 150000)]);
    await issue(core, alfa, '2025-11-10', [line('Tanácsadás', 120000)]);
    await core.call('expenses.create', { categories_id: '1', name: 'Irodabérlet', supplier_name: 'Ház Kft.', gross_price: '63500', vat: 1, fulfillment_date: '2025-10-01' } as never);
  } finally {
    await opened.close();
  }
}

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio(lastYear);
  await setSeller(folio);
  const core = folio.server.core;
  const alfa = (await core.call('clients.list', {} as never)).items.find((c) => c.attributes.name === 'Alfa Kft.')!.id;
  const beta = await client(core, 'Beta Zrt.', '34567898-2-41');
  await issue(core, alfa, '2026-10-06', [line('Webfejlesztés', 200000)]);
  await issue(core, beta, '2026-11-03', [line('Tanácsadás', 150000), line('Szakkönyv', 40000, 2)]);
  await issue(core, beta, '2026-11-15', [line('Licenc', 500)], { currency: 'EUR', exchange_rate: '395.2' });
  await core.call('expenses.create', { categories_id: '1', name: 'Irodabérlet', supplier_name: 'Ház Kft.', gross_price: '63500', vat: 1, fulfillment_date: '2026-10-01' } as never);
  await core.call('expenses.create', { categories_id: '1', name: 'Szoftver', supplier_name: 'Szoft Kft.', net_price: '20000', vat: 1, fulfillment_date: '2026-11-02' } as never);
});
test.afterAll(async () => folio.stop());

test('the quarter’s VAT and revenue, in Hungarian and in English', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/reports`);
  await expect(page.getByRole('heading', { name: 'Kimutatások', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kimutatások' })).toHaveAttribute('aria-current', 'page');
  // the fourth quarter of 2026 (today is 22 November): 54,000 + 40,500 + 53,352 (135 EUR × 395.2) + 2,000 output VAT
  const stats = page.getByTestId('vat-stats');
  await expect(stats.getByRole('button', { name: /Fizetendő áfa/ })).toContainText(/149\s852\sFt/);
  await expect(stats.getByRole('button', { name: /Levonható áfa/ })).toContainText(/18\s900\sFt/);
  await expect(page.getByTestId('vat-balance')).toContainText(/130\s952\sFt/);
  await expect(page.getByTestId('vat-balance')).toContainText('befizetendő');
  const output = page.getByTestId('vat-output');
  await expect(output.getByRole('row', { name: /27%/ })).toContainText(/547\s600\sFt/);
  await screenshot(page, 'reports', 'vat-hu', { fullPage: true });

  // the 27 % line opens its three invoices
  await output.getByRole('button', { name: /27%.*3 bizonylat/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('row')).toHaveCount(4);
  await expect(dialog.getByRole('link', { name: /2026-0000/ })).toHaveCount(3);
  await expect(dialog).toContainText('Beta Zrt.');
  await screenshot(page, 'reports', 'vat-documents-hu');
  await page.keyboard.press('Escape');

  // a download of the analysis as CSV, headed in Hungarian
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('afa-analitika_2026-10-01_2026-12-31.csv');
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv).toContain('Fizetendő áfa;149852');
  expect(csv).not.toContain('149852.000');
  expect(csv).toContain('1;27%;547600;147852;3;');
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel (XLSX)' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe('afa-analitika_2026-10-01_2026-12-31.xlsx');
  // the same figures as numbers a spreadsheet sums
  expect((await readSheet((await xlsx.path())!, 'Összesítés')).slice(0, 2)).toEqual([
    ['Megnevezés', 'Áfa (Ft)'],
    ['Fizetendő áfa', 149852],
  ]);

  // the accountant package of the quarter: built in the background, then downloaded as one ZIP
  const pkg = page.getByTestId('accountant-package');
  const zipDownload = page.waitForEvent('download');
  await pkg.getByRole('button', { name: /Csomag készítése: 2026\. 10\. 01\. – 2026\. 12\. 31\./ }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toBe('konyvelo-csomag_2026-10-01_2026-12-31.zip');
  const names = [...unzip(readFileSync((await zip.path())!)).keys()];
  expect(names.filter((n) => n.startsWith('szamlak/'))).toHaveLength(3);
  expect(names.filter((n) => n.startsWith('e-szamla/') && n.endsWith('-ubl.xml'))).toHaveLength(3);
  expect(names).toContain('osszesito.pdf');
  await expect(pkg.getByRole('status')).toContainText('Elkészült a csomag (3 számla).');
  await pkg.scrollIntoViewIfNeeded();
  await screenshot(page, 'reports', 'accountant-package-hu');

  await page.getByRole('link', { name: 'Bevétel és költség' }).click();
  await expect(page.getByTestId('revenue-stats')).toContainText(/587\s600\sFt/);
  // the fourth quarter of 2025: 150,000 + 120,000
  await expect(page.getByTestId('revenue-stats')).toContainText(/Egy évvel korábban: 270\s000\sFt/);
  await expect(page.getByTestId('revenue-client').getByRole('row', { name: /Alfa Kft\./ })).toContainText(/270\s000\sFt/);
  await expect(page.getByRole('img', { name: /Havi nettó árbevétel forintban/ })).toBeVisible();
  await expect(page.getByTestId('revenue-client').getByRole('row', { name: /Beta Zrt\./ })).toContainText(/387\s600\sFt/);
  await screenshot(page, 'reports', 'revenue-hu', { fullPage: true });
  // a client's count opens its invoices, read when the list is opened (reports.revenueDocuments)
  const betaDocs = page.getByTestId('revenue-client').getByRole('row', { name: /Beta Zrt\./ }).getByRole('button');
  const betaCount = Number(/\d+/.exec((await betaDocs.textContent()) ?? '')![0]);
  expect(betaCount).toBeGreaterThan(0);
  await betaDocs.click();
  await expect(page.getByRole('dialog').getByRole('link', { name: /2026-0000/ })).toHaveCount(betaCount);
  await expect(page.getByRole('dialog')).toContainText('Beta Zrt.');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /Monthly net revenue in forints/ })).toBeVisible();
  await screenshot(page, 'reports', 'revenue-en', { fullPage: true });
  await page.getByRole('link', { name: 'VAT analysis' }).click();
  await expect(page.getByTestId('vat-balance')).toContainText('to pay');
  await screenshot(page, 'reports', 'vat-en', { fullPage: true });
  expect(errors).toEqual([]);
});
