// The accountant package over the real HTTP door: POST /exports/accountant starts it, data.exportStatus follows it
// (done ≤ total all the way), GET /data/exports/:job/file downloads one ZIP. Its contents are listed and checked:
// every issued invoice's PDF (read back as text), its NAV XML (valid against NAV's schema), its EN 16931 e-invoice
// (a sample through the official rules), the CSV tables, the expense's attached file byte for byte, the VAT analysis
// (XLSX read back) and the summary page.
import { expect, test } from '@playwright/test';
import { pdfText } from '../documents/pdf-text';
import { validateNavXml } from '../nav/schema';
import { readSheet } from 'read-excel-file/node';
import { einvoiceFileName } from '../../electron/core/einvoice/index';
import { fatalFailures, validateEn16931 } from '../../electron/core/einvoice/rules';
import { startDataRig, type DataRig } from '../backup/data-rig';
import { accountantPackage } from './accountant-zip';
import { seedYear } from './vat-year';
import { TEST_SELLER } from '../support/fixtures';

let rig: DataRig;
test.afterAll(async () => rig?.close());

test('the year in one ZIP, each part checked', async () => {
  test.setTimeout(120_000);
  rig = await startDataRig();
  await rig.ok('settings.update', { seller: TEST_SELLER });
  const d = await seedYear(rig.server.core, rig.business);
  const receipt = Buffer.from('%PDF-1.4\n% a supplier invoice\n');
  await rig.ok('expenses.attach', { id: d.e1, file_name: 'szallito-szamla.pdf', content_base64: receipt.toString('base64') });

  // a part payment in cash: its method is written in words in every table (issue 36)
  await rig.ok('invoices.pay', { id: d.inv2, date: '2026-02-06', amount: '1000', payment_method: 1 });
  const { job, files } = await accountantPackage(rig, '2026-01-01', '2026-12-31');
  expect(job.filename).toBe('konyvelo-csomag_2026-01-01_2026-12-31.zip');
  const names = [...files.keys()];

  // 7 issued invoices: 5 originals, a cancelling and a modifying invoice
  const pdfs = names.filter((n) => n.startsWith('szamlak/'));
  expect(pdfs).toHaveLength(7);
  for (const name of pdfs) expect((await pdfText(files.get(name)!)).text).toContain('Minta Eladó Kft.');
  const xmls = names.filter((n) => n.startsWith('nav/'));
  expect(xmls).toHaveLength(7);
  for (const name of xmls) {
    const result = await validateNavXml('data', files.get(name)!.toString('utf8'));
    expect(result.ok, `${name}: ${result.errors}`).toBe(true);
  }
  // one e-invoice per issued invoice, named by its number; a sample (an ordinary HUF invoice, the EUR one, the
  // cancelling credit note and the modifying invoice) through the official EN 16931 rules
  const einvoices = names.filter((n) => n.startsWith('e-szamla/'));
  expect(einvoices).toHaveLength(7);
  for (const name of einvoices) expect(name).toMatch(/^e-szamla\/[\p{L}\p{N}._-]+-ubl\.xml$/u);
  const numbers = new Map<number, string>();
  for (const id of [d.inv2, d.eur, d.cancel4, d.modify1]) numbers.set(id, (await rig.ok('invoices.get', { id })).attributes.prefixed_invoice_no);
  const sample = [...numbers.values()].map((n) => `e-szamla/${einvoiceFileName(n, 'ubl')}`);
  for (const name of sample) {
    const xml = files.get(name)?.toString('utf8');
    expect(xml, `${name} in ${einvoices.join(', ')}`).toBeDefined();
    expect(fatalFailures(await validateEn16931('ubl', xml!)), name).toEqual([]);
  }
  expect(files.get(sample[0]!)!.toString('utf8')).toContain('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>');
  expect(files.get(sample[1]!)!.toString('utf8')).toContain('<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>');
  expect(files.get(sample[2]!)!.toString('utf8')).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
  expect(files.get(sample[3]!)!.toString('utf8')).toContain('<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode>');

  for (const table of ['invoices', 'invoice_items', 'invoice_payments', 'expenses', 'clients', 'products']) expect(names).toContain(`csv/${table}.csv`);
  const invoicesCsv = files.get('csv/invoices.csv')!.toString('utf8');
  expect(invoicesCsv.split('\r\n').filter(Boolean)).toHaveLength(1 + 7);
  // issue 36: as an accountant's Excel opens them: UTF-8 with BOM, ";", Hungarian headers, decimal commas, words
  expect(invoicesCsv.startsWith('\ufeffSorszám;Bizonylat;Állapot;Eredeti számla;Kelte;Teljesítés;Fizetési határidő;Vevő;')).toBe(true);
  const inv2No = (await rig.ok('invoices.get', { id: d.inv2 })).attributes.prefixed_invoice_no as string;
  const inv2Row = invoicesCsv.split('\r\n').find((l) => l.startsWith(`${inv2No};`))!;
  expect(inv2Row).toContain(';Számla;Fizetésre vár;');
  expect(inv2Row).toContain(';Átutalás;');
  expect(inv2Row).not.toMatch(/\d\.000/);
  const eurRow = invoicesCsv.split('\r\n').find((l) => l.includes(';EUR;'))!;
  expect(eurRow).toContain(';1000;270;1270;0;1270;0;1270;');
  expect(invoicesCsv).toMatch(/;Sztornó számla;/);
  expect(invoicesCsv).toMatch(/;Módosító számla;/);
  const paymentsCsv = files.get('csv/invoice_payments.csv')!.toString('utf8');
  expect(paymentsCsv.split('\r\n')[0]).toBe('\ufeffSzámla sorszáma;Vevő;Dátum;Összeg;Pénznem;Fizetési mód;Árfolyam');
  expect(paymentsCsv).toContain(`${inv2No};Alfa Kft.;2026-02-06;1000;HUF;Készpénz;1`);
  const sheets = await readSheet(files.get('csv/konyvelesi-tablak.xlsx')!, 'Számlák');
  expect(sheets[0]!.slice(0, 3)).toEqual(['Sorszám', 'Bizonylat', 'Állapot']);
  expect(sheets.find((r) => r[0] === inv2No)?.[16]).toBe(73500);
  expect(files.get(`koltsegek/${d.e1}-szallito-szamla.pdf`)).toEqual(receipt);

  // the VAT analysis of the year: 137,035 output, 2,900 input (vat-analysis.spec.ts)
  expect(await readSheet(files.get('afa-analitika.xlsx')!, 'Összesítés')).toEqual([
    ['Megnevezés', 'Áfa (Ft)'],
    ['Fizetendő áfa', 137035],
    ['Levonható áfa', 2900],
    ['Egyenleg (+ befizetendő, − visszaigényelhető)', 134135],
    // the EUR expense's VAT in euros, apart: Folio keeps no rate for an expense
    ['Devizás költségek áfája (nincs benne), EUR', 27],
  ]);
  const vatCsv = files.get('afa-analitika.csv')!.toString('utf8');
  expect(vatCsv).toContain('Fizetendő áfa;137035');
  expect(vatCsv).not.toContain('137035.000');
  // the documents behind each VAT code by their numbers, not Folio's ids
  expect(vatCsv).toContain('Bizonylatok (sorszámok)');
  expect(vatCsv).toContain(inv2No);
  expect((await pdfText(files.get('afa-analitika.pdf')!)).text).toContain('Áfa-analitika');
  const summary = (await pdfText(files.get('osszesito.pdf')!)).text;
  expect(summary).toContain('Könyvelői csomag – Minta Eladó Kft.');
  expect(summary).toMatch(/Egyenleg[\s\S]*134\s?135/);
  expect(summary).toMatch(/e-szamla\/ – a számlák EN 16931 e-számlája \(UBL XML\)\s*7/);
  expect(summary).not.toContain('E-számla nélkül');
  // every issued document with NAV's state of it (no NAV user here: all wait to be sent)
  expect(summary).toContain('Kiállított bizonylatok és NAV-állapotuk (7 db)');
  expect(summary).toMatch(new RegExp(`${inv2No}\\s+Számla\\s+2026-02-05\\s+Alfa Kft\\.\\s+73\\s500 HUF\\s+Küldésre vár`));
  expect(job.counts).toMatchObject({ invoices: 7, nav_xml: 7, einvoice_xml: 7, expense_files: 1 });
});
