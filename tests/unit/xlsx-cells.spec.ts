// The XLSX export's cells: exact amounts become numbers, every other text stays text (a German postcode keeps its
// leading zero, a client named "=HYPERLINK(…)" is shown, never run), and a workbook reads back sheet by sheet with
// read-excel-file, write-excel-file's sibling, as a spreadsheet program would read it.
import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cellOf, Workbook } from '../../electron/export/xlsx';
import readExcelFile from 'read-excel-file/node';
import { unzip } from '../backup/unzip';

test('amounts are numbers, other text stays text, empty is empty', () => {
  expect(cellOf('1270.000')).toMatchObject({ value: 1270, type: Number });
  expect(cellOf('-5.500')).toMatchObject({ value: -5.5, type: Number });
  expect(cellOf(42)).toMatchObject({ value: 42, type: Number });
  expect(cellOf('01067')).toEqual({ value: '01067', type: String });
  expect(cellOf('12345676-2-41')).toEqual({ value: '12345676-2-41', type: String });
  expect(cellOf('=HYPERLINK("x")')).toEqual({ value: '=HYPERLINK("x")', type: String });
  expect(cellOf(null)).toBeNull();
  expect(cellOf('')).toBeNull();
});

test('a workbook of two sheets reads back with its values', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-xlsx-'));
  try {
    const book = new Workbook();
    book.sheet('clients', ['id', 'name', 'postcode']);
    book.rows('clients', [[1, 'Példa Kft.', '01067'], [2, '=1+1', null]]);
    book.sheet('invoices', ['invoice_no', 'gross_total']);
    book.rows('invoices', [['2026-000001', '12700.000']]);
    const path = join(dir, 'out.xlsx');
    await book.save(path);
    const sheets = await readExcelFile(readFileSync(path));
    expect(sheets.map((s) => s.sheet)).toEqual(['clients', 'invoices']);
    const [clients, invoices] = sheets.map((s) => s.data);
    // toEqual compares types too: 1 and 12700 are numbers, '01067' and '=1+1' strings, the empty cell null
    expect(clients).toEqual([['id', 'name', 'postcode'], [1, 'Példa Kft.', '01067'], [2, '=1+1', null]]);
    expect(invoices).toEqual([['invoice_no', 'gross_total'], ['2026-000001', 12700]]);
    // "=1+1" is a text cell, not a formula a spreadsheet would run: no sheet has a formula element
    const parts = unzip(readFileSync(path));
    const sheetXml = [...parts.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
    expect(sheetXml).toHaveLength(2);
    for (const name of sheetXml) expect(parts.get(name)!.toString('utf8')).not.toMatch(/<f[\s>]/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
