// Receiving e-invoices over the real HTTP door: every official example (UBL and CII) becomes an expense whose
// amounts are the file's (read here with another XML parser), a tampered file is refused with BR-CO-16 named and
// nothing saved, the same invoice again is recognised (409), a Factur-X PDF made here with pdfkit imports, and
// files that are not e-invoices are refused in words.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { XMLParser } from 'fast-xml-parser';
import { expect, test } from '@playwright/test';
import Big from 'big.js';
import { clientBody, createClient, netItem, readInvoice, serverPerFile, tableDigest, TEST_SELLER, withServer } from '../support/fixtures';
import { EN16931_EXAMPLES } from './reference';

const s = serverPerFile();
// The first check of a syntax may compile the rules (≈ 15 s each on a cold cache).
test.describe.configure({ timeout: 180_000 });

const examples = (['ubl', 'cii'] as const).flatMap((syntax) =>
  readdirSync(join(EN16931_EXAMPLES, syntax))
    .filter((f) => /\.xml$/i.test(f))
    .map((f) => ({ syntax, file: f, bytes: readFileSync(join(EN16931_EXAMPLES, syntax, f)) })),
);

/** The totals as the file states them, read by a parser of its own (prefixes dropped, so any prefix reads). */
function fileTotals(syntax: 'ubl' | 'cii', xml: string) {
  const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, parseTagValue: false, isArray: (name) => ['TaxTotal', 'TaxTotalAmount', 'TaxSubtotal', 'ApplicableTradeTax'].includes(name) });
  const doc = parser.parse(xml);
  const val = (v: unknown) => (typeof v === 'object' && v !== null ? String((v as { '#text': unknown })['#text']) : String(v));
  if (syntax === 'ubl') {
    const root = doc.Invoice ?? doc.CreditNote;
    const currency = val(root.DocumentCurrencyCode);
    const total = root.LegalMonetaryTotal;
    const tax = (root.TaxTotal as Array<{ TaxAmount: { '@_currencyID': string } }>).find((t) => t.TaxAmount['@_currencyID'] === currency)!;
    return { credit: !!doc.CreditNote || val(root.InvoiceTypeCode) === '381', number: val(root.ID), currency, net: val(total.TaxExclusiveAmount), vat: val(tax.TaxAmount), gross: val(total.TaxInclusiveAmount), due: val(total.PayableAmount) };
  }
  const root = doc.CrossIndustryInvoice;
  const settlement = root.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement;
  const sums = settlement.SpecifiedTradeSettlementHeaderMonetarySummation;
  const currency = val(settlement.InvoiceCurrencyCode);
  const tax = (sums.TaxTotalAmount as Array<{ '@_currencyID': string }>).find((t) => t['@_currencyID'] === currency) ?? sums.TaxTotalAmount[0];
  return { credit: val(root.ExchangedDocument.TypeCode) === '381', number: val(root.ExchangedDocument.ID), currency, net: val(sums.TaxBasisTotalAmount), vat: val(tax), gross: val(sums.GrandTotalAmount), due: val(sums.DuePayableAmount) };
}

/** The 3-decimal read form of a file's amount, signed as an expense shows it (a credit note negative). */
const asExpense = (amount: string, credit: boolean) => new Big(amount).times(credit && new Big(amount).gt(0) ? -1 : 1).toFixed(3);

const send = (bytes: Buffer, over: Record<string, unknown> = {}) =>
  s.api.post('/expenses/einvoice', { file_name: 'szamla.xml', content_base64: bytes.toString('base64'), ...over });

test('every official example imports with the totals of the file, and its original is kept', async () => {
  expect(examples.length).toBeGreaterThanOrEqual(8);
  for (const ex of examples) {
    const want = fileTotals(ex.syntax, ex.bytes.toString('utf8'));
    const preview = await send(ex.bytes, { preview: true });
    expect(preview.status, `${ex.file}: ${preview.text.slice(0, 500)}`).toBe(200);
    expect(preview.body.data.saved).toBe(false);
    expect(preview.body.data.expense.id).toBe(0);

    const res = await send(ex.bytes, { file_name: ex.file });
    expect(res.status, `${ex.file}: ${res.text.slice(0, 500)}`).toBe(200);
    const result = res.body.data;
    expect(result).toMatchObject({ saved: true, syntax: ex.syntax, container: 'xml', amount_due: asExpense(want.due, want.credit) });
    const id = result.expense.id as number;
    const a = (await s.api.ok('GET', `/expenses/${id}`)).data.attributes;
    expect(a, ex.file).toMatchObject({
      invoice_no: want.number,
      currency: want.currency,
      kind: want.credit ? 'credit_note' : 'invoice',
      net_price: asExpense(want.net, want.credit),
      vat_amount: asExpense(want.vat, want.credit),
      gross_price: asExpense(want.gross, want.credit),
      attachment: { file_name: ex.file, content_type: 'application/xml', size: ex.bytes.length },
      einvoice: { syntax: ex.syntax },
    });
    // the preview showed what was saved
    expect(preview.body.data.expense.attributes).toMatchObject({ net_price: a.net_price, vat_amount: a.vat_amount, gross_price: a.gross_price, supplier_name: a.supplier_name });
    // the breakdown per rate adds up to the totals
    const breakdown = a.einvoice.vat_breakdown as Array<{ net: string; vat: string }>;
    expect(breakdown.length).toBeGreaterThan(0);
    expect(breakdown.reduce((sum, b) => sum.plus(b.net), new Big(0)).toFixed(3)).toBe(a.net_price);
    expect(breakdown.reduce((sum, b) => sum.plus(b.vat), new Big(0)).toFixed(3)).toBe(a.vat_amount);
    expect(a.supplier_name).not.toBe('');
    const file = (await s.api.ok('GET', `/expenses/${id}/attachment`)).data;
    expect(Buffer.from(file.content_base64, 'base64').equals(ex.bytes)).toBe(true);
    // several examples are one invoice in both syntaxes: remove it so the next one is new
    await s.api.ok('DELETE', `/expenses/${id}`);
  }
});

test('a tampered file (amount due changed) is refused with BR-CO-16 in words, and nothing is saved', async () => {
  for (const syntax of ['ubl', 'cii'] as const) {
    const ex = examples.find((e) => e.syntax === syntax)!;
    const element = syntax === 'ubl' ? 'PayableAmount' : 'DuePayableAmount';
    const xml = ex.bytes.toString('utf8');
    const tampered = xml.replace(new RegExp(`(<(?:\\w+:)?${element}\\b[^>]*>)([^<]+)(<)`), (_m, open: string, v: string, close: string) => `${open}${new Big(v).plus(10).toFixed(2)}${close}`);
    expect(tampered).not.toBe(xml);
    const before = await tableDigest(s.server);
    const res = await send(Buffer.from(tampered));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'rule_violation' });
    expect(res.body.error).toContain('BR-CO-16');
    const rule = (res.body.errors as Array<{ message: string; reason: string; meta: { rule: string } }>).find((e) => e.meta?.rule === 'BR-CO-16')!;
    expect(rule.reason).toBe('einvoice_rule');
    expect(rule.message).toMatch(/^BR-CO-16: Amount due for payment \(BT-115\) = Invoice total amount with VAT \(BT-112\)/);
    expect(await tableDigest(s.server)).toBe(before);
  }
});

test('the same invoice imported again is recognised: 409 with the expense it became, nothing saved', async () => {
  const ex = examples.find((e) => e.file === 'ubl-tc434-example1.xml')!;
  const first = (await send(ex.bytes)).body.data.expense.id as number;
  const before = await tableDigest(s.server);
  for (const again of [ex, examples.find((e) => e.file === 'CII_example1.xml')!]) {
    // the same file, and the same invoice in the other syntax
    for (const preview of [true, false]) {
      const res = await send(again.bytes, { preview });
      expect(res.status, again.file).toBe(409);
      expect(res.body).toMatchObject({ code: 'conflict', errors: [{ reason: 'einvoice_imported_before', meta: { expense_id: String(first) } }] });
    }
  }
  expect(await tableDigest(s.server)).toBe(before);
  await s.api.ok('DELETE', `/expenses/${first}`);
});

/** A Factur-X-style PDF: a page of text with the CII invoice attached as factur-x.xml (pdfkit's file attachment). */
function facturX(xml: Buffer, name = 'factur-x.xml'): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4', pdfVersion: '1.7' });
    const parts: Buffer[] = [];
    doc.on('data', (c: Buffer) => parts.push(c));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.text('Rechnung / Számla');
    doc.file(Buffer.from('not the invoice'), { name: 'readme.txt' });
    doc.file(xml, { name, type: 'text/xml', description: 'Factur-X' });
    doc.end();
  });
}

test('a Factur-X PDF imports from its embedded CII, as JSON and as the raw file; the PDF is kept', async () => {
  const cii = examples.find((e) => e.file === 'huf_example_cii.xml')!;
  const want = fileTotals('cii', cii.bytes.toString('utf8'));
  const pdf = await facturX(cii.bytes);
  const res = await send(pdf, { file_name: 'dkv.pdf', preview: true });
  expect(res.status, res.text.slice(0, 500)).toBe(200);
  expect(res.body.data).toMatchObject({ syntax: 'cii', container: 'pdf' });
  expect(res.body.data.expense.attributes).toMatchObject({ gross_price: asExpense(want.gross, false), currency: 'HUF', vat: '1' });

  // the raw PDF as the body, the rest in the query
  const raw = await fetch(s.api.url('/expenses/einvoice', { file_name: 'dkv.pdf' }), {
    method: 'POST',
    headers: { ...s.api.defaultHeaders, 'content-type': 'application/pdf' },
    body: new Uint8Array(pdf),
  });
  const body = await raw.json();
  expect(raw.status, JSON.stringify(body).slice(0, 500)).toBe(200);
  const id = body.data.expense.id as number;
  const a = (await s.api.ok('GET', `/expenses/${id}`)).data.attributes;
  expect(a).toMatchObject({ net_price: asExpense(want.net, false), vat_amount: asExpense(want.vat, false), attachment: { file_name: 'dkv.pdf', content_type: 'application/pdf', size: pdf.length } });
  const kept = Buffer.from((await s.api.ok('GET', `/expenses/${id}/attachment`)).data.content_base64, 'base64');
  expect(kept.equals(pdf)).toBe(true);
  await s.api.ok('DELETE', `/expenses/${id}`);

  // a ZUGFeRD 2 name reads as well
  const zugferd = await send(await facturX(cii.bytes, 'zugferd-invoice.xml'), { preview: true });
  expect(zugferd.status).toBe(200);
});

test('the raw XML as the body (application/xml) previews like the JSON form', async () => {
  const ex = examples.find((e) => e.file === 'BIS3_Invoice_positive.XML')!;
  const res = await s.api.request('POST', '/expenses/einvoice', { body: ex.bytes.toString('utf8'), query: { preview: 'true' }, headers: { 'content-type': 'application/xml' } });
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.body.data).toMatchObject({ saved: false, syntax: 'ubl', expense: { attributes: { invoice_no: fileTotals('ubl', ex.bytes.toString('utf8')).number } } });
  // other routes still take JSON only
  const elsewhere = await s.api.request('POST', '/expenses', { body: '<x/>', headers: { 'content-type': 'application/xml' } });
  expect(elsewhere.status).toBe(415);
});

test('a Hungarian supplier named by its VAT id gets the full tax number this Folio knows', async () => {
  const cii = examples.find((e) => e.file === 'huf_example_cii.xml')!;
  const seller = fileTotals('cii', cii.bytes.toString('utf8'));
  const vatId = /schemeID="VA">HU(\d{8})</.exec(cii.bytes.toString('utf8'))![1]!;
  await s.api.ok('POST', '/clients', { body: clientBody({ name: 'DKV Euro Service', taxcode: `${vatId}-2-44` }) });
  const res = await send(cii.bytes, { preview: true });
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.body.data.expense.attributes).toMatchObject({ supplier_taxcode: `${vatId}-2-44`, invoice_no: seller.number, supplier_iban: 'DE26330403100827038100' });
});

test('files that are not e-invoices are refused in words, nothing saved', async () => {
  const before = await tableDigest(s.server);
  const cases: Array<[string, Buffer | Promise<Buffer>, string]> = [
    ['plain text', Buffer.from('Számla 2026/1 — 12 700 Ft'), 'einvoice_not_xml'],
    ['another XML', Buffer.from('<?xml version="1.0"?><Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>'), 'einvoice_unknown_root'],
    ['a PDF without an e-invoice', facturX(Buffer.from('<note/>'), 'note.xml'), 'einvoice_pdf_without_einvoice'],
  ];
  for (const [what, bytes, reason] of cases) {
    const res = await send(await bytes);
    expect(res.status, what).toBe(422);
    expect(res.body.errors[0].reason, what).toBe(reason);
  }
  // broken XML in an e-invoice's clothes: the rules cannot run, which is a failure named as such
  const broken = await send(Buffer.from('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</Invoice>'));
  expect(broken.status).toBe(422);
  expect(broken.body.errors[0].reason).toBe('einvoice_not_xml');
  // entities of a DTD (the "billion laughs") never reach a parser
  const ex = examples.find((e) => e.syntax === 'ubl')!.bytes.toString('utf8');
  const laughs = ex.replace(/<Invoice\b/, '<!DOCTYPE Invoice [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<Invoice');
  expect(laughs).not.toBe(ex);
  const dtd = await send(Buffer.from(laughs));
  expect(dtd.status).toBe(422);
  expect(dtd.body.errors[0].reason).toBe('einvoice_doctype');
  expect(await tableDigest(s.server)).toBe(before);
});

test("Folio to Folio: an invoice one Folio issues as UBL and as CII becomes the other's expense, to the forint", async () => {
  // the supplier: another Folio (TEST_SELLER) issuing an invoice at 27 % and 5 % to this Folio's company
  await withServer(async (supplier) => {
    const iban = 'HU42117730161111101800000000';
    const bank = (await supplier.api.ok('POST', '/bank_accounts', { body: { bank_name: 'Minta Bank', account_no: '11773016-11111018', account_no_iban: iban, account_swift: 'OTPVHUHB', currency: 'HUF' } })).data.id;
    await supplier.api.ok('PUT', '/settings', { body: { default_bank_account_uid: bank } });
    const client = await createClient(supplier.api);
    const created = await supplier.api.ok('POST', '/invoices', {
      body: {
        fulfillment_date: '2026-03-15', due_date: '2026-03-23', payment_method: 2, currency: 'HUF', client_uid: client, block_uid: 0, type: 3,
        items: [netItem(12_345), netItem(990, { description: 'Könyv', vat_id: 2, qty: 3, unit: 'db' })],
      },
    });
    const id = created.data.id as number;
    const issued = await readInvoice(supplier.api, id);
    for (const format of ['ubl', 'cii'] as const) {
      const file = await supplier.api.get(`/invoices/${id}/einvoice`, { format });
      expect(file.status, file.text.slice(0, 300)).toBe(200);
      const res = await send(Buffer.from(file.text, 'utf8'), { file_name: `szamla.${format}.xml` });
      expect(res.status, res.text.slice(0, 800)).toBe(200);
      const a = res.body.data.expense.attributes;
      expect(a).toMatchObject({
        supplier_name: TEST_SELLER.name,
        supplier_taxcode: TEST_SELLER.taxcode,
        invoice_no: issued.attributes.invoice_no,
        invoice_date: issued.attributes.date,
        fulfillment_date: '2026-03-15',
        due_date: '2026-03-23',
        currency: 'HUF',
        supplier_iban: iban,
        net_price: new Big(issued.attributes.net_total).toFixed(3),
        vat_amount: new Big(issued.attributes.vat_total).toFixed(3),
        gross_price: new Big(issued.attributes.gross_total).toFixed(3),
        vat: '',
      });
      const rates = (a.einvoice.vat_breakdown as Array<{ rate: string }>).map((r) => Number(r.rate)).sort((x, y) => x - y);
      expect(rates).toEqual([5, 27]);
      // removed, so the other syntax imports afresh (being the same invoice, it would be a 409)
      await s.api.ok('DELETE', `/expenses/${res.body.data.expense.id}`);
    }
  });
});

test('an expense of several VAT rates keeps its split: edited by name, and created as sync sends it (no VAT code)', async () => {
  const ex = examples.find((e) => e.file === 'ubl-tc434-example2.xml')!;
  const imported = (await send(ex.bytes)).body.data.expense;
  expect(imported.attributes.vat).toBe('');
  const renamed = (await s.api.ok('PUT', `/expenses/${imported.id}`, { body: { name: 'Laptopok' } })).data.attributes;
  expect(renamed).toMatchObject({ name: 'Laptopok', net_price: imported.attributes.net_price, vat_amount: imported.attributes.vat_amount, gross_price: imported.attributes.gross_price });
  // another device receives the expense as its attributes: net and gross without a VAT code
  const { net_price, gross_price, currency, supplier_iban } = imported.attributes;
  const copy = (await s.api.ok('POST', '/expenses', { body: { categories_id: 16, name: 'Laptopok', net_price, gross_price, currency, supplier_iban } })).data.attributes;
  expect(copy).toMatchObject({ net_price, gross_price, vat_amount: imported.attributes.vat_amount, supplier_iban: 'NO9386011117947', einvoice: null });
  await s.api.ok('DELETE', `/expenses/${imported.id}`);
});
