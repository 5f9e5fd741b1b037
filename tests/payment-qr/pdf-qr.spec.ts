// The payment code as printed: each PDF is rasterised with npm packages only (pdfjs-dist on an @napi-rs/canvas canvas)
// and the code is read back from the page image by jsQR, then compared field by field with what the MNB's HCT format
// (HUF) or the EPC's SEPA format (EUR) says for this invoice — the expected values are written here from the
// invoice's own data (seller, IBAN, total, number, due date), not taken from the writer. Page images go to
// FOLIO_SHOTS (or the test output) for people to look at.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { invoiceHtml, renderInvoicePdf } from '../../electron/documents';
import type { InvoiceAttributes } from '../../shared/resources';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import { advanceInvoice, eurInvoice, finalInvoice, huInvoice, SELLER } from '../documents/fixtures';
import { findQr, qrInPdf, rasterisePage, type FoundQr } from '../support/pdf-raster-qr';

const IBAN = 'HU42117730161111101800000000'; // SELLER's "HU42 1177 3016 1111 1018 0000 0000" as one word

function shot(name: string, png: Buffer): void {
  const dir = process.env.FOLIO_SHOTS || test.info().outputPath();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `pdf-qr-${name}.png`), png);
}

async function codeOf(invoice: InvoiceAttributes, name: string, lang?: 'hu' | 'en' | 'de' | 'hu-en'): Promise<FoundQr | null> {
  const pdf = await renderInvoicePdf(invoice, lang ? { lang } : {});
  const { image, found } = await qrInPdf(pdf);
  shot(name, image.png());
  return found;
}

const withQr = (inv: InvoiceAttributes): InvoiceAttributes => ({ ...inv, payment_qr: 1 });

/** The HCT fields by the standard's names, from the decoded text. */
function hctFields(text: string): Record<string, string> {
  const names = ['id', 'version', 'charset', 'bic', 'name', 'iban', 'amount', 'valid_until', 'purpose', 'remittance', 'shop', 'device', 'invoice', 'customer', 'transaction', 'loyalty', 'nav'];
  const lines = text.split('\n');
  expect(lines.pop(), 'every field, the last too, ends with a line feed').toBe('');
  expect(lines).toHaveLength(17);
  return Object.fromEntries(names.map((n, i) => [n, lines[i]!]));
}

test('a HUF invoice: the HCT code read off the page holds exactly the invoice\'s fields', async () => {
  const invoice = withQr(huInvoice({ paymentMethodId: 2 }));
  const found = await codeOf(invoice, 'hct-invoice-hu');
  expect(found, 'a QR code on the page').not.toBeNull();
  const f = hctFields(found!.text);
  expect(f).toEqual({
    id: 'HCT',
    version: '001',
    charset: '1',
    bic: `${SELLER.bank_swift}XXX`,
    name: SELLER.name,
    iban: IBAN,
    amount: `HUF${invoice.total.replace(/\.000$/, '')}`,
    valid_until: `${invoice.due_date.replace(/-/g, '')}235959+${invoice.due_date >= '2026-03-29' ? 2 : 1}`,
    purpose: '',
    remittance: 'FOL-2026-000123',
    shop: '',
    device: '',
    invoice: 'FOL-2026-000123',
    customer: '',
    transaction: '',
    loyalty: '',
    nav: '',
  });
  expect(found!.text.length).toBeLessThanOrEqual(345);
  // the bytes are UTF-8 (character set 1): "ő" and "ű" of the seller's name are two bytes each
  expect(Buffer.from(found!.bytes).toString('utf8')).toBe(found!.text);
});

test('a EUR invoice: the EPC code (BCD 002, SCT) with the amount in euros and the number as the remittance', async () => {
  const invoice = withQr(eurInvoice({ paymentMethodId: 2 }));
  const found = await codeOf(invoice, 'epc-invoice-en');
  expect(found).not.toBeNull();
  const lines = found!.text.split('\n');
  expect(lines).toEqual(['BCD', '002', '1', 'SCT', SELLER.bank_swift, SELLER.name, IBAN, `EUR${Number(invoice.total).toFixed(2)}`, '', '', 'FOL-2026-000124']);
  expect(Buffer.byteLength(found!.text)).toBeLessThanOrEqual(331);
});

test('a proforma, an advance and a final invoice carry the code; the final one asks for what is left after the advances', async () => {
  const proforma = withQr(huInvoice({ type: INVOICE_TYPE.proforma, number: 'FOL-D-2026-000007', paymentMethodId: 2 }));
  const p = hctFields((await codeOf(proforma, 'hct-proforma-hu'))!.text);
  expect(p.remittance).toBe('FOL-D-2026-000007');
  expect(p.amount).toBe(`HUF${proforma.total.replace(/\.000$/, '')}`);

  const advance = withQr(advanceInvoice({ paymentMethodId: 2 }));
  const a = hctFields((await codeOf(advance, 'hct-advance-de', 'de'))!.text);
  expect(a.remittance).toBe('FOL-2026-000140');
  expect(a.amount).toBe('HUF381000');

  const final = withQr(finalInvoice({ paymentMethodId: 2 }));
  const fin = hctFields((await codeOf(final, 'hct-final-hu-en', 'hu-en'))!.text);
  // the full price less both advances: 1 291 000 − 381 000 − 259 250 (the code sits on page 2, after the totals)
  expect(fin.amount).toBe('HUF650750');
  expect(fin.remittance).toBe('FOL-2026-000150');
});

test('no code: the flag off, a cash invoice, a cancelling invoice, and an amount the field cannot carry', async () => {
  expect(await codeOf(huInvoice({ paymentMethodId: 2 }), 'none-flag-off')).toBeNull();
  expect(await codeOf(withQr(huInvoice({ paymentMethodId: 1 })), 'none-cash')).toBeNull();
  const storno = withQr(huInvoice({ isCancel: true, number: 'FOL-2026-000125', connectedInvoiceNo: 'FOL-2026-000123', paymentMethodId: 2 }));
  expect(await codeOf(storno, 'none-cancelling')).toBeNull();
  // 1 000 000 000 000 Ft: one digit beyond the HCT field; the document prints no half-right code
  const huge = withQr(huInvoice({ paymentMethodId: 2, lines: [{ description: 'Erőmű', qty: '2', unit: 'db', vatId: '7', netUnitPrice: '500000000000' }] }));
  expect(huge.total).toBe('1000000000000.000');
  const pdf = await renderInvoicePdf(huge);
  expect(findQr(await rasterisePage(pdf))).toBeNull();
});

test('an invoice without the flag renders to the same bytes as before the code existed (payment_qr absent or 0)', async () => {
  const base = huInvoice({ paymentMethodId: 2 });
  const absent = await renderInvoicePdf(base);
  const off = await renderInvoicePdf({ ...base, payment_qr: 0 });
  expect(off.equals(absent)).toBe(true);
  expect((await renderInvoicePdf(withQr(base))).equals(absent)).toBe(false);
});

test('the HTML view shows the same code as an inline SVG, with the fields a payer checks', async () => {
  const html = invoiceHtml(withQr(huInvoice({ paymentMethodId: 2 })));
  expect(html).toContain('data-qr-kind="HCT"');
  expect(html).toMatch(/<svg [^>]*viewBox="0 0 \d+ \d+"/);
  expect(html).toContain('Fizetés QR-kóddal');
  expect(html).toContain('FOL-2026-000123');
  expect(html).not.toMatch(/<img|src=|url\(/);
  expect(invoiceHtml(huInvoice({ paymentMethodId: 2 }))).not.toContain('<svg');
});
