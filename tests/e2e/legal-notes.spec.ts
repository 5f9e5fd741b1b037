// The exemption reasons on screen use the invoice's legal wording (shared/reference/legal-notes.ts): the invoice page
// names a line's reason as the PDF prints it, and the editor's reason choice, now worded in full, still fits in its
// line in Hungarian and in English. The payment method reads as the PDF prints it ("Wire transfer").
import { expect, test, type Page } from '@playwright/test';
import { startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { screenshot } from './support/shots';

let folio: Folio;
let invoiceId: number;

test.beforeAll(async () => {
  folio = await startFolio();
  const core = folio.server.core;
  await core.call('settings.update', {
    seller: {
      name: 'Jogász Papír Kft.',
      taxcode: '12345676-2-41',
      eu_taxcode: 'HU12345676',
      address: { postcode: '1051', city: 'Budapest', street_name: 'Nádor', street_type: 'utca', house_nr: '12', country: 'Magyarország' },
    },
  });
  const client = await core.call('clients.create', {
    name: 'Maschinenbau Weiß GmbH',
    eu_taxcode: 'DE123456789',
    tax_type: 'FOREIGN',
    email: 'einkauf@weiss.example',
    billing_address: { postcode: '80331', city: 'München', street_name: 'Hauptstraße', house_nr: '5', country: 'DE' },
  });
  const invoice = await core.call('invoices.create', {
    fulfillment_date: '2026-11-20',
    due_date: '2026-12-06',
    payment_method: 2,
    currency: 'HUF',
    client_uid: client.id,
    block_uid: 0,
    type: 3,
    template_lang_code: 'hu',
    items: [
      { description: 'CNC-maró alkatrész', vat_id: 5, qty: 4, net_unit_price: 120000, unit: 'db' },
      { description: 'Távfelügyelet', vat_id: 15, qty: 1, net_unit_price: 50000, unit: 'hó' },
    ],
  });
  invoiceId = invoice.id;
});
test.afterAll(async () => {
  await folio.stop();
});

test('the invoice page names each line\'s reason in the words the PDF prints', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices/${invoiceId}`);
  await expect(page.getByText('Jogcím: Adómentes Közösségen belüli termékértékesítés (Áfa tv. 89. §)')).toBeVisible();
  await expect(page.getByText('Jogcím: Fordított adózás (Áfa tv. 37. §)')).toBeVisible();
  await screenshot(page, 'pdf-notes', 'invoice-page-reasons-hu', { fullPage: true });

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByText('Reason: Reverse charge (Art. 196 of Directive 2006/112/EC)')).toBeVisible();
  await screenshot(page, 'pdf-notes', 'invoice-page-reasons-en', { fullPage: true });
  expect(errors).toEqual([]);
});

/** Nothing of the line sticks out of it: the reason choice wraps or narrows instead of widening the editor. */
async function expectReasonFits(page: Page): Promise<void> {
  const row = page.locator('[data-item-row]').first();
  const reason = row.locator('select[name$="entitlement"]');
  await expect(reason).toBeVisible();
  const rowBox = (await row.boundingBox())!;
  const reasonBox = (await reason.boundingBox())!;
  expect(reasonBox.x + reasonBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

test('the editor offers the reasons in full and the choice fits in the line, in Hungarian and in English', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/invoices/new`);
  const row = page.locator('[data-item-row]').first();
  await row.locator('select[name$="vat_id"]').selectOption({ label: 'EU – EU-n belül' });
  const reason = row.locator('select[name$="entitlement"]');
  await reason.selectOption('KBAET');
  await expect(reason.locator('option:checked')).toHaveText('KBAET – Adómentes Közösségen belüli termékértékesítés (Áfa tv. 89. §)');
  await expectReasonFits(page);
  await screenshot(page, 'pdf-notes', 'editor-reason-hu');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(reason.locator('option:checked')).toHaveText(
    'KBAET – VAT-exempt intra-Community supply of goods (Section 89 of the Hungarian VAT Act; Art. 138 of Directive 2006/112/EC)',
  );
  await expectReasonFits(page);
  await expect(reason).toHaveAttribute('title', /Art\. 138 of Directive 2006\/112\/EC\)$/);
  // the words the PDF prints, not the interface's fixed name "Wiretransfer"
  await expect(page.getByLabel('Payment method').locator('option:checked')).toHaveText('Wire transfer');
  await screenshot(page, 'pdf-notes', 'editor-reason-en');
  expect(errors).toEqual([]);
});
