// The payment code in the invoice e-mail (issue 40), over the real HTTP door of a real server to a real SMTP server on
// 127.0.0.1 whose deliveries are parsed back (mailparser): the HTML part shows the code as an inline image (by its
// Content-ID), and that image, decoded by jsQR, holds exactly the HCT fields — the ones written here from the
// invoice's own data, and the ones the attached PDF's code holds (read off its rasterised page). A message whose PDF
// carries no code, or that asks for no payment, stays text only.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import type { ParsedMail } from 'mailparser';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import { clientBody, seedSeller, TEST_SELLER } from '../support/fixtures';
import { rpcOn, startFolio, API_KEY, type Folio } from '../e2e/support/folio';
import { qrInPdf } from '../support/pdf-raster-qr';
import { startSmtp, type TestSmtp } from '../mail/helpers';

let folio: Folio;
let smtp: TestSmtp;
const IBAN = 'HU42117730161111101800000000';
const SWIFT = 'OTPVHUHB';

test.beforeAll(async () => {
  smtp = await startSmtp();
  folio = await startFolio(undefined, {
    env: { FOLIO_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?security=none`, FOLIO_MAIL_FROM: 'Minta Bt. <szamla@minta.example>' },
  });
  const bank = await folio.server.core.call('bankAccounts.create', {
    bank_name: 'Minta Bank', account_no: '11773016-11111018', account_no_iban: IBAN, account_swift: SWIFT, currency: 'HUF',
  } as never);
  await seedSeller(folio.server.core, TEST_SELLER);
  await folio.server.core.call('settings.update', { default_bank_account_uid: (bank as { id: number }).id } as never);
});
test.afterAll(async () => {
  await folio?.stop();
  await smtp?.close();
});

const rpc = <T = any>(name: string, input: unknown) => rpcOn<T>(folio.url, API_KEY, name, input);

async function issue(email: string, body: Record<string, unknown> = {}): Promise<{ id: number; no: string; total: string; due: string }> {
  const client = await rpc<{ id: number }>('clients.create', clientBody({ email }));
  const created = await rpc<{ id: number }>('invoices.create', {
    client_uid: client.id, payment_method: 2, currency: 'HUF', type: INVOICE_TYPE.invoice, fulfillment_date: '2026-11-20', due_date: '2026-11-30',
    payment_qr: true, items: [{ description: 'Tanácsadás', qty: 2, net_unit_price: '15000', vat_id: 1 }], ...body,
  });
  const read = (await folio.server.core.invoices.read(created.id)).attributes;
  return { id: created.id, no: read.prefixed_invoice_no ?? read.invoice_no ?? '', total: read.total, due: read.due_date };
}

async function sendAndReceive(id: number, email: string): Promise<ParsedMail> {
  await rpc('invoices.send', { id });
  const until = Date.now() + 30_000;
  for (;;) {
    const mail = smtp.messages.find((m) => JSON.stringify(m.to ?? '').includes(email));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no message to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A PNG's pixels by MuPDF (not the encoder's own PNG code), then jsQR. */
function decodePng(png: Buffer): string | null {
  const image = new mupdf.Image(png);
  const raw = image.toPixmap();
  const rgba = raw.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, true);
  try {
    const width = rgba.getWidth();
    const height = rgba.getHeight();
    let pixels = new Uint8ClampedArray(rgba.getPixels());
    if (rgba.getAlpha() === 0) {
      // no alpha channel came back: add an opaque one, jsQR reads four bytes a pixel
      const rgb = pixels;
      pixels = new Uint8ClampedArray(width * height * 4);
      for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) pixels.set([rgb[i]!, rgb[i + 1]!, rgb[i + 2]!, 255], j);
    }
    return jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  } finally {
    rgba.destroy();
    raw.destroy();
    image.destroy();
  }
}

const FIELD_NAMES = ['id', 'version', 'charset', 'bic', 'name', 'iban', 'amount', 'valid_until', 'purpose', 'remittance', 'shop', 'device', 'invoice', 'customer', 'transaction', 'loyalty', 'nav'];
function hctFields(text: string): Record<string, string> {
  const lines = text.split('\n');
  expect(lines.pop(), 'every field, the last too, ends with a line feed').toBe('');
  expect(lines).toHaveLength(17);
  return Object.fromEntries(FIELD_NAMES.map((n, i) => [n, lines[i]!]));
}

test('an invoice with a payment code: the HTML part shows it inline, and it reads back to the PDF\'s HCT fields', async () => {
  const inv = await issue('qr@vevo.example');
  const mail = await sendAndReceive(inv.id, 'qr@vevo.example');

  // the text part is as before; the HTML part refers to the image by its Content-ID
  expect(mail.text).toContain(`Közlemény: ${inv.no}`);
  expect(typeof mail.html).toBe('string');
  const html = mail.html as string;
  expect(html).toContain(inv.no);
  const image = mail.attachments.find((a) => a.contentType === 'image/png');
  expect(image, 'an inline PNG').toBeTruthy();
  expect(image!.contentId).toBe('<payment-qr@folio>');
  expect(image!.contentDisposition).toBe('inline');
  // mailparser rewrites cid: references to data: URLs of the image it found; either way the image is the one referred to
  expect(html.includes('cid:payment-qr@folio') || html.includes(`data:image/png;base64,${image!.content.toString('base64')}`)).toBe(true);
  // the PDF is still the only real attachment
  expect(mail.attachments.filter((a) => a.contentDisposition !== 'inline').map((a) => a.filename)).toEqual([`Számla-${inv.no}.pdf`]);

  if (process.env.FOLIO_SHOTS) writeFileSync(join(process.env.FOLIO_SHOTS, 'mail-payment-qr.png'), image!.content);
  const fromMail = decodePng(image!.content);
  expect(fromMail, 'jsQR reads the e-mail image').not.toBeNull();
  const fields = hctFields(fromMail!);
  expect(fields).toEqual({
    id: 'HCT', version: '001', charset: '1', bic: `${SWIFT}XXX`, name: TEST_SELLER.name, iban: IBAN,
    amount: `HUF${inv.total.replace(/\.000$/, '')}`, valid_until: `${inv.due.replace(/-/g, '')}235959+1`, purpose: '',
    remittance: inv.no, shop: '', device: '', invoice: inv.no, customer: '', transaction: '', loyalty: '', nav: '',
  });

  // the attached PDF's code, read off its page, is the same code field for field
  const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf')!.content;
  const { found } = await qrInPdf(new Uint8Array(pdf));
  expect(found, 'the PDF carries the code').not.toBeNull();
  expect(hctFields(found!.text)).toEqual(fields);
  // and the operation that answers the code agrees
  const answer = await rpc<{ text: string }>('invoices.paymentQr', { id: inv.id });
  expect(answer.text).toBe(fromMail);
});

test('no code on the PDF, no image in the mail: a cash invoice and an invoice without the flag stay text only', async () => {
  const cash = await issue('cash@vevo.example', { payment_method: 1 });
  const plain = await issue('plain@vevo.example', { payment_qr: false });
  for (const [inv, email] of [[cash, 'cash@vevo.example'], [plain, 'plain@vevo.example']] as const) {
    const mail = await sendAndReceive(inv.id, email);
    expect(mail.html, `${email}: no HTML part`).toBeFalsy();
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(mail.text).not.toContain('QR');
  }
});
