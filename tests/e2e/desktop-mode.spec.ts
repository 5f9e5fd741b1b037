// The renderer in desktop mode, without Electron: a stand-in for the preload's `window.folio` bridge answers like
// the shell does (envelopes, never throws; shell.* operations; menu events), forwarding contract operations to the
// test server. It checks the IPC transport and what only the desktop shows: no key screen, the data folder, the
// share code note, and the native menu's commands.
import { expect, test, type Page } from '@playwright/test';
import { API_KEY, addClient, setSeller, startFolio, watchErrors, type Folio } from './support/folio';

let folio: Folio;
let invoiceId = 0;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  const client = await addClient(folio);
  const inv = await folio.server.core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Szolgáltatás', qty: 1, net_unit_price: '10000', vat_id: 1 }],
  });
  invoiceId = inv.id;
});
test.afterAll(async () => {
  await folio.stop();
});

async function installBridge(page: Page) {
  await page.addInitScript((key) => {
    const listeners: Record<string, Array<(payload: unknown) => void>> = {};
    const calls: string[] = [];
    const w = window as unknown as Record<string, unknown>;
    w.__calls = calls;
    w.__menu = (event: string, payload?: unknown) => (listeners[event] ?? []).forEach((l) => l(payload));
    w.folio = Object.freeze({
      async call(operation: string, input: unknown) {
        calls.push(operation);
        if (operation === 'shell.info') {
          return { success: true, data: { version: '0.1.0', dataDir: '/home/anna/.config/Folio', dbFile: '/home/anna/.config/Folio/folio.sqlite', today: '2026-11-22', platform: 'linux' } };
        }
        if (operation === 'shell.setLanguage') return { success: true, data: input };
        if (operation === 'shell.openDataFolder') return { success: true, data: { opened: true } };
        if (operation === 'invoices.download') {
          const id = (input as { id: number }).id;
          const res = await fetch(`/invoices/${id}/download`, { headers: { 'x-api-key': key } });
          if (!res.ok) return res.json();
          return { success: true, data: { filename: 'invoice.pdf', pdf: new Uint8Array(await res.arrayBuffer()) } };
        }
        const res = await fetch(`/rpc/${operation}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(input ?? {}) });
        return res.json();
      },
      on(event: string, listener: (payload: unknown) => void) {
        (listeners[event] ??= []).push(listener);
        return () => {
          listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener);
        };
      },
    });
  }, API_KEY);
}

const menu = (page: Page, event: string, payload?: unknown) =>
  page.evaluate(([e, p]) => (window as unknown as { __menu: (e: string, p?: unknown) => void }).__menu(e as string, p), [event, payload] as const);

test('desktop mode: no key screen, operations over the bridge, the data folder in Settings', async ({ page }) => {
  const errors = watchErrors(page);
  await installBridge(page);
  await page.goto(`${folio.url}/#/settings`);
  await expect(page.getByRole('heading', { name: 'Beállítások' })).toBeVisible();
  await expect(page.getByText('/home/anna/.config/Folio')).toBeVisible();
  await page.getByRole('button', { name: 'Mappa megnyitása' }).click();
  const calls = await page.evaluate(() => (window as unknown as { __calls: string[] }).__calls);
  expect(calls).toEqual(expect.arrayContaining(['settings.get', 'shell.info', 'shell.setLanguage', 'shell.openDataFolder']));
  // The native menu follows the UI's language.
  await page.getByRole('button', { name: 'English' }).first().click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __calls: string[] }).__calls.filter((c) => c === 'shell.setLanguage').length)).toBeGreaterThan(1);
  expect(errors).toEqual([]);
});

test('desktop mode: the menu’s commands navigate, open a new invoice and save it', async ({ page }) => {
  await installBridge(page);
  await page.goto(`${folio.url}/#/`);
  await expect(page.getByRole('heading', { name: 'Áttekintés' })).toBeVisible();
  await menu(page, 'menu:navigate', '/clients');
  await expect(page.getByRole('heading', { name: 'Ügyfelek' })).toBeVisible();
  await menu(page, 'menu:search');
  await expect(page.getByLabel('Keresés')).toBeFocused();
  await menu(page, 'menu:new-invoice');
  await expect(page.getByRole('heading', { name: 'Új számla' })).toBeVisible();
  // A field error over IPC arrives as the same envelope and lands at its field.
  await menu(page, 'menu:save');
  await expect(page.locator('.client-picker .field-error')).toHaveText('kötelező');
  await page.getByLabel('Ügyfél keresése').fill('Vevő');
  await page.getByRole('button', { name: /Vevő Kft\./ }).click();
  await page.getByLabel('1. tétel – Megnevezés').fill('Menüből mentve');
  await page.getByLabel('1. tétel – Nettó egységár').fill('5000');
  await menu(page, 'menu:save');
  await expect(page.getByRole('heading', { name: 'Piszkozat', exact: true })).toBeVisible();
});

test('desktop mode: the share code comes with a note instead of a link; the PDF crosses as bytes', async ({ page }) => {
  await installBridge(page);
  await page.goto(`${folio.url}/#/invoices/${invoiceId}`);
  await page.getByRole('button', { name: 'Megosztási link másolása' }).click();
  await expect(page.getByText(/HTTP-szerverként .*Kód: [A-Za-z0-9_-]{32}/)).toBeVisible();
  await page.getByRole('button', { name: 'PDF előnézet' }).click();
  await expect(page.locator('iframe.pdf-frame')).toHaveAttribute('src', /^blob:/);
});
