// Nothing typed in a record's form is lost either: the client form (a modal over the client list, and in the invoice
// editor's picker), the product, expense and recurring forms and the seller form (Settings → Company, a page) ask the
// unsaved-changes question before the route changes — back/forward, the new-invoice shortcut, a sidebar link (the page
// behind a modal is inert, so the sidebar is reached from the seller page) — and a modal form asks before its ×, Esc
// or "Mégse" throws its changes away. "Mégse" stays with the text intact, "Mentés" stores the record (a refusal stays
// with its errors), "Elvetés" writes nothing; an unchanged form is left without a question.
import { expect, test, type Page } from '@playwright/test';
import { rpcOn, startFolio, API_KEY, watchErrors, withKey, type Folio } from './support/folio';
import { screenshot } from './support/shots';

let folio: Folio;
let buyerId: number;

const SELLER = {
  name: 'Minta Bt.',
  taxcode: '12345676-2-41', // check digit 6: 9·1 + 7·2 + 3·3 + 1·4 + 9·5 + 7·6 + 3·7 = 144; 10 − 4
  address: { postcode: '1051', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'Magyarország' },
};

test.beforeAll(async () => {
  folio = await startFolio();
  // A seller and a buyer complete enough to issue to, so these screens stay true when issuing checks them.
  await folio.server.core.call('settings.update', { seller: SELLER });
  const buyer = await folio.server.core.call('clients.create', {
    name: 'Vevő Kft.',
    taxcode: '10000001-2-41', // check digit 1 (9 × 1 = 9; 10 − 9)
    tax_type: 'HAS_TAX_NUMBER',
    billing_address: { postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5', country: 'Magyarország' },
  });
  buyerId = buyer.id;
});
test.afterAll(async () => {
  await folio.stop();
});

interface StoredClient {
  id: number;
  attributes: { name: string; billing_address: { postcode: string; city: string; street_name: string; house_nr: string; country: string } };
}

/** Every client as the API lists it (a handful here, one page): what "nothing written" is compared against. */
async function clients(): Promise<StoredClient[]> {
  const page = await rpcOn<{ items: StoredClient[]; has_more: boolean }>(folio.url, API_KEY, 'clients.list', {});
  expect(page.has_more).toBe(false);
  return page.items;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Fő menü' });
const question = (page: Page) => page.getByRole('dialog', { name: 'Nem mentett változások' });
const clientModal = (page: Page, title = 'Új ügyfél') => page.getByRole('dialog', { name: title });

/** Opens the client list from the dashboard (so back has somewhere to go) and a new client's form on it. */
async function openNewClient(page: Page): Promise<void> {
  if (!page.url().endsWith('#/')) await sidebar(page).getByRole('link', { name: 'Áttekintés' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await sidebar(page).getByRole('link', { name: 'Ügyfelek' }).click();
  await expect(page).toHaveURL(/#\/clients$/);
  await page.getByRole('button', { name: 'Új ügyfél' }).first().click();
  await expect(clientModal(page)).toBeVisible();
}

/** A buyer complete enough to be issued to (full Hungarian address, a private person: no tax number needed). */
async function typeClient(page: Page, name: string): Promise<void> {
  const form = clientModal(page);
  await form.getByLabel('Név').fill(name);
  await form.getByLabel('Adózási típus').selectOption('NO_TAX_NUMBER');
  await form.getByLabel('Irányítószám').fill('9021');
  await form.getByLabel('Település').fill('Győr');
  await form.getByLabel('Közterület neve').fill('Baross Gábor');
  await form.getByLabel('Közterület jellege').fill('út');
  await form.getByLabel('Házszám').fill('12');
}

test('the client form asks before the route changes: stay, save, discard', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await withKey(page);
  const before = await clients();
  await page.goto(`${folio.url}/#/`);

  await test.step('an unchanged form is left without a question', async () => {
    await openNewClient(page);
    await page.goBack();
    await expect(page).toHaveURL(/#\/$/);
    await expect(question(page)).toBeHidden();
  });

  await test.step('back asks; "Mégse" keeps the typed text in the open form', async () => {
    await openNewClient(page);
    await typeClient(page, 'Kovács Anna');
    await page.goBack();
    await expect(question(page)).toBeVisible();
    await expect(question(page).getByRole('button', { name: 'Mentés' })).toBeVisible();
    await screenshot(page, 'unsaved', 'hu-client-form-question');
    await question(page).getByRole('button', { name: 'Mégse' }).click();
    await expect(question(page)).toBeHidden();
    await expect(page).toHaveURL(/#\/clients$/);
    await expect(clientModal(page).getByLabel('Név')).toHaveValue('Kovács Anna');
    await expect(clientModal(page).getByLabel('Település')).toHaveValue('Győr');
    expect(await clients()).toEqual(before);
  });

  await test.step('the new-invoice shortcut asks; "Mentés" stores the client and goes on', async () => {
    await page.keyboard.press('Alt+n');
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Mentés' }).click();
    await expect(page).toHaveURL(/#\/invoices\/new$/);
    const added = (await clients()).filter((c) => !before.some((b) => b.id === c.id));
    expect(added.map((c) => c.attributes.name)).toEqual(['Kovács Anna']);
    expect(added[0]!.attributes.billing_address).toMatchObject({ postcode: '9021', city: 'Győr', street_name: 'Baross Gábor', house_nr: '12', country: 'Magyarország' });
  });

  await test.step('"Mentés" of a form the core refuses stays, with the error shown', async () => {
    await openNewClient(page);
    const form = clientModal(page);
    await form.getByLabel('Név').fill('Hibás Adószám Kft.');
    await form.getByLabel('Adószám', { exact: true }).fill('12345678-2-41'); // wrong check digit
    const count = (await clients()).length;
    await page.goBack();
    await question(page).getByRole('button', { name: 'Mentés' }).click();
    await expect(question(page)).toBeHidden();
    await expect(page).toHaveURL(/#\/clients$/);
    await expect(form.locator('.field-error').first()).toBeVisible();
    await expect(form.getByLabel('Név')).toHaveValue('Hibás Adószám Kft.');
    await screenshot(page, 'unsaved', 'hu-client-form-refused');
    expect((await clients()).length).toBe(count);

    await test.step('"Elvetés" leaves and writes nothing', async () => {
      const stored = await clients();
      await page.goBack();
      await question(page).getByRole('button', { name: 'Elvetés' }).click();
      await expect(page).toHaveURL(/#\/$/);
      await expect(question(page)).toBeHidden();
      await expect(form).toBeHidden();
      expect(await clients()).toEqual(stored);
    });
  });

  expect(errors).toEqual([]);
});

test("the invoice editor's new-client form is asked about first, then the changed invoice", async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  const invoices = () => rpcOn<{ items: unknown[] }>(folio.url, API_KEY, 'invoices.list', {}).then((p) => p.items);
  const invoicesBefore = await invoices();
  const clientsBefore = await clients();
  await page.goto(`${folio.url}/#/`);
  await page.getByRole('link', { name: 'Új számla' }).click();
  await expect(page.getByRole('heading', { name: 'Új számla' })).toBeVisible();
  await page.getByLabel('1. tétel – Megnevezés').fill('Tanácsadás');
  await page.getByRole('button', { name: 'Új ügyfél' }).click();
  const form = page.getByRole('dialog', { name: 'Új ügyfél felvétele' });
  await form.getByLabel('Név').fill('Picker Kft.');
  await form.getByLabel('Adózási típus').selectOption('NO_TAX_NUMBER');
  await form.getByLabel('Irányítószám').fill('4025');
  await form.getByLabel('Település').fill('Debrecen');
  await form.getByLabel('Közterület neve').fill('Piac');
  await form.getByLabel('Házszám').fill('3');

  await page.goBack();
  // The client form first: its question saves the record ("Mentés"), not a draft.
  await expect(question(page).getByRole('button', { name: 'Mentés', exact: true })).toBeVisible();
  await question(page).getByRole('button', { name: 'Mentés', exact: true }).click();
  // Then the invoice, now with the new client picked: a draft to save or discard.
  await expect(question(page).getByRole('button', { name: 'Piszkozat mentése' })).toBeVisible();
  await expect(form).toBeHidden();
  await question(page).getByRole('button', { name: 'Elvetés' }).click();
  await expect(page).toHaveURL(/#\/$/);
  const added = (await clients()).filter((c) => !clientsBefore.some((b) => b.id === c.id));
  expect(added.map((c) => c.attributes.name)).toEqual(['Picker Kft.']);
  expect(await invoices()).toEqual(invoicesBefore);
  expect(errors).toEqual([]);
});

test('closing a modal form with changes asks first: ×, Esc and its own "Mégse"', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await withKey(page);
  await page.goto(`${folio.url}/#/clients`);
  await page.getByRole('button', { name: 'Vevő Kft.', exact: true }).click();
  const form = clientModal(page, 'Ügyfél szerkesztése');
  await expect(form.getByLabel('Név')).toHaveValue('Vevő Kft.');
  const before = await clients();

  await test.step('an unchanged form closes at once', async () => {
    await form.getByRole('button', { name: 'Bezárás' }).click();
    await expect(form).toBeHidden();
    await expect(question(page)).toBeHidden();
  });

  await test.step('× with changes asks; "Mégse" keeps the form open with the change', async () => {
    await page.getByRole('button', { name: 'Vevő Kft.', exact: true }).click();
    await form.getByLabel('Település').fill('Szeged-Tápé');
    await form.getByRole('button', { name: 'Bezárás' }).click();
    await expect(question(page)).toBeVisible();
    await screenshot(page, 'unsaved', 'hu-modal-close-question');
    await question(page).getByRole('button', { name: 'Mégse' }).click();
    await expect(question(page)).toBeHidden();
    await expect(form.getByLabel('Település')).toHaveValue('Szeged-Tápé');
  });

  await test.step('Esc asks; "Elvetés" closes and writes nothing', async () => {
    await form.getByLabel('Település').click();
    await page.keyboard.press('Escape');
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Elvetés' }).click();
    await expect(form).toBeHidden();
    expect(await clients()).toEqual(before);
  });

  await test.step('the form\'s "Mégse" asks; "Mentés" stores the change and closes', async () => {
    await page.getByRole('button', { name: 'Vevő Kft.', exact: true }).click();
    await expect(form.getByLabel('Település')).toHaveValue('Szeged');
    await form.getByLabel('Házszám').fill('7');
    await form.getByRole('button', { name: 'Mégse' }).click();
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Mentés' }).click();
    await expect(form).toBeHidden();
    await expect(question(page)).toBeHidden();
    const changed = (await clients()).find((c) => c.attributes.name === 'Vevő Kft.')!;
    expect(changed.attributes.billing_address.house_nr).toBe('7');
    expect(changed.attributes.billing_address.city).toBe('Szeged');
  });

  expect(errors).toEqual([]);
});

test('the recurring edit dialog asks before closing or leaving with changes', async ({ page }) => {
  const errors = watchErrors(page);
  const core = folio.server.core;
  const base = await core.call('invoices.create', {
    client_uid: buyerId, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Havi karbantartás', vat_id: 1, qty: 1, unit: 'hó', net_unit_price: 50000 }],
  } as never);
  const profile = await core.call('recurring.create', { base_invoice_uid: base.id, frequency: '1M', start_date: '2027-01-31' } as never);
  const stored = () => rpcOn(folio.url, API_KEY, 'recurring.get', { id: profile.id });
  const before = await stored();
  await withKey(page);
  await page.goto(`${folio.url}/#/`);
  await sidebar(page).getByRole('link', { name: 'Ismétlődő számlák' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ismétlődő számla módosítása' });
  const edit = () => page.locator('[data-recurring-row]').getByRole('button', { name: 'Szerkesztés' }).click();

  await test.step('opened and closed unchanged: no question', async () => {
    await edit();
    await expect(dialog.getByLabel('Megnevezés')).toHaveValue('Havi karbantartás');
    await dialog.getByRole('button', { name: 'Mégse' }).click();
    await expect(dialog).toBeHidden();
    await expect(question(page)).toBeHidden();
  });

  await test.step('Esc with a change asks; "Mégse" keeps it', async () => {
    await edit();
    await expect(dialog.getByLabel('Megnevezés')).toHaveValue('Havi karbantartás');
    await dialog.getByLabel('Megjegyzés').fill('Negyedévente egyeztetni');
    await page.keyboard.press('Escape');
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Mégse' }).click();
    await expect(dialog.getByLabel('Megjegyzés')).toHaveValue('Negyedévente egyeztetni');
  });

  await test.step('back asks; "Elvetés" leaves and writes nothing', async () => {
    await page.goBack();
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Elvetés' }).click();
    await expect(page).toHaveURL(/#\/$/);
    expect(await stored()).toEqual(before);
  });
  expect(errors).toEqual([]);
});

test('the seller form asks before leaving Settings → Company', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await withKey(page);
  const settings = () => rpcOn<{ seller: { name: string; address: { city: string } } }>(folio.url, API_KEY, 'settings.get', {});
  const before = await settings();
  await page.goto(`${folio.url}/#/`);
  await sidebar(page).getByRole('link', { name: 'Beállítások' }).click();
  const name = page.getByLabel('Cégnév vagy név');
  await expect(name).toHaveValue('Minta Bt.');

  await test.step('unchanged, a sidebar link leaves without a question', async () => {
    await sidebar(page).getByRole('link', { name: 'Termékek' }).click();
    await expect(page).toHaveURL(/#\/products$/);
    await expect(question(page)).toBeHidden();
    await page.goBack();
    await expect(name).toHaveValue('Minta Bt.');
  });

  await test.step('back asks; "Elvetés" leaves the settings unchanged', async () => {
    await name.fill('Minta és Társa Bt.');
    await page.goBack();
    await expect(question(page)).toBeVisible();
    await screenshot(page, 'unsaved', 'hu-seller-question');
    await question(page).getByRole('button', { name: 'Elvetés' }).click();
    await expect(page).toHaveURL(/#\/$/);
    expect(await settings()).toEqual(before);
  });

  await test.step('a sidebar link asks; "Mégse" stays, "Mentés" stores and goes', async () => {
    await page.goForward();
    await expect(name).toHaveValue('Minta Bt.');
    await page.getByLabel('Település').fill('Budapest V.');
    await sidebar(page).getByRole('link', { name: 'Ügyfelek' }).click();
    await question(page).getByRole('button', { name: 'Mégse' }).click();
    await expect(page).toHaveURL(/#\/settings$/);
    await expect(page.getByLabel('Település')).toHaveValue('Budapest V.');
    await sidebar(page).getByRole('link', { name: 'Ügyfelek' }).click();
    await question(page).getByRole('button', { name: 'Mentés' }).click();
    await expect(page).toHaveURL(/#\/clients$/);
    expect((await settings()).seller.address.city).toBe('Budapest V.');
  });

  expect(errors).toEqual([]);
});

test('the question in English over the client form', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(() => localStorage.setItem('folio.lang', 'en'));
  await withKey(page);
  await page.goto(`${folio.url}/#/clients`);
  await page.getByRole('button', { name: 'New client' }).first().click();
  const form = page.getByRole('dialog', { name: 'New client' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Smith Ltd');
  await form.getByRole('button', { name: 'Close' }).click();
  const asked = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(asked).toBeVisible();
  await expect(asked.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(asked.getByRole('button', { name: 'Discard' })).toBeVisible();
  await screenshot(page, 'unsaved', 'en-modal-close-question');
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Smith Ltd');
});

test('the product and expense forms ask before closing with changes', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  const list = (op: string) => rpcOn<{ items: Array<{ attributes: { name: string } }> }>(folio.url, API_KEY, op, {}).then((p) => p.items);

  await test.step('product: Esc asks, "Mentés" stores it', async () => {
    await page.goto(`${folio.url}/#/products`);
    await page.getByRole('button', { name: 'Új termék' }).first().click();
    const form = page.getByRole('dialog', { name: 'Új termék' });
    await form.getByRole('textbox', { name: 'Név', exact: true }).fill('Óradíj');
    await form.getByLabel('Nettó egységár').fill('15 000');
    await page.keyboard.press('Escape');
    await question(page).getByRole('button', { name: 'Mentés' }).click();
    await expect(form).toBeHidden();
    expect((await list('products.list')).map((p) => p.attributes.name)).toEqual(['Óradíj']);
  });

  await test.step('expense: × asks, "Elvetés" closes and writes nothing', async () => {
    const before = await list('expenses.list');
    await sidebar(page).getByRole('link', { name: 'Költségek' }).click();
    await page.getByRole('button', { name: 'Új költség' }).first().click();
    const form = page.getByRole('dialog', { name: 'Új költség' });
    await form.getByLabel('Szállító neve').fill('Irodaszer Kft.');
    await form.getByRole('button', { name: 'Bezárás' }).click();
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Elvetés' }).click();
    await expect(form).toBeHidden();
    expect(await list('expenses.list')).toEqual(before);
  });
  expect(errors).toEqual([]);
});
