// The InvoiceData matrix: every kind of invoice Folio issues becomes a report that (1) validates against NAV's
// official schemas, (2) passes NAV's arithmetic and consistency checks, and (3) agrees with the invoice to the unit.
import { expect, test } from '@playwright/test';
import { Big } from '../../shared/money';
import type { InvoiceAttributes } from '../../shared/resources';
import { vatCodeForCountry } from '../../shared/reference/vat-codes';
import { NavDataError } from '../../electron/nav/errors';
import {
  buildInvoiceDataXml,
  invoiceDataBase64,
  navOperation,
  navReportRequired,
  prepareNavReport,
} from '../../electron/nav/invoice-data';
import {
  DOMESTIC_COMPANY,
  EU_COMPANY,
  PRIVATE_PERSON,
  THIRD_COUNTRY_COMPANY,
  address,
  cancelling,
  client,
  invoice,
} from './fixtures';
import { checkInvoiceData, parseInvoiceData } from './nav-checks';
import { validateNavXml } from './schema';

type Node = Record<string, any>;

const eq = (a: unknown, b: string) => expect(new Big(String(a)).eq(new Big(b)), `${a} = ${b}`).toBe(true);

interface Built {
  xml: string;
  doc: Node;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed XML tree: indexing yields unknown shapes
  lines: any[];
  summary: Node;
  gross: Node;
  head: Node;
}

async function build(inv: InvoiceAttributes, opts: Parameters<typeof buildInvoiceDataXml>[1] = {}): Promise<Built> {
  const xml = buildInvoiceDataXml(inv, opts);
  const schema = await validateNavXml('data', xml);
  expect(schema.errors, 'schema errors').toBe('');
  expect(schema.ok).toBe(true);
  expect(checkInvoiceData(xml, navOperation(inv))).toEqual([]);
  const doc = parseInvoiceData(xml);
  const invoiceNode = doc.invoiceMain.invoice;
  const built = {
    xml,
    doc,
    head: invoiceNode.invoiceHead,
    lines: invoiceNode.invoiceLines.line,
    summary: invoiceNode.invoiceSummary.summaryNormal,
    gross: invoiceNode.invoiceSummary.summaryGrossData,
  };
  expectAgreesWithInvoice(inv, built);
  return built;
}

/** The report says what the invoice says: totals, per-line amounts, and the printed VAT in HUF. */
function expectAgreesWithInvoice(inv: InvoiceAttributes, b: Built): void {
  expect(b.lines).toHaveLength(inv.items.length);
  inv.items.forEach((item, i) => eq(b.lines[i].lineAmountsNormal.lineNetAmountData.lineNetAmount, item.net_amount));
  eq(b.summary.invoiceNetAmount, inv.net_total);
  eq(b.summary.invoiceVatAmount, inv.vat_total);
  // gross_total, not total: the payable rounding is not part of the report
  eq(b.gross.invoiceGrossAmount, inv.gross_total);
  const printedVatHuf = inv.vat_summary.reduce((acc, row) => acc.plus(row.vat_huf), new Big(0));
  eq(b.summary.invoiceVatAmountHUF, printedVatHuf.toFixed());
  expect(b.doc.invoiceNumber).toBe(inv.prefixed_invoice_no);
}

test.describe('InvoiceData for normal invoices', () => {
  test('HUF, 27 / 18 / 5 %, net and gross priced lines, domestic company', async () => {
    const inv = invoice({
      items: [
        { description: 'Szoftverfejlesztés', qty: '12.5', unit: 'óra', netUnitPrice: '14990', vatId: '1' },
        { description: 'Kenyér', qty: '3', unit: 'kg', grossUnitPrice: '1299', vatId: '2' },
        { description: 'Szállás', qty: '2', unit: 'nap', netUnitPrice: '23451', vatId: '3' },
        { description: 'Csavar', qty: '40', unit: 'db', netUnitPrice: '12.35', vatId: '1' },
      ],
    });
    const b = await build(inv);
    expect(b.doc.completenessIndicator).toBe('false');
    expect(b.head.supplierInfo.supplierTaxNumber).toEqual({ taxpayerId: '12345676', vatCode: '2', countyCode: '41' });
    expect(b.head.supplierInfo.communityVatNumber).toBe('HU12345676');
    expect(b.head.supplierInfo.supplierAddress.detailedAddress).toMatchObject({
      countryCode: 'HU',
      postalCode: '1234',
      streetName: 'Hármas',
      publicPlaceCategory: 'utca',
      number: '1',
    });
    expect(b.head.customerInfo).toMatchObject({
      customerVatStatus: 'DOMESTIC',
      customerVatData: { customerTaxNumber: { taxpayerId: '99999999', vatCode: '2', countyCode: '02' } },
      customerName: 'Beszerző Kft.',
    });
    expect(b.head.customerInfo.customerAddress.detailedAddress.countryCode).toBe('HU'); // from "Magyarország"
    expect(b.head.invoiceDetail).toMatchObject({
      invoiceCategory: 'NORMAL',
      invoiceDeliveryDate: '2025-03-08',
      currencyCode: 'HUF',
      exchangeRate: '1',
      paymentMethod: 'TRANSFER',
      paymentDate: '2025-03-18',
      invoiceAppearance: 'PAPER',
    });
    expect(b.lines.map((l) => [l.unitOfMeasure, l.lineNatureIndicator])).toEqual([
      ['HOUR', 'SERVICE'],
      ['KILOGRAM', 'PRODUCT'],
      ['DAY', 'SERVICE'],
      ['PIECE', 'OTHER'],
    ]);
    expect(b.lines[0].quantity).toBe('12.5');
    expect(b.summary.summaryByVatRate.map((r: Node) => r.vatRate.vatPercentage)).toEqual(['0.27', '0.05', '0.18']);
    // 27 % lines: 12.5 × 14990 = 187375 (+50591 VAT) and 40 × 12.35 = 494 (+133 VAT)
    const r27 = b.summary.summaryByVatRate[0];
    eq(r27.vatRateNetData.vatRateNetAmount, '187869');
    eq(r27.vatRateVatData.vatRateVatAmount, '50724');
    eq(r27.vatRateVatData.vatRateVatAmountHUF, '50724');
  });

  test('EUR at an exchange rate: HUF figures add up exactly to the printed VAT in HUF', async () => {
    const inv = invoice({
      currency: 'EUR',
      exchangeRate: '392.4567',
      items: [
        { description: 'A', qty: '3', unit: 'db', netUnitPrice: '13.13', vatId: '1' },
        { description: 'B', qty: '7', unit: 'db', netUnitPrice: '29.29', vatId: '1' },
        { description: 'C', qty: '1', unit: 'db', netUnitPrice: '0.39', vatId: '1' },
        { description: 'D', qty: '11', unit: 'l', netUnitPrice: '1.37', vatId: '3' },
        { description: 'E', qty: '5', unit: 'db', netUnitPrice: '12.57', vatId: '2' },
      ],
    });
    const b = await build(inv);
    expect(b.head.invoiceDetail.currencyCode).toBe('EUR');
    expect(b.head.invoiceDetail.exchangeRate).toBe('392.4567');
    expect(b.lines[0].lineAmountsNormal.lineNetAmountData.lineNetAmount).toBe('39.39');
    // each line's HUF amounts within one forint of amount × rate
    for (const line of b.lines) {
      const a = line.lineAmountsNormal;
      const exactNet = new Big(a.lineNetAmountData.lineNetAmount).times('392.4567');
      const exactVat = new Big(a.lineVatData.lineVatAmount).times('392.4567');
      expect(exactNet.minus(a.lineNetAmountData.lineNetAmountHUF).abs().lte(1)).toBe(true);
      expect(exactVat.minus(a.lineVatData.lineVatAmountHUF).abs().lte(1)).toBe(true);
      expect(String(a.lineNetAmountData.lineNetAmountHUF)).toMatch(/^-?\d+$/); // whole forints
    }
    // per VAT rate: the HUF VAT is the one printed on the invoice
    const byRate = Object.fromEntries(
      b.summary.summaryByVatRate.map((r: Node) => [r.vatRate.vatPercentage, r.vatRateVatData.vatRateVatAmountHUF]),
    );
    const printed = Object.fromEntries(inv.vat_summary.map((r) => [new Big(r.vat_rate).toFixed(), r.vat_huf]));
    for (const [rate, huf] of Object.entries(byRate)) eq(huf, printed[rate]!);
  });

  test('each exemption: AAM, TAM, KBAET, EAM, NAM_1 with their cases and legal texts', async () => {
    const cases: Array<[string, string | null, InvoiceAttributes['client'], string, RegExp]> = [
      ['7', null, DOMESTIC_COMPANY, 'AAM', /Alanyi adómentes/],
      ['8', null, DOMESTIC_COMPANY, 'TAM', /Tárgyi adómentes/],
      ['5', 'KBAET', EU_COMPANY, 'KBAET', /Közösségen belüli/],
      ['9', null, THIRD_COUNTRY_COMPANY, 'EAM', /termékexport/],
      ['4', 'NAM_1', DOMESTIC_COMPANY, 'NAM', /közvetítői/],
    ];
    await Promise.all(
      cases.map(async ([vatId, entitlement, buyer, navCase, reason]) => {
        const inv = invoice({
          client: buyer,
          items: [
            { description: 'Mentes tétel', qty: '2', unit: 'db', netUnitPrice: '15000', vatId, entitlement },
            { description: 'Adózó tétel', qty: '1', unit: 'db', netUnitPrice: '1000', vatId: '1' },
          ],
        });
        const b = await build(inv);
        const exemption = b.lines[0].lineAmountsNormal.lineVatRate.vatExemption;
        expect(exemption.case).toBe(navCase);
        expect(exemption.reason).toMatch(reason);
        eq(b.lines[0].lineAmountsNormal.lineVatData.lineVatAmount, '0');
        expect(b.summary.summaryByVatRate[0].vatRate.vatExemption.case).toBe(navCase);
        expect(b.summary.summaryByVatRate).toHaveLength(2);
      }),
    );
  });

  test('domestic reverse charge (F.AFA) and EU services reverse charge (EUFAD37)', async () => {
    const domestic = await build(
      invoice({ items: [{ description: 'Építési szolgáltatás', qty: '1', unit: 'db', netUnitPrice: '850000', vatId: '11' }] }),
    );
    expect(domestic.lines[0].lineAmountsNormal.lineVatRate.vatDomesticReverseCharge).toBe('true');
    expect(domestic.summary.summaryByVatRate[0].vatRate.vatDomesticReverseCharge).toBe('true');
    expect(domestic.head.customerInfo.customerVatStatus).toBe('DOMESTIC');

    const eu = await build(
      invoice({
        client: EU_COMPANY,
        currency: 'EUR',
        exchangeRate: '401.23',
        items: [{ description: 'Consulting', qty: '10', unit: 'óra', netUnitPrice: '95', vatId: '15' }],
      }),
    );
    expect(eu.lines[0].lineAmountsNormal.lineVatRate.vatOutOfScope.case).toBe('EUFAD37');
    expect(eu.lines[0].lineNatureIndicator).toBe('SERVICE');
    expect(eu.head.customerInfo.customerVatData).toEqual({ communityVatNumber: 'DE123456789' });
  });

  test('private person: only the VAT status, no name, address or tax data', async () => {
    const b = await build(invoice({ client: PRIVATE_PERSON, paymentMethodId: 1, items: [{ qty: '1', netUnitPrice: '5000', vatId: '1' }] }));
    expect(b.head.customerInfo).toEqual({ customerVatStatus: 'PRIVATE_PERSON' });
    expect(b.head.invoiceDetail.paymentMethod).toBe('CASH');
  });

  test('EU buyer with a community VAT number, address from a German country name', async () => {
    const b = await build(
      invoice({
        client: EU_COMPANY,
        currency: 'EUR',
        exchangeRate: '395.5',
        items: [{ description: 'Gép', qty: '1', unit: 'db', netUnitPrice: '12500', vatId: '5', entitlement: 'KBAET' }],
      }),
    );
    expect(b.head.customerInfo).toMatchObject({
      customerVatStatus: 'OTHER',
      customerVatData: { communityVatNumber: 'DE123456789' },
      customerName: 'Käufer GmbH',
    });
    expect(b.head.customerInfo.customerAddress.detailedAddress).toMatchObject({ countryCode: 'DE', postalCode: '80802' });
    expect(b.lines[0].lineNatureIndicator).toBe('PRODUCT');
  });

  test('third-country buyer: thirdStateTaxId, simple address, export exemption', async () => {
    const b = await build(
      invoice({
        client: THIRD_COUNTRY_COMPANY,
        currency: 'USD',
        exchangeRate: '362.115',
        items: [{ description: 'Export goods', qty: '4', unit: 'karton', netUnitPrice: '310.5', vatId: '9' }],
      }),
    );
    expect(b.head.customerInfo).toMatchObject({ customerVatStatus: 'OTHER', customerVatData: { thirdStateTaxId: '12-3456789' } });
    expect(b.head.customerInfo.customerAddress.simpleAddress).toEqual({
      countryCode: 'US',
      postalCode: '10118',
      city: 'New York',
      additionalAddressDetail: '350 Fifth Avenue',
    });
    expect(b.lines[0].unitOfMeasure).toBe('CARTON');
  });

  test('unclassified buyers (tax_type ""): inferred from the tax number', async () => {
    const domestic = await build(invoice({ client: client('', { taxcode: '99999999-2-02' }), items: [{ qty: '1', netUnitPrice: '100', vatId: '1' }] }));
    expect(domestic.head.customerInfo.customerVatStatus).toBe('DOMESTIC');
    const person = await build(invoice({ client: client('', { taxcode: '' }), items: [{ qty: '1', netUnitPrice: '100', vatId: '1' }] }));
    expect(person.head.customerInfo).toEqual({ customerVatStatus: 'PRIVATE_PERSON' });
    const foreign = await build(
      invoice({ client: client('', { taxcode: '', eu_taxcode: 'ATU12345678' }), items: [{ qty: '1', netUnitPrice: '100', vatId: '1' }] }),
    );
    expect(foreign.head.customerInfo.customerVatData).toEqual({ communityVatNumber: 'ATU12345678' });
  });

  test('round_to 5: the rounding is no line and not in the gross total', async () => {
    const inv = invoice({ roundTo: 5, paymentMethodId: 1, items: [{ qty: '1', netUnitPrice: '1559', vatId: '1' }] });
    expect(inv.gross_total).toBe('1980.000');
    expect(inv.total).toBe('1980.000');
    const inv2 = invoice({ roundTo: 5, paymentMethodId: 1, items: [{ qty: '3', netUnitPrice: '1001', vatId: '1' }] });
    expect(inv2.gross_total).toBe('3814.000');
    expect(inv2.total).toBe('3815.000');
    const b = await build(inv2);
    expect(b.lines).toHaveLength(1);
    eq(b.gross.invoiceGrossAmount, '3814');
    eq(b.gross.invoiceGrossAmountHUF, '3814');
  });

  test('margin scheme, out of scope (ATK, HO) and OSS lines', async () => {
    const b = await build(
      invoice({
        client: PRIVATE_PERSON,
        items: [
          { description: 'Használt kerékpár', qty: '1', unit: 'db', netUnitPrice: '45000', vatId: '12' },
          { description: 'Kártérítés', qty: '1', unit: 'db', netUnitPrice: '10000', vatId: '13' },
          { description: 'Külföldi munka', qty: '3', unit: 'nap', netUnitPrice: '20000', vatId: '14' },
        ],
      }),
    );
    expect(b.lines[0].lineAmountsNormal.lineVatRate).toEqual({ marginSchemeIndicator: 'SECOND_HAND' });
    expect(b.lines[1].lineAmountsNormal.lineVatRate.vatOutOfScope.case).toBe('ATK');
    expect(b.lines[2].lineAmountsNormal.lineVatRate.vatOutOfScope.case).toBe('HO');

    // OSS: German VAT charged by the seller is not Hungarian VAT; reported as EUE at the net value.
    const oss = invoice({
      client: client('NO_TAX_NUMBER', { billing_address: address({ city: 'Berlin', postcode: '10115', country: 'DE', street_name: 'Unter den Linden 1' }) }),
      currency: 'EUR',
      exchangeRate: '400',
      items: [
        { description: 'E-book', qty: '1', unit: 'db', netUnitPrice: '10', vatId: vatCodeForCountry('DE')!.id },
        { description: 'Könyv', qty: '1', unit: 'db', netUnitPrice: '20', vatId: '2' },
      ],
    });
    expect(oss.items[0]!.vat_amount).toBe('1.900');
    const xml = buildInvoiceDataXml(oss);
    expect((await validateNavXml('data', xml)).ok).toBe(true);
    expect(checkInvoiceData(xml)).toEqual([]);
    const line = parseInvoiceData(xml).invoiceMain.invoice.invoiceLines.line[0].lineAmountsNormal;
    expect(line.lineVatRate.vatOutOfScope.case).toBe('EUE');
    eq(line.lineVatData.lineVatAmount, '0');
    eq(line.lineGrossAmountData.lineGrossAmountNormal, '10');
    expect(navReportRequired(oss)).toBe(true); // a Hungarian line is on it
    expect(navReportRequired({ ...oss, items: [oss.items[0]!] })).toBe(false); // OSS only: not reported
  });

  test('units, descriptions and appearance: OWN units, no unit, line breaks, electronic invoices', async () => {
    const b = await build(
      invoice({
        electronic: 1,
        paymentMethodId: 12,
        items: [
          { description: 'Kenőmájas', qty: '40', unit: 'dkg', netUnitPrice: '35', vatId: '1' },
          { description: 'Átalánydíj\nmárciusra\t(2025)\u0007', qty: '1', unit: '', netUnitPrice: '25000', vatId: '1' },
          { description: 'Szállítás', qty: '120', unit: 'km', netUnitPrice: '350', vatId: '1' },
          { description: 'Karbantartás', qty: '2', unit: 'hó', netUnitPrice: '18000', vatId: '1' },
        ],
      }),
    );
    expect(b.head.invoiceDetail.invoiceAppearance).toBe('ELECTRONIC');
    expect(b.head.invoiceDetail.paymentMethod).toBe('VOUCHER');
    expect(b.lines[0]).toMatchObject({ unitOfMeasure: 'OWN', unitOfMeasureOwn: 'dkg', lineExpressionIndicator: 'true' });
    expect(b.lines[1].lineExpressionIndicator).toBe('false');
    expect(b.lines[1].quantity).toBeUndefined();
    expect(b.lines[1].lineDescription).toBe('Átalánydíj márciusra (2025)');
    expect(b.lines[2].unitOfMeasure).toBe('KILOMETER');
    expect(b.lines[3]).toMatchObject({ unitOfMeasure: 'MONTH', lineNatureIndicator: 'SERVICE' });
  });

  test('payment methods map onto NAV’s five', () => {
    const expected: Record<number, string> = {
      1: 'CASH', 2: 'TRANSFER', 4: 'CASH', 5: 'CARD', 6: 'CARD', 7: 'OTHER', 8: 'OTHER', 9: 'OTHER', 10: 'CARD', 11: 'VOUCHER', 12: 'VOUCHER',
    };
    for (const [id, nav] of Object.entries(expected)) {
      const xml = buildInvoiceDataXml(invoice({ paymentMethodId: Number(id), items: [{ qty: '1', netUnitPrice: '100', vatId: '1' }] }));
      expect(parseInvoiceData(xml).invoiceMain.invoice.invoiceHead.invoiceDetail.paymentMethod, `method ${id}`).toBe(nav);
    }
  });

  test('unsplit addresses become simpleAddress; prefixed numbers are reported as printed', async () => {
    const b = await build(
      invoice({
        prefix: 'WEB',
        client: client('HAS_TAX_NUMBER', { billing_address: address({ street_name: 'Fő utca 12. 3/4', city: 'Győr', postcode: '9021' }) }),
        items: [{ qty: '1', netUnitPrice: '100', vatId: '1' }],
      }),
    );
    expect(b.doc.invoiceNumber).toMatch(/^WEB \/ 2025-\d{6}$/);
    expect(b.head.customerInfo.customerAddress.simpleAddress).toEqual({
      countryCode: 'HU',
      postalCode: '9021',
      city: 'Győr',
      additionalAddressDetail: 'Fő utca 12. 3/4',
    });
  });

  test('what cannot be reported is refused before it is queued', () => {
    const ok = invoice({ items: [{ qty: '1', netUnitPrice: '100', vatId: '1' }] });
    expect(() => buildInvoiceDataXml({ ...ok, seller: { ...ok.seller, taxcode: '' } })).toThrow(NavDataError);
    expect(() => buildInvoiceDataXml({ ...ok, invoice_no: null, prefixed_invoice_no: null })).toThrow(/no number/);
    expect(() => buildInvoiceDataXml({ ...ok, currency: 'EUR', exchange_rate: '0' })).toThrow(/exchange rate/);
    expect(navReportRequired({ ...ok, type: 1 })).toBe(false); // proforma
    expect(navReportRequired({ ...ok, type: 0 })).toBe(false); // draft
    expect(navReportRequired(ok)).toBe(true);
  });
});

test.describe('InvoiceData for a cancelling invoice', () => {
  test('STORNO of the original: reference, new chain lines, negative amounts mirroring the original', async () => {
    const original = invoice({
      currency: 'EUR',
      exchangeRate: '392.4567',
      items: [
        { description: 'A', qty: '3', unit: 'db', netUnitPrice: '0.13', vatId: '1' },
        { description: 'B', qty: '7', unit: 'óra', netUnitPrice: '0.29', vatId: '1' },
        { description: 'C', qty: '2', unit: 'db', netUnitPrice: '100', vatId: '8' },
      ],
    });
    const cancel = cancelling(original);
    expect(navOperation(cancel)).toBe('STORNO');
    expect(navOperation(original)).toBe('CREATE');

    const o = await build(original);
    const c = await build(cancel, { original });
    const reference = c.doc.invoiceMain.invoice.invoiceReference;
    expect(reference).toEqual({
      originalInvoiceNumber: original.prefixed_invoice_no,
      modifyWithoutMaster: 'false',
      modificationIndex: '1',
    });
    expect(c.lines.map((l) => [l.lineNumber, l.lineModificationReference])).toEqual([
      ['1', { lineNumberReference: '4', lineOperation: 'CREATE' }],
      ['2', { lineNumberReference: '5', lineOperation: 'CREATE' }],
      ['3', { lineNumberReference: '6', lineOperation: 'CREATE' }],
    ]);
    expect(c.lines[0].quantity).toBe('-3');
    expect(c.lines[0].unitPrice).toBe('0.13');
    // every figure of the STORNO is the original's, negated — HUF amounts included
    const figures = (b: Built) => [
      ...b.lines.flatMap((l) => [
        l.lineAmountsNormal.lineNetAmountData.lineNetAmountHUF,
        l.lineAmountsNormal.lineVatData.lineVatAmountHUF,
        l.lineAmountsNormal.lineGrossAmountData.lineGrossAmountNormalHUF,
      ]),
      b.summary.invoiceNetAmount,
      b.summary.invoiceNetAmountHUF,
      b.summary.invoiceVatAmountHUF,
      b.gross.invoiceGrossAmountHUF,
    ];
    expect(figures(c).map((v) => new Big(v).toFixed())).toEqual(figures(o).map((v) => new Big(v).times(-1).toFixed()));

    // Without the original at hand, the connected number and the mirrored line count serve.
    const standalone = parseInvoiceData(buildInvoiceDataXml(cancel));
    expect(standalone.invoiceMain.invoice.invoiceReference.originalInvoiceNumber).toBe(original.invoice_no);
    expect(standalone.invoiceMain.invoice.invoiceLines.line[2].lineModificationReference.lineNumberReference).toBe('6');
  });

  test('prepareNavReport freezes operation, number and the base64 data', () => {
    const original = invoice({ items: [{ qty: '1', netUnitPrice: '100', vatId: '1' }] });
    const prepared = prepareNavReport(cancelling(original), { original });
    expect(prepared.operation).toBe('STORNO');
    const xml = Buffer.from(prepared.invoiceDataBase64, 'base64').toString('utf8');
    expect(xml).toContain('<originalInvoiceNumber>');
    expect(invoiceDataBase64(xml)).toBe(prepared.invoiceDataBase64);
    // deterministic: the same invoice gives the same bytes
    expect(prepareNavReport(original)).toEqual(prepareNavReport(original));
  });
});
