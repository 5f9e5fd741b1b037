// Expenses as a bookkeeper records them, over the real HTTP door: supplier, dates, paid, net / VAT / gross computed
// exactly, a supplier's credit note, and the supplier's document (PDF or image) kept in the database and read back.
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { serverPerFile, tableDigest, testDb, VALID_TAXCODE } from '../support/fixtures';
import type { ApiResponse } from '../support/api-client';

const s = serverPerFile();
const fields = (res: ApiResponse) => ((res.body?.errors ?? []) as Array<{ field: string }>).map((e) => e.field);

const body = (over: Record<string, unknown> = {}) => ({
  categories_id: 3,
  name: 'Irodabérlet március',
  invoice_no: 'SZ-2026/114',
  supplier_name: 'Irodaház Kft.',
  supplier_taxcode: VALID_TAXCODE,
  invoice_date: '2026-03-02',
  fulfillment_date: '2026-03-01',
  due_date: '2026-03-10',
  vat: 1,
  currency: 'HUF',
  gross_price: 127000,
  ...over,
});

/** A real one-page PDF, made by the same library Folio prints its invoices with. */
function smallPdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A6' });
    const parts: Buffer[] = [];
    doc.on('data', (c: Buffer) => parts.push(c));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.text('Számla SZ-2026/114 – Irodaház Kft.');
    doc.end();
  });
}
const smallPng = () => readFileSync('resources/icon.png');

test.describe('expense amounts', () => {
  test('a gross amount at 27% gives net and VAT in whole forints that add up to it', async () => {
    const res = await s.api.post('/expenses', body());
    expect(res.status, res.text).toBe(200);
    const a = res.body.data.attributes;
    expect(a).toMatchObject({ gross_price: '127000.000', net_price: '100000.000', vat_amount: '27000.000', kind: 'invoice' });
    expect(a).toMatchObject({ supplier_name: 'Irodaház Kft.', supplier_taxcode: VALID_TAXCODE, invoice_date: '2026-03-02', fulfillment_date: '2026-03-01', paid: false, attachment: null });
  });

  test('a net amount gives the VAT rounded to the forint and the gross beside it', async () => {
    const a = (await s.api.ok('POST', '/expenses', { body: body({ gross_price: undefined, net_price: '10001', vat: 2 }) })).data.attributes;
    // 10001 × 5% = 500.05 → 500 Ft
    expect(a).toMatchObject({ net_price: '10001.000', vat_amount: '500.000', gross_price: '10501.000' });
  });

  test('euro amounts keep their cents: 19.99 € gross at 27% is 15.74 + 4.25', async () => {
    const a = (await s.api.ok('POST', '/expenses', { body: body({ gross_price: '19.99', currency: 'EUR' }) })).data.attributes;
    expect(a).toMatchObject({ gross_price: '19.990', net_price: '15.740', vat_amount: '4.250' });
  });

  test('a net and a gross that disagree are a 400 on gross_price, and nothing is written', async () => {
    const before = await tableDigest(s.server);
    const res = await s.api.post('/expenses', body({ net_price: 100000, gross_price: 128000 }));
    expect(res.status, res.text).toBe(400);
    expect(fields(res)).toEqual(['gross_price']);
    expect(await tableDigest(s.server)).toBe(before);
  });

  test('changing the VAT code keeps the gross of the document and recomputes net and VAT', async () => {
    const id = (await s.api.ok('POST', '/expenses', { body: body() })).data.id;
    const a = (await s.api.ok('PUT', `/expenses/${id}`, { body: { vat: 2 } })).data.attributes;
    expect(a).toMatchObject({ gross_price: '127000.000', net_price: '120952.000', vat_amount: '6048.000' });
  });
});

test.describe('credit notes and refusals', () => {
  test("a supplier's credit note carries a negative amount", async () => {
    const a = (await s.api.ok('POST', '/expenses', { body: body({ kind: 'credit_note', gross_price: -12700, name: 'Jóváírás' }) })).data.attributes;
    expect(a).toMatchObject({ kind: 'credit_note', gross_price: '-12700.000', net_price: '-10000.000', vat_amount: '-2700.000' });
  });

  for (const [label, over, field, status] of [
    ['a negative amount on an ordinary invoice', { gross_price: -5000 }, 'gross_price', 400],
    ['a positive amount on a credit note', { kind: 'credit_note', gross_price: 5000 }, 'gross_price', 400],
    ['a negative net on an ordinary invoice', { gross_price: undefined, net_price: -100 }, 'net_price', 400],
    ['a due date before the invoice date', { due_date: '2026-02-27' }, 'due_date', 400],
    ['a payment date on an unpaid expense', { paid: false, payment_date: '2026-03-05' }, 'payment_date', 400],
    ['no amount at all', { gross_price: undefined }, 'gross_price', 400],
    ['a wrong supplier tax number', { supplier_taxcode: '12345678-2-41' }, 'supplier_taxcode', 400],
    ['an unknown kind', { kind: 'refund' }, 'kind', 400],
    ['a bad fulfillment date', { fulfillment_date: '2026-02-30' }, 'fulfillment_date', 400],
    ['a bad net amount', { net_price: '12,5' }, 'net_price', 400],
  ] as const) {
    test(`${label} is a ${status} on ${field} and writes nothing`, async () => {
      const before = await tableDigest(s.server);
      const res = await s.api.post('/expenses', body(over as Record<string, unknown>));
      expect(res.status, res.text).toBe(status);
      expect(fields(res)).toContain(field);
      expect(await tableDigest(s.server)).toBe(before);
    });
  }

  test('a payment date marks the expense paid; paid false clears it again', async () => {
    const id = (await s.api.ok('POST', '/expenses', { body: body({ payment_date: '2026-03-08' }) })).data.id;
    expect((await s.api.ok('GET', `/expenses/${id}`)).data.attributes).toMatchObject({ paid: true, payment_date: '2026-03-08' });
    const a = (await s.api.ok('PUT', `/expenses/${id}`, { body: { paid: false } })).data.attributes;
    expect(a).toMatchObject({ paid: false, payment_date: null });
  });
});

test.describe("the supplier's document", () => {
  for (const [kind, file, type, name] of [
    ['PDF', smallPdf, 'application/pdf', 'szamla.pdf'],
    ['PNG', async () => smallPng(), 'image/png', 'blokk.png'],
  ] as const) {
    test(`a ${kind} is kept with the expense and comes back byte for byte`, async () => {
      const bytes = await file();
      const id = (await s.api.ok('POST', '/expenses', { body: body() })).data.id;
      const res = await s.api.post(`/expenses/${id}/attachment`, { file_name: `C:\\Letöltések\\${name}`, content_base64: bytes.toString('base64') });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.attributes.attachment).toEqual({ file_name: name, content_type: type, size: bytes.length });
      // the list shows that there is a file, without carrying it
      const listed = (await s.api.get('/expenses')).body.data.find((x: { id: number }) => x.id === id);
      expect(listed.attributes.attachment).toEqual({ file_name: name, content_type: type, size: bytes.length });
      const back = await s.api.ok('GET', `/expenses/${id}/attachment`);
      expect(back.type).toBe('expense_attachment');
      expect(Buffer.from(back.data.content_base64, 'base64').equals(bytes)).toBe(true);
      expect(back.data).toMatchObject({ file_name: name, content_type: type, size: bytes.length });
    });
  }

  test('a file that is not a PDF or an image is refused by its bytes, whatever its name; nothing is written', async () => {
    const id = (await s.api.ok('POST', '/expenses', { body: body() })).data.id;
    const before = await tableDigest(s.server);
    const fake = Buffer.from('MZ\x90\x00 this is a program, not an invoice');
    const res = await s.api.post(`/expenses/${id}/attachment`, { file_name: 'szamla.pdf', content_base64: fake.toString('base64') });
    expect(res.status, res.text).toBe(415);
    expect(fields(res)).toEqual(['content_base64']);
    expect(await tableDigest(s.server)).toBe(before);
    expect((await s.api.get(`/expenses/${id}/attachment`)).status).toBe(404);
  });

  test('a file over 10 MB is refused on content_base64', async () => {
    const id = (await s.api.ok('POST', '/expenses', { body: body() })).data.id;
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.4');
    const res = await s.api.post(`/expenses/${id}/attachment`, { file_name: 'nagy.pdf', content_base64: big.toString('base64') });
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(fields(res)).toEqual(['content_base64']);
  });

  test('removing the document, and deleting the expense with its document', async () => {
    const id = (await s.api.ok('POST', '/expenses', { body: body() })).data.id;
    await s.api.ok('POST', `/expenses/${id}/attachment`, { body: { file_name: 'a.png', content_base64: smallPng().toString('base64') } });
    expect((await s.api.ok('DELETE', `/expenses/${id}/attachment`)).data.attributes.attachment).toBeNull();
    await s.api.ok('POST', `/expenses/${id}/attachment`, { body: { file_name: 'a.png', content_base64: smallPng().toString('base64') } });
    expect((await s.api.delete(`/expenses/${id}`)).status).toBe(200);
    expect((await s.api.get(`/expenses/${id}/attachment`)).status).toBe(404);
  });
});

test('GET /expenses/totals sums a period per currency, a credit note counting negative', async () => {
  await s.api.ok('POST', '/expenses', { body: body({ fulfillment_date: '2025-11-03', invoice_date: '2025-11-03', due_date: null, gross_price: 1270 }) });
  await s.api.ok('POST', '/expenses', { body: body({ fulfillment_date: '2025-11-20', invoice_date: '2025-11-20', due_date: null, gross_price: -127, kind: 'credit_note' }) });
  await s.api.ok('POST', '/expenses', { body: body({ fulfillment_date: '2025-12-01', invoice_date: '2025-12-01', due_date: null, gross_price: 99999 }) });
  const res = await s.api.ok('GET', '/expenses/totals', { query: { from: '2025-11-01', to: '2025-11-30' } });
  expect(res.data.by_currency).toEqual([{ currency: 'HUF', count: 2, net: '900.000', vat: '243.000', gross: '1143.000' }]);
});

test('an expense recorded before net and VAT were stored reads them from its gross at its VAT code', async () => {
  // as migration 0018 leaves a row from before it: no net, no VAT, the defaults for the rest
  const inserted = await sql<{ id: number }>`INSERT INTO expenses (categories_id, name, invoice_no, gross_price_milli, vat_id, currency, created_at, updated_at)
    VALUES ('3', 'Régi bérlet', '', 63500000, '1', 'HUF', '2026-01-05 10:00:00', '2026-01-05 10:00:00') RETURNING id`.execute(testDb(s.server));
  const id = inserted.rows[0]!.id;
  const a = (await s.api.ok('GET', `/expenses/${id}`)).data.attributes;
  expect(a).toMatchObject({ gross_price: '63500.000', net_price: '50000.000', vat_amount: '13500.000', kind: 'invoice', paid: false, supplier_name: '' });
});
