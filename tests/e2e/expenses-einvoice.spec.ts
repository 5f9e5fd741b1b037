// A supplier's e-invoice becomes an expense in Chromium, in Hungarian first: chosen with the button, shown for
// confirmation (supplier, number, dates, VAT per rate, totals, currency, IBAN), saved with the file as its document;
// a tampered file dropped on the screen is refused with the failed rule listed and nothing saved; the same invoice
// again is recognised; then the confirmation and a refusal in English and German.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Big from 'big.js';
import PDFDocument from 'pdfkit';
import { expect, test, type Page } from '@playwright/test';
import { shotPath } from './support/shots';
import { setSeller, startFolio, watchErrors, withKey, type Folio } from './support/folio';
import { EN16931_EXAMPLES } from '../einvoice/reference';

test.use({ locale: 'hu-HU', viewport: { width: 1280, height: 1300 } });
// the first check of a syntax may compile the rules (≈ 15 s on a cold cache)
test.describe.configure({ timeout: 180_000 });

let folio: Folio;
test.beforeAll(async () => {
  folio = await startFolio();
  await setSeller(folio);
});
test.afterAll(async () => {
  await folio.stop();
});

const HUF_CII = join(EN16931_EXAMPLES, 'cii', 'huf_example_cii.xml');
const UBL = join(EN16931_EXAMPLES, 'ubl', 'ubl-tc434-example2.xml');

/** Drops a file as a user's drag from the desktop would (a DataTransfer carrying a File): on the drop zone, or elsewhere. */
async function dropFile(page: Page, name: string, bytes: Buffer, type: string, on: 'zone' | 'screen' = 'zone') {
  // elsewhere on the screen: its heading, there whether or not the list has expenses yet
  const zone = on === 'zone' ? page.getByTestId('einvoice-drop') : page.getByRole('heading', { level: 1 });
  const transfer = await page.evaluateHandle(
    ({ name, base64, type }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type }));
      return dt;
    },
    { name, base64: bytes.toString('base64'), type },
  );
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

function tamperDue(xml: string): string {
  const out = xml.replace(/(<(?:\w+:)?PayableAmount\b[^>]*>)([^<]+)(<)/, (_m, open: string, v: string, close: string) => `${open}${new Big(v).plus(100).toFixed(2)}${close}`);
  expect(out).not.toBe(xml);
  return out;
}

function facturX(xml: Buffer): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A5', pdfVersion: '1.7' });
    const parts: Buffer[] = [];
    doc.on('data', (c: Buffer) => parts.push(c));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.text('DKV Euro Service – Rechnung 21/001003559/996');
    doc.file(xml, { name: 'factur-x.xml', type: 'text/xml' });
    doc.end();
  });
}

test('Hungarian: a Factur-X PDF chosen, confirmed and saved; a tampered UBL dropped is refused; a second import recognised', async ({ page }) => {
  const errors = watchErrors(page);
  const pdf = test.info().outputPath('dkv-szamla.pdf');
  writeFileSync(pdf, await facturX(readFileSync(HUF_CII)));

  await withKey(page);
  await page.goto(`${folio.url}/#/expenses`);
  const zone = page.getByTestId('einvoice-drop');
  await expect(zone).toContainText('E-számla beolvasása');
  await page.screenshot({ path: shotPath('einvoice-import', '1-drop-zone-hu.png'), fullPage: true });

  await page.getByLabel('E-számla kiválasztása…').setInputFiles(pdf);
  const dialog = page.getByRole('dialog', { name: 'Beolvasott e-számla' });
  await expect(dialog.getByTestId('einv-supplier')).toHaveText('DKV Euro Service GmbH + Co. KG');
  await expect(dialog.getByTestId('einv-number')).toHaveText('21/001003559/996');
  await expect(dialog.getByTestId('einv-gross')).toHaveText(/87\s859\sFt/);
  await expect(dialog.getByTestId('einv-net')).toHaveText(/69\s180\sFt/);
  await expect(dialog.getByTestId('einv-vat')).toHaveText(/18\s679\sFt/);
  await expect(dialog.getByTestId('einv-rates')).toContainText('27% · normál');
  await expect(dialog).toContainText('DE26330403100827038100');
  await expect(dialog).toContainText('PDF-be ágyazva');
  expect((await folio.server.core.call('expenses.list', {})).items).toHaveLength(0); // a preview saves nothing
  await dialog.getByLabel('Költségkategória').selectOption({ label: 'Üzemanyag és járműköltség' });
  await page.screenshot({ path: shotPath('einvoice-import', '2-confirm-facturx-hu.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Költség mentése' }).click();
  await expect(page.getByText('A költség elmentve, az e-számla a bizonylata.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '21/001003559/996' });
  await expect(row).toContainText('DKV Euro Service GmbH + Co. KG');
  await expect(row).toContainText(/87\s859\sFt/);
  await expect(row).toContainText('Üzemanyag és járműköltség');
  const saved = (await folio.server.core.call('expenses.list', {})).items;
  expect(saved).toHaveLength(1);
  expect(saved[0]!.attributes).toMatchObject({ categories_id: '6', gross_price: '87859.000', attachment: { file_name: 'dkv-szamla.pdf', content_type: 'application/pdf' } });
  await page.screenshot({ path: shotPath('einvoice-import', '3-saved-list-hu.png'), fullPage: true });

  // a tampered UBL dropped on the screen: refused, the rule listed in its words, nothing saved
  await dropFile(page, 'hamis.xml', Buffer.from(tamperDue(readFileSync(UBL, 'utf8'))), 'application/xml');
  const refusal = dialog.getByTestId('einvoice-error');
  await expect(refusal).toContainText('Ez a fájl nem rögzíthető e-számlaként');
  await expect(refusal).toContainText('ezeket az EN 16931 szabályokat sérti');
  await expect(refusal.getByRole('listitem').filter({ hasText: /^BR-CO-16: Amount due for payment \(BT-115\)/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Költség mentése' })).toHaveCount(0);
  await page.screenshot({ path: shotPath('einvoice-import', '4-refused-rules-hu.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Mégse' }).click();
  expect((await folio.server.core.call('expenses.list', {})).items).toHaveLength(1);

  // the same invoice again (this time as its XML): recognised
  await dropFile(page, 'huf_example_cii.xml', readFileSync(HUF_CII), 'application/xml');
  await expect(dialog.getByTestId('einvoice-error')).toContainText('Ezt a számlát már beolvastad');
  await expect(dialog.getByTestId('einvoice-error')).toContainText(`a(z) ${saved[0]!.id}. számú`);
  await page.screenshot({ path: shotPath('einvoice-import', '5-imported-before-hu.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Mégse' }).click();
  expect((await folio.server.core.call('expenses.list', {})).items).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('English and German: a UBL invoice with three VAT rates confirmed, saved and edited; a refusal in words', async ({ page }) => {
  const errors = watchErrors(page);
  await withKey(page);
  await page.goto(`${folio.url}/#/expenses`);
  await page.getByRole('button', { name: 'English' }).click();
  // dropped elsewhere than on the zone: the whole screen takes it
  await dropFile(page, 'TOSL108.xml', readFileSync(UBL), 'application/xml', 'screen');
  const dialog = page.getByRole('dialog', { name: 'E-invoice read' });
  await expect(dialog.getByTestId('einv-supplier')).toHaveText('Salescompany ltd.');
  await expect(dialog.getByTestId('einv-rates').locator('tbody tr')).toHaveCount(3);
  await expect(dialog).toContainText('Amount due');
  await page.screenshot({ path: shotPath('einvoice-import', '6-confirm-ubl-en.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Save expense' }).click();
  await expect(page.getByText('Expense saved, with the e-invoice as its document.')).toBeVisible();
  const saved = (await folio.server.core.call('expenses.list', {})).items.find((x) => x.attributes.invoice_no === 'TOSL108')!;
  expect(saved.attributes).toMatchObject({ vat: '', net_price: '1436.500', vat_amount: '365.280', gross_price: '1801.780', currency: 'NOK' });

  // editing it: the amounts follow the invoice's breakdown and are shown, not edited; a new name keeps them
  await page.getByRole('row').filter({ hasText: 'TOSL108' }).getByRole('button', { name: 'Laptop computer …', exact: true }).click();
  await expect(page.getByTestId('expense-split')).toContainText('The e-invoice has several VAT rates');
  await page.screenshot({ path: shotPath('einvoice-import', '6b-edit-split-en.png'), fullPage: true });
  await page.getByLabel('Description').fill('Laptops and accessories');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Laptops and accessories' })).toBeVisible();
  expect((await folio.server.core.call('expenses.get', { id: saved.id })).attributes).toMatchObject({ name: 'Laptops and accessories', net_price: '1436.500', vat_amount: '365.280', gross_price: '1801.780' });

  await page.getByRole('button', { name: 'Deutsch' }).click();
  await dropFile(page, 'notiz.txt', Buffer.from('Rechnung Nr. 5'), 'text/plain');
  const refusal = page.getByRole('dialog', { name: 'Eingelesene E-Rechnung' }).getByTestId('einvoice-error');
  await expect(refusal).toContainText('Die Datei ist weder XML noch PDF.');
  await page.screenshot({ path: shotPath('einvoice-import', '7-refused-not-xml-de.png'), fullPage: true });
  expect(errors).toEqual([]);
});
