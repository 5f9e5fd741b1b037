// Settings → Data ("Adatok és mentés") in real Chromium over the HTTP door, in Hungarian: a backup folder is set (a
// wrong one first: the field says why, and the message goes once the folder is right), "Mentés most" makes a backup
// that shows as the last one, a change made afterwards disappears when that backup is restored (after a look at
// what it holds), a damaged file is refused in words, and a CSV export for a period downloads as a ZIP of tables.
// In desktop mode (the page's `window.folio` crossing to Folio's own IPC dispatcher) an export is kept in the
// backup folder instead, and the screen says where.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { createDispatcher } from '../../electron/main/dispatch';
import { SHELL_EVENTS } from '../../shared/contract/bridge';
import { shotPath } from './support/shots';
import { readSheet } from 'read-excel-file/node';
import { addClient, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { unzip } from '../backup/unzip';

let folio: Folio;

test.afterEach(async () => folio?.stop());

/** The whole screen: the content pane scrolls inside the window, so the window is made tall enough for a moment. */
async function shot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.querySelector('.content')?.scrollHeight ?? document.body.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height + 40) });
  await page.screenshot({ path: shotPath('data', name) });
  await page.setViewportSize(size);
}

async function openDataSettings(page: Page): Promise<void> {
  await page.goto(`${folio.url}/#/settings/data`);
  await expect(page.getByRole('heading', { name: 'Biztonsági mentés' })).toBeVisible();
}

test('backup folder, "Mentés most", restore after a change, a damaged file refused — all in Hungarian', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  folio = await startFolio();
  await setSeller(folio);
  const client = await addClient(folio, 'Vevő Kft.');
  const issued = await folio.server.core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Könyvelés', vat_id: '1', qty: '1', net_unit_price: '40000', unit: 'hó' }],
  });
  const home = dirname(folio.dbFile);
  const errors = watchErrors(page);
  await withKey(page);
  await openDataSettings(page);

  const folder = page.getByLabel('Mentési mappa');
  const save = page.getByRole('button', { name: 'Beállítások mentése' });
  await test.step('a wrong folder gets a message at the field; a good one clears it and is kept', async () => {
    await folder.fill('mentések');
    await save.click();
    await expect(page.getByText('Teljes elérési utat adj meg', { exact: false }).first()).toBeVisible();
    await expect(folder).toHaveAttribute('aria-invalid', 'true');
    await expect(folder).toHaveValue('mentések'); // nothing typed is lost

    writeFileSync(join(home, 'jegyzet.txt'), 'ez egy fájl');
    await folder.fill(join(home, 'jegyzet.txt'));
    await save.click();
    await expect(page.locator('.field-error', { hasText: 'Ez egy fájl, nem mappa.' })).toBeVisible();
    await shot(page, 'data-folder-error-hu.png');

    await folder.fill(join(home, 'Mentések'));
    await page.getByLabel('Megtartott napi mentések').fill('10');
    await save.click();
    await expect(page.getByText('A mentési beállítások elmentve.')).toBeVisible();
    await expect(folder).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.field-error')).toHaveCount(0);
  });

  const lastBackup = page.getByRole('definition').filter({ hasText: /^Sikerült$/ });
  await test.step('"Mentés most" makes a backup, shown as the last one and in the restore list', async () => {
    await expect(page.getByText('Még nem készült mentés.')).toBeVisible();
    await page.getByRole('button', { name: 'Mentés most' }).click();
    await expect(page.getByText('A mentés elkészült.')).toBeVisible();
    await expect(lastBackup).toBeVisible();
    await expect(page.getByText('kézi mentés').first()).toBeVisible();
    await expect(page.locator('.facts .mono')).toContainText(join(home, 'Mentések', 'folio-backup-'));
    await expect(page.getByRole('button', { name: /^Megnézem: / })).toHaveCount(1);
    await shot(page, 'data-after-backup-hu.png');
  });

  await test.step('a change after the backup is gone once the backup is restored', async () => {
    await folio.server.core.call('clients.create', { name: 'Később Felvett Bt.' });
    await page.goto(`${folio.url}/#/clients`);
    await expect(page.getByText('Később Felvett Bt.')).toBeVisible();

    await openDataSettings(page);
    await page.getByRole('button', { name: /^Megnézem: / }).click();
    const inspection = page.locator('.inspection');
    await expect(inspection.getByRole('heading', { name: 'Mit tartalmaz ez a mentés?' })).toBeVisible();
    await expect(inspection).toContainText('Minta Bt.');
    await expect(inspection.getByRole('definition').filter({ hasText: issued.attributes.prefixed_invoice_no! })).toBeVisible();
    await expect(inspection).toContainText('2026. 11. 22.');
    await expect(inspection).toContainText('A mentés óta felvett adatok: 1 ügyfél');
    await shot(page, 'data-restore-look-hu.png');

    await inspection.getByRole('button', { name: 'Visszaállítás' }).click();
    const dialog = page.getByRole('dialog', { name: 'Visszaállítod ezt a mentést?' });
    await expect(dialog).toContainText('A mostani adatokról előbb mentés készül');
    await dialog.getByRole('button', { name: 'Igen, visszaállítom' }).click();
    await expect(page.getByText(/^Visszaállítva\. A korábbi adatok mentése: .*folio-before-restore-/)).toBeVisible();
    // the page reloads onto the restored data
    await page.waitForEvent('load');
    await expect(page.getByRole('heading', { name: 'Biztonsági mentés' })).toBeVisible();
    await expect(page.getByText('visszaállítás előtti mentés').first()).toBeVisible();

    await page.goto(`${folio.url}/#/clients`);
    await expect(page.getByText('Vevő Kft.')).toBeVisible();
    await expect(page.getByText('Később Felvett Bt.')).toHaveCount(0);
  });

  await test.step('a damaged file is refused in words, and cannot be restored', async () => {
    const damaged = join(home, 'sérült.sqlite');
    writeFileSync(damaged, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(8192, 0x5a)]));
    await openDataSettings(page);
    await page.getByLabel('Mentésfájl').fill(damaged);
    await page.locator('.path-form').getByRole('button', { name: 'Megnézem' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Ez a fájl nem állítható vissza' });
    await expect(refusal).toContainText('A fájl sérült, vagy nem olvasható adatbázis. Válassz egy másik mentést.');
    await expect(page.locator('.inspection').getByRole('button', { name: 'Visszaállítás' })).toHaveCount(0);
    await shot(page, 'data-damaged-hu.png');

    await page.getByLabel('Mentésfájl').fill(join(home, 'nincs-ilyen.sqlite'));
    await page.locator('.path-form').getByRole('button', { name: 'Megnézem' }).click();
    await expect(page.locator('.field-error', { hasText: 'Nincs ilyen fájl.' })).toBeVisible();
  });

  expect(errors).toEqual([]);
});

test('a CSV export for a period downloads as a ZIP of tables, with progress on the way', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  folio = await startFolio();
  await setSeller(folio);
  const client = await addClient(folio, 'Vevő Kft.');
  const issued = await folio.server.core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Weboldal karbantartás', vat_id: '1', qty: '3', net_unit_price: '15000', unit: 'óra' }],
  });
  const errors = watchErrors(page);
  await withKey(page);
  await openDataSettings(page);

  const exportCard = page.locator('section', { has: page.getByRole('heading', { name: 'Export a könyvelőnek' }) });
  // the last full month is offered; the invoice is from this month
  await expect(exportCard.getByLabel('Kezdő dátum')).toHaveValue('2026. 10. 01.');
  await expect(exportCard.getByLabel('Záró dátum')).toHaveValue('2026. 10. 31.');
  await exportCard.getByLabel('Záró dátum').fill('2026-09-01');
  await exportCard.getByRole('button', { name: 'Exportálás' }).click();
  await expect(exportCard.locator('.field-error', { hasText: 'Nem lehet a kezdő dátum előtt.' })).toBeVisible();

  await exportCard.getByLabel('Kezdő dátum').fill('2026.11.01.');
  await exportCard.getByLabel('Záró dátum').fill('2026-11-30');
  const download = page.waitForEvent('download');
  await exportCard.getByRole('button', { name: 'Exportálás' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('folio-export-2026-11-01_2026-11-30.zip');
  await expect(exportCard.getByRole('status').filter({ hasText: 'Elkészült az export' })).toContainText('folio-export-2026-11-01_2026-11-30.zip');
  await expect(exportCard.locator('.field-error')).toHaveCount(0);
  await shot(page, 'data-export-done-hu.png');

  const files = unzip(readFileSync(await file.path()));
  const invoices = parse(files.get('invoices.csv')!, { columns: true, bom: true, delimiter: ';' }) as Array<Record<string, string>>;
  expect(invoices.map((i) => [i.invoice_no, i.client_name, i.net_total])).toEqual([[issued.attributes.prefixed_invoice_no, 'Vevő Kft.', '45000.000']]);

  // the same period as one Excel workbook: the delimiter is a CSV matter and goes away
  await exportCard.getByLabel('Formátum').selectOption('xlsx');
  await expect(exportCard.getByLabel('Elválasztó')).toHaveCount(0);
  await shot(page, 'data-export-xlsx-hu.png');
  const workbook = page.waitForEvent('download');
  await exportCard.getByRole('button', { name: 'Exportálás' }).click();
  const xlsx = await workbook;
  expect(xlsx.suggestedFilename()).toBe('folio-export-2026-11-01_2026-11-30.xlsx');
  // read back in Node with write-excel-file's sibling, as a spreadsheet program would read it
  const [header, ...rows] = await readSheet(await xlsx.path(), 'invoices');
  expect(rows.map((r) => [r[header!.indexOf('invoice_no')], r[header!.indexOf('client_name')], r[header!.indexOf('net_total')]])).toEqual([
    [issued.attributes.prefixed_invoice_no, 'Vevő Kft.', 45000],
  ]);
  expect(errors).toEqual([]);
});

test('desktop mode: an export is kept in the backup folder and the screen says where', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  folio = await startFolio();
  await setSeller(folio);
  await addClient(folio, 'Vevő Kft.');
  // the desktop's IPC door without Electron, as in desktop-mode.spec.ts: Folio's dispatcher on the server's core
  const dispatch = createDispatcher({
    call: (name, input) => folio.server.core.call(name, input as never),
    shell: {
      'shell.info': () => ({ version: '0.1.0', dataDir: dirname(folio.dbFile), dbFile: folio.dbFile, today: '2026-11-22', platform: 'linux' }),
      'shell.setLanguage': (input) => input,
      'shell.openDataFolder': () => ({ opened: true }),
    },
  });
  await page.exposeFunction('__folioInvoke', (operation: string, input: unknown) => dispatch(operation, input));
  await page.addInitScript((events) => {
    const w = window as unknown as Record<string, any>;
    w.folio = Object.freeze({
      call: (operation: string, input: unknown) => w.__folioInvoke(String(operation), input ?? {}),
      on(event: string) {
        if (!(events as string[]).includes(event)) throw new Error(`Unknown event ${String(event)}`);
        return () => undefined;
      },
    });
  }, [...SHELL_EVENTS]);
  const errors = watchErrors(page);
  await openDataSettings(page);

  const exportCard = page.locator('section', { has: page.getByRole('heading', { name: 'Export a könyvelőnek' }) });
  await exportCard.getByLabel('Formátum').selectOption('json');
  await exportCard.getByLabel('Kezdő dátum').fill('2026-01-01');
  await exportCard.getByLabel('Záró dátum').fill('2026-12-31');
  await exportCard.getByRole('button', { name: 'Exportálás' }).click();
  const saved = join(dirname(folio.dbFile), 'backups', 'folio-export-2026-01-01_2026-12-31.json');
  await expect(exportCard.getByRole('status').filter({ hasText: 'Elkészült az export' })).toContainText(`Elmentve ide: ${saved}`);
  await expect(exportCard.getByRole('button', { name: 'Letöltés újra' })).toHaveCount(0);
  expect(JSON.parse(readFileSync(saved, 'utf8')).clients.map((c: { attributes: { name: string } }) => c.attributes.name)).toEqual(['Vevő Kft.']);
  expect(existsSync(saved)).toBe(true);
  await shot(page, 'data-desktop-export-hu.png');
  expect(errors).toEqual([]);
});
