// A wrong sale caught at the counter: the receipt just issued is cancelled from the quick-receipt screen itself, in
// Hungarian, at desktop width and at 390 px. The confirmation names the receipt; the cancelling receipt is issued
// (the original stays, cancelled, never deleted), the screen names it, and the day's figures below count it.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { INVOICE_STATUS } from '../../shared/invoice-codes';
import { budapest } from '../nav-receipts/rig';
import { shotPath } from './support/shots';
import { setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';

let folio: Folio;
const clock = new ManualClock(budapest('2026-10-21 09:30:00'));

test.beforeAll(async () => {
  folio = await startFolio(undefined, { clock });
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio?.stop();
});

interface Receipt {
  id: number;
  attributes: { prefixed_invoice_no: string | null; status: number };
}

for (const [label, width] of [
  ['desktop', 1280],
  ['390', 390],
] as const) {
  test(`${label}: the receipt just issued is cancelled from the counter`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 1000 });
    const errors = watchErrors(page);
    await withKey(page);
    await page.goto(`${folio.url}/#/receipts/new`);
    await page.getByLabel('Tétel megnevezése').fill(`Rossz tétel ${label}`);
    await page.getByLabel('Bruttó ár').fill('2540');
    await page.getByLabel('Bruttó ár').press('Enter');
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('Control+Enter');
    const heading = page.getByRole('heading', { name: /NY-2026-\d+ kiállítva/ });
    await expect(heading).toBeVisible();
    const number = (await heading.textContent())!.replace(' kiállítva', '').trim();

    await page.getByRole('button', { name: 'Sztornó', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(number);
    await page.screenshot({ path: shotPath('quick-receipt-counter', `hu-${label}-cancel-confirm.png`), fullPage: true });
    await dialog.getByRole('button', { name: 'Sztornózás' }).click();

    const notice = page.locator('[data-cancelled-by]');
    await expect(notice).toHaveText(/^Sztornózva: NY-2026-\d+ sztornó nyugta kiállítva\.$/);
    const cancelling = /Sztornózva: (\S+) sztornó/.exec((await notice.textContent())!)![1]!;
    expect(cancelling).not.toBe(number);
    // the button is gone: a receipt is cancelled once
    await expect(page.getByRole('button', { name: 'Sztornó', exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: shotPath('quick-receipt-counter', `hu-${label}-cancelled.png`), fullPage: true });

    // read back from the core: the original stands, cancelled by the receipt the screen named
    const list = (await folio.server.core.call('invoices.query', { start_date: '2026-10-21', end_date: '2026-10-21', type: 5, page: 1, max_per_page: 50 } as never)) as { items: Receipt[] };
    const original = list.items.find((r) => r.attributes.prefixed_invoice_no === number)!;
    const storno = list.items.find((r) => r.attributes.prefixed_invoice_no === cancelling)!;
    expect(original.attributes.status).toBe(INVOICE_STATUS.cancelled);
    expect(storno).toBeTruthy();
    // the day below counts the cancellation
    await expect(page.locator('[data-day="2026-10-21"] h3')).toContainText(/\d+ nyugta, [1-9]\d* sztornó/);
    expect(errors).toEqual([]);
  });
}
