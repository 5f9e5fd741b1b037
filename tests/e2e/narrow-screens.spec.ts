// Folio on a phone (390×844) and a tablet (768×1024): every main screen opens without sideways scrolling and
// without a console error; below 900 px the menu folds away behind a "Menü" button; lists read as cards at phone
// width; the invoice editor is one column. Screenshots of each screen go to FOLIO_SHOTS/narrow/ for review.
import { expect, test, type Page } from '@playwright/test';
import { addClient, setSeller, startFolio, withKey, type Folio } from './support/folio';
import { screenshot } from './support/shots';
import { camt053, OWN_IBAN } from '../bank/statements';

let folio: Folio;
let invoiceId = 0;
let quoteId = 0;
let noteId = 0;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  const client = await addClient(folio, 'Hosszú Nevű Ügyfél és Társa Korlátolt Felelősségű Társaság');
  const core = folio.server.core;
  await core.call('products.create', { name: 'Webfejlesztés', price: '18000', unit: 'óra', vat_id: 1 });
  await core.call('expenses.create', { name: 'Irodabérlet', categories_id: '3', gross_price: '190500' });
  const account = await core.call('bankAccounts.create', { bank_name: 'OTP Bank', account_no: '11773016-11111018', account_no_iban: OWN_IBAN });
  // entries with the long names and remittances banks really send: the entry list must fold at phone width too
  const statement = camt053([
    { ref: 'N-1', date: '2026-11-20', amount: '54864', direction: 'credit', name: 'Hosszú Nevű Ügyfél és Társa Korlátolt Felelősségű Társaság', remittance: 'Számla 2026-000001 kiegyenlítése, köszönjük szépen a türelmet' },
    { ref: 'N-2', date: '2026-11-21', amount: '190500', direction: 'debit', name: 'Irodaház Üzemeltető Zártkörűen Működő Részvénytársaság', remittance: 'BÉRLETI DÍJ 2026/11 IRODAHÁZ-ÜZEMELTETŐ-ZRT-REF-00012345678901234567890' },
  ], { iban: OWN_IBAN });
  await core.call('bankStatements.import', { account_id: account.id, file: Buffer.from(statement).toString('base64') });
  const inv = await core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Webfejlesztés a megrendelő honlapjához, második ütem', qty: 3, net_unit_price: '18000', vat_id: 1 }],
  });
  invoiceId = inv.id;
  await core.call('recurring.create', { base_invoice_uid: inv.id, frequency: '1M', start_date: '2026-12-22' });
  const quote = await core.call('quotes.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', valid_until: '2026-12-15',
    items: [{ description: 'Weboldal készítése', qty: 1, net_unit_price: '250000', vat_id: 1 }],
  });
  quoteId = quote.id;
  // delivery documents (issue 40)
  noteId = (await core.call('deliveryNotes.create', { client_uid: client, items: [{ description: 'Térkő szürke, 40×40 cm, fagyálló', qty: '120', unit: 'db', net_unit_price: '4500', vat_id: 1 }] } as never)).id;
});
test.afterAll(async () => {
  await folio.stop();
});

/** Console errors and page errors, every one of them (no status is forgiven here, unlike watchErrors). */
function watchAllErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const url = m.location().url ?? '';
    errors.push(`console: ${m.text()} ${url}`);
  });
  return errors;
}

const screens: Array<[string, string, RegExp]> = [
  ['dashboard', '#/', /Áttekintés/],
  ['setup-guide', '#/welcome', /Üdv a Folióban/],
  ['invoices', '#/invoices', /Számlák/],
  ['invoice-new', '#/invoices/new', /Új számla/],
  ['invoice', '#/invoices/INVOICE', /Számla 2026-000001/],
  ['quotes', '#/quotes', /Árajánlatok/],
  ['quote-new', '#/quotes/new', /Új árajánlat/],
  ['quote', '#/quotes/QUOTE', /Árajánlat AJ-2026-000001/],
  ['clients', '#/clients', /Ügyfelek/],
  ['products', '#/products', /Termékek/],
  ['expenses', '#/expenses', /Költségek/],
  ['recurring', '#/recurring', /Ismétlődő számlák/],
  ['reports', '#/reports', /Kimutatások/],
  ['bank-accounts', '#/bank-accounts', /Bankszámlák/],
  ['sync', '#/sync', /Szinkron/],
  ['settings', '#/settings', /Beállítások/],
  ['settings-nav', '#/settings/nav', /Beállítások/],
  ['settings-email', '#/settings/email', /Beállítások/],
  ['settings-reminders', '#/settings/reminders', /Beállítások/],
  ['settings-data', '#/settings/data', /Beállítások/],
  ['settings-import', '#/settings/import', /Beállítások/],
  ['settings-users', '#/settings/users', /Beállítások/],
  ['settings-audit', '#/settings/audit', /Beállítások/],
  // delivery documents (issue 40)
  ['delivery-notes', '#/delivery-notes', /Szállítólevelek/],
  ['delivery-note-new', '#/delivery-notes/new', /Új szállítólevél/],
  ['delivery-note', '#/delivery-notes/NOTE', /Szállítólevél SZL-2026-000001/],
  ['order-confirmations', '#/order-confirmations', /Rendelés-visszaigazolások/],
  ['completion-certificates', '#/completion-certificates', /Teljesítésigazolások/],
];

/** How far the page scrolls sideways, and which elements stick out past the right edge (for the failure message). */
async function overflow(page: Page): Promise<{ extra: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const extra = document.documentElement.scrollWidth - width;
    const culprits: string[] = [];
    if (extra > 0) {
      // what sticks out past the edge and is not inside something that scrolls or clips on its own
      const clipped = (el: Element): boolean => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (getComputedStyle(p).overflowX !== 'visible') return true;
        }
        return false;
      };
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        if (clipped(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.right > width + 1 && r.width > 0) culprits.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} → ${Math.round(r.right)}`);
        if (culprits.length > 6) break;
      }
    }
    return { extra, culprits };
  });
}

for (const [label, width, height] of [['phone', 390, 844], ['tablet', 768, 1024]] as const) {
  test(`${label} ${width}×${height}: every main screen fits the width and logs no error`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    const errors = watchAllErrors(page);
    await withKey(page);
    const wide: string[] = [];
    for (const [name, hash, heading] of screens) {
      await page.goto(`${folio.url}/${hash.replace('INVOICE', String(invoiceId)).replace('QUOTE', String(quoteId)).replace('NOTE', String(noteId))}`);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await expect(page.locator('.loading')).toHaveCount(0);
      const { extra, culprits } = await overflow(page);
      if (extra > 0) wide.push(`${name}: ${extra}px too wide (${culprits.join(', ')})`);
      await screenshot(page, 'narrow', `${label}-${name}`, { fullPage: true });
    }
    expect(wide).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('phone: the menu folds away behind "Menü" and opens over the page; a link closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const errors = watchAllErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices`);
  await expect(page.getByRole('heading', { level: 1, name: 'Számlák' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Fő menü' });
  await expect(nav).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Menü' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await screenshot(page, 'narrow', 'phone-menu-open');
  await nav.getByRole('link', { name: 'Ügyfelek' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ügyfelek' })).toBeVisible();
  await expect(nav).toBeHidden();
  // Escape closes it too, and gives the focus back to the button
  await toggle.click();
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();
  expect(errors).toEqual([]);
});

test('tablet: the menu is folded below 900 px, and the full sidebar is back at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await withKey(page);
  await page.goto(`${folio.url}/#/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Áttekintés' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Fő menü' })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('navigation', { name: 'Fő menü' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menü' })).toBeHidden();
});

test('phone: the invoice list is a list of cards with number, client, amount and state; the editor is one column', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices`);
  const row = page.locator('.invoices-table tbody tr').first();
  await expect(row).toBeVisible();
  // each cell of the card is visible inside the screen: number, client, total, state
  for (const text of ['2026-000001', 'Hosszú Nevű Ügyfél', 'Ft']) {
    const cell = row.getByText(text).first();
    await expect(cell).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // a card: the row is a block, not a table row squeezed to the width
  expect(await row.evaluate((el) => getComputedStyle(el).display)).not.toBe('table-row');

  await page.goto(`${folio.url}/#/invoices/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'Új számla' })).toBeVisible();
  const main = (await page.locator('.editor-main').boundingBox())!;
  const side = (await page.locator('.editor-side').boundingBox())!;
  expect(side.y).toBeGreaterThanOrEqual(main.y + main.height - 1);
  // the VAT selector and the line's price are inside the screen
  for (const name of ['1. tétel – ÁFA', '1. tétel – Nettó egységár']) {
    const box = (await page.getByLabel(name).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // the client search keeps a usable width
  const search = (await page.getByLabel('Ügyfél keresése').boundingBox())!;
  expect(search.width).toBeGreaterThan(200);
});
