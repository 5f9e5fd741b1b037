// The editor guides to a legally complete invoice: the live check beside the totals names what is missing, an
// invoice the core would refuse never reaches the confirm dialog, each message goes as soon as its field is fixed,
// the buyer's data is fixed in place, and a warning (a late invoice) is confirmed knowingly. Also: a fresh
// installation is sent to set up the seller, the check speaks English and German, and a recurring profile whose
// next invoice is refused says why.
import { expect, test, type Page } from '@playwright/test';
import { createRecurringScheduler } from '../../electron/core/recurring/scheduler';
import { rpcOn, setSeller, startFolio, API_KEY, watchErrors, withKey, type Folio } from './support/folio';
import { screenshot } from './support/shots';

let folio: Folio;

test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

/** A Hungarian company whose address has only its city: an invoice to it is refused until the address is complete. */
async function incompleteClient(f: Folio, name: string): Promise<number> {
  const c = await f.server.core.call('clients.create', {
    name,
    taxcode: '10000001-2-41',
    tax_type: 'HAS_TAX_NUMBER',
    billing_address: { city: 'Szeged', country: 'Magyarország' },
  });
  return c.id;
}

async function newInvoiceFor(page: Page, f: Folio, client: string, search = 'Ügyfél keresése', line = '1. tétel – Megnevezés', price = '1. tétel – Nettó egységár') {
  await page.goto(`${f.url}/#/invoices/new`);
  await page.getByLabel(search).fill(client.split(' ')[0]!);
  await page.locator('.picker-option', { hasText: client }).click();
  await page.getByLabel(line).fill('Tanácsadás');
  await page.getByLabel(price).fill('10000');
}

const issuedCount = async (f: Folio) =>
  (await rpcOn<{ items: Array<{ attributes: { type: number } }> }>(f.url, API_KEY, 'invoices.list', {})).items.filter((i) => i.attributes.type === 3).length;

test('hu: refused, explained and recovered — the buyer fixed in place, the due date, a late invoice confirmed knowingly', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = watchErrors(page);
  await incompleteClient(folio, 'Hiányos Kft.');
  await withKey(page);
  await newInvoiceFor(page, folio, 'Hiányos Kft.');

  const panel = page.locator('.check-panel');
  const problems = panel.locator('[data-check="errors"] li');
  await expect(problems).toHaveText(['A vevő címéből hiányzik: irányítószám, közterület neve és házszám.']);
  await screenshot(page, 'legal', 'hu-1-live-check', { fullPage: true });

  await test.step('issuing is refused before any confirm dialog; the notice lists the problems in Hungarian', async () => {
    await page.locator('.side-actions').getByRole('button', { name: 'Számla kiállítása' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'A számla így nem állítható ki' });
    await expect(notice.getByRole('button', { name: 'A vevő címéből hiányzik: irányítószám, közterület neve és házszám.' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Kiállítod a számlát?' })).toBeHidden();
    await expect(page.locator('main')).not.toContainText(/required|cannot be issued/);
    expect(await issuedCount(folio)).toBe(0);
    await screenshot(page, 'legal', 'hu-2-refused', { fullPage: true });
  });

  await test.step("the buyer's address is fixed in place (the notice's link opens it); the check and the notice clear", async () => {
    await page.getByRole('alert').getByRole('button', { name: /A vevő címéből hiányzik/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ügyfél adatainak javítása' });
    await dialog.getByLabel('Irányítószám').fill('6720');
    await dialog.getByLabel('Közterület neve').fill('Kárász');
    await dialog.getByLabel('Házszám').fill('5');
    await screenshot(page, 'legal', 'hu-3-fix-client');
    await dialog.getByRole('button', { name: /Mentés|ügyfél/i }).last().click();
    await expect(dialog).toBeHidden();
    await expect(panel).toContainText('A számla kiállítható.');
    await expect(page.getByRole('alert').filter({ hasText: 'A számla így nem állítható ki' })).toBeHidden();
  });

  await test.step('a due date before the issue date: the message sits at the field and goes when it is fixed', async () => {
    const due = page.getByLabel('Fizetési határidő');
    await due.fill('2026-11-20');
    await page.locator('.side-actions').getByRole('button', { name: 'Számla kiállítása' }).click();
    await expect(due).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('A fizetési határidő nem lehet korábbi a számla kelténél (2026. 11. 22.).').first()).toBeVisible();
    await screenshot(page, 'legal', 'hu-4-due-date', { fullPage: true });
    await due.fill('2026-11-30');
    await expect(due).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('A fizetési határidő nem lehet korábbi')).toHaveCount(0);
  });

  await test.step('fulfilled 21 days ago: a warning, listed again in the confirm dialog, and the invoice is issued', async () => {
    await page.getByLabel('Teljesítés dátuma').fill('2026-11-01');
    const late = 'A teljesítés 21 napja volt: a számlát 8 napon belül kell kiállítani (Áfa tv. 163. §).';
    await expect(panel.locator('[data-check="warnings"] li')).toHaveText([late]);
    await page.locator('.side-actions').getByRole('button', { name: 'Számla kiállítása' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kiállítod a számlát?' });
    await expect(dialog.locator('[data-check="confirm-warnings"] li')).toHaveText([late]);
    await screenshot(page, 'legal', 'hu-5-confirm-warning');
    await dialog.getByRole('button', { name: 'Számla kiállítása' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Számla 2026-000001' })).toBeVisible();
    expect(await issuedCount(folio)).toBe(1);
  });
  expect(errors).toEqual([]);
});

// More rules, each refused, explained where the user looks and recovered in the editor (hu).
const RULES = [
  {
    rule: "the buyer has the seller's own tax number",
    client: { taxcode: '12345676-2-41' }, // setSeller's own
    say: 'Ez az eladó saját adószáma: a vevő nem lehet az eladó.',
    break: async (_page: Page) => {},
    fix: async (page: Page) => {
      await page.locator('.check-panel').getByRole('button', { name: 'Ügyfél adatainak javítása' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ügyfél adatainak javítása' });
      await dialog.getByLabel('Adószám', { exact: true }).fill('10000001-2-41');
      await dialog.getByRole('button', { name: /Mentés|ügyfél/i }).last().click();
      await expect(dialog).toBeHidden();
    },
  },
  {
    rule: 'a discount larger than the lines',
    client: {},
    say: 'A számla végösszege nem lehet negatív: a kedvezmény nem lehet nagyobb a tételeknél.',
    break: async (page: Page) => {
      await page.getByRole('button', { name: 'Tétel hozzáadása' }).click();
      await page.getByLabel('2. tétel – Megnevezés').fill('Kedvezmény');
      await page.getByLabel('2. tétel – Nettó egységár').fill('-20000');
    },
    fix: async (page: Page) => {
      await page.getByLabel('2. tétel – Nettó egységár').fill('-2000');
    },
  },
  {
    rule: 'a line with no description',
    client: {},
    say: '1. tétel – Megnevezés: kötelező',
    break: async (page: Page) => {
      await page.getByLabel('1. tétel – Megnevezés').fill('');
    },
    fix: async (page: Page) => {
      await page.getByLabel('1. tétel – Megnevezés').fill('Tanácsadás');
    },
  },
];

for (const [n, r] of RULES.entries()) {
  test(`hu: ${r.rule} — refused, explained, recovered`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const name = `Szabály ${n + 1} Kft.`;
    await folio.server.core.call('clients.create', {
      name,
      taxcode: '10000001-2-41',
      tax_type: 'HAS_TAX_NUMBER',
      billing_address: { postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5', country: 'Magyarország' },
      ...r.client,
    });
    const before = await issuedCount(folio);
    await withKey(page);
    await newInvoiceFor(page, folio, name);
    await r.break(page);
    const panel = page.locator('.check-panel');
    await expect(panel.locator('[data-check="errors"]')).toContainText(r.say);
    await page.locator('.side-actions').getByRole('button', { name: 'Számla kiállítása' }).click();
    await expect(page.getByRole('alert').first()).toContainText(r.say);
    await expect(page.getByRole('dialog', { name: 'Kiállítod a számlát?' })).toBeHidden();
    await screenshot(page, 'legal', `hu-rule-${n + 1}`, { fullPage: true });
    expect(await issuedCount(folio)).toBe(before);
    await r.fix(page);
    await expect(panel).toContainText('A számla kiállítható.');
    await expect(page.locator('main')).not.toContainText(r.say);
    await page.locator('.side-actions').getByRole('button', { name: 'Számla kiállítása' }).click();
    await page.getByRole('dialog', { name: 'Kiállítod a számlát?' }).getByRole('button', { name: 'Számla kiállítása' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Számla \d{4}-\d{6}$/ })).toBeVisible();
    expect(await issuedCount(folio)).toBe(before + 1);
  });
}

test('a fresh installation: the check sends the user to set up the seller first', async ({ page }) => {
  const fresh = await startFolio();
  try {
    const client = await fresh.server.core.call('clients.create', {
      name: 'Teljes Kft.',
      taxcode: '10000001-2-41',
      tax_type: 'HAS_TAX_NUMBER',
      billing_address: { postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5', country: 'Magyarország' },
    });
    expect(client.id).toBeGreaterThan(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await withKey(page);
    await newInvoiceFor(page, fresh, 'Teljes Kft.');
    const panel = page.locator('.check-panel');
    await expect(panel.locator('[data-check="errors"] li')).toHaveText(['Előbb add meg a saját céged adatait (név, teljes cím, adószám) a Beállítások → Cég lapon.']);
    await expect(panel.getByRole('link', { name: 'Cégadatok megadása' })).toHaveAttribute('href', '#/settings');
    await screenshot(page, 'legal', 'hu-6-no-seller', { fullPage: true });
  } finally {
    await fresh.stop();
  }
});

for (const [lang, words] of [
  ['en', { search: 'Find a client', line: 'Item 1 – Description', price: 'Item 1 – Net unit price', missing: "The buyer's address lacks its postcode, street and house number.", ok: 'The invoice can be issued.' }],
  ['de', { search: 'Kunden suchen', line: 'Position 1 – Bezeichnung', price: 'Position 1 – Netto-Einzelpreis', missing: 'In der Anschrift des Käufers fehlt: Postleitzahl, Straße und Hausnummer.', ok: 'Die Rechnung kann ausgestellt werden.' }],
] as const) {
  test(`${lang}: the live check speaks the UI's language`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await incompleteClient(folio, `Sprache ${lang} Kft.`);
    await withKey(page);
    await page.addInitScript((l) => localStorage.setItem('folio.lang', l), lang);
    await newInvoiceFor(page, folio, `Sprache ${lang} Kft.`, words.search, words.line, words.price);
    const panel = page.locator('.check-panel');
    await expect(panel.locator('[data-check="errors"] li').first()).toHaveText(words.missing);
    // the parts a party's address lacks are said in one line
    await expect(panel).not.toContainText(words.ok);
    await screenshot(page, 'legal', `${lang}-live-check`, { fullPage: true });
  });
}

test('hu: a recurring profile whose next invoice is refused says why in the list', async ({ page }) => {
  const core = folio.server.core;
  const client = await incompleteClient(folio, 'Havidíjas Kft.');
  const base = await core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 0, fulfillment_date: '2026-11-20', due_date: '2026-11-30',
    items: [{ description: 'Tárhely', qty: 1, net_unit_price: 5000, vat_id: 1 }],
  });
  await core.call('recurring.create', { base_invoice_uid: base.id, frequency: '1M', start_date: '2026-11-20', due_days: 8 } as never);
  const pass = await createRecurringScheduler({ core, onError: () => {} }).runOnce();
  expect(pass.failed).toHaveLength(1);

  await page.setViewportSize({ width: 1280, height: 800 });
  await withKey(page);
  await page.goto(`${folio.url}/#/recurring`);
  await expect(page.locator('[data-failure-badge]')).toHaveText('Kiállításra vár');
  await expect(page.locator('[data-recurring-failure]')).toContainText('A vevő címéből hiányzik: irányítószám, közterület neve és házszám.');
  await expect(page.locator('[data-recurring-failure]')).toContainText('2026. 11. 20.');
  await screenshot(page, 'legal', 'hu-7-recurring-waiting', { fullPage: true });
});
