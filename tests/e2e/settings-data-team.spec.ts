// Settings → Adatok on a team server (PostgreSQL) in real Chromium: in place of the backup folder, schedule and
// restore, a note says the administrator backs the server up; the export for the accountant works as on a desktop
// and downloads a ZIP of tables read from PostgreSQL. Hungarian first, then English and German.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { shotPath } from './support/shots';
import { addClient, setSeller, startPgFolio, watchErrors, withKey, type PgFolio } from './support/folio';
import { unzip } from '../backup/unzip';

let folio: PgFolio | undefined;
test.afterEach(async () => folio?.stop());

/** The whole screen: the content pane scrolls inside the window, so the window is made tall enough for a moment. */
async function shot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.querySelector('.content')?.scrollHeight ?? document.body.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height + 40) });
  await page.screenshot({ path: shotPath('data', name) });
  await page.setViewportSize(size);
}

test('a team server shows who backs it up instead of the backup controls, and exports from PostgreSQL', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  folio = await startPgFolio();
  await setSeller(folio);
  const client = await addClient(folio, 'Vevő Kft.');
  const issued = await folio.server.core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Rendszerüzemeltetés', vat_id: '1', qty: '2', net_unit_price: '25000', unit: 'óra' }],
  });
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/settings/data`);

  const note = page.locator('[data-server-backups]');
  await expect(note.getByRole('heading', { name: 'Biztonsági mentés' })).toBeVisible();
  await expect(note.getByRole('status')).toContainText('Ezt a szervert a rendszergazda menti');
  await expect(note.getByRole('status')).toContainText('a PostgreSQL saját eszközeivel');
  // none of the file backups' controls
  await expect(page.getByLabel('Mentési mappa')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mentés most' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Visszaállítás mentésből' })).toHaveCount(0);

  const exportCard = page.locator('section', { has: page.getByRole('heading', { name: 'Export a könyvelőnek' }) });
  await exportCard.getByLabel('Kezdő dátum').fill('2026-11-01');
  await exportCard.getByLabel('Záró dátum').fill('2026-11-30');
  const download = page.waitForEvent('download');
  await exportCard.getByRole('button', { name: 'Exportálás' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('folio-export-2026-11-01_2026-11-30.zip');
  await expect(exportCard.getByRole('status').filter({ hasText: 'Elkészült az export' })).toBeVisible();
  await shot(page, 'data-team-server-hu.png');
  const invoices = parse(unzip(readFileSync(await file.path())).get('invoices.csv')!, { columns: true, bom: true, delimiter: ';' }) as Array<Record<string, string>>;
  expect(invoices.map((i) => [i.invoice_no, i.client_name, i.net_total])).toEqual([[issued.attributes.prefixed_invoice_no, 'Vevő Kft.', '50000.000']]);

  await page.getByRole('button', { name: 'English' }).click();
  await expect(note.getByRole('status')).toContainText('This server is backed up by its administrator');
  await shot(page, 'data-team-server-en.png');
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(note.getByRole('status')).toContainText('Diesen Server sichert der Administrator');
  await shot(page, 'data-team-server-de.png');
  expect(errors).toEqual([]);
});

test('on a team server the setup guide counts the backups as done: they are the administrator’s', async ({ page }) => {
  folio = await startPgFolio();
  // the optional steps show once the seller is set; the guide is then opened again by hand (#/welcome)
  await setSeller(folio);
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/welcome`);
  await expect(page.getByRole('heading', { name: 'Üdv a Folióban!' })).toBeVisible();
  const backup = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Biztonsági mentés' }) });
  // done without being marked: no "Kész" / "Kihagyom" to press, only the way to the screen that says why
  await expect(backup).toContainText('Kész');
  await expect(backup.getByRole('button')).toHaveCount(0);
  await expect(backup.getByRole('link', { name: 'Beállítás' })).toHaveAttribute('href', '#/settings/data');
  // while NAV, not set up, still waits for a choice
  const nav = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'NAV Online Számla' }) });
  await expect(nav.getByRole('button', { name: 'Kihagyom' })).toBeVisible();
  expect(errors).toEqual([]);
});
