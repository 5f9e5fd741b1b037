// An issued Folio invoice → NAV Online Számla 3.0 <InvoiceData> (the XML an invoice is reported as).
// Pure: the same invoice always gives the same bytes, so a queued report can be rebuilt and compared.
//
// Decisions (docs/nav.md has the reasoning):
// - A cancelling invoice is reported as the STORNO of its original: invoiceReference to the original, each line a
//   new line of the invoice chain (lineModificationReference, lineOperation CREATE) with negative amounts.
// - A modifying invoice is a MODIFY of its original: a line naming `modifies_line` changes that chain line by its
//   difference (lineOperation MODIFY), any other line is a new line of the chain, numbered after every line the
//   chain had before this document (the caller counts them: chainLineCount). NAV 3.0 has no element for the
//   modification's reason; it is printed on the invoice only.
// - Advance invoices mark every line advanceIndicator; a final invoice's deduction lines also name the advance
//   (advancePaymentData), its other lines carry no advanceData (the element is optional; absent = not an advance).
// - The payable-total rounding (round_to) is not a line and not in any total: it is a settlement difference, not
//   part of the VAT base, so invoiceGrossAmount is the sum of the lines (gross_total), not `total`.
// - HUF figures: see huf.ts (the printed VAT in HUF per VAT code is the target, lines share it exactly).
import { objectToXml } from '../xml/object-xml';
import { INVOICE_TYPE } from '../../shared/invoice-codes';
import { Big, currencyDecimals } from '../../shared/money';
import type { InvoiceAttributes, InvoiceItem } from '../../shared/resources';
import { vatStatusOf } from '../../shared/seller';
import { navAddress } from './address';
import { customerInfoXml } from './customer';
import { NavDataError } from './errors';
import * as fmt from './format';
import { allocate, wholeForints } from './huf';
import { navPaymentMethod } from './payment-method';
import { bankAccountNumber, communityVatNumber, parseHungarianTaxNumber } from './tax-number';
import { natureFromUnit, navUnit } from './units';
import { chargesVat, navVatRate, vatRateKey, vatRateXml, type NavVatRate } from './vat-rate';

export const NS_DATA = 'http://schemas.nav.gov.hu/OSA/3.0/data';
export const NS_BASE = 'http://schemas.nav.gov.hu/OSA/3.0/base';
export const NS_COMMON = 'http://schemas.nav.gov.hu/NTCA/1.0/common';

export type NavInvoiceOperation = 'CREATE' | 'MODIFY' | 'STORNO';
export type LineNature = 'PRODUCT' | 'SERVICE' | 'OTHER';

export interface InvoiceDataOptions {
  /** The Folio invoice a cancelling or modifying invoice refers to: its number (and, for a STORNO without
   *  chainLineCount, its line count) anchor the references. Absent for an original the previous program issued. */
  original?: InvoiceAttributes;
  /** This document's place in the original's chain; default: the invoice's own modification_index, else 1. */
  modificationIndex?: number;
  /**
   * How many lines the chain had before this document (the original's and the new lines of every member with a
   * lower modification index): new lines are numbered after them. Required for a modifying invoice; a STORNO
   * defaults to the original's line count.
   */
  chainLineCount?: number;
  /** True when NAV does not hold the original (an old invoice of the previous program that was never reported). */
  modifyWithoutMaster?: boolean;
  /** PRODUCT or SERVICE per item when the caller knows it (e.g. the product's is_service); else inferred. */
  lineNature?: (item: InvoiceItem, index: number) => LineNature | undefined;
}

/** NAV operation for an invoice: a cancelling invoice (sztornó) is the STORNO of its original, a modifying invoice
 *  (módosító számla) a MODIFY of it; every other invoice (advance and final ones too) is a CREATE. */
export function navOperation(
  invoice: Pick<InvoiceAttributes, 'is_cancel_invoice'> & Partial<Pick<InvoiceAttributes, 'document_kind'>>,
): NavInvoiceOperation {
  if (invoice.is_cancel_invoice) return 'STORNO';
  return invoice.document_kind === 'modifying' ? 'MODIFY' : 'CREATE';
}

/**
 * Whether the invoice has to be reported. Drafts and proformas (díjbekérő) are not invoices. An invoice whose every
 * line is taxed in another member state under OSS is exempt from reporting (Áfa tv. 10. melléklet 1.).
 */
export function navReportRequired(invoice: InvoiceAttributes): boolean {
  if (invoice.type !== INVOICE_TYPE.invoice) return false;
  return !invoice.items.every((item) => {
    try {
      const r = navVatRate(item, 1);
      return r.kind === 'vatOutOfScope' && r.case === 'EUE';
    } catch {
      return false;
    }
  });
}

export function invoiceNumber(invoice: Pick<InvoiceAttributes, 'prefixed_invoice_no' | 'invoice_no'>): string {
  const number = fmt.text(invoice.prefixed_invoice_no ?? invoice.invoice_no, 50);
  if (!number) throw new NavDataError('The invoice has no number (drafts are not reported)', 'invoice_no');
  return number;
}

function big(value: string | null | undefined): Big {
  return new Big(value && value.trim() ? value : '0');
}

interface LineFigures {
  index: number;
  item: InvoiceItem;
  vatRate: NavVatRate;
  net: Big;
  vat: Big;
  gross: Big;
  netHuf: Big;
  vatHuf: Big;
}

/** Line amounts in the invoice currency, and in HUF shared out per Folio VAT code (see huf.ts). */
function lineFigures(invoice: InvoiceAttributes, rateToHuf: Big): LineFigures[] {
  const lines: LineFigures[] = invoice.items.map((item, index) => {
    const vatRate = navVatRate(item, index + 1);
    const net = big(item.net_amount);
    // A non-percentage marking carries no Hungarian VAT. For OSS lines the foreign VAT the invoice shows is not
    // Hungarian VAT either; the line is reported at its net value (docs/nav.md).
    const vat = chargesVat(vatRate) ? big(item.vat_amount) : new Big(0);
    return { index, item, vatRate, net, vat, gross: net.plus(vat), netHuf: new Big(0), vatHuf: new Big(0) };
  });

  const byCode = new Map<string, LineFigures[]>();
  for (const line of lines) {
    const group = byCode.get(line.item.vat_id) ?? [];
    group.push(line);
    byCode.set(line.item.vat_id, group);
  }
  for (const [vatId, group] of byCode) {
    const printed = invoice.vat_summary.find((row) => row.vat_id === vatId);
    const exactNet = group.map((l) => l.net.times(rateToHuf));
    const netTarget = wholeForints(
      (printed ? big(printed.net) : group.reduce((acc, l) => acc.plus(l.net), new Big(0))).times(rateToHuf),
    );
    allocate(exactNet, netTarget).forEach((v, k) => (group[k]!.netHuf = v));

    const exactVat = group.map((l) => l.vat.times(rateToHuf));
    const charges = group.every((l) => chargesVat(l.vatRate));
    const vatTarget =
      charges && printed?.vat_huf
        ? wholeForints(big(printed.vat_huf))
        : wholeForints(exactVat.reduce((acc, v) => acc.plus(v), new Big(0)));
    allocate(exactVat, vatTarget).forEach((v, k) => (group[k]!.vatHuf = v));
  }
  return lines;
}

/** Quantity and unit price as the invoice shows them; the sign of the quantity follows the line's net amount. */
function quantityAndPrice(item: InvoiceItem, net: Big): { qty: Big; price: Big } {
  let qty = big(item.qty);
  let price = big(item.net_unit_price);
  // NAV checks quantity × unit price ≈ net. A cancelling line negates the quantity; should a line arrive with the
  // price negated as well (or only the amounts), turn it into that form so the product keeps the net's sign.
  if (!net.eq(0) && qty.times(price).cmp(0) !== net.cmp(0)) {
    qty = qty.abs().times(net.cmp(0));
    price = price.abs();
  }
  return { qty, price };
}

function inferNature(item: InvoiceItem, vatRate: NavVatRate, unit: ReturnType<typeof navUnit>): LineNature {
  if (vatRate.kind === 'vatExemption' && vatRate.case === 'KBAET') return 'PRODUCT'; // intra-EU supply of goods
  if (vatRate.kind === 'vatOutOfScope' && (vatRate.case === 'EUFAD37' || vatRate.case === 'EUFADE')) return 'SERVICE';
  return natureFromUnit(unit.unitOfMeasure) ?? 'OTHER';
}

function lineXml(
  line: LineFigures,
  invoice: InvoiceAttributes,
  decimals: number,
  rateToHuf: Big,
  opts: InvoiceDataOptions,
  chainLine: ChainLine | undefined,
  advance: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const { item, vatRate } = line;
  const unitText = fmt.text(item.unit, 50);
  const unit = unitText ? navUnit(unitText) : undefined;
  const { qty, price } = quantityAndPrice(item, line.net);
  const nature = opts.lineNature?.(item, line.index) ?? (unit ? inferNature(item, vatRate, unit) : 'OTHER');
  return {
    lineNumber: String(line.index + 1),
    lineModificationReference: chainLine
      ? { lineNumberReference: String(chainLine.number), lineOperation: chainLine.operation }
      : undefined,
    advanceData: advance,
    // Without a unit the quantity is not expressed in a natural unit; NAV then wants none of quantity, unit and
    // unit price (MISSING_LINE_DATA_QUANTITY: all three or none).
    lineExpressionIndicator: unit ? 'true' : 'false',
    lineNatureIndicator: nature,
    lineDescription: fmt.text(item.description, 512),
    quantity: unit ? fmt.quantity(qty) : undefined,
    unitOfMeasure: unit?.unitOfMeasure,
    unitOfMeasureOwn: unit?.own,
    unitPrice: unit ? fmt.quantity(price) : undefined,
    unitPriceHUF: unit ? fmt.monetary(price.times(rateToHuf), 2) : undefined,
    lineAmountsNormal: {
      lineNetAmountData: {
        lineNetAmount: fmt.monetary(line.net, decimals),
        lineNetAmountHUF: fmt.monetary(line.netHuf, 0),
      },
      lineVatRate: vatRateXml(vatRate),
      lineVatData: {
        lineVatAmount: fmt.monetary(line.vat, decimals),
        lineVatAmountHUF: fmt.monetary(line.vatHuf, 0),
      },
      lineGrossAmountData: {
        lineGrossAmountNormal: fmt.monetary(line.gross, decimals),
        lineGrossAmountNormalHUF: fmt.monetary(line.netHuf.plus(line.vatHuf), 0),
      },
    },
  };
}

function summaryXml(lines: LineFigures[], decimals: number): Record<string, unknown> {
  const groups = new Map<string, { vatRate: NavVatRate; net: Big; vat: Big; netHuf: Big; vatHuf: Big }>();
  for (const l of lines) {
    const key = vatRateKey(l.vatRate);
    const g = groups.get(key) ?? { vatRate: l.vatRate, net: new Big(0), vat: new Big(0), netHuf: new Big(0), vatHuf: new Big(0) };
    g.net = g.net.plus(l.net);
    g.vat = g.vat.plus(l.vat);
    g.netHuf = g.netHuf.plus(l.netHuf);
    g.vatHuf = g.vatHuf.plus(l.vatHuf);
    groups.set(key, g);
  }
  const sum = (pick: (l: LineFigures) => Big) => lines.reduce((acc, l) => acc.plus(pick(l)), new Big(0));
  const net = sum((l) => l.net);
  const vat = sum((l) => l.vat);
  const netHuf = sum((l) => l.netHuf);
  const vatHuf = sum((l) => l.vatHuf);
  return {
    summaryNormal: {
      summaryByVatRate: [...groups.values()].map((g) => ({
        vatRate: vatRateXml(g.vatRate),
        vatRateNetData: {
          vatRateNetAmount: fmt.monetary(g.net, decimals),
          vatRateNetAmountHUF: fmt.monetary(g.netHuf, 0),
        },
        vatRateVatData: {
          vatRateVatAmount: fmt.monetary(g.vat, decimals),
          vatRateVatAmountHUF: fmt.monetary(g.vatHuf, 0),
        },
        vatRateGrossData: {
          vatRateGrossAmount: fmt.monetary(g.net.plus(g.vat), decimals),
          vatRateGrossAmountHUF: fmt.monetary(g.netHuf.plus(g.vatHuf), 0),
        },
      })),
      invoiceNetAmount: fmt.monetary(net, decimals),
      invoiceNetAmountHUF: fmt.monetary(netHuf, 0),
      invoiceVatAmount: fmt.monetary(vat, decimals),
      invoiceVatAmountHUF: fmt.monetary(vatHuf, 0),
    },
    summaryGrossData: {
      invoiceGrossAmount: fmt.monetary(net.plus(vat), decimals),
      invoiceGrossAmountHUF: fmt.monetary(netHuf.plus(vatHuf), 0),
    },
  };
}

function supplierInfoXml(invoice: InvoiceAttributes): Record<string, unknown> {
  const seller = invoice.seller;
  const taxNumber = parseHungarianTaxNumber(seller?.taxcode);
  if (!taxNumber?.vatCode || !taxNumber.countyCode) {
    throw new NavDataError('The seller needs a Hungarian tax number (12345678-1-42) to report to NAV', 'seller.taxcode');
  }
  const name = fmt.text(seller.name, 512);
  if (!name) throw new NavDataError('The seller has no name', 'seller.name');
  const address = navAddress(seller.address);
  if (!address) throw new NavDataError('The seller address needs a postcode, a city and a street', 'seller.address');
  const community = communityVatNumber(seller.eu_taxcode);
  return {
    supplierTaxNumber: {
      'base:taxpayerId': taxNumber.taxpayerId,
      'base:vatCode': taxNumber.vatCode,
      'base:countyCode': taxNumber.countyCode,
    },
    // The seller's community number must be HU + its taxpayer id (INCORRECT_HEAD_DATA_SUPPLIER_COMMUNITY_VAT_NUMBER).
    communityVatNumber: community === `HU${taxNumber.taxpayerId}` ? community : undefined,
    supplierName: name,
    supplierAddress: address,
    supplierBankAccountNumber: bankAccountNumber(seller.bank_account_no, seller.bank_iban),
  };
}

function exchangeRateToHuf(invoice: InvoiceAttributes): Big {
  if (invoice.currency === 'HUF') return new Big(1);
  const value = big(invoice.exchange_rate);
  if (value.lte(0)) throw new NavDataError(`No exchange rate for ${invoice.currency}`, 'exchange_rate');
  return value;
}

function invoiceDetailXml(invoice: InvoiceAttributes, rateToHuf: Big): Record<string, unknown> {
  const deliveryDate = fmt.date(invoice.fulfillment_date) ?? fmt.date(invoice.date);
  const periodStart = fmt.date(invoice.period_start);
  const periodEnd = fmt.date(invoice.period_end);
  const period = periodStart && periodEnd && periodStart <= periodEnd;
  return {
    invoiceCategory: 'NORMAL',
    invoiceDeliveryDate: deliveryDate,
    invoiceDeliveryPeriodStart: period ? periodStart : undefined,
    invoiceDeliveryPeriodEnd: period ? periodEnd : undefined,
    currencyCode: invoice.currency,
    exchangeRate: fmt.exchangeRate(rateToHuf),
    paymentMethod: navPaymentMethod(invoice.payment_method?.id),
    paymentDate: fmt.date(invoice.due_date),
    // The invoice says "pénzforgalmi elszámolás" (shared/reference/legal-notes.ts); the report must mark it too (Áfa tv. 169. § h).
    cashAccountingIndicator: vatStatusOf(invoice.seller) === 'cash_accounting' ? 'true' : undefined,
    invoiceAppearance: invoice.electronic_invoice ? 'ELECTRONIC' : 'PAPER',
  };
}

function invoiceReferenceXml(
  invoice: InvoiceAttributes,
  operation: NavInvoiceOperation,
  opts: InvoiceDataOptions,
): { xml: Record<string, unknown>; base: number } {
  const originalNumber = opts.original
    ? invoiceNumber(opts.original)
    : (fmt.text(invoice.original?.invoice_no, 50) ?? fmt.text(invoice.connected_invoice_no, 50));
  if (!originalNumber) {
    throw new NavDataError('A cancelling or modifying invoice needs the number of the invoice it refers to', 'connected_invoice_no');
  }
  let base = opts.chainLineCount;
  if (base === undefined) {
    // A modification's new lines continue the whole chain, which only the database knows: no guessing here.
    if (operation === 'MODIFY') throw new NavDataError('The line count of the invoice chain is not known', 'items');
    // A cancelling invoice mirrors its original line by line, so without the original its own count is the same.
    base = opts.original?.items.length ?? invoice.items.length;
  }
  return {
    base,
    xml: {
      originalInvoiceNumber: originalNumber,
      modifyWithoutMaster: opts.modifyWithoutMaster ? 'true' : 'false',
      modificationIndex: String(opts.modificationIndex ?? invoice.modification_index ?? 1),
    },
  };
}

interface ChainLine {
  number: number;
  operation: 'CREATE' | 'MODIFY';
}

/**
 * Each line's place in the chain: a difference to a chain line refers to it (MODIFY); a new line takes the next
 * number after the `base` lines the chain had, counting new lines only, in order.
 */
function chainLines(items: InvoiceItem[], base: number): ChainLine[] {
  let added = 0;
  return items.map((item) =>
    item.modifies_line != null ? { number: item.modifies_line, operation: 'MODIFY' } : { number: base + ++added, operation: 'CREATE' },
  );
}

/**
 * advanceData of each line: every line of an advance invoice (and of the modifications and storno of one) is an
 * advance; a final invoice's deduction line names the advance it deducts, when it was paid and at what rate.
 */
function advanceDataOf(invoice: InvoiceAttributes, opts: InvoiceDataOptions): Array<Record<string, unknown> | undefined> {
  const advanceInvoice = invoice.is_advance === 1 || opts.original?.is_advance === 1;
  const deductions = new Map((invoice.advance_deductions ?? []).map((d) => [d.advance_uid, d]));
  return invoice.items.map((item, i) => {
    if (item.advance_invoice_uid != null) {
      const d = deductions.get(item.advance_invoice_uid);
      if (!d) throw new NavDataError(`Line ${i + 1} deducts an advance the invoice does not list`, `items.${i}.advance_invoice_uid`);
      // NAV needs a day: an advance deducted before it was received (the user was told, issue 36) reports the day its
      // own invoice states as the advance's receipt, its fulfillment date
      const paid = fmt.date(d.payment_date) ?? fmt.date(d.fulfillment_date) ?? fmt.date(d.date);
      const number = fmt.text(d.prefixed_invoice_no, 50);
      if (!paid || !number) throw new NavDataError(`The advance deducted on line ${i + 1} has no number or payment date`, `items.${i}.advance_invoice_uid`);
      const rate = big(d.exchange_rate);
      return {
        advanceIndicator: 'true',
        advancePaymentData: {
          advanceOriginalInvoice: number,
          advancePaymentDate: paid,
          // the advance's own rate: its VAT was charged in HUF at that rate (Áfa tv. 80. §)
          advanceExchangeRate: fmt.exchangeRate(rate.gt(0) ? rate : new Big(1)),
        },
      };
    }
    return advanceInvoice ? { advanceIndicator: 'true' } : undefined;
  });
}

/** The <InvoiceData> document of an issued invoice (normal, advance, final, modifying, cancelling) as UTF-8 XML. */
export function buildInvoiceDataXml(invoice: InvoiceAttributes, opts: InvoiceDataOptions = {}): string {
  const number = invoiceNumber(invoice);
  const issueDate = fmt.date(invoice.date);
  if (!issueDate) throw new NavDataError('The invoice has no issue date', 'date');
  if (invoice.items.length === 0) throw new NavDataError('The invoice has no lines', 'items');
  const currency = /^[A-Z]{3}$/.test(invoice.currency) ? invoice.currency : undefined;
  if (!currency) throw new NavDataError(`Invalid currency ${invoice.currency}`, 'currency');

  const decimals = Math.min(currencyDecimals(currency), 2);
  const rateToHuf = exchangeRateToHuf(invoice);
  const operation = navOperation(invoice);
  const reference = operation === 'CREATE' ? undefined : invoiceReferenceXml(invoice, operation, opts);
  const lines = lineFigures(invoice, rateToHuf);
  const inChain = reference ? chainLines(invoice.items, reference.base) : undefined;
  const advances = advanceDataOf(invoice, opts);

  const doc = {
    InvoiceData: {
      '@xmlns': NS_DATA,
      '@xmlns:common': NS_COMMON,
      '@xmlns:base': NS_BASE,
      invoiceNumber: number,
      invoiceIssueDate: issueDate,
      // The report is not the invoice itself (the PDF is), so no electronicInvoiceHash is due.
      completenessIndicator: 'false',
      invoiceMain: {
        invoice: {
          invoiceReference: reference?.xml,
          invoiceHead: {
            supplierInfo: supplierInfoXml(invoice),
            customerInfo: customerInfoXml(invoice.client),
            invoiceDetail: invoiceDetailXml(invoice, rateToHuf),
          },
          invoiceLines: {
            mergedItemIndicator: 'false',
            line: lines.map((l) => lineXml(l, invoice, decimals, rateToHuf, opts, inChain?.[l.index], advances[l.index])),
          },
          invoiceSummary: summaryXml(lines, decimals),
        },
      },
    },
  };
  return objectToXml(doc);
}

/** invoiceData travels base64-encoded (xs:base64Binary) inside ManageInvoiceRequest. */
export function invoiceDataBase64(xml: string): string {
  return Buffer.from(xml, 'utf8').toString('base64');
}

export interface PreparedNavReport {
  operation: NavInvoiceOperation;
  invoiceNumber: string;
  invoiceDataBase64: string;
}

/** What a report queue row stores at issue time: built once, sent byte for byte however often it is retried. */
export function prepareNavReport(invoice: InvoiceAttributes, opts: InvoiceDataOptions = {}): PreparedNavReport {
  return {
    operation: navOperation(invoice),
    invoiceNumber: invoiceNumber(invoice),
    invoiceDataBase64: invoiceDataBase64(buildInvoiceDataXml(invoice, opts)),
  };
}
