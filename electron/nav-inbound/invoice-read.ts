// A received invoice's data (NAV's <InvoiceData>, invoiceData.xsd 3.0) read into what an expense needs: the
// supplier, the numbers and dates, payment method, currency and rate, the totals and the split per VAT marking (in
// the invoice's currency and in forints), the lines, and the chain reference of a modification or storno. Only the
// normal summary carries net and VAT apart; a simplified invoice (summarySimplified) gives gross amounts per VAT
// content, and its net and VAT are derived from them as the invoice itself does. Pure.
import { XMLParser } from 'fast-xml-parser';
import { Big, parseDecimal, roundTo, toMilli, type Milli } from '../../shared/money';

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ['line', 'summaryByVatRate', 'summarySimplified'].includes(name),
});

type Node = Record<string, any>;

export class NavInvoiceReadError extends Error {}

/** One VAT marking of the invoice, in the same form as an e-invoice's breakdown (expense_vat_rates). */
export interface NavVatPart {
  /** EN 16931's category for the marking: S (a rate), Z (0 %), E (exempt, margin), AE (reverse charge), O (outside the scope) */
  category: string;
  /** the percentage for S and Z ("27"), else null */
  rate: string | null;
  /** the case and reason of an exemption or of being outside the scope, the margin scheme's kind */
  exemption_reason: string | null;
  net: Milli;
  vat: Milli;
  net_huf: Milli;
  vat_huf: Milli;
}

export interface NavLine {
  number: number;
  description: string;
  quantity: string | null;
  unit: string | null;
  unit_price: string | null;
  net: string | null;
  vat_rate: string | null;
  gross: string | null;
}

export interface NavReceivedInvoice {
  invoiceNumber: string;
  issueDate: string;
  supplier: { taxpayerId: string; taxNumber: string; name: string; bankAccount: string | null };
  customerTaxpayerId: string | null;
  deliveryDate: string | null;
  paymentDate: string | null;
  paymentMethod: string | null;
  currency: string;
  exchangeRate: string;
  reference: { originalInvoiceNumber: string; modifyWithoutMaster: boolean; modificationIndex: number | null } | null;
  net: Milli;
  vat: Milli;
  gross: Milli;
  net_huf: Milli;
  vat_huf: Milli;
  parts: NavVatPart[];
  lines: NavLine[];
}

const text = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));
const amount = (v: unknown): Milli => (v === undefined || v === null || v === '' ? 0 : toMilli(roundTo(parseDecimal(String(v), 6), 3)));

/** A NAV VAT marking (vatRate / lineVatRate) as a category, rate and reason. */
function marking(rate: Node | undefined): Pick<NavVatPart, 'category' | 'rate' | 'exemption_reason'> {
  const r = rate ?? {};
  if (r.vatPercentage !== undefined) {
    const pct = parseDecimal(String(r.vatPercentage), 6).times(100);
    return { category: pct.eq(0) ? 'Z' : 'S', rate: pct.toString(), exemption_reason: null };
  }
  if (r.vatContent !== undefined) {
    // simplified invoice: the VAT content of the gross (e.g. 0.2126 for 27 %): rate = content / (1 − content)
    const content = parseDecimal(String(r.vatContent), 6);
    const pct = content.eq(0) ? new Big(0) : roundTo(content.div(new Big(1).minus(content)).times(100), 0);
    return { category: pct.eq(0) ? 'Z' : 'S', rate: pct.toString(), exemption_reason: null };
  }
  if (r.vatExemption) return { category: 'E', rate: null, exemption_reason: `${r.vatExemption.case}: ${r.vatExemption.reason}` };
  if (r.vatOutOfScope) return { category: 'O', rate: null, exemption_reason: `${r.vatOutOfScope.case}: ${r.vatOutOfScope.reason}` };
  if (r.vatDomesticReverseCharge !== undefined) return { category: 'AE', rate: null, exemption_reason: null };
  if (r.marginSchemeIndicator) return { category: 'E', rate: null, exemption_reason: `K.AFA: ${r.marginSchemeIndicator}` };
  if (r.vatAmountMismatch) return { category: 'S', rate: String(parseDecimal(String(r.vatAmountMismatch.vatRate), 6).times(100)), exemption_reason: null };
  if (r.noVatCharge !== undefined) return { category: 'O', rate: null, exemption_reason: 'noVatCharge' };
  return { category: 'O', rate: null, exemption_reason: null };
}

function taxNumberOf(n: Node | undefined): { taxpayerId: string; taxNumber: string } {
  const id = String(n?.taxpayerId ?? '');
  const full = n?.vatCode && n?.countyCode ? `${id}-${n.vatCode}-${n.countyCode}` : id;
  return { taxpayerId: id, taxNumber: full };
}

function lineOf(l: Node): NavLine {
  const normal = l.lineAmountsNormal as Node | undefined;
  const simplified = l.lineAmountsSimplified as Node | undefined;
  const rate = marking(normal?.lineVatRate ?? simplified?.lineVatRate);
  return {
    number: Number(l.lineNumber),
    description: text(l.lineDescription) ?? '',
    quantity: text(l.quantity),
    unit: text(l.unitOfMeasureOwn) ?? text(l.unitOfMeasure),
    unit_price: text(l.unitPrice),
    net: text(normal?.lineNetAmountData?.lineNetAmount),
    vat_rate: rate.rate !== null ? `${rate.rate}%` : rate.exemption_reason ?? rate.category,
    gross: text(normal?.lineGrossAmountData?.lineGrossAmountNormal ?? simplified?.lineGrossAmountSimplified),
  };
}

export function readNavInvoice(xml: string): NavReceivedInvoice {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (error) {
    throw new NavInvoiceReadError(`the invoice data is not XML: ${(error as Error).message}`);
  }
  const data = doc.InvoiceData as Node | undefined;
  const invoice = data?.invoiceMain?.invoice as Node | undefined;
  if (!data || !invoice) throw new NavInvoiceReadError('the invoice data has no InvoiceData/invoiceMain/invoice (a batch invoice is not read)');
  const head = invoice.invoiceHead as Node;
  const supplier = head.supplierInfo as Node;
  const detail = head.invoiceDetail as Node;
  const summary = invoice.invoiceSummary as Node;
  const currency = String(detail.currencyCode ?? 'HUF');
  const exchangeRate = String(detail.exchangeRate ?? '1');

  const parts: NavVatPart[] = [];
  let net = 0;
  let vat = 0;
  let netHuf = 0;
  let vatHuf = 0;
  if (summary.summaryNormal) {
    const n = summary.summaryNormal as Node;
    for (const s of (n.summaryByVatRate ?? []) as Node[]) {
      parts.push({
        ...marking(s.vatRate),
        net: amount(s.vatRateNetData?.vatRateNetAmount),
        vat: amount(s.vatRateVatData?.vatRateVatAmount),
        net_huf: amount(s.vatRateNetData?.vatRateNetAmountHUF),
        vat_huf: amount(s.vatRateVatData?.vatRateVatAmountHUF),
      });
    }
    net = amount(n.invoiceNetAmount);
    vat = amount(n.invoiceVatAmount);
    netHuf = amount(n.invoiceNetAmountHUF);
    vatHuf = amount(n.invoiceVatAmountHUF);
  } else {
    // simplified invoice: only gross amounts per VAT content; VAT = gross × content, rounded as the currency is
    const rate = new Big(exchangeRate);
    for (const s of (summary.summarySimplified ?? []) as Node[]) {
      const m = marking(s.vatRate);
      const gross = parseDecimal(String(s.vatContentGrossAmount ?? '0'), 6);
      const content = s.vatRate?.vatContent !== undefined ? parseDecimal(String(s.vatRate.vatContent), 6) : new Big(0);
      const v = roundTo(gross.times(content), currency === 'HUF' ? 0 : 2);
      const part = { ...m, net: toMilli(gross.minus(v)), vat: toMilli(v), net_huf: toMilli(roundTo(gross.minus(v).times(rate), 0)), vat_huf: toMilli(roundTo(v.times(rate), 0)) };
      parts.push(part);
      net += part.net;
      vat += part.vat;
      netHuf += part.net_huf;
      vatHuf += part.vat_huf;
    }
  }
  const grossData = summary.summaryGrossData as Node | undefined;
  const gross = grossData?.invoiceGrossAmount !== undefined ? amount(grossData.invoiceGrossAmount) : net + vat;

  const reference = invoice.invoiceReference as Node | undefined;
  const customerTax = head.customerInfo?.customerVatData?.customerTaxNumber as Node | undefined;
  return {
    invoiceNumber: String(data.invoiceNumber),
    issueDate: String(data.invoiceIssueDate),
    supplier: { ...taxNumberOf(supplier.supplierTaxNumber), name: String(supplier.supplierName ?? ''), bankAccount: text(supplier.supplierBankAccountNumber) },
    customerTaxpayerId: customerTax ? String(customerTax.taxpayerId) : null,
    deliveryDate: text(detail.invoiceDeliveryDate) ?? text(detail.invoiceDeliveryPeriodEnd),
    paymentDate: text(detail.paymentDate),
    paymentMethod: text(detail.paymentMethod),
    currency,
    exchangeRate,
    reference: reference
      ? {
          originalInvoiceNumber: String(reference.originalInvoiceNumber),
          modifyWithoutMaster: String(reference.modifyWithoutMaster) === 'true',
          modificationIndex: reference.modificationIndex !== undefined ? Number(reference.modificationIndex) : null,
        }
      : null,
    net,
    vat,
    gross,
    net_huf: netHuf,
    vat_huf: vatHuf,
    parts,
    lines: ((invoice.invoiceLines?.line ?? []) as Node[]).map(lineOf),
  };
}
