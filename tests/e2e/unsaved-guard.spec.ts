// Nothing typed in the invoice editor is lost by leaving it: a sidebar link, the browser's back and closing the page
// all ask first while something is changed, and the question's three answers do what they say — "Mégse" stays with
// the edit intact, "Piszkozat mentése" stores a draft and leaves, "Elvetés" leaves and writes nothing. An editor
// nothing was changed in is left without a question. The dialog speaks Hungarian, English and German.
import { expect, test, type Page } from '@playwright/test';
import { rpcOn, startFolio, API_KEY, watchErrors, withKey, type Folio } from './support/folio';
import { screenshot } from './support/shots';

let folio: Folio;
let clientId: number;

test.beforeAll(async () => {
  folio = await startFolio();
  const core = folio.server.core;
  // A seller and a buyer complete enough to issue to, so these screens stay true when issuing checks them.
  await core.call('settings.update', {
    seller: {
      name: 'Minta Bt.',
      taxcode: '12345676-2-41',
      address: { postcode: '1051', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'Magyarország' },
    },
  });
  const client = await core.call('clients.create', {
    name: 'Vevő Kft.',
    taxcode: '10000001-2-41', // check digit 1 (9 × 1 = 9; 10 − 9)
    tax_type: 'HAS_TAX_NUMBER',
    billing_address: { postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5', country: 'Magyarország' },
  });
  clientId = client.id;
});
test.afterAll(async () => {
  await folio.stop();
});

async function draft(description: string): Promise<number> {
  const created = await folio.server.core.call('invoices.create', {
    client_uid: clientId, payment_method: 2, currency: 'HUF', type: 0, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description, qty: 1, net_unit_price: 10000, vat_id: 1 }],
  });
  return created.id;
}

/** What the UI's own door says is stored: the invoice as the API returns it. */
function stored(id: number): Promise<{ attributes: { type: number; items: Array<{ description: string }> } }> {
  return rpcOn(folio.url, API_KEY, 'invoices.get', { id });
}

/** Every invoice as the API lists it (a handful here, one page): what "nothing written" is compared against. */
async function invoiceList(): Promise<unknown[]> {
  const page = await rpcOn<{ items: unknown[]; has_more: boolean }>(folio.url, API_KEY, 'invoices.list', {});
  expect(page.has_more).toBe(false);
  return page.items;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Fő menü' });
const firstLine = (page: Page) => page.getByLabel('1. tétel – Megnevezés');

test('a changed draft asks before a sidebar link: stay, save as draft, discard', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await withKey(page);
  const id = await draft('Tanácsadás');
  await page.goto(`${folio.url}/#/invoices/${id}/edit`);
  await expect(firstLine(page)).toHaveValue('Tanácsadás');
  const question = page.getByRole('dialog', { name: 'Nem mentett változások' });

  await test.step('"Mégse" stays in the editor with the change intact', async () => {
    await firstLine(page).fill('Tanácsadás, november');
    await sidebar(page).getByRole('link', { name: 'Számlák', exact: true }).click();
    await expect(question).toBeVisible();
    await expect(question).toContainText('A változások még nincsenek elmentve.');
    await expect(question.getByRole('button', { name: 'Elvetés' })).toBeVisible();
    await screenshot(page, 'unsaved', 'hu-question');
    await question.getByRole('button', { name: 'Mégse' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`#/invoices/${id}/edit$`));
    await expect(page.getByRole('heading', { name: 'Piszkozat szerkesztése' })).toBeVisible();
    await expect(firstLine(page)).toHaveValue('Tanácsadás, november');
    expect((await stored(id)).attributes.items[0]!.description).toBe('Tanácsadás');
  });

  await test.step('"Piszkozat mentése" stores the draft and goes where the link pointed', async () => {
    await sidebar(page).getByRole('link', { name: 'Számlák', exact: true }).click();
    await question.getByRole('button', { name: 'Piszkozat mentése' }).click();
    await expect(page).toHaveURL(/#\/invoices$/);
    await expect(page.getByText('Piszkozat elmentve.')).toBeVisible();
    // Put away, so the later screenshots show only what happens there.
    await page.locator('.toast', { hasText: 'Piszkozat elmentve.' }).getByRole('button', { name: 'Bezárás' }).click();
    const saved = await stored(id);
    expect(saved.attributes.type).toBe(0);
    expect(saved.attributes.items[0]!.description).toBe('Tanácsadás, november');
  });

  await test.step('"Elvetés" leaves and writes nothing', async () => {
    const before = await invoiceList();
    await page.goto(`${folio.url}/#/invoices/${id}/edit`);
    await expect(firstLine(page)).toHaveValue('Tanácsadás, november');
    await firstLine(page).fill('Valami más');
    await sidebar(page).getByRole('link', { name: 'Ügyfelek' }).click();
    await question.getByRole('button', { name: 'Elvetés' }).click();
    await expect(page).toHaveURL(/#\/clients$/);
    await expect(question).toBeHidden();
    expect((await stored(id)).attributes.items[0]!.description).toBe('Tanácsadás, november');
    expect(await invoiceList()).toEqual(before);
  });

  await test.step('a new invoice without a client cannot be saved; discarded, nothing is written', async () => {
    const before = await invoiceList();
    await page.getByRole('link', { name: 'Új számla' }).click();
    await expect(page.getByRole('heading', { name: 'Új számla' })).toBeVisible();
    await firstLine(page).fill('Eldobott tétel');
    // A draft the core refuses (no client yet) is not left: the editor stays and shows why, with the line intact.
    await sidebar(page).getByRole('link', { name: 'Áttekintés' }).click();
    await question.getByRole('button', { name: 'Piszkozat mentése' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/#\/invoices\/new$/);
    await expect(page.locator('.client-picker .field-error')).toHaveText('kötelező');
    await expect(firstLine(page)).toHaveValue('Eldobott tétel');
    await screenshot(page, 'unsaved', 'hu-save-refused');
    await sidebar(page).getByRole('link', { name: 'Áttekintés' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Elvetés' }).click();
    await expect(page).toHaveURL(/#\/$/);
    expect(await invoiceList()).toEqual(before);
  });

  expect(errors).toEqual([]);
});

test('the browser back button asks too', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  const id = await draft('Karbantartás');
  await page.goto(`${folio.url}/#/invoices/${id}`);
  await page.getByRole('link', { name: 'Piszkozat szerkesztése' }).click();
  await expect(firstLine(page)).toHaveValue('Karbantartás');
  await firstLine(page).fill('Karbantartás, december');
  const question = page.getByRole('dialog', { name: 'Nem mentett változások' });

  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Mégse' }).click();
  // Still the editor, at its own address, with the change.
  await expect(page).toHaveURL(new RegExp(`#/invoices/${id}/edit$`));
  await expect(firstLine(page)).toHaveValue('Karbantartás, december');

  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Piszkozat mentése' }).click();
  await expect(page).toHaveURL(new RegExp(`#/invoices/${id}$`));
  await expect(page.getByRole('heading', { name: 'Piszkozat szerkesztése' })).toBeHidden();
  expect((await stored(id)).attributes.items[0]!.description).toBe('Karbantartás, december');
  // Back and forward still walk the same history: forward is the editor again, unchanged, so back asks nothing.
  await page.goForward();
  await expect(firstLine(page)).toHaveValue('Karbantartás, december');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`#/invoices/${id}$`));
  await expect(question).toBeHidden();
  expect(errors).toEqual([]);
});

test('closing the page asks while something is changed, not before', async ({ page }) => {
  await withKey(page);
  const id = await draft('Fordítás');
  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(d.type());
    void d.accept();
  });

  await page.goto(`${folio.url}/#/invoices/${id}/edit`);
  await expect(firstLine(page)).toHaveValue('Fordítás');
  // The browser shows its question only after the user has interacted with the page; a click counts.
  await firstLine(page).click();
  await firstLine(page).fill('Fordítás, angol');
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
  expect((await stored(id)).attributes.items[0]!.description).toBe('Fordítás');
});

test('an unchanged editor is left without a question, and a closed page asks nothing', async ({ page, context }) => {
  await withKey(page);
  const id = await draft('Tervezés');
  await page.goto(`${folio.url}/#/invoices/${id}/edit`);
  await expect(firstLine(page)).toHaveValue('Tervezés');
  // Touched but not changed: typed and put back.
  await firstLine(page).fill('Tervezés 2');
  await firstLine(page).fill('Tervezés');
  await sidebar(page).getByRole('link', { name: 'Termékek' }).click();
  await expect(page).toHaveURL(/#\/products$/);
  await expect(page.getByRole('dialog', { name: 'Nem mentett változások' })).toBeHidden();

  const other = await context.newPage();
  await withKey(other);
  const asked: string[] = [];
  other.on('dialog', (d) => {
    asked.push(d.type());
    void d.accept();
  });
  await other.goto(`${folio.url}/#/invoices/new`);
  await expect(other.getByRole('heading', { name: 'Új számla' })).toBeVisible();
  await other.getByLabel('1. tétel – Megnevezés').click();
  const closed = other.waitForEvent('close');
  await other.close({ runBeforeUnload: true });
  await closed;
  expect(asked).toEqual([]);
});

for (const { lang, title, saveDraft, discard, stay, nav } of [
  { lang: 'en', title: 'Unsaved changes', saveDraft: 'Save draft', discard: 'Discard', stay: 'Cancel', nav: 'Main menu' },
  { lang: 'de', title: 'Ungespeicherte Änderungen', saveDraft: 'Entwurf speichern', discard: 'Verwerfen', stay: 'Abbrechen', nav: 'Hauptmenü' },
]) {
  test(`the question in ${lang}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await withKey(page);
    await page.addInitScript((l) => localStorage.setItem('folio.lang', l), lang);
    const id = await draft('Consulting');
    await page.goto(`${folio.url}/#/invoices/${id}/edit`);
    await expect(firstLineIn(page, lang)).toHaveValue('Consulting');
    await firstLineIn(page, lang).fill('Consulting, November');
    await page.getByRole('navigation', { name: nav }).getByRole('link').first().click();
    const question = page.getByRole('dialog', { name: title });
    await expect(question).toBeVisible();
    for (const name of [saveDraft, discard, stay]) await expect(question.getByRole('button', { name, exact: true })).toBeVisible();
    await screenshot(page, 'unsaved', `${lang}-question`);
    await question.getByRole('button', { name: stay, exact: true }).click();
    await expect(firstLineIn(page, lang)).toHaveValue('Consulting, November');
  });
}

/** The first line's description, whatever the language calls it. */
function firstLineIn(page: Page, lang: string) {
  return page.getByLabel(lang === 'de' ? 'Position 1 – Bezeichnung' : 'Item 1 – Description');
}
