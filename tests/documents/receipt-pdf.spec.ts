// A receipt on paper: a receipt issued through the core is downloaded as its PDF and read back — the title "Nyugta"
// (Receipt, Quittung), its NY- number, the seller, the VAT-included line with its VAT rate, and paid; a cancelling
// receipt names the receipt it cancels. The first page is rasterised for review.
import { expect, test } from '@playwright/test';
import { openTestCore, type TestCore } from '../support/fixtures';
import { renderInvoicePdf } from '../../electron/documents';
import { expectPhrase } from './helpers';
import { pdfText } from './pdf-text';
import { savePdfPng } from './png';

let tc: TestCore;
test.afterEach(async () => {
  await tc?.close();
});

const body = (over: Record<string, unknown> = {}) => ({
  payment_method: 1, currency: 'HUF', items: [{ description: 'Kávé', vat_id: 1, gross_unit_price: '635', qty: '2', unit: 'csésze' }], ...over,
});

async function flatOf(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await pdfText(pdf)).text.replace(/\n/g, ' ');
}

test('a receipt prints as "Nyugta" with its own number, in hu, en and de; a cancelling receipt names its original', async () => {
  tc = await openTestCore();
  const made = await tc.core.call('receipts.create', body({ buyer_name: 'Kiss Anna' }));
  const hu = await renderInvoicePdf(made.attributes);
  const flat = await flatOf(hu);
  for (const phrase of ['Nyugta', 'NY-2026-000001', 'Kiss Anna', 'Kávé 2 csésze 500 1 000 27% 270 1 270', 'Összesen 1 270 Ft']) expectPhrase(flat, phrase);
  // settled on the spot: no due date, nothing "to pay"
  for (const absent of ['Számla', 'Fizetési határidő', 'Fizetendő']) expect(flat).not.toContain(absent);
  savePdfPng(hu, 'receipt-hu');
  const en = await flatOf(await renderInvoicePdf({ ...made.attributes, template_lang_code: 'en' }));
  expectPhrase(en, 'Receipt');
  const de = await flatOf(await renderInvoicePdf({ ...made.attributes, template_lang_code: 'de' }));
  expectPhrase(de, 'Quittung');

  const c = await tc.core.call('invoices.cancel', { id: made.id });
  const cancelling = await tc.core.call('invoices.get', { id: c.id });
  const cflat = await flatOf(await renderInvoicePdf(cancelling.attributes));
  for (const phrase of ['Sztornó nyugta', 'NY-2026-000002', 'NY-2026-000001']) expectPhrase(cflat, phrase);
});

test('a receipt of nobody in particular prints no buyer name', async () => {
  tc = await openTestCore();
  const made = await tc.core.call('receipts.create', body());
  const pdf = await renderInvoicePdf(made.attributes);
  const flat = await flatOf(pdf);
  expectPhrase(flat, 'Nyugta');
  expect(flat).not.toContain('Magánszemély');
  expect(flat).not.toMatch(/Vevő/i);
  savePdfPng(pdf, 'receipt-anonymous-hu');
});
