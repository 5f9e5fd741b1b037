// The package's e-szamla/ folder beside a receipt and an invoice EN 16931 cannot express: the receipt has a PDF but
// no e-invoice (a nyugta is no invoice in law), the inexpressible invoice has its PDF and NAV XML but no e-invoice and
// is named on the summary page with the reason, and the counts say so.
import { expect, test } from '@playwright/test';
import { einvoiceFileName } from '../../electron/core/einvoice/index';
import { fatalFailures, validateEn16931 } from '../../electron/core/einvoice/rules';
import { pdfText } from '../documents/pdf-text';
import { startDataRig, type DataRig } from '../backup/data-rig';
import { clientBody, invoiceBody, netItem, TEST_SELLER } from '../support/fixtures';
import { accountantPackage } from './accountant-zip';

let rig: DataRig;
test.afterAll(async () => rig?.close());

test('a receipt has no e-invoice; an invoice with out-of-scope and taxed lines is listed on the summary instead', async () => {
  test.setTimeout(120_000);
  rig = await startDataRig();
  await rig.ok('settings.update', { seller: TEST_SELLER });
  const client = (await rig.ok('clients.create', clientBody({ name: 'Gamma Bt.', taxcode: '34567898-2-41' }))).id;
  const ordinary = await rig.ok('invoices.create', invoiceBody(client, { items: [netItem(20000, { description: 'Karbantartás' })] }));
  // ÁKK (vat_id 13) beside a 27 % line: EN 16931 allows no other category beside O on one invoice (BR-O-11)
  const mixed = await rig.ok('invoices.create', invoiceBody(client, { items: [netItem(10000), netItem(5000, { vat_id: 13, description: 'Kiszámlázott költség' })] }));
  await rig.ok('receipts.create', { payment_method: 1, currency: 'HUF', items: [{ description: 'Kávé', vat_id: 1, gross_unit_price: '635', qty: '2' }] });

  const { job, files } = await accountantPackage(rig, '2026-03-01', '2026-03-31');
  const names = [...files.keys()];
  expect(names.filter((n) => n.startsWith('szamlak/'))).toHaveLength(3);
  expect(names.filter((n) => n.startsWith('nav/'))).toHaveLength(2);
  expect(names.filter((n) => n.startsWith('e-szamla/'))).toEqual([`e-szamla/${einvoiceFileName(ordinary.attributes.prefixed_invoice_no, 'ubl')}`]);
  const xml = files.get(`e-szamla/${einvoiceFileName(ordinary.attributes.prefixed_invoice_no, 'ubl')}`)!.toString('utf8');
  expect(xml).toContain('<cbc:RegistrationName>Gamma Bt.</cbc:RegistrationName>');
  expect(fatalFailures(await validateEn16931('ubl', xml))).toEqual([]);
  expect(job.counts).toMatchObject({ invoices: 3, nav_xml: 2, einvoice_xml: 1 });

  const summary = (await pdfText(files.get('osszesito.pdf')!)).text;
  expect(summary).toMatch(/e-szamla\/ – a számlák EN 16931 e-számlája \(UBL XML\)\s*1/);
  expect(summary).toContain('E-számla nélkül maradt számlák');
  expect(summary).toContain(mixed.attributes.prefixed_invoice_no);
  expect(summary).toMatch(/áfa hatályán kívüli \(ÁKK, ÁTHK, EUE\) és más tétel egy számlán[\s\S]*BR-O-11/);
});
