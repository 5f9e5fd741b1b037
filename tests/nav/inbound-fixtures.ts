// Supplier invoices as suppliers report them to NAV, written here from NAV's published layout of <InvoiceData>
// (invoiceData.xsd 3.0 and its samples Belfoldi-termekertekesites.xml, Modositas-es-ervenytelenites-1.xml: the same
// elements in the same order) — not by Folio's own writer (electron/nav/invoice-data.ts), so a misreading on
// Folio's side cannot agree with itself. The buyer is the business of the tests (12345676-2-41). Amounts are exact:
// line net × rate rounded per line, the summary the sum of the lines; HUF amounts at the invoice's rate.
import Big from 'big.js';

export const BUYER_TAXPAYER = '12345676';

export interface Supplier {
  taxpayerId: string;
  vatCode: string;
  countyCode: string;
  name: string;
  bankAccount?: string;
}

/** A VAT marking: a percentage ("0.27"), or a case of exemption / outside the scope, reverse charge. */
export type Marking = { pct: string } | { exempt: string; reason: string } | { outOfScope: string; reason: string } | { reverseCharge: true };

export interface FixtureLine {
  description: string;
  quantity: string;
  unit: 'PIECE' | 'HOUR' | 'KILOGRAM' | 'LITER';
  unitPrice: string;
  marking: Marking;
}

export interface SupplierInvoice {
  number: string;
  supplier: Supplier;
  issueDate: string;
  deliveryDate: string;
  paymentMethod: 'TRANSFER' | 'CASH' | 'CARD' | 'VOUCHER' | 'OTHER';
  paymentDate?: string;
  currency?: string;
  exchangeRate?: string;
  lines: FixtureLine[];
  /** a modification or storno: the original's number and this document's index in its chain */
  reference?: { original: string; index: number; withoutMaster?: boolean; firstLine: number };
}

/** A taxpayer id with its check digit (9, 7, 3, 1, 9, 7, 3 weights) from 7 digits. */
export function taxpayerId(seven: number): string {
  const digits = String(seven).padStart(7, '0').split('').map(Number);
  const sum = [9, 7, 3, 1, 9, 7, 3].reduce((acc, w, i) => acc + w * digits[i]!, 0);
  return `${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const money = (b: Big, currency: string) => b.toFixed(currency === 'HUF' ? 0 : 2);
const huf = (b: Big) => b.round(0, 1).toFixed(0);

function vatRateXml(m: Marking): string {
  if ('pct' in m) return `<vatPercentage>${m.pct}</vatPercentage>`;
  if ('exempt' in m) return `<vatExemption><case>${m.exempt}</case><reason>${esc(m.reason)}</reason></vatExemption>`;
  if ('outOfScope' in m) return `<vatOutOfScope><case>${m.outOfScope}</case><reason>${esc(m.reason)}</reason></vatOutOfScope>`;
  return '<vatDomesticReverseCharge>true</vatDomesticReverseCharge>';
}

const markingKey = (m: Marking) => JSON.stringify(m);

export interface FixtureTotals {
  net: Big;
  vat: Big;
  gross: Big;
  netHuf: Big;
  vatHuf: Big;
  /** per marking key: net and VAT in the invoice's currency and in forints */
  parts: Map<string, { marking: Marking; net: Big; vat: Big; netHuf: Big; vatHuf: Big }>;
}

export function totalsOf(inv: SupplierInvoice): FixtureTotals {
  const currency = inv.currency ?? 'HUF';
  const rate = new Big(inv.exchangeRate ?? '1');
  const dp = currency === 'HUF' ? 0 : 2;
  const parts = new Map<string, { marking: Marking; net: Big; vat: Big; netHuf: Big; vatHuf: Big }>();
  for (const l of inv.lines) {
    const net = new Big(l.quantity).times(l.unitPrice).round(dp, 1);
    const vat = 'pct' in l.marking ? net.times(l.marking.pct).round(dp, 1) : new Big(0);
    const key = markingKey(l.marking);
    const p = parts.get(key) ?? { marking: l.marking, net: new Big(0), vat: new Big(0), netHuf: new Big(0), vatHuf: new Big(0) };
    p.net = p.net.plus(net);
    p.vat = p.vat.plus(vat);
    parts.set(key, p);
  }
  let net = new Big(0);
  let vat = new Big(0);
  let netHuf = new Big(0);
  let vatHuf = new Big(0);
  for (const p of parts.values()) {
    p.netHuf = p.net.times(rate).round(0, 1);
    p.vatHuf = p.vat.times(rate).round(0, 1);
    net = net.plus(p.net);
    vat = vat.plus(p.vat);
    netHuf = netHuf.plus(p.netHuf);
    vatHuf = vatHuf.plus(p.vatHuf);
  }
  return { net, vat, gross: net.plus(vat), netHuf, vatHuf, parts };
}

export function invoiceDataXml(inv: SupplierInvoice): string {
  const currency = inv.currency ?? 'HUF';
  const rate = new Big(inv.exchangeRate ?? '1');
  const dp = currency === 'HUF' ? 0 : 2;
  const s = inv.supplier;
  const totals = totalsOf(inv);
  const lines = inv.lines
    .map((l, i) => {
      const net = new Big(l.quantity).times(l.unitPrice).round(dp, 1);
      const vat = 'pct' in l.marking ? net.times(l.marking.pct).round(dp, 1) : null;
      const gross = net.plus(vat ?? 0);
      const ref = inv.reference ? `<lineModificationReference><lineNumberReference>${inv.reference.firstLine + i}</lineNumberReference><lineOperation>CREATE</lineOperation></lineModificationReference>` : '';
      return `<line><lineNumber>${i + 1}</lineNumber>${ref}<lineExpressionIndicator>true</lineExpressionIndicator><lineNatureIndicator>${l.unit === 'HOUR' ? 'SERVICE' : 'PRODUCT'}</lineNatureIndicator><lineDescription>${esc(l.description)}</lineDescription><quantity>${l.quantity}</quantity><unitOfMeasure>${l.unit}</unitOfMeasure><unitPrice>${l.unitPrice}</unitPrice><unitPriceHUF>${new Big(l.unitPrice).times(rate).toFixed(2)}</unitPriceHUF><lineAmountsNormal><lineNetAmountData><lineNetAmount>${money(net, currency)}</lineNetAmount><lineNetAmountHUF>${huf(net.times(rate))}</lineNetAmountHUF></lineNetAmountData><lineVatRate>${vatRateXml(l.marking)}</lineVatRate>${vat ? `<lineVatData><lineVatAmount>${money(vat, currency)}</lineVatAmount><lineVatAmountHUF>${huf(vat.times(rate))}</lineVatAmountHUF></lineVatData>` : ''}<lineGrossAmountData><lineGrossAmountNormal>${money(gross, currency)}</lineGrossAmountNormal><lineGrossAmountNormalHUF>${huf(gross.times(rate))}</lineGrossAmountNormalHUF></lineGrossAmountData></lineAmountsNormal></line>`;
    })
    .join('');
  const summary = [...totals.parts.values()]
    .map(
      (p) =>
        `<summaryByVatRate><vatRate>${vatRateXml(p.marking)}</vatRate><vatRateNetData><vatRateNetAmount>${money(p.net, currency)}</vatRateNetAmount><vatRateNetAmountHUF>${p.netHuf.toFixed(0)}</vatRateNetAmountHUF></vatRateNetData><vatRateVatData><vatRateVatAmount>${money(p.vat, currency)}</vatRateVatAmount><vatRateVatAmountHUF>${p.vatHuf.toFixed(0)}</vatRateVatAmountHUF></vatRateVatData><vatRateGrossData><vatRateGrossAmount>${money(p.net.plus(p.vat), currency)}</vatRateGrossAmount><vatRateGrossAmountHUF>${p.netHuf.plus(p.vatHuf).toFixed(0)}</vatRateGrossAmountHUF></vatRateGrossData></summaryByVatRate>`,
    )
    .join('');
  const reference = inv.reference
    ? `<invoiceReference><originalInvoiceNumber>${esc(inv.reference.original)}</originalInvoiceNumber><modifyWithoutMaster>${inv.reference.withoutMaster ? 'true' : 'false'}</modifyWithoutMaster><modificationIndex>${inv.reference.index}</modificationIndex></invoiceReference>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<InvoiceData xmlns="http://schemas.nav.gov.hu/OSA/3.0/data" xmlns:common="http://schemas.nav.gov.hu/NTCA/1.0/common" xmlns:base="http://schemas.nav.gov.hu/OSA/3.0/base">
<invoiceNumber>${esc(inv.number)}</invoiceNumber><invoiceIssueDate>${inv.issueDate}</invoiceIssueDate><completenessIndicator>false</completenessIndicator>
<invoiceMain><invoice>${reference}<invoiceHead><supplierInfo><supplierTaxNumber><base:taxpayerId>${s.taxpayerId}</base:taxpayerId><base:vatCode>${s.vatCode}</base:vatCode><base:countyCode>${s.countyCode}</base:countyCode></supplierTaxNumber><supplierName>${esc(s.name)}</supplierName><supplierAddress><base:detailedAddress><base:countryCode>HU</base:countryCode><base:postalCode>1234</base:postalCode><base:city>Budapest</base:city><base:streetName>Hármas</base:streetName><base:publicPlaceCategory>utca</base:publicPlaceCategory><base:number>1</base:number></base:detailedAddress></supplierAddress>${s.bankAccount ? `<supplierBankAccountNumber>${s.bankAccount}</supplierBankAccountNumber>` : ''}</supplierInfo><customerInfo><customerVatStatus>DOMESTIC</customerVatStatus><customerVatData><customerTaxNumber><base:taxpayerId>${BUYER_TAXPAYER}</base:taxpayerId><base:vatCode>2</base:vatCode><base:countyCode>41</base:countyCode></customerTaxNumber></customerVatData><customerName>Folio Teszt Kft.</customerName><customerAddress><base:detailedAddress><base:countryCode>HU</base:countryCode><base:postalCode>1051</base:postalCode><base:city>Budapest</base:city><base:streetName>Nádor</base:streetName><base:publicPlaceCategory>utca</base:publicPlaceCategory><base:number>7</base:number></base:detailedAddress></customerAddress></customerInfo><invoiceDetail><invoiceCategory>NORMAL</invoiceCategory><invoiceDeliveryDate>${inv.deliveryDate}</invoiceDeliveryDate><currencyCode>${currency}</currencyCode><exchangeRate>${inv.exchangeRate ?? '1'}</exchangeRate><paymentMethod>${inv.paymentMethod}</paymentMethod>${inv.paymentDate ? `<paymentDate>${inv.paymentDate}</paymentDate>` : ''}<invoiceAppearance>ELECTRONIC</invoiceAppearance></invoiceDetail></invoiceHead>
<invoiceLines><mergedItemIndicator>false</mergedItemIndicator>${lines}</invoiceLines>
<invoiceSummary><summaryNormal>${summary}<invoiceNetAmount>${money(totals.net, currency)}</invoiceNetAmount><invoiceNetAmountHUF>${totals.netHuf.toFixed(0)}</invoiceNetAmountHUF><invoiceVatAmount>${money(totals.vat, currency)}</invoiceVatAmount><invoiceVatAmountHUF>${totals.vatHuf.toFixed(0)}</invoiceVatAmountHUF></summaryNormal><summaryGrossData><invoiceGrossAmount>${money(totals.gross, currency)}</invoiceGrossAmount><invoiceGrossAmountHUF>${totals.netHuf.plus(totals.vatHuf).toFixed(0)}</invoiceGrossAmountHUF></summaryGrossData></invoiceSummary>
</invoice></invoiceMain></InvoiceData>
`;
}

/** A storno of `original`: every line mirrored (negative quantities), new line numbers after the chain's. */
export function stornoOf(original: SupplierInvoice, number: string, issueDate: string, index: number, firstLine: number): SupplierInvoice {
  return {
    ...original,
    number,
    issueDate,
    deliveryDate: original.deliveryDate,
    lines: original.lines.map((l) => ({ ...l, quantity: new Big(l.quantity).times(-1).toString() })),
    reference: { original: original.number, index, firstLine },
  };
}

/** A modification adding a correction line (a negative quantity reduces the invoice). */
export function modificationOf(original: SupplierInvoice, number: string, issueDate: string, index: number, firstLine: number, line: FixtureLine): SupplierInvoice {
  return { ...original, number, issueDate, lines: [line], reference: { original: original.number, index, firstLine } };
}

export interface YearDocument {
  invoice: SupplierInvoice;
  operation: 'CREATE' | 'MODIFY' | 'STORNO';
  insDate: Date;
  compress: boolean;
}

const SUPPLIER_NAMES = ['Irodaszer Kft.', 'Villamos Energia Zrt.', 'Telekom Nyrt.', 'Könyvelő Bt.', 'Szerviz Kft.', 'Nyomda Kft.', 'Üzemanyag Zrt.', 'Bérleti Kft.', 'Futár Kft.', 'Szoftver Kft.', 'Takarító Bt.', 'Hűtő Kft.'];

/**
 * A year of received invoices: `count` originals from 12 suppliers over the year (27 %, 18 %, 5 %, AAM, mixed),
 * every 9th modified (a discount line), every 13th cancelled by a storno (some after a modification), a few in
 * euros, every 4th compressed by its supplier; each taken in by NAV a few hours to days after its issue (a few
 * reported late, weeks after). Deterministic.
 */
export function yearOfInvoices(count: number, year = 2025): YearDocument[] {
  const suppliers: Supplier[] = SUPPLIER_NAMES.map((name, i) => ({
    taxpayerId: taxpayerId(2000001 + i * 7919),
    vatCode: '2',
    countyCode: String(41 + (i % 3)).padStart(2, '0'),
    name,
    bankAccount: i % 2 ? `HU42117730161111101800000000` : '11773016-11111018-00000000',
  }));
  const docs: YearDocument[] = [];
  const markings: Marking[] = [{ pct: '0.27' }, { pct: '0.27' }, { pct: '0.18' }, { pct: '0.05' }, { exempt: 'AAM', reason: 'Alanyi adómentes' }];
  for (let i = 0; i < count; i++) {
    const day = 1 + Math.floor((i * 360) / count);
    const issue = new Date(Date.UTC(year, 0, day));
    const issueDate = issue.toISOString().slice(0, 10);
    const supplier = suppliers[i % suppliers.length]!;
    const euro = i % 37 === 5;
    const lines: FixtureLine[] = [{ description: `Tétel ${i}`, quantity: String(1 + (i % 4)), unit: 'PIECE', unitPrice: euro ? `${100 + (i % 50)}.25` : String(1000 + ((i * 137) % 90000)), marking: markings[i % markings.length]! }];
    if (i % 6 === 0) lines.push({ description: `Szállítás ${i}`, quantity: '1', unit: 'HOUR', unitPrice: euro ? '20.50' : '3500', marking: { pct: '0.27' } });
    const invoice: SupplierInvoice = {
      number: `${supplier.name.slice(0, 3).toUpperCase()}-${year}/${String(i + 1).padStart(5, '0')}`,
      supplier,
      issueDate,
      deliveryDate: issueDate,
      paymentMethod: i % 5 === 4 ? 'CARD' : 'TRANSFER',
      paymentDate: new Date(issue.getTime() + 15 * 86_400_000).toISOString().slice(0, 10),
      ...(euro ? { currency: 'EUR', exchangeRate: '395.12' } : {}),
      lines,
    };
    const late = i % 29 === 3 && day < 300 ? 40 : 0;
    const insDate = new Date(issue.getTime() + (8 + (i % 30)) * 3_600_000 + late * 86_400_000);
    docs.push({ invoice, operation: 'CREATE', insDate, compress: i % 4 === 1 });
    let chainLines = lines.length;
    // what the chain holds so far: a storno mirrors the original and its modifications
    let held: FixtureLine[] = [...lines];
    let index = 0;
    if (i % 9 === 2) {
      index++;
      const modDate = new Date(issue.getTime() + 20 * 86_400_000);
      const mod = modificationOf(invoice, `${invoice.number}-M${index}`, modDate.toISOString().slice(0, 10), index, chainLines + 1, {
        description: 'Engedmény',
        quantity: '-1',
        unit: 'PIECE',
        unitPrice: euro ? '10.00' : '500',
        marking: lines[0]!.marking,
      });
      chainLines += mod.lines.length;
      held = [...held, ...mod.lines];
      docs.push({ invoice: mod, operation: 'MODIFY', insDate: new Date(modDate.getTime() + 5 * 3_600_000), compress: false });
    }
    if (i % 13 === 4 || (i % 13 === 11 && i % 9 === 2)) {
      index++;
      const stDate = new Date(issue.getTime() + 25 * 86_400_000);
      const storno = stornoOf({ ...invoice, lines: held }, `${invoice.number}-S`, stDate.toISOString().slice(0, 10), index, chainLines + 1);
      docs.push({ invoice: storno, operation: 'STORNO', insDate: new Date(stDate.getTime() + 7 * 3_600_000), compress: i % 2 === 0 });
    }
  }
  return docs;
}
