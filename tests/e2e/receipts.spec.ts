// Receipts in the app, in Hungarian: a shop's till issues receipts through the /v3 door (as a Billingo v3 POS
// integration does), and the invoice list shows them beside the invoices with their "Nyugta" badge, filters them with
// the kind filter, and opens one as a "Nyugta" with its NY- number, paid.
import { expect, test } from '@playwright/test';
import { addClient, API_KEY, setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { shotPath } from './support/shots';

let folio: Folio;
let receiptIds: number[] = [];
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
  const client = await addClient(folio, 'Számlás Vevő Kft.');
  await folio.server.core.call('invoices.create', {
    client_uid: client, payment_method: 2, currency: 'HUF', type: 3, fulfillment_date: '2026-11-22', due_date: '2026-11-30',
    items: [{ description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 10_000, unit: 'óra' }],
  });
  const till = async (body: Record<string, unknown>) => {
    const res = await fetch(`${folio.url}/v3/documents/receipt`, {
      method: 'POST',
      headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ block_id: 0, type: 'receipt', currency: 'HUF', ...body }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  receiptIds = [
    await till({ payment_method: 'cash', items: [{ name: 'Kávé', unit_price: 635, vat: '27%' }, { name: 'Pogácsa', unit_price: 420, vat: '5%' }] }),
    await till({ payment_method: 'bankcard', name: 'Kiss Anna', items: [{ name: 'Ajándékkosár', unit_price: 12_700, vat: '27%' }] }),
  ];
});
test.afterAll(async () => {
  await folio.stop();
});

test('the list shows receipts with their badge, filters them, and opens one', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await withKey(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${folio.url}/#/invoices`);

  await test.step('receipts beside the invoice, each with the Nyugta badge', async () => {
    await expect(page.locator('[data-invoice-row]')).toHaveCount(3);
    await expect(page.locator('[data-kind="receipt"]')).toHaveCount(2);
    await expect(page.locator('[data-kind="receipt"]').first()).toHaveText('Nyugta');
    await expect(page.getByRole('link', { name: 'NY-2026-000002' })).toBeVisible();
    await page.screenshot({ path: shotPath('receipts', 'hu-list') });
  });

  await test.step('the kind filter: Nyugta', async () => {
    await page.getByLabel('Fajta').selectOption('receipt');
    await expect(page).toHaveURL(/kind=receipt/);
    await expect(page.locator('[data-invoice-row]')).toHaveCount(2);
    await expect(page.getByText('Számlás Vevő Kft.')).toHaveCount(0);
    await page.screenshot({ path: shotPath('receipts', 'hu-list-filter') });
  });

  await test.step('a receipt opens as a paid Nyugta', async () => {
    await page.goto(`${folio.url}/#/invoices/${receiptIds[1]}`);
    await expect(page.getByText('NY-2026-000002').first()).toBeVisible();
    await expect(page.getByText('Nyugta').first()).toBeVisible();
    await expect(page.getByText('Kiss Anna').first()).toBeVisible();
    await expect(page.getByText('Fizetve').first()).toBeVisible();
    // paid on the spot: its payment cannot be undone
    await expect(page.getByRole('button', { name: 'Befizetések visszavonása' })).toHaveCount(0);
    await page.screenshot({ path: shotPath('receipts', 'hu-detail') });
  });

  await test.step('a receipt of nobody in particular: a dash in the list, no buyer on its page', async () => {
    await page.goto(`${folio.url}/#/invoices`);
    await expect(page.getByLabel('Nincs megnevezett vevő')).toHaveCount(1);
    await page.goto(`${folio.url}/#/invoices/${receiptIds[0]}`);
    await expect(page.getByText('NY-2026-000001').first()).toBeVisible();
    await expect(page.getByText('Magánszemély')).toHaveCount(0);
    await expect(page.getByText('Nincs megnevezett vevő')).toBeVisible();
    await page.screenshot({ path: shotPath('receipts', 'hu-detail-anonymous') });
  });

  expect(errors).toEqual([]);
});
