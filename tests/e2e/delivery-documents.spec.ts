// Delivery notes, order confirmations and completion certificates in the browser (issue 40), through the real HTTP
// door: a delivery note written in Hungarian with its delivery address and hidden prices, issued, its PDF fetched in
// German; notes of two clients refused with the reason; two notes of one client (filtered by client and state, picked
// with the keyboard) become one draft invoice that names them; a note invoiced meanwhile is refused with its number;
// a note cancelled stays listed; a completion certificate and an order confirmation made from a quote, the
// certificate invoiced and named by its invoice. Every screen at 390 px without sideways scrolling.
import { expect, test, type Page } from '@playwright/test';
import { addClient, API_KEY, setSeller, signIn, startFolio, watchErrors, type Folio } from './support/folio';
import { savePdfPng } from '../documents/png';
import { pdfText } from '../mail/helpers';
import { screenshot } from './support/shots';

let folio: Folio;
let buyer: number;
let other: number;
let quoteId: number;
let productId: number;

test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  buyer = await addClient(folio, 'Vevő Kft.');
  other = await addClient(folio, 'Másik Bt.');
  const core = folio.server.core;
  productId = (await core.call('products.create', { name: 'Csavar M6', unit: 'db', price: '12', vat_id: 1, currency_code: 'HUF' } as never) as { id: number }).id;
  quoteId = (await core.call('quotes.create', {
    client_uid: buyer, payment_method: 2, currency: 'HUF', valid_until: '2026-12-31',
    items: [{ description: 'Burkolás', qty: '20', unit: 'm2', net_unit_price: '8000', vat_id: 1 }],
  } as never) as { id: number }).id;
});
test.afterAll(async () => {
  await folio.stop();
});

/** A note made behind the screens' back (seeding), through the core's own operation. */
async function note(client: number, description: string): Promise<{ id: number; no: string }> {
  const made = (await folio.server.core.call('deliveryNotes.create', { client_uid: client, items: [{ product_uid: productId, qty: '10', description }] } as never)) as {
    id: number;
    attributes: { note_no: string };
  };
  return { id: made.id, no: made.attributes.note_no };
}

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(extra, `${what}: no sideways scrolling at 390 px`).toBeLessThanOrEqual(0);
}

const nav = (page: Page) => page.getByRole('navigation', { name: /Fő menü|Main menu/ });

test('delivery notes: written, issued, PDF in German, a month of notes of one client becomes one invoice, never twice', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, folio, '#/');

  await test.step('the sidebar leads to the empty list', async () => {
    await nav(page).getByRole('link', { name: 'Szállítólevelek' }).click();
    await expect(page.getByRole('heading', { name: 'Szállítólevelek' })).toBeVisible();
    await expect(page.getByText('Még nincs szállítólevél')).toBeVisible();
  });

  await test.step('a note from scratch: client, a line with a price, another address, prices hidden; a missing quantity is refused at its field', async () => {
    await page.getByRole('link', { name: 'Új szállítólevél' }).first().click();
    await expect(page.getByRole('heading', { name: 'Új szállítólevél' })).toBeVisible();
    await page.getByLabel('Ügyfél keresése').fill('Vevő');
    await page.getByRole('button', { name: /Vevő Kft\./ }).click();
    await page.getByLabel('1. tétel – Megnevezés').fill('Térkő szürke');
    await page.getByLabel('1. tétel – Mennyiség').fill('0');
    await page.getByLabel('1. tétel – Nettó egységár').fill('4500');
    await page.getByLabel('Szállítás az ügyfél számlázási címére').uncheck();
    // the fields start from the client's billing address; the goods go to the building site
    await expect(page.getByLabel('Település')).toHaveValue('Szeged');
    await page.getByLabel('Település').fill('Hódmezővásárhely');
    await page.getByLabel('Irányítószám').fill('6800');
    await page.getByLabel('Közterület neve').fill('Andrássy');
    await page.getByLabel('Árak elrejtése a szállítólevélen').check();
    await page.getByRole('button', { name: 'Kiállítás' }).click();
    await page.getByRole('dialog', { name: 'Kiállítod a dokumentumot?' }).getByRole('button', { name: 'Kiállítás' }).click();
    // refused: the quantity must be positive, said at the line in Hungarian, nothing issued
    await expect(page.getByRole('alert').filter({ hasText: 'Néhány adat hibás' })).toContainText('1. tétel – Mennyiség: nullánál nagyobb számot adj meg');
    await expect(page.getByRole('heading', { name: 'Új szállítólevél' })).toBeVisible();
    await screenshot(page, 'delivery', 'editor-hu', { fullPage: true });
    await page.getByLabel('1. tétel – Mennyiség').fill('120');
    await page.getByRole('button', { name: 'Kiállítás' }).click();
    await page.getByRole('dialog', { name: 'Kiállítod a dokumentumot?' }).getByRole('button', { name: 'Kiállítás' }).click();
    await expect(page.getByRole('heading', { name: 'Szállítólevél SZL-2026-000001' })).toBeVisible();
    await expect(page.locator('[data-delivery-status]')).toHaveText('Kiállítva');
    await expect(page.locator('[data-delivery-address]')).toContainText('6800 Hódmezővásárhely');
    await expect(page.getByText('Árak nélkül nyomtatva')).toBeVisible();
  });

  await test.step('the PDF, previewed in German', async () => {
    await page.getByLabel('A PDF nyelve').selectOption('de');
    const pdf = page.waitForResponse((r) => /\/delivery-notes\/1\/download\?lang=de$/.test(r.url()));
    await page.getByRole('button', { name: 'PDF előnézet' }).click();
    const answer = await pdf;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    await expect(page.locator('iframe.pdf-frame')).toHaveAttribute('src', /^blob:/);
    await screenshot(page, 'delivery', 'detail-hu', { fullPage: true });
  });

  const second = await note(buyer, 'Csavar M6');
  const foreign = await note(other, 'Csavar M6');

  await test.step('notes of two clients are refused with the reason, nothing invoiced', async () => {
    await nav(page).getByRole('link', { name: 'Szállítólevelek' }).click();
    await expect(page.locator('[data-delivery-row]')).toHaveCount(3);
    await page.getByLabel('SZL-2026-000001 kijelölése számlázáshoz').check();
    await page.getByLabel(`${foreign.no} kijelölése számlázáshoz`).check();
    await page.getByRole('button', { name: 'Számla a kijelölt szállítólevelekből' }).click();
    const dialog = page.getByRole('dialog', { name: 'Számlatervezet készül a kijelöltekből' });
    await dialog.getByRole('button', { name: 'Számlatervezet készítése' }).click();
    await expect(dialog).toContainText('Kijelölt dokumentumok: A kijelöltek két különböző ügyfélé: egy számla egy ügyfélnek szól.');
    await screenshot(page, 'delivery', 'refused-two-clients-hu');
    await dialog.getByRole('button', { name: 'Mégse' }).click();
    await expect(page.locator('[data-delivery-status="invoiced"]')).toHaveCount(0);
  });

  await test.step('filtered by client and state, picked with the keyboard: one draft invoice naming both notes', async () => {
    await page.getByLabel('Ügyfél keresése').fill('Vevő');
    await page.getByRole('button', { name: /Vevő Kft\./ }).click();
    await expect(page).toHaveURL(new RegExp(`client=${buyer}`));
    await page.getByLabel('Állapot').selectOption('issued');
    await expect(page).toHaveURL(/st=issued/);
    await expect(page.locator('[data-delivery-row]')).toHaveCount(2);
    await screenshot(page, 'delivery', 'list-hu');
    // the other client's note left the view, and the selection with it
    await expect(page.getByText('1 kijelölve')).toBeVisible();
    await page.getByLabel(`${second.no} kijelölése számlázáshoz`).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('2 kijelölve')).toBeVisible();
    await page.getByRole('button', { name: 'Számla a kijelölt szállítólevelekből' }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Számlatervezet készül a kijelöltekből' });
    await expect(dialog).toContainText(`(SZL-2026-000001, ${second.no})`);
    await dialog.getByRole('button', { name: 'Számlatervezet készítése' }).press('Enter');
    await expect(page).toHaveURL(/#\/invoices\/\d+$/);
    await expect(page.getByText(`Szállítólevelek: SZL-2026-000001, ${second.no}`)).toBeVisible();
    // and the invoice's page links back to them
    await expect(page.locator('[data-invoice-delivery-docs]')).toContainText(`Szállítólevelekből készült: SZL-2026-000001, ${second.no}`);
    await screenshot(page, 'delivery', 'invoice-from-notes-hu', { fullPage: true });
  });

  await test.step('the notes now name their invoice; a note invoiced meanwhile is refused with its number', async () => {
    await nav(page).getByRole('link', { name: 'Szállítólevelek' }).click();
    await expect(page.locator('[data-delivery-status="invoiced"]')).toHaveCount(2);
    await page.getByRole('link', { name: 'SZL-2026-000001' }).click();
    await expect(page.locator('[data-delivery-invoice]')).toBeVisible();
    // no cancel and no second invoice for an invoiced note
    await expect(page.locator('[data-cancel-delivery]')).toHaveCount(0);
    await expect(page.locator('[data-invoice-one]')).toHaveCount(0);

    const late = await note(other, 'Alátét');
    await page.goto(`${folio.url}/#/delivery-notes/${late.id}`);
    await expect(page.getByRole('heading', { name: `Szállítólevél ${late.no}` })).toBeVisible();
    // invoiced by somebody else while this page was open
    await folio.server.core.call('deliveryNotes.invoice', { note_uids: [late.id] } as never);
    await page.locator('[data-invoice-one]').click();
    const dialog = page.getByRole('dialog', { name: 'Számla készítése' });
    await dialog.getByRole('button', { name: 'Számlatervezet készítése' }).click();
    await expect(dialog).toContainText(`Már számlázva: ${late.no}`);
    await dialog.getByRole('button', { name: 'Mégse' }).click();
  });

  await test.step('cancelled, not deleted: the note stays in the list, marked', async () => {
    await page.goto(`${folio.url}/#/delivery-notes/${foreign.id}`);
    await page.locator('[data-cancel-delivery]').click();
    await page.getByRole('dialog', { name: `Sztornózod a(z) ${foreign.no} dokumentumot?` }).getByRole('button', { name: 'Sztornózás' }).click();
    await expect(page.locator('[data-delivery-status]')).toHaveText('Sztornózva');
    await expect(page.locator('[data-cancel-delivery]')).toHaveCount(0);
    await nav(page).getByRole('link', { name: 'Szállítólevelek' }).click();
    await expect(page.locator(`[data-delivery-row="${foreign.no}"] [data-delivery-status]`)).toHaveText('Sztornózva');
  });

  await test.step('at 390 px: list, editor and detail without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${folio.url}/#/delivery-notes`);
    await expect(page.locator('[data-delivery-row]').first()).toBeVisible();
    await noSidewaysScroll(page, 'list');
    await screenshot(page, 'delivery', 'list-hu-390', { fullPage: true });
    await page.goto(`${folio.url}/#/delivery-notes/new`);
    await expect(page.getByRole('heading', { name: 'Új szállítólevél' })).toBeVisible();
    await page.getByLabel('Szállítás az ügyfél számlázási címére').uncheck();
    await noSidewaysScroll(page, 'editor');
    await screenshot(page, 'delivery', 'editor-hu-390', { fullPage: true });
    await page.goto(`${folio.url}/#/delivery-notes/1`);
    await expect(page.getByRole('heading', { name: 'Szállítólevél SZL-2026-000001' })).toBeVisible();
    await noSidewaysScroll(page, 'detail');
    await screenshot(page, 'delivery', 'detail-hu-390', { fullPage: true });
  });
  expect(errors).toEqual([]);
});

test('from a quote: a completion certificate invoiced and named by its invoice, an order confirmation never invoiced', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, folio, `#/quotes/${quoteId}`);

  await test.step('the quote offers a certificate; its client and lines come along', async () => {
    await page.locator('[data-quote-certificate]').click();
    await expect(page.getByRole('heading', { name: 'Új teljesítésigazolás' })).toBeVisible();
    await expect(page.getByText('Árajánlatból: AJ-2026-000001')).toBeVisible();
    await expect(page.getByText('Vevő Kft.')).toBeVisible();
    await expect(page.getByLabel('1. tétel – Megnevezés')).toHaveValue('Burkolás');
    await page.getByLabel('1. tétel – Mennyiség').fill('18');
    await screenshot(page, 'delivery', 'certificate-editor-hu', { fullPage: true });
    await page.getByRole('button', { name: 'Kiállítás' }).click();
    await page.getByRole('dialog', { name: 'Kiállítod a dokumentumot?' }).getByRole('button', { name: 'Kiállítás' }).click();
    await expect(page.getByRole('heading', { name: 'Teljesítésigazolás TIG-2026-000001' })).toBeVisible();
    await screenshot(page, 'delivery', 'certificate-detail-hu', { fullPage: true });
  });

  await test.step('the invoice made from it names it', async () => {
    await page.locator('[data-invoice-one]').click();
    await page.getByRole('dialog', { name: 'Számla készítése' }).getByRole('button', { name: 'Számlatervezet készítése' }).click();
    await expect(page).toHaveURL(/#\/invoices\/\d+$/);
    await expect(page.getByText('Teljesítésigazolás: TIG-2026-000001')).toBeVisible();
    await expect(page.locator('[data-invoice-delivery-docs]')).toContainText('Teljesítésigazolásból készült: TIG-2026-000001');
    await nav(page).getByRole('link', { name: 'Teljesítésigazolások' }).click();
    await expect(page.locator('[data-delivery-row="TIG-2026-000001"] [data-delivery-status]')).toHaveText('Számlázva');
  });

  await test.step('an order confirmation from the same quote: issued, no invoicing offered; in English too', async () => {
    await page.goto(`${folio.url}/#/quotes/${quoteId}`);
    await page.locator('[data-quote-order-form]').click();
    await expect(page.getByRole('heading', { name: 'Új rendelés-visszaigazolás' })).toBeVisible();
    await page.getByRole('button', { name: 'Kiállítás' }).click();
    await page.getByRole('dialog', { name: 'Kiállítod a dokumentumot?' }).getByRole('button', { name: 'Kiállítás' }).click();
    await expect(page.getByRole('heading', { name: 'Megrendelés-visszaigazolás MV-2026-000001' })).toBeVisible();
    await expect(page.locator('[data-invoice-one]')).toHaveCount(0);
    await nav(page).getByRole('link', { name: 'Rendelés-visszaigazolások' }).click();
    await expect(page.locator('[data-delivery-row]')).toHaveCount(1);
    // no ticking: an order confirmation is not invoiced
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await screenshot(page, 'delivery', 'order-list-hu');
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page, 'order confirmations');
    await screenshot(page, 'delivery', 'order-list-hu-390', { fullPage: true });
  });

  await test.step('the same screens in English', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('group', { name: 'Nyelv' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order confirmations' })).toBeVisible();
    await nav(page).getByRole('link', { name: 'Completion certificates' }).click();
    await page.getByRole('link', { name: 'TIG-2026-000001' }).click();
    await expect(page.getByRole('heading', { name: 'Certificate of completion TIG-2026-000001' })).toBeVisible();
    await expect(page.locator('[data-delivery-status]')).toHaveText('Invoiced');
    await screenshot(page, 'delivery', 'certificate-detail-en', { fullPage: true });
  });
  expect(errors).toEqual([]);
});

test('each kind\'s PDF through the HTTP door in hu, en and de: its own title, page images for people', async ({ request }) => {
  const TITLES = {
    waybill: { hu: 'Szállítólevél', en: 'Delivery note', de: 'Lieferschein' },
    order_form: { hu: 'Megrendelés-visszaigazolás', en: 'Order confirmation', de: 'Auftragsbestätigung' },
    cert_of_completion: { hu: 'Teljesítésigazolás', en: 'Certificate of completion', de: 'Abnahmebescheinigung' },
  } as const;
  for (const kind of ['waybill', 'order_form', 'cert_of_completion'] as const) {
    const made = (await folio.server.core.call('deliveryNotes.create', {
      kind, client_uid: buyer, comment: 'Átvétel a raktárban.',
      items: [{ product_uid: productId, qty: '250' }, { description: 'Kiszállítás', qty: '1', unit: 'alkalom', net_unit_price: '15000', vat_id: 1 }],
    } as never)) as { id: number; attributes: { note_no: string } };
    for (const lang of ['hu', 'en', 'de'] as const) {
      const answer = await request.get(`${folio.url}/delivery-notes/${made.id}/download?lang=${lang}`, { headers: { 'X-API-KEY': API_KEY } });
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('application/pdf');
      const pdf = new Uint8Array(await answer.body());
      const text = await pdfText(Buffer.from(pdf));
      expect(text, `${kind} ${lang}`).toContain(TITLES[kind][lang]);
      expect(text).toContain(made.attributes.note_no);
      savePdfPng(pdf, `delivery-${kind}-${lang}`);
    }
  }
});
