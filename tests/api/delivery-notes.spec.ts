// Delivery notes (szállítólevél) over the real HTTP server: numbered as issued, lines from products or typed, the
// delivery address, prices shown or hidden, the PDF read back in hu/en/de, cancelled (never deleted, and never once
// invoiced); "invoice these delivery notes": one invoice from a month of notes of one client, each note then naming
// the invoice and the invoice naming the notes, never twice; notes of two clients refused with the reason.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createClient, createProduct, readInvoice, serverPerFile, testDb } from '../support/fixtures';
import { pdfText } from '../documents/pdf-text';
import { rasterisePage } from '../support/pdf-raster-qr';

const s = serverPerFile();

async function download(id: number, lang?: string): Promise<Buffer> {
  const res = await fetch(s.api.url(`/delivery-notes/${id}/download${lang ? `?lang=${lang}` : ''}`), { headers: { 'X-API-KEY': s.api.defaultHeaders['X-API-KEY']! } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

async function shot(pdf: Buffer, name: string) {
  const dir = process.env.FOLIO_SHOTS || test.info().outputPath();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `pdf-${name}.png`), (await rasterisePage(pdf, 1, 1.5)).png());
}

const note = async (body: Record<string, unknown>) => (await s.api.ok('POST', '/delivery-notes', { body })).data;

test('a delivery note: numbered, lines from a product and typed, the delivery address, the PDF in hu, en and de', async () => {
  test.setTimeout(120_000);
  const client = await createClient(s.api);
  const product = await createProduct(s.api, { name: 'Raklap EUR', price: 4500, unit: 'db', vat_id: 1 });
  const a = await note({
    client_uid: client,
    date: '2026-03-02',
    delivery_address: { postcode: '2040', city: 'Budaörs', street_name: 'Raktár', street_type: 'utca', house_nr: '3.' },
    items: [{ product_uid: product, qty: 12 }, { description: 'Szállítás', qty: 1, unit: 'alkalom', net_unit_price: 15000, vat_id: 1 }],
    comment: 'Rámpa a hátsó udvarban.',
  });
  const b = await note({ client_uid: client, date: '2026-03-09', items: [{ product_uid: product, qty: 3 }] });
  expect(a.attributes.note_no).toMatch(/^SZL-2026-\d{6}$/);
  expect(Number(b.attributes.note_no.slice(-6))).toBe(Number(a.attributes.note_no.slice(-6)) + 1);
  expect(a.attributes.status).toBe('issued');
  expect(a.attributes.items[0]).toMatchObject({ product_uid: product, description: 'Raklap EUR', qty: '12', unit: 'db', net_unit_price: '4500', vat_id: '1' });
  expect(a.attributes.delivery_address).toMatchObject({ city: 'Budaörs', postcode: '2040' });
  // not an invoice: no invoice row, nothing queued for NAV
  const db = testDb(s.server);
  expect((await db.selectFrom('invoices').select('id').where('client_id', '=', client).execute()).length).toBe(0);

  const hu = await download(a.id);
  const huText = (await pdfText(hu)).text;
  for (const word of ['Szállítólevél', a.attributes.note_no, 'SZÁLLÍTÁSI CÍM', 'Budaörs', 'Raklap EUR', '12', 'Nettó egységár', '4 500', 'Átadó', 'Átvevő', 'nem számla', 'Rámpa a hátsó udvarban.']) {
    expect(huText, word).toContain(word);
  }
  await shot(hu, 'delivery-note-hu');
  const en = (await pdfText(await download(a.id, 'en'))).text;
  for (const word of ['Delivery note', 'DELIVERY ADDRESS', 'Handed over by', 'Received by', 'not an invoice']) expect(en, word).toContain(word);
  await shot(await download(a.id, 'en'), 'delivery-note-en');
  const de = (await pdfText(await download(a.id, 'de'))).text;
  for (const word of ['Lieferschein', 'LIEFERADRESSE', 'Übergeben von', 'Empfangen von', 'keine Rechnung']) expect(de, word).toContain(word);
  await shot(await download(a.id, 'de'), 'delivery-note-de');
});

test('"hide prices": the note prints quantities and units only, and still carries the prices to the invoice', async () => {
  const client = await createClient(s.api);
  const hidden = await note({ client_uid: client, show_prices: false, items: [{ description: 'Cement 25 kg', qty: 40, unit: 'zsák', net_unit_price: 2890, vat_id: 1 }] });
  expect(hidden.attributes.show_prices).toBe(0);
  const pdf = await download(hidden.id);
  const text = (await pdfText(pdf)).text;
  expect(text).toContain('Cement 25 kg');
  expect(text).toContain('zsák');
  expect(text).not.toContain('2 890');
  expect(text).not.toContain('Nettó egységár');
  await shot(pdf, 'delivery-note-hidden-prices-hu');
  const made = (await s.api.ok('POST', '/delivery-notes/invoice', { body: { note_uids: [hidden.id], type: 3 } })).data;
  const invoice = await readInvoice(s.api, made.invoice_uid);
  expect(invoice.attributes.items[0]).toMatchObject({ description: 'Cement 25 kg', qty: '40.000', unit: 'zsák', net_unit_price: '2890.000' });
});

test('a month of delivery notes becomes one invoice; each note names it, it names them; never twice', async () => {
  const client = await createClient(s.api);
  const product = await createProduct(s.api, { name: 'Tüzifa (m³)', price: 32000, unit: 'm3', vat_id: 1 });
  const notes = [];
  for (const day of ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23']) notes.push(await note({ client_uid: client, date: day, items: [{ product_uid: product, qty: 2 }] }));
  const ids = notes.map((n) => n.id as number);
  const made = (await s.api.ok('POST', '/delivery-notes/invoice', { body: { note_uids: ids, type: 3 } })).data;
  expect(made.notes).toHaveLength(4);
  for (const n of made.notes) expect(n.attributes).toMatchObject({ status: 'invoiced', invoice_uid: made.invoice_uid });
  const invoice = await readInvoice(s.api, made.invoice_uid);
  const a = invoice.attributes;
  expect(a.type).toBe(3);
  expect(a.items).toHaveLength(4);
  expect(a.items.map((i: { item_comment: string }) => i.item_comment)).toEqual(notes.map((n) => n.attributes.note_no));
  expect(a.fulfillment_date).toBe('2026-03-23');
  expect(a.comment).toBe(`Szállítólevelek: ${notes.map((n) => n.attributes.note_no).join(', ')}`);
  // 4 × 2 m³ × 32 000 Ft + 27 % VAT
  expect(a.total).toBe('325120.000');
  // the other way: the notes of the invoice
  const back = (await s.api.ok('GET', '/delivery-notes', { query: { invoice_uid: made.invoice_uid } })).data;
  expect(back.map((n: { id: number }) => n.id).sort()).toEqual([...ids].sort());

  const again = await s.api.post('/delivery-notes/invoice', { note_uids: [ids[0]] });
  expect(again.status).toBe(409);
  expect(again.body.errors[0].field).toBe('note_uids');
  expect(again.body.errors[0].message).toContain('already invoiced');
  const cancel = await s.api.post(`/delivery-notes/${ids[1]}/cancel`, {});
  expect(cancel.status).toBe(422);
  expect(cancel.body.errors[0].message).toContain('cancel the invoice');
  // the database keeps the link even against a direct write
  await expect(testDb(s.server).updateTable('delivery_notes').set({ invoice_id: null }).where('id', '=', ids[0]!).execute()).rejects.toThrow(/already invoiced/);
});

test('notes of two clients are refused with the reason, and nothing changes', async () => {
  const one = await note({ client_uid: await createClient(s.api), items: [{ description: 'Homok', qty: 1, unit: 't', net_unit_price: 9000, vat_id: 1 }] });
  const two = await note({ client_uid: await createClient(s.api), items: [{ description: 'Kavics', qty: 1, unit: 't', net_unit_price: 9500, vat_id: 1 }] });
  const invoicesBefore = (await testDb(s.server).selectFrom('invoices').select('id').execute()).length;
  const res = await s.api.post('/delivery-notes/invoice', { note_uids: [one.id, two.id] });
  expect(res.status).toBe(422);
  expect(res.body.errors[0]).toMatchObject({ field: 'note_uids' });
  expect(res.body.errors[0].message).toContain('different clients');
  expect((await testDb(s.server).selectFrom('invoices').select('id').execute()).length).toBe(invoicesBefore);
  for (const n of [one, two]) expect((await s.api.ok('GET', `/delivery-notes/${n.id}`)).data.attributes.status).toBe('issued');
});

test('cancelled, not deleted: a cancelled note keeps its number, prints as cancelled and cannot be invoiced', async () => {
  const client = await createClient(s.api);
  const n = await note({ client_uid: client, items: [{ description: 'Tégla', qty: 500, unit: 'db', net_unit_price: 120, vat_id: 1 }] });
  const cancelled = (await s.api.ok('POST', `/delivery-notes/${n.id}/cancel`, { body: {} })).data;
  expect(cancelled.attributes).toMatchObject({ status: 'cancelled', note_no: n.attributes.note_no });
  expect(cancelled.attributes.cancelled_at).not.toBeNull();
  expect((await s.api.post(`/delivery-notes/${n.id}/cancel`, {})).status).toBe(409);
  const pdf = await download(n.id);
  expect((await pdfText(pdf)).text).toContain('SZTORNÓZVA');
  await shot(pdf, 'delivery-note-cancelled-hu');
  const inv = await s.api.post('/delivery-notes/invoice', { note_uids: [n.id] });
  expect(inv.status).toBe(422);
  expect(inv.body.errors[0].message).toContain('cancelled');
  expect([404, 405]).toContain((await s.api.request('DELETE', `/delivery-notes/${n.id}`)).status);
  await expect(testDb(s.server).deleteFrom('delivery_notes').where('id', '=', n.id).execute()).rejects.toThrow(/cancelled, not deleted/);
});
