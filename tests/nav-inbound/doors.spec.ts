// One expense per invoice, whatever the door: an invoice typed in before NAV's data arrives is filled by it (not
// booked twice), and an e-invoice file of an invoice booked from NAV fills that expense instead of making another;
// the received invoice's detail says where each field came from.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { EN16931_EXAMPLES } from '../einvoice/reference';
import { invoiceDataXml, taxpayerId, type SupplierInvoice } from '../nav/inbound-fixtures';
import { startInboundFolio, type InboundFolio } from './support';

let f: InboundFolio | undefined;
test.afterEach(async () => f?.stop());

const SUPPLIER = { taxpayerId: taxpayerId(2000001), vatCode: '2', countyCode: '41', name: 'Irodaszer Kft.' };

function invoice(number: string, over: Partial<SupplierInvoice> = {}): SupplierInvoice {
  return {
    number,
    supplier: SUPPLIER,
    issueDate: '2025-03-03',
    deliveryDate: '2025-03-01',
    paymentMethod: 'TRANSFER',
    paymentDate: '2025-03-18',
    lines: [{ description: 'Papír', quantity: '10', unit: 'PIECE', unitPrice: '1000', marking: { pct: '0.27' } }],
    ...over,
  };
}

test('typed in first, then fetched from NAV: one expense, NAV fills what was missing, the sources say who gave what', async () => {
  test.setTimeout(180_000);
  f = await startInboundFolio({ nav: { schemaChecksPerOperation: 1 } });
  const typed = await f.call('expenses.create', {
    categories_id: '3',
    name: 'Irodaszer',
    invoice_no: 'IRO-77',
    supplier_name: 'Irodaszer bolt',
    supplier_taxcode: `${SUPPLIER.taxpayerId}-2-41`,
    gross_price: '12700',
    vat: '1',
  });
  f.nav.inbound.add(invoiceDataXml(invoice('IRO-77')), new Date('2025-03-04T10:00:00Z'));
  f.nav.inbound.add(invoiceDataXml(invoice('IRO-78')), new Date('2025-03-04T11:00:00Z'));
  const run = await f.call('navInbound.start', { start_date: '2025-01-01' });
  expect(run).toMatchObject({ fetched: 2, booked: 2 });

  const expenses = (await f.call('expenses.list', { max_per_page: 50 })).items;
  expect(expenses).toHaveLength(2);
  const merged = (await f.call('expenses.get', { id: typed.id })).attributes;
  // the typed values stay; NAV gave the dates and the document
  expect(merged).toMatchObject({ supplier_name: 'Irodaszer bolt', gross_price: '12700.000', invoice_date: '2025-03-03', fulfillment_date: '2025-03-01', due_date: '2025-03-18' });
  expect(merged.attachment).toMatchObject({ content_type: 'application/xml' });
  const rows = (await f.call('navInbound.list', {})).items;
  const row = rows.find((r: any) => r.invoice_number === 'IRO-77');
  expect(row.expense_id).toBe(typed.id);
  const detail = await f.call('navInbound.get', { id: row.id });
  expect(detail.sources).toMatchObject({ supplier_name: 'manual', supplier_taxcode: 'manual', amounts: 'manual', invoice_date: 'nav', fulfillment_date: 'nav', due_date: 'nav', attachment: 'nav' });
  // the new one takes the category of the supplier's earlier expense
  const other = (await f.call('expenses.get', { id: rows.find((r: any) => r.invoice_number === 'IRO-78').expense_id })).attributes;
  expect(other.categories_id).toBe('3');
});

test('booked from NAV first, then its e-invoice file: the same expense, filled, not a second one nor a refusal', async () => {
  test.setTimeout(240_000);
  f = await startInboundFolio({ nav: { schemaChecksPerOperation: 1 } });
  // EN 16931's example invoice TOSL108, its seller made this Hungarian supplier (VAT id HU + the taxpayer id)
  const ubl = readFileSync(join(EN16931_EXAMPLES, 'ubl', 'ubl-tc434-example2.xml'), 'utf8').replace('NO123456789MVA', `HU${SUPPLIER.taxpayerId}`);
  f.nav.inbound.add(invoiceDataXml(invoice('TOSL108', { paymentDate: undefined })), new Date('2025-03-04T10:00:00Z'));
  await f.call('navInbound.start', { start_date: '2025-01-01' });
  const row = (await f.call('navInbound.list', {})).items[0];
  const before = (await f.call('expenses.get', { id: row.expense_id })).attributes;
  expect(before.due_date).toBeNull();

  const imported = await f.rpc('expenses.einvoice', { content_base64: Buffer.from(ubl).toString('base64'), file_name: 'TOSL108.xml' });
  expect(imported.status, JSON.stringify(imported.body).slice(0, 800)).toBe(200);
  expect(imported.body.data).toMatchObject({ saved: true, expense: { id: row.expense_id } });
  const after = (await f.call('expenses.get', { id: row.expense_id })).attributes;
  expect(after.due_date).toBe('2013-07-20');
  expect((await f.call('expenses.list', {})).items).toHaveLength(1);
  const detail = await f.call('navInbound.get', { id: row.id });
  expect(detail.sources).toMatchObject({ supplier_name: 'nav', due_date: 'einvoice', einvoice_file: 'einvoice' });
  // the same file again: nothing left to fill, still one expense
  const again = await f.rpc('expenses.einvoice', { content_base64: Buffer.from(ubl).toString('base64') });
  expect(again.status).toBe(200);
  expect((await f.call('expenses.list', {})).items).toHaveLength(1);
});

test('booked from NAV first, then typed by hand: refused at the invoice number, naming the expense NAV made; nothing added', async () => {
  test.setTimeout(180_000);
  f = await startInboundFolio({ nav: { schemaChecksPerOperation: 1 } });
  f.nav.inbound.add(invoiceDataXml(invoice('IRO-90')), new Date('2025-03-04T10:00:00Z'));
  await f.call('navInbound.start', { start_date: '2025-01-01' });
  const row = (await f.call('navInbound.list', {})).items[0];
  const typed = {
    categories_id: '3',
    name: 'Irodaszer',
    invoice_no: 'IRO-90',
    supplier_name: 'Irodaszer bolt',
    gross_price: '12700',
    vat: '1',
  };
  // the tax number as the user types it: with hyphens, or as the community VAT number
  for (const supplier_taxcode of [`${SUPPLIER.taxpayerId}-2-41`, `HU${SUPPLIER.taxpayerId}`]) {
    const refused = await f.rpc('expenses.create', { ...typed, supplier_taxcode });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ field: 'invoice_no', message: `was booked from NAV's data already, as expense ${row.expense_id}` }),
    ]);
  }
  expect((await f.call('expenses.list', {})).items).toHaveLength(1);
  // another supplier's invoice of the same number is its own expense
  const other = await f.rpc('expenses.create', { ...typed, supplier_taxcode: '10000001-2-41' });
  expect(other.status, JSON.stringify(other.body)).toBe(200);
});
