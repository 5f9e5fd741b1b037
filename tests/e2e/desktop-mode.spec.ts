// The renderer in desktop mode, without Electron: the page's `window.folio` crosses to Folio's own IPC dispatcher
// in the test process, which runs the operations on the test server's core, as the main process does. It checks the IPC transport and what only the desktop shows: no key screen, the data folder, the
// share link note, and the native menu's commands.
import { expect, test, type Page } from '@playwright/test';
import { createDispatcher } from '../../electron/main/dispatch';
import { SHELL_EVENTS } from '../../shared/contract/bridge';
import { addClient, setSeller, startFolio, watchErrors, type Folio } from './support/folio';

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

/** Operations the page called over the bridge, in order (recorded by the dispatcher's side). */
let calls: string[] = [];

/**
 * The desktop's IPC door without Electron: the page gets a `window.folio` shaped like the preload's (the same two
 * functions, the same event check), and its calls cross to this process, where Folio's own dispatcher
 * (electron/main/dispatch.ts) runs them on the test server's core — the code the main process runs. Only the shell's
 * three operations, which need Electron itself, are answered here.
 */
async function installBridge(page: Page) {
  calls = [];
  const dispatch = createDispatcher({
    call: (name, input) => folio.server.core.call(name, input as never),
    shell: {
      'shell.info': () => ({ version: '0.1.0', dataDir: '/home/anna/.config/Folio', dbFile: '/home/anna/.config/Folio/folio.sqlite', today: '2026-11-22', platform: 'linux' }),
      'shell.setLanguage': (input) => input,
      'shell.openDataFolder': () => ({ opened: true }),
    },
  });
  await page.exposeFunction('__folioInvoke', async (operation: string, input: unknown) => {
    calls.push(operation);
    const reply = await dispatch(operation, input);
    // Electron's IPC clones bytes as bytes; Playwright's binding speaks JSON, so a PDF crosses as base64 and is
    // turned back into a Uint8Array on the page's side.
    const data = reply.success ? (reply.data as { pdf?: unknown }) : undefined;
    if (data && data.pdf instanceof Uint8Array) return { ...reply, data: { ...data, pdf: { base64: Buffer.from(data.pdf).toString('base64') } } };
    return reply;
  });
  await page.addInitScript((events) => {
    const listeners: Record<string, Array<(payload: unknown) => void>> = {};
    const w = window as unknown as Record<string, any>;
    w.__menu = (event: string, payload?: unknown) => (listeners[event] ?? []).forEach((l) => l(payload));
    w.folio = Object.freeze({
      async call(operation: string, input: unknown) {
        const reply = await w.__folioInvoke(String(operation), input ?? {});
        const pdf = reply?.data?.pdf;
        if (pdf && typeof pdf.base64 === 'string') reply.data.pdf = Uint8Array.from(atob(pdf.base64), (c) => c.charCodeAt(0));
        return reply;
      },
      on(event: string, listener: (payload: unknown) => void) {
        if (!(events as string[]).includes(event)) throw new Error(`Unknown event ${String(event)}`);
        (listeners[event] ??= []).push(listener);
        return () => {
          listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener);
        };
      },
    });
  }, [...SHELL_EVENTS]);
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
  expect(calls).toEqual(expect.arrayContaining(['settings.get', 'shell.info', 'shell.setLanguage', 'shell.openDataFolder']));
  // The native menu follows the UI's language.
  await page.getByRole('button', { name: 'English' }).first().click();
  await expect.poll(() => calls.filter((c) => c === 'shell.setLanguage').length).toBeGreaterThan(1);
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

test('desktop mode: without a public address no link, but a plain note and the PDF by e-mail instead; the PDF crosses as bytes', async ({ page }) => {
  await installBridge(page);
  await page.goto(`${folio.url}/#/invoices/${invoiceId}`);
  await page.getByRole('button', { name: 'Megosztási link másolása' }).click();
  const note = page.locator('[data-share-local]');
  await expect(note).toContainText('Ez a link csak ezen a gépen működik');
  await expect(note.getByRole('button', { name: 'PDF küldése e-mailben' })).toBeVisible();
  await expect(page.getByLabel('Megosztási link')).toHaveCount(0);
  await page.getByRole('button', { name: 'PDF előnézet' }).click();
  await expect(page.locator('iframe.pdf-frame')).toHaveAttribute('src', /^blob:/);
});

test('desktop mode: leaving an unsaved invoice by the menu or by closing the window asks in the app', async ({ page: opener, context }) => {
  // Electron lets the app close its own window; Chromium only a window a script opened, so this one is.
  const [page] = await Promise.all([context.waitForEvent('page'), opener.evaluate(() => void window.open('about:blank', '_blank'))]);
  const errors = watchErrors(page);
  await installBridge(page);
  await page.goto(`${folio.url}/#/invoices/new`);
  await expect(page.getByRole('heading', { name: 'Új számla' })).toBeVisible();
  await page.getByLabel('1. tétel – Megnevezés').click();
  await page.getByLabel('1. tétel – Megnevezés').fill('Nem mentett tétel');
  const question = page.getByRole('dialog', { name: 'Nem mentett változások' });

  // The menu's navigation goes through the router, so it asks like a link.
  await menu(page, 'menu:navigate', '/clients');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Mégse' }).click();
  await expect(page.getByRole('heading', { name: 'Új számla' })).toBeVisible();

  // Electron shows nothing for a refused beforeunload; Chromium here shows its own question, which stays. The app
  // then asks in its own words, and "Elvetés" closes the window.
  page.on('dialog', (d) => void d.dismiss());
  await page.close({ runBeforeUnload: true });
  await expect(question).toBeVisible();
  await expect(page.getByLabel('1. tétel – Megnevezés')).toHaveValue('Nem mentett tétel');
  const closed = page.waitForEvent('close');
  // the click closes the window: Playwright may find the page gone before its click call returns, which is the point
  await question
    .getByRole('button', { name: 'Elvetés' })
    .click()
    .catch((e: unknown) => {
      if (!page.isClosed()) throw e;
    });
  await closed;
  expect(errors).toEqual([]);
});
