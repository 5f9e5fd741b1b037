// A euro invoice written while the MNB service cannot be reached, in the browser (Hungarian and English): the editor
// says in one sentence that the day's rate is missing and offers the latest rate saved on this computer; the user
// takes it after a confirmation and the invoice is issued with it. Screenshots in the 'rates' area.
import { expect, test, type Page } from '@playwright/test';
import { createRateProvider } from '../../electron/rates/index';
import { ratesTable } from '../../electron/rates/cache';
import { openCore } from '../recurring/support/setup';
import { fakeMnb } from '../rates/support/fake-sources';
import { BUYER, SELLER } from '../rates/support/business';
import { API_KEY, NOW, rpcOn, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { screenshot } from './support/shots';

let folio: Folio;
/** the latest rate saved before going offline: the 18th's (the 19th and 20th were never fetched) */
let saved: { rate: string; date: string };

test.beforeAll(async () => {
  const mnb = await fakeMnb();
  const url = `${mnb.url}/arfolyamok.asmx`;
  folio = await startFolio(
    async (dbFile) => {
      const t = await openCore(NOW, {}, dbFile);
      await t.core.call('settings.update', { seller: SELLER });
      await t.core.call('clients.create', { ...BUYER, defaults: { invoice_currency: 'EUR' } });
      // Online once, some days ago: the rates up to the 18th were fetched into the cache.
      await createRateProvider({ db: t.db, url }).prefetch(['EUR'], '2026-11-09', '2026-11-18');
      const row = await ratesTable(t.db).selectFrom('exchange_rates').select(['rate', 'date']).where('currency', '=', 'EUR').orderBy('date', 'desc').executeTakeFirstOrThrow();
      saved = { rate: row.rate, date: row.date };
      await t.closeDb();
    },
    { env: { FOLIO_RATES_URL: url, FOLIO_RATES_PREFETCH: 'off' } },
  );
  await mnb.close(); // offline from here on
});
test.afterAll(async () => {
  await folio.stop();
});

const WORDS = {
  hu: {
    search: 'Ügyfél keresése',
    line: '1. tétel – Megnevezés',
    price: '1. tétel – Nettó egységár',
    issue: 'Számla kiállítása',
    issueDialog: 'Kiállítod a számlát?',
    notice: 'Ez most nem lehetséges',
    fieldMessage: 'Árfolyam: nincs árfolyam a teljesítés napjára, és az árfolyamszolgáltatás nem érhető el',
    offer: (rate: string, date: string) =>
      `Nincs MNB-árfolyam a teljesítés napjára (2026. 11. 22.), mert az árfolyamszolgáltatás most nem érhető el. Használhatod a legutóbbi ismert árfolyamot: 1 EUR = ${rate} Ft (${date}), vagy írj be egy árfolyamot.`,
    number: (rate: string) => rate.replace('.', ','),
    date: (d: string) => `${d.replace(/-/g, '. ')}.`,
    use: 'A legutóbbi árfolyam használata',
    confirmDialog: 'A legutóbbi ismert árfolyam',
    confirm: 'Ezt használom',
    rateLabel: 'Árfolyam',
  },
  en: {
    search: 'Find a client',
    line: 'Item 1 – Description',
    price: 'Item 1 – Net unit price',
    issue: 'Issue invoice',
    issueDialog: 'Issue the invoice?',
    notice: 'This is not possible now',
    fieldMessage: 'Exchange rate: there is no rate for the delivery date and the rate service cannot be reached',
    offer: (rate: string, date: string) =>
      `There is no MNB rate for the delivery date (22/11/2026) because the rate service cannot be reached now. You can use the latest known rate, 1 EUR = ${rate} HUF (${date}), or type a rate.`,
    number: (rate: string) => rate,
    date: (d: string) => d.split('-').reverse().join('/'),
    use: 'Use the latest rate',
    confirmDialog: 'The latest known rate',
    confirm: 'Use this rate',
    rateLabel: 'Exchange rate',
  },
} as const;

for (const lang of ['hu', 'en'] as const) {
  test(`${lang}: offline, the editor offers the latest saved rate and issues the invoice with it`, async ({ page }) => {
    const w = WORDS[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    await withKey(page);
    await page.addInitScript((l) => localStorage.setItem('folio.lang', l), lang);
    await page.goto(`${folio.url}/#/invoices/new`);

    await page.getByLabel(w.search).fill('Külföldi');
    await page.locator('.picker-option', { hasText: BUYER.name }).click();
    await expect(page.locator('select[name="currency"]')).toHaveValue('EUR'); // the client's currency
    await page.getByLabel(w.line).fill('Consulting');
    await page.getByLabel(w.price).fill('100');
    await issue(page, w, true);

    // Refused: one sentence at the rate, in the UI's language, with the saved rate and its day.
    const offer = page.getByTestId('rate-offer');
    await expect(offer).toHaveText(new RegExp(`^\\s*${loose(w.offer(w.number(saved.rate), w.date(saved.date)))}\\s*${loose(w.use)}\\s*$`));
    await expect(page.getByRole('alert').filter({ hasText: w.notice })).toContainText(w.fieldMessage);
    // No English core sentence and no network detail on a Hungarian screen.
    if (lang === 'hu') await expect(page.locator('main')).not.toContainText(/exchange rate|could not|ECONN|ENOTFOUND/);
    await expect(page.locator('main')).not.toContainText(/ECONN|ENOTFOUND|127\.0\.0\.1/);
    await screenshot(page, 'rates', `${lang}-1-offline-offer`, { fullPage: true });

    await offer.getByRole('button', { name: w.use }).click();
    const dialog = page.getByRole('dialog', { name: w.confirmDialog });
    await expect(dialog).toContainText(new RegExp(loose(`1 EUR = ${w.number(saved.rate)}`)));
    await screenshot(page, 'rates', `${lang}-2-confirm`);
    await dialog.getByRole('button', { name: w.confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel(w.rateLabel, { exact: true })).toHaveValue(w.number(saved.rate));
    await expect(offer).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: w.notice })).toBeHidden(); // answered: the notice goes too
    await screenshot(page, 'rates', `${lang}-3-rate-taken`, { fullPage: true });

    await issue(page, w);
    await expect(page).toHaveURL(/#\/invoices\/\d+$/);
    const id = Number(/#\/invoices\/(\d+)$/.exec(page.url())![1]);
    const invoice = await rpcOn(folio.url, API_KEY, 'invoices.get', { id });
    expect(invoice.attributes).toMatchObject({ type: 3, currency: 'EUR', exchange_rate: saved.rate, exchange_rate_source: 'given', fulfillment_date: '2026-11-22' });
    expect(invoice.attributes.invoice_no).toBeTruthy();
    await screenshot(page, 'rates', `${lang}-4-issued`, { fullPage: true });
    expect(errors).toEqual([]);
  });
}

/** Issues; an invoice the check refuses never opens the confirm dialog (`refused`). */
async function issue(page: Page, w: (typeof WORDS)[keyof typeof WORDS], refused = false): Promise<void> {
  await page.locator('.side-actions').getByRole('button', { name: w.issue }).click();
  if (refused) return;
  await page.getByRole('dialog', { name: w.issueDialog }).getByRole('button', { name: w.issue }).click();
}

/** The words as a pattern: any spaces (no-break ones keep a date or a rate on one line) between them. */
function loose(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
}
