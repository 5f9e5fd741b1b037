// A report as a file over the HTTP door (GET /reports/export): the revenue report as XLSX read back sheet by sheet,
// the VAT analysis as PDF read back as text, in English headings.
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import { pdfText } from '../documents/pdf-text';
import { readSheet } from 'read-excel-file/node';
import { startTestServer, type TestServer } from '../support/fixtures';
import { at, seedYear } from './vat-year';

let s: TestServer;
test.beforeAll(async () => {
  const clock = new ManualClock(at('2026-01-10'));
  s = await startTestServer({ clock });
  await seedYear(s.core, clock);
});
test.afterAll(async () => s.close());

const file = async (query: string) => {
  const data = (await s.api.ok('GET', `/reports/export?${query}`)).data as { filename: string; content_type: string; content_base64: string };
  return { ...data, bytes: Buffer.from(data.content_base64, 'base64') };
};

test('revenue and costs of the first quarter as XLSX', async () => {
  const f = await file('kind=revenue&format=xlsx&from=2026-01-01&to=2026-03-31&lang=en');
  expect(f.filename).toBe('bevetel-koltseg_2026-01-01_2026-03-31.xlsx');
  expect(f.content_type).toContain('spreadsheetml');
  expect(await readSheet(f.bytes, 'Summary')).toEqual([
    ['Name', 'Amount (HUF)', 'A year earlier (HUF)'],
    ['Net revenue', 595500, 0],
    ['Net costs', 14000, 0],
    ['Result', 581500, 0],
  ]);
  // Alfa: the January, February and March invoices and the one issued in April for March
  expect((await readSheet(f.bytes, 'Revenue by client')).slice(1)).toEqual([
    [expect.any(String), 'Beta GmbH', 400500, 0, 1],
    [expect.any(String), 'Alfa Kft.', 195000, 0, 4],
  ]);
});

test('the VAT analysis of the second quarter as PDF', async () => {
  const f = await file('kind=vat&format=pdf&from=2026-04-01&to=2026-06-30&lang=en');
  expect(f.content_type).toBe('application/pdf');
  const text = (await pdfText(f.bytes)).text;
  expect(text).toContain('VAT analysis');
  expect(text).toContain('2026-04-01 – 2026-06-30');
  expect(text).toMatch(/Output VAT[\s\S]*−16\s?200/);
});

test('an unknown format is refused at its field', async () => {
  const res = await s.api.request('GET', '/reports/export?kind=vat&format=docx&from=2026-01-01&to=2026-03-31');
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual([expect.objectContaining({ field: 'format' })]);
});
