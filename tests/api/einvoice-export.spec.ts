// E-invoice export over HTTP (GET /invoices/{id}/einvoice?format=ubl|cii): a table of Hungarian documents, each
// exported in both syntaxes, each file checked again here against the official EN 16931 rules (zero fatal failures),
// the CII also against the D16B schema, and the file's totals compared with Folio's own totals of the invoice.
import { expect, test } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import Big from 'big.js';
import { fatalFailures, validateEn16931, type EinvoiceSyntax } from '../../electron/core/einvoice/rules';
import { validateCiiSchema } from '../einvoice/cii-schema';
import { validateWithReferenceScript } from '../einvoice/reference';
import type { ApiClient, Json } from '../support/api-client';
import { createClient, netItem, readInvoice, serverPerFile, TEST_SELLER, withServer } from '../support/fixtures';

const s = serverPerFile();
// The first export of a syntax on a machine compiles Folio's rules, and the reference script compiles its own copy
// (≈ 15 s each when quiet). On a fresh machine with both workers compiling at once the first two tests took 90 s of
// the 120 they had (a clean-clone trial, 12-02): room for a slower CI machine.
test.describe.configure({ timeout: 240_000 });

const SELLER = { ...TEST_SELLER, eu_taxcode: 'HU23456787', email: 'szamla@minta.example', phone: '+36 1 234 5678' };
const BANK = { bank_name: 'Minta Bank', account_no: '11773016-11111018', account_no_iban: 'HU42117730161111101800000000', account_swift: 'OTPVHUHB', currency: 'HUF' };

async function setUpSeller(api: ApiClient, over: Record<string, unknown> = {}) {
  const bank = (await api.ok('POST', '/bank_accounts', { body: BANK })).data.id as number;
  await api.ok('PUT', '/settings', { body: { seller: { ...SELLER, ...over }, default_bank_account_uid: bank } });
}

const GERMAN_BUYER = {
  tax_type: 'FOREIGN',
  taxcode: '',
  eu_taxcode: 'DE123456789',
  billing_address: { street_name: 'Hauptstraße', street_type: '', house_nr: '5', city: 'Berlin', postcode: '10115', country: 'DE' },
  buyer_reference: '04011000-12345-34',
  einvoice_format: 'cii',
};
const US_BUYER = {
  tax_type: 'FOREIGN',
  taxcode: '12-3456789',
  eu_taxcode: '',
  billing_address: { street_name: 'Main Street', street_type: '', house_nr: '100', city: 'Springfield', postcode: '62701', country: 'US' },
};

async function invoice(api: ApiClient, over: Record<string, unknown>, client: Record<string, unknown> = {}): Promise<number> {
  const clientUid = await createClient(api, client);
  const body = await api.ok('POST', '/invoices', {
    body: { fulfillment_date: '2026-03-15', due_date: '2026-03-23', payment_method: 2, currency: 'HUF', client_uid: clientUid, block_uid: 0, type: 3, items: [netItem()], ...over },
  });
  return body.data.id as number;
}

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false, attributeNamePrefix: '@' });
const text = (node: unknown): string => (typeof node === 'object' && node !== null ? String((node as { '#text': unknown })['#text']) : String(node));
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

interface Totals {
  typeCode: string;
  taxExclusive: string;
  tax: string;
  taxHuf: string | undefined;
  prepaid: string;
  rounding: string;
  payable: string;
}

function totalsOf(syntax: EinvoiceSyntax, xml: string): Totals {
  const doc = parser.parse(xml);
  if (syntax === 'ubl') {
    const root = doc.Invoice ?? doc.CreditNote;
    const t = root.LegalMonetaryTotal;
    const taxTotals = list(root.TaxTotal);
    const inCurrency = (c: string) => taxTotals.map((x: Json) => x.TaxAmount).find((a: Json) => a['@currencyID'] === c);
    return {
      typeCode: text(root.InvoiceTypeCode ?? root.CreditNoteTypeCode),
      taxExclusive: text(t.TaxExclusiveAmount),
      tax: text(inCurrency(text(root.DocumentCurrencyCode))),
      taxHuf: root.TaxCurrencyCode ? text(inCurrency('HUF')) : undefined,
      prepaid: t.PrepaidAmount ? text(t.PrepaidAmount) : '0.00',
      rounding: t.PayableRoundingAmount ? text(t.PayableRoundingAmount) : '0.00',
      payable: text(t.PayableAmount),
    };
  }
  const tx = doc.CrossIndustryInvoice.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement;
  const sum = tx.SpecifiedTradeSettlementHeaderMonetarySummation;
  const taxTotals = list(sum.TaxTotalAmount);
  return {
    typeCode: text(doc.CrossIndustryInvoice.ExchangedDocument.TypeCode),
    taxExclusive: text(sum.TaxBasisTotalAmount),
    tax: text(taxTotals.find((a: Json) => a['@currencyID'] === text(tx.InvoiceCurrencyCode))),
    taxHuf: tx.TaxCurrencyCode ? text(taxTotals.find((a: Json) => a['@currencyID'] === 'HUF')) : undefined,
    prepaid: sum.TotalPrepaidAmount ? text(sum.TotalPrepaidAmount) : '0.00',
    rounding: sum.RoundingAmount ? text(sum.RoundingAmount) : '0.00',
    payable: text(sum.DuePayableAmount),
  };
}

/** A final invoice's whole supply: per VAT code, its lines' VAT at the invoice's rate, in whole forints (half up). */
function wholeSupplyVatHuf(a: Json): Big {
  const byCode = new Map<string, Big>();
  for (const i of (a.items as Json[]).filter((i) => i.advance_invoice_uid == null)) byCode.set(i.vat_id, (byCode.get(i.vat_id) ?? new Big(0)).plus(i.vat_amount));
  return [...byCode.values()].reduce((acc, vat) => acc.plus(vat.times(a.exchange_rate).round(0, Big.roundHalfUp)), new Big(0));
}

/** What the file must say, from Folio's own totals of the invoice. */
function expectedTotals(a: Json, typeCode: string): Totals {
  const sign = typeCode === '381' ? -1 : 1;
  const money = (v: string | Big) => new Big(v).times(sign).toFixed(2);
  const deductions = (a.items as Json[]).filter((i) => a.document_kind === 'final' && i.advance_invoice_uid != null);
  const deducted = (k: string) => deductions.reduce((acc: Big, i: Json) => acc.plus(i[k]), new Big(0));
  const final = a.document_kind === 'final';
  return {
    typeCode,
    // a final invoice states the whole supply, the advances' gross as the paid amount
    taxExclusive: money(new Big(a.net_total).minus(deducted('net_amount'))),
    tax: money(new Big(a.vat_total).minus(deducted('vat_amount'))),
    taxHuf: a.currency === 'HUF' ? undefined : money(final ? wholeSupplyVatHuf(a) : (a.vat_summary as Json[]).reduce((acc: Big, r: Json) => acc.plus(r.vat_huf), new Big(0))),
    prepaid: money(deducted('gross_amount').times(-1)),
    rounding: money(a.rounding),
    payable: money(a.total),
  };
}

async function exportAndCheck(api: ApiClient, id: number, syntax: EinvoiceSyntax, typeCode: string): Promise<string> {
  const res = await api.get(`/invoices/${id}/einvoice?format=${syntax}`);
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(new RegExp(`attachment; filename=".+-${syntax}\\.xml"`));
  const xml = res.text;
  // no rule fails, not even a warning
  expect(await validateEn16931(syntax, xml), `${syntax} of invoice ${id}`).toEqual([]);
  if (syntax === 'cii') expect(await validateCiiSchema(xml)).toEqual({ ok: true, errors: '' });
  // and the standard's own script (../shared/reference/en16931/validate.sh), as the issue asks
  const script = await validateWithReferenceScript(syntax, xml);
  expect(script, `validate.sh ${syntax} of invoice ${id}`).toMatchObject({ code: 0, output: expect.stringContaining(`valid (${syntax}, EN 16931)`) });
  const a = (await readInvoice(api, id)).attributes;
  const got = totalsOf(syntax, xml);
  const want = expectedTotals(a, typeCode);
  expect(got).toEqual(want);
  return xml;
}

async function bothSyntaxes(api: ApiClient, id: number, typeCode: string): Promise<Record<EinvoiceSyntax, string>> {
  return { ubl: await exportAndCheck(api, id, 'ubl', typeCode), cii: await exportAndCheck(api, id, 'cii', typeCode) };
}

test.beforeAll(async () => {
  await setUpSeller(s.api);
});

test('HUF invoice at 27 %: a valid 380 in both syntaxes, with the seller’s VAT id, tax number, contact and IBAN', async () => {
  const id = await invoice(s.api, { items: [netItem(3500, { qty: 3 })] });
  const { ubl, cii } = await bothSyntaxes(s.api, id, '380');
  expect(ubl).toContain('<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>');
  expect(ubl).toContain('<cbc:CompanyID>HU23456787</cbc:CompanyID>');
  expect(ubl).toContain('<cbc:CompanyID>23456787-2-41</cbc:CompanyID>');
  expect(ubl).toContain('<cbc:CompanyID>HU12345676</cbc:CompanyID>');
  expect(ubl).toContain('<cbc:PaymentMeansCode name="Átutalás">58</cbc:PaymentMeansCode>');
  expect(ubl).toContain('<cbc:ID>HU42117730161111101800000000</cbc:ID>');
  expect(ubl).toContain('<cbc:ElectronicMail>szamla@minta.example</cbc:ElectronicMail>');
  expect(cii).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
  expect(cii).toContain('<ram:ID schemeID="VA">HU23456787</ram:ID>');
  expect(cii).toContain('<ram:IBANID>HU42117730161111101800000000</ram:IBANID>');
  expect(cii).not.toContain('TaxCurrencyCode');
});

test('EUR invoice: BT-6 HUF and the VAT total in HUF at the invoice’s exchange rate', async () => {
  const id = await invoice(s.api, { currency: 'EUR', exchange_rate: '392.15', items: [netItem('1234.56', { qty: 1 }), netItem('99.99', { qty: 3, unit: 'db' })] }, GERMAN_BUYER);
  const { ubl, cii } = await bothSyntaxes(s.api, id, '380');
  expect(ubl).toContain('<cbc:TaxCurrencyCode>HUF</cbc:TaxCurrencyCode>');
  expect(cii).toContain('<ram:TaxCurrencyCode>HUF</ram:TaxCurrencyCode>');
  // the client's buyer reference (a Leitweg-ID) is BT-10
  expect(ubl).toContain('<cbc:BuyerReference>04011000-12345-34</cbc:BuyerReference>');
  expect(cii).toContain('<ram:BuyerReference>04011000-12345-34</ram:BuyerReference>');
});

test('5 % and 27 % lines: one VAT breakdown per rate', async () => {
  const id = await invoice(s.api, { items: [netItem(10_000, { vat_id: 2, description: 'Könyv', unit: 'db' }), netItem(3333, { qty: 3 })] });
  const { ubl } = await bothSyntaxes(s.api, id, '380');
  expect(ubl.match(/<cac:TaxSubtotal>/g)).toHaveLength(2);
  expect(ubl).toContain('<cbc:Percent>5</cbc:Percent>');
  expect(ubl).toContain('<cbc:Percent>27</cbc:Percent>');
});

test('AAM seller (subjectively exempt): category E with the exemption reason, no VAT id of its own', async () => {
  await withServer(async (own) => {
    await setUpSeller(own.api, { vat_status: 'exempt', eu_taxcode: '' });
    const id = await invoice(own.api, { items: [netItem(50_000, { vat_id: 7 })] });
    const { ubl, cii } = await bothSyntaxes(own.api, id, '380');
    expect(ubl).toContain('<cbc:ID>E</cbc:ID>');
    expect(ubl).toContain('<cbc:TaxExemptionReason>Alanyi adómentes (Áfa tv. 187. §)</cbc:TaxExemptionReason>');
    expect(ubl).not.toContain('<cbc:CompanyID>HU23456787</cbc:CompanyID>');
    expect(cii).toContain('<ram:ID schemeID="FC">23456787-2-41</ram:ID>');
  });
});

test('domestic reverse charge (F.AFA): category AE, buyer VAT id HU + 8 digits', async () => {
  const id = await invoice(s.api, { items: [netItem(200_000, { vat_id: 11, description: 'Építési szolgáltatás' })] });
  const { ubl, cii } = await bothSyntaxes(s.api, id, '380');
  expect(ubl).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-AE</cbc:TaxExemptionReasonCode>');
  expect(cii).toContain('<ram:CategoryCode>AE</ram:CategoryCode>');
  expect(cii).toContain('<ram:ID schemeID="VA">HU12345676</ram:ID>');
});

test('intra-EU service (FAD, EUFAD37) to a German business: category K with the community VAT number', async () => {
  const id = await invoice(s.api, { currency: 'EUR', exchange_rate: '392.15', items: [netItem('2500', { vat_id: 15, description: 'Szoftverfejlesztés' })] }, GERMAN_BUYER);
  const { ubl, cii } = await bothSyntaxes(s.api, id, '380');
  expect(ubl).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-IC</cbc:TaxExemptionReasonCode>');
  expect(ubl).toContain('<cbc:CompanyID>DE123456789</cbc:CompanyID>');
  expect(cii).toContain('<ram:CategoryCode>K</ram:CategoryCode>');
});

test('intra-EU supply of goods (EU, KBAET): category K, delivered to Germany', async () => {
  const id = await invoice(s.api, { currency: 'EUR', exchange_rate: '392.15', items: [netItem('180', { vat_id: 5, qty: 10, unit: 'db', description: 'Alkatrész' })] }, GERMAN_BUYER);
  const { ubl } = await bothSyntaxes(s.api, id, '380');
  expect(ubl).toMatch(/<cac:DeliveryLocation>\s*<cac:Address>\s*<cac:Country>\s*<cbc:IdentificationCode>DE<\/cbc:IdentificationCode>/);
});

test('export of goods outside the EU (EUK, EAM): category G', async () => {
  const id = await invoice(s.api, { currency: 'USD', exchange_rate: '361.2', items: [netItem('1000', { vat_id: 9, qty: 2, unit: 'db', description: 'Gép' })] }, US_BUYER);
  const { ubl, cii } = await bothSyntaxes(s.api, id, '380');
  expect(ubl).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-G</cbc:TaxExemptionReasonCode>');
  expect(cii).toContain('<ram:CategoryCode>G</ram:CategoryCode>');
});

test('a discount line: a negative line with a positive price and a negative quantity', async () => {
  const id = await invoice(s.api, { items: [netItem(10_000, { qty: 2, unit: 'db' }), netItem(-2000, { description: 'Kedvezmény', unit: 'db' })] });
  const { ubl } = await bothSyntaxes(s.api, id, '380');
  expect(ubl).toContain('<cbc:InvoicedQuantity unitCode="H87">-1</cbc:InvoicedQuantity>');
  expect(ubl).toContain('<cbc:LineExtensionAmount currencyID="HUF">-2000.00</cbc:LineExtensionAmount>');
});

test('round_to 5: the payable total’s rounding is BT-114', async () => {
  const id = await invoice(s.api, { round_to: 5, items: [netItem(1001, { unit: 'db' })] });
  const a = (await readInvoice(s.api, id)).attributes;
  expect(a.rounding).not.toBe('0.000');
  const { ubl, cii } = await bothSyntaxes(s.api, id, '380');
  expect(ubl).toContain(`<cbc:PayableRoundingAmount currencyID="HUF">${new Big(a.rounding).toFixed(2)}</cbc:PayableRoundingAmount>`);
  expect(cii).toContain(`<ram:RoundingAmount>${new Big(a.rounding).toFixed(2)}</ram:RoundingAmount>`);
});

test('cancelling invoice: a CreditNote (381) in positive amounts naming the original (BT-25)', async () => {
  const original = await invoice(s.api, { items: [netItem(40_000, { qty: 2 })] });
  const cancelled = await s.api.ok('GET', `/invoices/${original}/cancel`);
  const id = cancelled.data.id as number;
  const { ubl, cii } = await bothSyntaxes(s.api, id, '381');
  const number = (await readInvoice(s.api, original)).attributes.prefixed_invoice_no as string;
  expect(ubl).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
  expect(ubl).toMatch(new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${number}</cbc:ID>`));
  expect(cii).toMatch(new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${number}</ram:IssuerAssignedID>`));
});

test('modifying invoice: a corrected invoice (384) naming the original, its lines the differences', async () => {
  const original = await invoice(s.api, { items: [netItem(100_000, { description: 'Fejlesztés' })] });
  const mod = await s.api.ok('POST', `/invoices/${original}/modify`, {
    body: { reason: 'Árengedmény', items: [{ modifies_line: 1, description: 'Fejlesztés', vat_id: 1, qty: -1, net_unit_price: 20_000, unit: 'db' }] },
  });
  const { ubl } = await bothSyntaxes(s.api, mod.data.id as number, '384');
  expect(ubl).toContain('<cbc:Note>Módosítás oka: Árengedmény</cbc:Note>');
});

test('advance invoice (386) and its final invoice: the advance is the paid amount (BT-113)', async () => {
  const clientUid = await createClient(s.api);
  const advance = await invoice(s.api, { client_uid: clientUid, advance: 1, items: [netItem(50_000, { description: 'Előleg' })] });
  await bothSyntaxes(s.api, advance, '386');
  const final = await invoice(s.api, { client_uid: clientUid, deduct_unpaid_advances: true, advance_invoice_uids: [advance], items: [netItem(200_000, { description: 'Fejlesztés' })] });
  const { ubl, cii } = await bothSyntaxes(s.api, final, '380');
  expect(ubl).toContain('<cbc:PrepaidAmount currencyID="HUF">63500.00</cbc:PrepaidAmount>');
  expect(cii).toContain('<ram:TotalPrepaidAmount>63500.00</ram:TotalPrepaidAmount>');
  const advanceNo = (await readInvoice(s.api, advance)).attributes.prefixed_invoice_no as string;
  expect(ubl).toMatch(new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${advanceNo}</cbc:ID>`));
});

test('EUR advance and final invoice: BT-113 in euro, the whole supply’s VAT in HUF', async () => {
  const clientUid = await createClient(s.api, GERMAN_BUYER);
  const advance = await invoice(s.api, { client_uid: clientUid, currency: 'EUR', exchange_rate: '390.5', advance: 1, items: [netItem('1000', { description: 'Anzahlung', unit: 'db' })] });
  await bothSyntaxes(s.api, advance, '386');
  const final = await invoice(s.api, { client_uid: clientUid, currency: 'EUR', exchange_rate: '392.15', deduct_unpaid_advances: true, advance_invoice_uids: [advance], items: [netItem('1234.57', { qty: 3, unit: 'db', description: 'Lieferung' })] });
  const { ubl } = await bothSyntaxes(s.api, final, '380');
  expect(ubl).toContain('<cbc:PrepaidAmount currencyID="EUR">1270.00</cbc:PrepaidAmount>');
});

test('a draft has no e-invoice (422), an unknown format is a 422 naming the supported ones', async () => {
  const draft = await invoice(s.api, { type: 0 });
  const res = await s.api.get(`/invoices/${draft}/einvoice?format=ubl`);
  expect(res.status).toBe(422);
  expect(res.body.error).toMatch(/Only issued invoices have e-invoices/);
  const issued = await invoice(s.api, {});
  const unknown = await s.api.get(`/invoices/${issued}/einvoice?format=xrechnung-xml`);
  expect(unknown.status).toBe(422);
  expect(unknown.body.errors).toEqual([{ field: 'format', message: 'must be one of ubl, cii, facturx', reason: 'unsupported_format' }]);
});

test('an invoice EN 16931 cannot express is a 422: lines outside the scope of VAT beside taxed ones', async () => {
  const id = await invoice(s.api, { items: [netItem(10_000), netItem(5000, { vat_id: 13, description: 'Kiszámlázott költség' })] });
  const res = await s.api.get(`/invoices/${id}/einvoice?format=ubl`);
  expect(res.status, res.text).toBe(422);
  expect(res.body.errors).toEqual([expect.objectContaining({ field: 'items', reason: 'einvoice_mixed_out_of_scope' })]);
});

test('a file failing a fatal rule never leaves Folio: per-line forint VAT off by more than the rules allow is a 500 naming BR-CO-17', async () => {
  // ten 1-forint lines at 27 %: each line's VAT rounds to 0, the category's would be 2.70 (tolerance: 1)
  const id = await invoice(s.api, { items: Array.from({ length: 10 }, (_, i) => netItem(1, { description: `Apró tétel ${i + 1}`, unit: 'db' })) });
  for (const format of ['ubl', 'cii']) {
    const res = await s.api.get(`/invoices/${id}/einvoice?format=${format}`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.code).toBe('internal');
    expect(res.body.error).toMatch(/fails the EN 16931 rules .*BR-CO-17.*the file was not handed out/);
    expect(res.body.errors.map((e: { reason: string }) => e.reason)).toContain('BR-CO-17');
  }
});

test('the same export over /rpc: the file as data', async () => {
  const id = await invoice(s.api, {});
  const res = await s.api.post('/rpc/invoices.einvoice', { id, format: 'cii' });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.content_type).toBe('application/xml');
  expect(res.body.data.filename).toMatch(/-cii\.xml$/);
  expect(fatalFailures(await validateEn16931('cii', res.body.data.content))).toEqual([]);
});
