// An issued Folio invoice as the EN 16931 semantic model: the business terms (BT-n) both syntaxes write. Pure: built
// from the invoice resource (what the PDF prints and NAV receives) and the client's e-invoice fields, so the same
// invoice always gives the same model. docs/einvoice.md maps every term to its Folio field.
//
// Decisions:
// - A cancelling invoice (sztornó) is a credit note (381) of the original: every amount and quantity changes sign,
//   so the credit note states positive amounts as EN 16931 expects; BT-25 names the original.
// - A modifying invoice is a corrected invoice (384) naming the original (BT-25); its lines are the differences,
//   with their signs (a reduction is a negative line, as on the Hungarian document).
// - An advance invoice is a prepayment invoice (386).
// - A final invoice states the whole supply — its lines without the deduction lines — and the advances' gross as the
//   paid amount (BT-113); each advance is a preceding invoice reference. The VAT breakdown is then the whole
//   supply's: EN 16931 has no negative "advance" line kind, and the advances' VAT is on the advance invoices.
// - `round_to` (the payable total rounded to 1/5/10 units) is the rounding amount (BT-114), outside the VAT base.
// - Amounts are Folio's own stored ones, never recomputed: a line's VAT is Folio's per-line VAT, a breakdown's tax
//   the sum of its lines'. The model then checks the BR-CO sums against the invoice's stored totals (a mismatch is
//   a bug, never written).
import { Big, hufMilli, toMilli } from '../../../shared/money';
import type { Address, InvoiceAttributes, InvoiceItem } from '../../../shared/resources';
import { findPaymentMethod, printedPaymentMethodName } from '../../../shared/reference/payment-methods';
import { LEGAL_NOTE_TEXTS } from '../../../shared/reference/legal-notes';
import { vatStatusOf } from '../../../shared/seller';
import { countryCode } from '../../nav/country';
import { parseHungarianTaxNumber } from '../../nav/tax-number';
import { categoryKey, euVatId, hungarianVatId, paymentMeansCode, unitCode, vatCategoryOf, type VatCategory } from './codes';

export type EinvoiceTypeCode = '380' | '381' | '384' | '386';

export interface EinvoiceAddress {
  street?: string;
  additional?: string;
  city?: string;
  postcode?: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
}

export interface EinvoiceParty {
  name: string;
  /** BT-29 (seller only): the Hungarian tax number identifies the seller, VAT-registered or not (BR-CO-26) */
  id?: string;
  /** BT-31 / BT-48 */
  vatId?: string;
  /** BT-32 (seller only): the full Hungarian tax number */
  taxRegistrationId?: string;
  /** BT-30 / BT-47 */
  legalId?: string;
  address: EinvoiceAddress;
  /** BG-6 / BG-9 */
  contact?: { name?: string; phone?: string; email?: string };
  /** BT-34 / BT-49 with its EAS scheme */
  endpoint?: { scheme: string; id: string };
}

export interface EinvoiceLine {
  id: string;
  name: string;
  note?: string;
  quantity: Big;
  unitCode: string;
  /** BT-146, never negative (BR-27): the sign is the quantity's */
  price: Big;
  /** BT-131 */
  net: Big;
  vat: Big;
  category: VatCategory;
}

export interface EinvoiceBreakdown {
  category: VatCategory;
  taxable: Big;
  tax: Big;
}

export interface EinvoiceModel {
  number: string;
  typeCode: EinvoiceTypeCode;
  /** UBL: a CreditNote document rather than an Invoice */
  creditNote: boolean;
  issueDate: string;
  dueDate?: string;
  /** BT-72: the fulfilment date (teljesítés) */
  deliveryDate: string;
  period?: { start: string; end: string };
  currency: string;
  /** BT-6: HUF when the invoice is in another currency (Hungarian VAT is accounted in forints) */
  taxCurrency?: string;
  notes: string[];
  buyerReference: string;
  preceding: Array<{ number: string; date?: string }>;
  seller: EinvoiceParty;
  buyer: EinvoiceParty;
  /** BT-80: where the goods or services went (the buyer's country), for intra-EU supplies */
  deliverToCountry?: string;
  payment: { meansCode: string; meansText: string; account?: { id: string; name?: string; bic?: string } };
  lines: EinvoiceLine[];
  breakdown: EinvoiceBreakdown[];
  totals: {
    lineNet: Big;
    taxExclusive: Big;
    tax: Big;
    /** BT-111, in taxCurrency */
    taxInTaxCurrency?: Big;
    taxInclusive: Big;
    prepaid: Big;
    rounding: Big;
    payable: Big;
  };
}

/** What the client record adds that the invoice's snapshot does not carry. */
export interface EinvoiceClientFields {
  buyer_reference: string | null;
}

export class EinvoiceModelError extends Error {}

/** An invoice EN 16931 cannot express (not a bug of the mapping): the caller's 422. */
export class EinvoiceUnsupportedError extends Error {
  constructor(message: string, readonly field: string, readonly reason: string) {
    super(message);
  }
}

const big = (v: string | null | undefined): Big => new Big(v && v.trim() ? v : '0');
const sum = (values: Big[]): Big => values.reduce((a, b) => a.plus(b), new Big(0));

export function documentTypeOf(invoice: Pick<InvoiceAttributes, 'document_kind' | 'is_cancel_invoice'>): EinvoiceTypeCode {
  if (invoice.is_cancel_invoice || invoice.document_kind === 'cancelling') return '381';
  if (invoice.document_kind === 'modifying') return '384';
  if (invoice.document_kind === 'advance') return '386';
  return '380';
}

export function buildEinvoiceModel(invoice: InvoiceAttributes, client: EinvoiceClientFields): EinvoiceModel {
  const number = invoice.prefixed_invoice_no ?? invoice.invoice_no;
  if (!number) throw new EinvoiceModelError('only an issued invoice has an e-invoice');
  const typeCode = documentTypeOf(invoice);
  const creditNote = typeCode === '381';
  // a credit note states the reversal in positive amounts
  const sign = creditNote ? -1 : 1;
  const final = invoice.document_kind === 'final';
  const deductions = final ? invoice.items.filter((i) => i.advance_invoice_uid != null) : [];
  const supplied = final ? invoice.items.filter((i) => i.advance_invoice_uid == null) : invoice.items;

  const lines = supplied.map((item, i) => lineOf(item, i + 1, sign));
  const breakdown = breakdownOf(lines);
  const hasO = lines.some((l) => l.category.code === 'O');
  if (hasO && lines.some((l) => l.category.code !== 'O')) {
    // BR-O-11…14: an invoice with a line outside the scope of VAT may have no other category
    throw new EinvoiceUnsupportedError(
      'an invoice with lines outside the scope of VAT (ÁKK, ÁTHK, EUE) and other lines cannot be one EN 16931 e-invoice (BR-O-11)',
      'items',
      'einvoice_mixed_out_of_scope',
    );
  }

  const lineNet = sum(lines.map((l) => l.net));
  const tax = sum(breakdown.map((b) => b.tax));
  const taxInclusive = lineNet.plus(tax);
  const prepaid = sum(deductions.map((d) => big(d.gross_amount))).times(-sign);
  const rounding = big(invoice.rounding).times(sign);
  const payable = taxInclusive.minus(prepaid).plus(rounding);
  const folioTotal = big(invoice.total).times(sign);
  if (!payable.eq(folioTotal)) {
    throw new EinvoiceModelError(`the e-invoice's amount due ${payable.toFixed(2)} differs from the invoice's total ${folioTotal.toFixed(2)}`);
  }

  const taxCurrency = invoice.currency === 'HUF' ? undefined : 'HUF';
  const seller = sellerOf(invoice, hasO);
  const buyer = buyerOf(invoice, hasO);
  const iban = (invoice.seller.bank_iban ?? '').replace(/\s/g, '');
  const account = iban || (invoice.seller.bank_account_no ?? '').trim();
  const method = findPaymentMethod(invoice.payment_method?.id);

  return {
    number,
    typeCode,
    creditNote,
    issueDate: invoice.date,
    ...(invoice.due_date ? { dueDate: invoice.due_date } : {}),
    deliveryDate: invoice.fulfillment_date || invoice.date,
    ...(invoice.period_start && invoice.period_end && invoice.period_start <= invoice.period_end
      ? { period: { start: invoice.period_start, end: invoice.period_end } }
      : {}),
    currency: invoice.currency,
    ...(taxCurrency ? { taxCurrency } : {}),
    notes: notesOf(invoice),
    // Peppol wants a buyer reference or an order reference; without the client's own, the invoice number serves
    buyerReference: client.buyer_reference?.trim() || number,
    preceding: precedingOf(invoice),
    seller,
    buyer,
    ...(buyer.address.country !== seller.address.country ? { deliverToCountry: buyer.address.country } : {}),
    payment: {
      meansCode: paymentMeansCode(invoice.payment_method?.id, iban !== '', account !== ''),
      meansText: method ? printedPaymentMethodName(method, 'hu') : (invoice.payment_method?.name ?? ''),
      ...(account ? { account: { id: account, name: invoice.seller.name, ...(invoice.seller.bank_swift ? { bic: invoice.seller.bank_swift.trim() } : {}) } } : {}),
    },
    lines,
    breakdown,
    totals: {
      lineNet,
      taxExclusive: lineNet,
      tax,
      ...(taxCurrency ? { taxInTaxCurrency: hufVatOf(invoice, final, supplied).times(sign) } : {}),
      taxInclusive,
      prepaid,
      rounding,
      payable,
    },
  };
}

function lineOf(item: InvoiceItem, index: number, sign: number): EinvoiceLine {
  const net = big(item.net_amount).times(sign);
  let quantity = big(item.qty).times(sign);
  const price = big(item.net_unit_price).abs();
  // The quantity carries the line's sign: a discount line (negative price) and a reversed line alike
  if (!net.eq(0) && quantity.times(price).cmp(0) !== net.cmp(0)) quantity = quantity.abs().times(net.cmp(0));
  return {
    id: String(index),
    name: item.description.trim() || '-',
    ...(item.item_comment?.trim() ? { note: item.item_comment.trim() } : {}),
    quantity,
    unitCode: unitCode(item.unit ?? ''),
    price,
    net,
    vat: big(item.vat_amount).times(sign),
    category: vatCategoryOf(item, index),
  };
}

function breakdownOf(lines: EinvoiceLine[]): EinvoiceBreakdown[] {
  const groups = new Map<string, EinvoiceBreakdown>();
  for (const line of lines) {
    const key = categoryKey(line.category);
    const group = groups.get(key) ?? { category: line.category, taxable: new Big(0), tax: new Big(0) };
    group.taxable = group.taxable.plus(line.net);
    // exempt, reverse-charged and outside-scope lines carry no VAT of the seller's (BR-E-09, BR-AE-09...)
    group.tax = group.tax.plus(line.category.code === 'S' ? line.vat : new Big(0));
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** BT-111: the VAT in forints as the invoice prints it (per VAT code at the invoice's rate, whole forints). */
function hufVatOf(invoice: InvoiceAttributes, final: boolean, supplied: InvoiceItem[]): Big {
  if (!final) return sum(invoice.vat_summary.map((r) => big(r.vat_huf)));
  // a final invoice's e-invoice states the whole supply: its VAT codes' VAT before the deductions, in forints
  const byCode = new Map<string, Big>();
  for (const item of supplied) byCode.set(item.vat_id, (byCode.get(item.vat_id) ?? new Big(0)).plus(big(item.vat_amount)));
  return sum([...byCode.values()].map((vat) => new Big(hufMilli(toMilli(vat), invoice.currency, invoice.exchange_rate)).div(1000)));
}

function notesOf(invoice: InvoiceAttributes): string[] {
  const notes: string[] = [];
  if (invoice.modification_reason?.trim()) notes.push(`Módosítás oka: ${invoice.modification_reason.trim()}`);
  if (vatStatusOf(invoice.seller) === 'cash_accounting') notes.push(LEGAL_NOTE_TEXTS.CASH_ACCOUNTING.hu);
  for (const d of invoice.advance_deductions ?? []) {
    notes.push(`Előleg levonva: ${d.prefixed_invoice_no} (${d.date}), nettó ${big(d.net).toFixed(2)}, áfa ${big(d.vat).toFixed(2)}, bruttó ${big(d.gross).toFixed(2)} ${invoice.currency}`);
  }
  if (invoice.currency !== 'HUF') notes.push(`Árfolyam: 1 ${invoice.currency} = ${invoice.exchange_rate} HUF (${invoice.exchange_rate_source})`);
  if (invoice.comment?.trim()) notes.push(invoice.comment.trim());
  return notes;
}

function precedingOf(invoice: InvoiceAttributes): Array<{ number: string; date?: string }> {
  if (invoice.document_kind === 'final') {
    return (invoice.advance_deductions ?? []).map((d) => ({ number: d.prefixed_invoice_no, date: d.date }));
  }
  if (invoice.original) return [{ number: invoice.original.invoice_no, ...(invoice.original.date ? { date: invoice.original.date } : {}) }];
  if (invoice.connected_invoice_no) return [{ number: invoice.connected_invoice_no }];
  return [];
}

function addressOf(a: Address | null | undefined): EinvoiceAddress {
  const street = [a?.street_name, a?.street_type, a?.house_nr].map((s) => s?.trim()).filter(Boolean).join(' ');
  const additional = [
    a?.block?.trim() ? `${a.block.trim()}. épület` : '',
    a?.entrance?.trim() ? `${a.entrance.trim()}. lépcsőház` : '',
    a?.floor?.trim() ? `${a.floor.trim()}. emelet` : '',
    a?.door?.trim() ? `${a.door.trim()}. ajtó` : '',
  ].filter(Boolean).join(', ');
  const country = countryCode(a?.country);
  if (!country) throw new EinvoiceModelError(`the country "${a?.country}" has no ISO code`);
  return {
    ...(street ? { street } : {}),
    ...(additional ? { additional } : {}),
    ...(a?.city?.trim() ? { city: a.city.trim() } : {}),
    ...(a?.postcode?.trim() ? { postcode: a.postcode.trim() } : {}),
    country,
  };
}

function sellerOf(invoice: InvoiceAttributes, hasO: boolean): EinvoiceParty {
  const s = invoice.seller;
  const exempt = vatStatusOf(s) === 'exempt';
  // A subjectively exempt (AAM) seller has a tax number but no VAT number of its own unless it registered one;
  // an invoice outside the scope of VAT (O) may name no VAT identifier at all (BR-O-02).
  const vatId = hasO ? undefined : (euVatId(s.eu_taxcode) ?? (exempt ? undefined : hungarianVatId(s.taxcode)));
  const contact = {
    name: s.name,
    ...(s.phone?.trim() ? { phone: s.phone.trim() } : {}),
    ...(s.email?.trim() ? { email: s.email.trim() } : {}),
  };
  const hu = hungarianVatId(s.taxcode);
  return {
    name: s.name,
    ...(s.taxcode?.trim() ? { id: s.taxcode.trim() } : {}),
    ...(vatId ? { vatId } : {}),
    ...(s.taxcode?.trim() ? { taxRegistrationId: s.taxcode.trim() } : {}),
    address: addressOf(s.address),
    contact,
    // EAS 9910: the Hungarian VAT number, the seller's electronic address (Peppol BIS wants one)
    ...(hu ? { endpoint: { scheme: '9910', id: hu } } : s.email?.trim() ? { endpoint: { scheme: 'EM', id: s.email.trim() } } : {}),
  };
}

function buyerOf(invoice: InvoiceAttributes, hasO: boolean): EinvoiceParty {
  const c = invoice.client;
  const domestic = parseHungarianTaxNumber(c.taxcode)?.vatCode !== undefined && c.tax_type !== 'FOREIGN';
  let vatId: string | undefined;
  if (c.tax_type !== 'NO_TAX_NUMBER' && !hasO) {
    vatId = domestic ? (euVatId(c.eu_taxcode) ?? hungarianVatId(c.taxcode)) : (euVatId(c.eu_taxcode) ?? euVatId(c.taxcode));
  }
  return {
    name: c.name,
    ...(vatId ? { vatId } : {}),
    // the Hungarian invoice names the buyer's full tax number (Áfa tv. 169. § d); EN 16931 has only BT-47 for it
    ...(domestic ? { legalId: c.taxcode.trim() } : {}),
    address: addressOf(c.billing_address),
    ...(c.email?.trim() ? { contact: { email: c.email.trim() }, endpoint: { scheme: 'EM', id: c.email.trim() } } : {}),
  };
}
