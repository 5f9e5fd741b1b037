// The counter's quick receipt in real Chromium, in Hungarian, at desktop width and at 390 px: a forint receipt
// printed on a 58 mm and an 80 mm till roll (the downloaded PDFs read back for their page width), a euro receipt
// refused at its rate field while no rate is given (nothing issued) and issued once it is, and the receipts by day
// below with that day's count, forint and euro totals, cash and card.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ManualClock } from '../../electron/core/clock';
import { budapest } from '../nav-receipts/rig';
import { savePdfPng } from '../documents/png';
import { shotPath } from './support/shots';
import { setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

let folio: Folio;
const clock = new ManualClock(budapest('2026-10-20 10:00:00'));

test.beforeAll(async () => {
  folio = await startFolio(undefined, { clock });
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio?.stop();
});

async function pageWidth(pdf: Uint8Array): Promise<number> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const [x0, , x1] = (await doc.getPage(1)).view;
    return x1! - x0!;
  } finally {
    await doc.destroy();
  }
}

async function printed(page: Page, button: string): Promise<Uint8Array> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return new Uint8Array(readFileSync((await download.path())!));
}

/** A day's receipt count, forints by card and euros by cash, as the core sums them (receipts.days). */
async function dayFigures(day: string): Promise<{ count: number; hufCard: number; eurCash: number }> {
  const figures = (await folio.server.core.call('receipts.days', { from: day, to: day })) as { days: Array<{ count: number; currencies: Array<{ currency: string; card: string; cash: string }> }> };
  const found = figures.days[0];
  const of = (currency: string) => found?.currencies.find((c) => c.currency === currency);
  return { count: found?.count ?? 0, hufCard: Number(of('HUF')?.card ?? 0), eurCash: Number(of('EUR')?.cash ?? 0) };
}

/** 25400 → a pattern for "25 400" with whatever space the locale groups thousands by */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?');

async function receiptCount(): Promise<number> {
  const list = (await folio.server.core.call('invoices.query', { start_date: '2026-01-01', end_date: '2026-12-31', type: 5, page: 1, max_per_page: 50 } as never)) as { items: unknown[] };
  return list.items.length;
}

for (const [label, width] of [
  ['desktop', 1280],
  ['390', 390],
] as const) {
  test(`${label}: print on the till roll, a euro receipt needs its rate, the day's figures below`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 1000 });
    const errors = watchErrors(page);
    await withKey(page);
    await page.goto(`${folio.url}/#/receipts/new`);
    const search = page.getByLabel('Termék keresése (név vagy kód)', { exact: true }).first();
    await expect(search).toBeFocused();
    const before = await receiptCount();
    // the day as it stands: the other width's run may have used this server's day already (or run in another worker)
    const dayBefore = await dayFigures('2026-10-20');

    await test.step('a forint receipt by card, printed on 58 and 80 mm rolls', async () => {
      await page.getByLabel('Tétel megnevezése').fill('Ajándékkosár');
      await page.getByLabel('Bruttó ár').fill('12700');
      await page.getByLabel('Bruttó ár').press('Enter');
      await page.keyboard.press('Alt+2');
      await page.keyboard.press('Control+Enter');
      await expect(page.getByRole('heading', { name: /NY-2026-\d+ kiállítva/ })).toBeVisible();
      await page.screenshot({ path: shotPath('quick-receipt-counter', `hu-${label}-issued.png`), fullPage: true });
      for (const [button, mm] of [
        ['Blokk 58 mm', 58],
        ['Blokk 80 mm', 80],
      ] as const) {
        const pdf = await printed(page, button);
        expect(await pageWidth(pdf)).toBeCloseTo((mm * 72) / 25.4, 0);
        savePdfPng(pdf, `quick-receipt-${label}-${mm}mm`, 200);
      }
      expect(await pageWidth(await printed(page, 'A4 PDF'))).toBeCloseTo(595.28, 0);
      await page.getByRole('button', { name: 'Új nyugta' }).click();
    });

    await test.step('euros: refused at the rate field without a rate, nothing issued; issued with one', async () => {
      await page.getByLabel('Pénznem').selectOption('EUR');
      await page.getByLabel('Tétel megnevezése').fill('Városnéző jegy');
      await page.getByLabel('Bruttó ár').fill('10,50');
      await page.getByLabel('Bruttó ár').press('Enter');
      await expect(page.locator('[data-total]')).toHaveText(/10,50\s?(€|EUR)/);
      // the currency stays as chosen once a line is on the receipt
      await expect(page.getByLabel('Pénznem')).toBeDisabled();
      await page.keyboard.press('Alt+1');
      await page.getByLabel('Kapott összeg').fill('20');
      await expect(page.locator('[data-change]')).toHaveText(/9,50\s?(€|EUR)/);
      await page.keyboard.press('Control+Enter');
      await expect(page.locator('#qr-rate-msg')).toHaveText('Add meg az árfolyamot: 1 EUR hány forint.');
      await expect(page.getByLabel('Árfolyam (Ft / EUR)')).toBeFocused();
      expect(await receiptCount()).toBe(before + 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: shotPath('quick-receipt-counter', `hu-${label}-rate-needed.png`), fullPage: true });
      await page.getByLabel('Árfolyam (Ft / EUR)').fill('390,5');
      await expect(page.locator('#qr-rate-msg')).toHaveCount(0);
      await page.keyboard.press('Control+Enter');
      await expect(page.getByRole('heading', { name: /NY-2026-\d+ kiállítva/ })).toBeVisible();
      expect(await receiptCount()).toBe(before + 2);
      const list = (await folio.server.core.call('invoices.query', { start_date: '2026-01-01', end_date: '2026-12-31', type: 5, page: 1, max_per_page: 1 } as never)) as {
        items: Array<{ attributes: { currency: string; exchange_rate: string; gross_total: string } }>;
      };
      expect(list.items[0]!.attributes).toMatchObject({ currency: 'EUR', gross_total: '10.500' });
      expect(Number(list.items[0]!.attributes.exchange_rate)).toBe(390.5);
    });

    await test.step("the day's figures: count, forints by card, euros by cash", async () => {
      const day = page.locator('[data-day="2026-10-20"]');
      await expect(day.locator('h3')).toContainText(`${dayBefore.count + 2} nyugta, 0 sztornó`);
      await expect(day.locator('[data-currency="HUF"] [data-card]')).toHaveText(new RegExp(`${grouped(dayBefore.hufCard + 12_700)}\\s?Ft`));
      await expect(day.locator('[data-currency="EUR"] [data-cash]')).toHaveText(new RegExp(`${(dayBefore.eurCash + 10.5).toFixed(2).replace('.', ',')}\\s?(€|EUR)`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: shotPath('quick-receipt-counter', `hu-${label}-days.png`), fullPage: true });
    });
    expect(errors).toEqual([]);
  });
}
