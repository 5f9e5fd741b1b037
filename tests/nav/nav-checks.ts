// NAV's business checks on an <InvoiceData>, as far as the published validation codes describe them: the summary
// arithmetic, HUF conversion, VAT markings and buyer data. Stricter than NAV where NAV allows a tolerance between
// sums (Folio's sums must agree exactly); NAV's own 1 % / 1 unit tolerance where a rounded product is compared.
// Used by the matrix tests and by the fake NAV server to decide DONE / DONE with warnings / ABORTED.
import { Big } from '../../shared/money';
import { XMLParser } from 'fast-xml-parser';

export interface CheckMessage {
  severity: 'ERROR' | 'WARN';
  code: string;
  line?: number;
  detail: string;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['line', 'summaryByVatRate'].includes(name),
});

type Node = Record<string, any>;

export function parseInvoiceData(xml: string): Node {
  return (parser.parse(xml) as Node).InvoiceData;
}

const VALID_PERCENTAGES = new Set(['0.05', '0.07', '0.12', '0.18', '0.2', '0.25', '0.27']);

function dec(value: unknown): Big {
  return new Big(value === undefined || value === '' ? '0' : String(value));
}

function within(actual: Big, expected: Big): boolean {
  // NAV: "tolerated difference: 1 % of the value, but at least 1 unit"
  const tolerance = expected.abs().times(0.01);
  const limit = tolerance.gt(1) ? tolerance : new Big(1);
  return actual.minus(expected).abs().lte(limit);
}

function vatKey(rate: Node): string {
  if (rate.vatPercentage !== undefined) return `pct:${dec(rate.vatPercentage).toFixed()}`;
  if (rate.vatExemption) return `ex:${rate.vatExemption.case}`;
  if (rate.vatOutOfScope) return `oos:${rate.vatOutOfScope.case}`;
  if (rate.vatDomesticReverseCharge !== undefined) return 'rc';
  if (rate.marginSchemeIndicator) return `margin:${rate.marginSchemeIndicator}`;
  return 'other';
}

export function checkInvoiceData(xml: string, operation: 'CREATE' | 'MODIFY' | 'STORNO' = 'CREATE'): CheckMessage[] {
  const doc = parseInvoiceData(xml);
  const invoice = doc.invoiceMain.invoice as Node;
  const head = invoice.invoiceHead as Node;
  const lines = (invoice.invoiceLines?.line ?? []) as Node[];
  const summary = invoice.invoiceSummary.summaryNormal as Node;
  const gross = invoice.invoiceSummary.summaryGrossData as Node;
  const rate = dec(head.invoiceDetail.exchangeRate);
  const out: CheckMessage[] = [];
  const warn = (code: string, detail: string, line?: number) => out.push({ severity: 'WARN', code, detail, line });
  const error = (code: string, detail: string, line?: number) => out.push({ severity: 'ERROR', code, detail, line });

  // Buyer data
  const customer = head.customerInfo as Node | undefined;
  if (customer?.customerVatStatus === 'PRIVATE_PERSON') {
    if (customer.customerVatData || customer.customerName || customer.customerAddress) {
      error('CUSTOMER_DATA_NOT_EXPECTED', 'private person with data');
    }
  } else if (customer && (!customer.customerName || !customer.customerAddress)) {
    warn('CUSTOMER_DATA_EXPECTED', 'name or address missing');
  }
  if (customer?.customerVatStatus === 'DOMESTIC' && !customer.customerVatData?.customerTaxNumber) {
    warn('MISSING_CUSTOMER_DOMESTIC_TAXNUMBER', 'domestic buyer without tax number');
  }

  // Lines
  const byKey = new Map<string, { net: Big; vat: Big; netHuf: Big; vatHuf: Big }>();
  let sumNet = new Big(0);
  let sumNetHuf = new Big(0);
  let sumGross = new Big(0);
  lines.forEach((line, i) => {
    const no = Number(line.lineNumber);
    if (no !== i + 1) error('LINE_NUMBER_NOT_SEQUENTIAL', `line ${no} at position ${i + 1}`, no);
    if (operation !== 'CREATE' && !line.lineModificationReference) error('LINE_MODIFICATION_EXPECTED', 'no reference', no);
    if (operation === 'CREATE' && line.lineModificationReference) error('LINE_MODIFICATION_NOT_EXPECTED', 'reference', no);
    if (line.unitOfMeasureOwn !== undefined && line.unitOfMeasure !== 'OWN') warn('INCORRECT_LINE_DATA_UOM', 'own unit', no);
    if (line.unitOfMeasure === 'OWN' && !line.unitOfMeasureOwn) warn('INCORRECT_LINE_DATA_UOM_INCOMPLETE', 'no own unit', no);
    const present = [line.quantity, line.unitOfMeasure, line.unitPrice].filter((v) => v !== undefined).length;
    if (present !== 0 && present !== 3) warn('MISSING_LINE_DATA_QUANTITY', 'quantity, unit, price incomplete', no);

    const amounts = line.lineAmountsNormal as Node;
    const net = dec(amounts.lineNetAmountData.lineNetAmount);
    const netHuf = dec(amounts.lineNetAmountData.lineNetAmountHUF);
    const vat = dec(amounts.lineVatData?.lineVatAmount);
    const vatHuf = dec(amounts.lineVatData?.lineVatAmountHUF);
    const lineGross = dec(amounts.lineGrossAmountData?.lineGrossAmountNormal);
    const lineGrossHuf = dec(amounts.lineGrossAmountData?.lineGrossAmountNormalHUF);
    const vatRate = amounts.lineVatRate as Node;

    if (present === 3 && !within(dec(line.quantity).times(dec(line.unitPrice)), net)) {
      warn('INCORRECT_LINE_CALCULATION_NET_AMOUNT', `${line.quantity} × ${line.unitPrice} ≠ ${net}`, no);
    }
    if (!within(net.times(rate), netHuf)) warn('INCORRECT_LINE_CALCULATION_LINE_NET_AMOUNT_HUF', `${net} × ${rate} ≠ ${netHuf}`, no);
    if (!within(vat.times(rate), vatHuf)) warn('INCORRECT_LINE_CALCULATION_LINE_VAT_AMOUNT_HUF', `${vat} × ${rate} ≠ ${vatHuf}`, no);
    if (!within(lineGross.times(rate), lineGrossHuf)) warn('INCORRECT_LINE_CALCULATION_LINE_GROSS_AMOUNT_NORMAL_HUF', 'gross HUF', no);
    if (!netHuf.plus(vatHuf).eq(lineGrossHuf)) warn('INCORRECT_LINE_CALCULATION_LINE_GROSS_AMOUNT_NORMAL_SUM', 'net+vat HUF ≠ gross HUF', no);
    if (!net.plus(vat).eq(lineGross)) warn('INCORRECT_LINE_CALCULATION_GROSS_AMOUNT', 'net+vat ≠ gross', no);

    if (vatRate.vatPercentage !== undefined) {
      if (!VALID_PERCENTAGES.has(dec(vatRate.vatPercentage).toFixed())) error('INVALID_VAT_DATA', `rate ${vatRate.vatPercentage}`, no);
      if (!within(net.times(dec(vatRate.vatPercentage)), vat)) warn('INCORRECT_LINE_CALCULATION_VAT_AMOUNT', 'net × rate ≠ vat', no);
    } else if (!vat.eq(0)) {
      const code = vatRate.vatExemption
        ? 'INCORRECT_LINE_DATA_VAT_EXEMPTION_NORMAL'
        : vatRate.vatOutOfScope
          ? 'INCORRECT_LINE_DATA_VAT_OUT_OF_SCOPE_NORMAL'
          : vatRate.vatDomesticReverseCharge !== undefined
            ? 'INCORRECT_LINE_DATA_VAT_DOMESTIC_REVERSE_CHARGE_NORMAL'
            : 'INCORRECT_LINE_DATA_MARGIN_SCHEME_INDICATOR_NORMAL';
      warn(code, 'VAT on a line without VAT', no);
    }
    if (vatRate.vatDomesticReverseCharge !== undefined) {
      if (customer?.customerVatStatus !== 'DOMESTIC') warn('INCORRECT_LINE_DATA_VAT_DOMESTIC_REVERSE_CHARGE', 'buyer not domestic', no);
      else if (!customer.customerVatData?.customerTaxNumber) error('DOMESTIC_TAXNUMBER_EXPECTED_REVERSE_CHARGE', 'no tax number', no);
    }

    const key = vatKey(vatRate);
    const g = byKey.get(key) ?? { net: new Big(0), vat: new Big(0), netHuf: new Big(0), vatHuf: new Big(0) };
    byKey.set(key, { net: g.net.plus(net), vat: g.vat.plus(vat), netHuf: g.netHuf.plus(netHuf), vatHuf: g.vatHuf.plus(vatHuf) });
    sumNet = sumNet.plus(net);
    sumNetHuf = sumNetHuf.plus(netHuf);
    sumGross = sumGross.plus(lineGross);
  });

  // Summary by VAT rate
  let rateNet = new Big(0);
  let rateNetHuf = new Big(0);
  let rateVat = new Big(0);
  let rateVatHuf = new Big(0);
  const seen = new Set<string>();
  for (const row of (summary.summaryByVatRate ?? []) as Node[]) {
    const key = vatKey(row.vatRate);
    if (seen.has(key)) warn('INCORRECT_SUMMARY_DATA_VAT_PERCENTAGE', `VAT marking ${key} twice in the summary`);
    seen.add(key);
    const net = dec(row.vatRateNetData.vatRateNetAmount);
    const netHuf = dec(row.vatRateNetData.vatRateNetAmountHUF);
    const vat = dec(row.vatRateVatData.vatRateVatAmount);
    const vatHuf = dec(row.vatRateVatData.vatRateVatAmountHUF);
    const lineSums = byKey.get(key);
    if (!lineSums) {
      warn('INCORRECT_SUMMARY_DATA_VAT_PERCENTAGE', `summary VAT marking ${key} not on any line`);
    } else {
      if (!lineSums.net.eq(net)) warn('INCORRECT_SUMMARY_CALCULATION_VAT_RATE_NET_AMOUNT_LINE', `${key}: lines ${lineSums.net} ≠ ${net}`);
      if (!lineSums.netHuf.eq(netHuf)) warn('INCORRECT_SUMMARY_CALCULATION_VAT_RATE_NET_AMOUNT_HUF_LINE', `${key}: lines ${lineSums.netHuf} ≠ ${netHuf}`);
      if (!lineSums.vat.eq(vat)) warn('INCORRECT_SUMMARY_DATA_VAT_AMOUNT_MISMATCH_NORMAL', `${key}: lines VAT ${lineSums.vat} ≠ ${vat}`);
      if (!lineSums.vatHuf.eq(vatHuf)) warn('INCORRECT_SUMMARY_DATA_INVOICE_VAT_RATE_VAT_AMOUNT_HUF', `${key}: lines VAT HUF ${lineSums.vatHuf} ≠ ${vatHuf}`);
    }
    if (row.vatRate.vatPercentage !== undefined) {
      const pct = dec(row.vatRate.vatPercentage);
      if (!within(net.times(pct), vat)) warn('INCORRECT_SUMMARY_CALCULATION_VAT_RATE_VAT_AMOUNT_SUMMARY', `${key}`);
      if (!within(netHuf.times(pct), vatHuf)) warn('INCORRECT_SUMMARY_CALCULATION_VAT_RATE_VAT_AMOUNT_HUF_SUMMARY', `${key}`);
    } else if (!vat.eq(0) || !vatHuf.eq(0)) {
      warn('INCORRECT_SUMMARY_DATA_VAT_EXEMPTION_NORMAL', `${key}: VAT in a summary without VAT`);
    }
    if (row.vatRateGrossData) {
      if (!net.plus(vat).eq(dec(row.vatRateGrossData.vatRateGrossAmount))) warn('INCORRECT_SUMMARY_CALCULATION_VAT_RATE_GROSS_AMOUNT_LINE', key);
    }
    rateNet = rateNet.plus(net);
    rateNetHuf = rateNetHuf.plus(netHuf);
    rateVat = rateVat.plus(vat);
    rateVatHuf = rateVatHuf.plus(vatHuf);
  }
  for (const key of byKey.keys()) if (!seen.has(key)) warn('INCORRECT_SUMMARY_DATA_VAT_PERCENTAGE', `line VAT marking ${key} missing from the summary`);

  // Invoice totals
  const invNet = dec(summary.invoiceNetAmount);
  const invNetHuf = dec(summary.invoiceNetAmountHUF);
  const invVat = dec(summary.invoiceVatAmount);
  const invVatHuf = dec(summary.invoiceVatAmountHUF);
  if (!sumNet.eq(invNet)) warn('INCORRECT_SUMMARY_CALCULATION_INVOICE_NET_LINE_AMOUNT', `lines ${sumNet} ≠ ${invNet}`);
  if (!sumNetHuf.eq(invNetHuf)) warn('INCORRECT_SUMMARY_CALCULATION_INVOICE_NET_AMOUNT_LINE_HUF', `lines ${sumNetHuf} ≠ ${invNetHuf}`);
  if (!rateNet.eq(invNet)) warn('INCORRECT_SUMMARY_CALCULATION_INVOICE_NET_AMOUNT', `rates ${rateNet} ≠ ${invNet}`);
  if (!rateNetHuf.eq(invNetHuf)) warn('INCORRECT_SUMMARY_CALCULATION_INVOICE_NET_AMOUNT_HUF', `rates ${rateNetHuf} ≠ ${invNetHuf}`);
  if (!rateVat.eq(invVat)) warn('INCORRECT_SUMMARY_CALCULATION_INVOICE_VAT_AMOUNT_SUMMARY', `rates ${rateVat} ≠ ${invVat}`);
  if (!rateVatHuf.eq(invVatHuf)) warn('INCORRECT_SUMMARY_CALCULATION_INVOICE_VAT_AMOUNT_HUF_SUMMARY', `rates ${rateVatHuf} ≠ ${invVatHuf}`);
  if (!within(invNet.times(rate), invNetHuf)) warn('INCORRECT_SUMMARY_DATA_INVOICE_NET_AMOUNT_HUF', 'net × rate');
  if (!within(invVat.times(rate), invVatHuf)) warn('INCORRECT_SUMMARY_DATA_INVOICE_VAT_AMOUNT_HUF', 'vat × rate');
  if (gross) {
    const invGross = dec(gross.invoiceGrossAmount);
    const invGrossHuf = dec(gross.invoiceGrossAmountHUF);
    if (!invNet.plus(invVat).eq(invGross)) warn('INCORRECT_SUMMARY_CALCULATION_INVOICE_GROSS_AMOUNT_SUMMARY', `${invNet} + ${invVat} ≠ ${invGross}`);
    if (!invNetHuf.plus(invVatHuf).eq(invGrossHuf)) warn('INCORRECT_SUMMARY_CALCULATION_INVOICE_GROSS_AMOUNT_HUF_SUMMARY', 'HUF');
    if (!sumGross.eq(invGross)) warn('INCORRECT_SUMMARY_CALCULATION_INVOICE_GROSS_AMOUNT', `lines ${sumGross} ≠ ${invGross}`);
    if (!within(invGross.times(rate), invGrossHuf)) warn('INCORRECT_SUMMARY_DATA_INVOICE_GROSS_AMOUNT_HUF', 'gross × rate');
  }
  if (operation === 'CREATE' && invNet.lt(0)) error('INCORRECT_SUMMARY_DATA_INVOICE_NET_AMOUNT', 'negative net on an original invoice');
  return out;
}
