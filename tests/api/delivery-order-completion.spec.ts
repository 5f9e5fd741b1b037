// Order confirmations (megrendelés-visszaigazolás) and completion certificates (teljesítésigazolás) over the real
// server: numbered in sequences of their own, made from a quote or from scratch, with their PDF; an invoice made from
// a completion certificate names it; an order confirmation is never invoiced itself.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createClient, readInvoice, serverPerFile } from '../support/fixtures';
import { pdfText } from '../documents/pdf-text';
import { rasterisePage } from '../support/pdf-raster-qr';

const s = serverPerFile();

async function download(id: number, lang?: string): Promise<{ pdf: Buffer; name: string }> {
  const res = await fetch(s.api.url(`/delivery-notes/${id}/download${lang ? `?lang=${lang}` : ''}`), { headers: { 'X-API-KEY': s.api.defaultHeaders['X-API-KEY']! } });
  expect(res.status).toBe(200);
  return { pdf: Buffer.from(await res.arrayBuffer()), name: res.headers.get('content-disposition') ?? '' };
}

async function shot(pdf: Buffer, name: string) {
  const dir = process.env.FOLIO_SHOTS || test.info().outputPath();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `pdf-${name}.png`), (await rasterisePage(pdf, 1, 1.5)).png());
}

test('an order confirmation from a quote: its lines and prices, its own number, its PDF; it is not invoiced itself', async () => {
  test.setTimeout(120_000);
  const client = await createClient(s.api);
  const quote = (await s.api.ok('POST', '/quotes', {
    body: { client_uid: client, payment_method: 2, currency: 'HUF', valid_until: '2026-04-30', items: [{ description: 'Konyhabútor beépítése', qty: 1, unit: 'db', vat_id: 1, net_unit_price: 850000 }] },
  })).data;
  const order = (await s.api.ok('POST', '/delivery-notes', { body: { kind: 'order_form', quote_uid: quote.id } })).data;
  expect(order.attributes).toMatchObject({ kind: 'order_form', quote_uid: quote.id, client_uid: client, status: 'issued' });
  expect(order.attributes.note_no).toMatch(/^MV-2026-\d{6}$/);
  expect(order.attributes.items[0]).toMatchObject({ description: 'Konyhabútor beépítése', net_unit_price: '850000.000' });
  const { pdf, name } = await download(order.id);
  expect(name).toContain('megrendeles-visszaigazolas-MV-2026-');
  const text = (await pdfText(pdf)).text;
  for (const w of ['Megrendelés-visszaigazolás', order.attributes.note_no, 'Konyhabútor beépítése', '850 000', 'MEGRENDELŐ', 'nem számla']) expect(text, w).toContain(w);
  expect(text).not.toContain('SZÁLLÍTÁSI CÍM');
  await shot(pdf, 'order-confirmation-hu');
  await shot((await download(order.id, 'en')).pdf, 'order-confirmation-en');
  const refused = await s.api.post('/delivery-notes/invoice', { note_uids: [order.id] });
  expect(refused.status).toBe(422);
  expect(refused.body.errors[0].message).toContain('order confirmation is not invoiced');
});

test('a completion certificate from scratch; the invoice made from it names it', async () => {
  test.setTimeout(120_000);
  const client = await createClient(s.api);
  const cert = (await s.api.ok('POST', '/delivery-notes', {
    body: { kind: 'cert_of_completion', client_uid: client, date: '2026-03-12', template_lang_code: 'de', items: [{ description: 'Fürdőszoba felújítása', qty: 1, unit: 'db', vat_id: 1, net_unit_price: 1200000 }] },
  })).data;
  expect(cert.attributes.note_no).toMatch(/^TIG-2026-\d{6}$/);
  const de = await download(cert.id);
  const deText = (await pdfText(de.pdf)).text;
  for (const w of ['Abnahmebescheinigung', 'AUFTRAGGEBER', 'Auftragnehmer', 'Fürdőszoba felújítása']) expect(deText, w).toContain(w);
  await shot(de.pdf, 'completion-certificate-de');
  const hu = await download(cert.id, 'hu');
  expect((await pdfText(hu.pdf)).text).toContain('Teljesítésigazolás');
  await shot(hu.pdf, 'completion-certificate-hu');

  const made = (await s.api.ok('POST', '/delivery-notes/invoice', { body: { note_uids: [cert.id], type: 3 } })).data;
  const invoice = await readInvoice(s.api, made.invoice_uid);
  expect(invoice.attributes.comment).toBe(`Abnahmebescheinigung: ${cert.attributes.note_no}`);
  expect(invoice.attributes.fulfillment_date).toBe('2026-03-12');
  expect(invoice.attributes.items[0]).toMatchObject({ description: 'Fürdőszoba felújítása', item_comment: cert.attributes.note_no });
  expect((await s.api.ok('GET', `/delivery-notes/${cert.id}`)).data.attributes).toMatchObject({ status: 'invoiced', invoice_uid: made.invoice_uid });
  // the kinds keep their own sequences and lists
  const certs = (await s.api.ok('GET', '/delivery-notes', { query: { kind: 'cert_of_completion' } })).data;
  expect(certs.every((n: { attributes: { kind: string } }) => n.attributes.kind === 'cert_of_completion')).toBe(true);
});
