// A supplier's e-invoice (as read by core/einvoice/receive) turned into the expense Folio records: the supplier's
// name and tax number (a Hungarian supplier's full tax number where the file or this Folio knows it), the supplier's
// number and dates, the totals signed as an expense is (a credit note negative), the VAT code when the invoice has
// one rate, and the breakdown per rate either way. Pure: the service looks up what needs the database first.
import { parseDecimal, toMilli, type Milli } from '../../../shared/money';
import { findVatCode, VAT_CODES } from '../../../shared/reference/vat-codes';
import { isEuVatNumber, isHungarianTaxNumber, splitHungarianTaxNumber } from '../../../shared/tax-numbers';
import type { ReceivedInvoice, ReceivedVatBreakdown } from '../einvoice/receive/received';

export const DEFAULT_EXPENSE_CATEGORY = '16'; // Egyéb költség: the user may choose another on the confirmation

export interface ImportedExpense {
  kind: 'invoice' | 'credit_note';
  name: string;
  categories_id: string;
  invoice_no: string;
  supplier_name: string;
  supplier_taxcode: string;
  supplier_iban: string;
  /** who the supplier is for recognising the same invoice again (tax number, else name) */
  supplier_key: string;
  invoice_date: string | null;
  fulfillment_date: string | null;
  due_date: string | null;
  currency: string;
  vat_id: string | null;
  net: Milli;
  vat: Milli;
  gross: Milli;
  due: Milli;
  paid: boolean;
  breakdown: Array<{ category: string; rate: string | null; net: Milli; vat: Milli; exemption_reason: string | null }>;
}

const milli = (v: string | null) => (v === null ? 0 : toMilli(parseDecimal(v)));

/** The same supplier however its tax number is written: a Hungarian one by its 8-digit taxpayer id. */
export function supplierKey(taxcode: string, name: string): string {
  const hungarian = splitHungarianTaxNumber(taxcode);
  if (hungarian) return `HU${hungarian.taxpayerId}`;
  const clean = taxcode.replace(/[\s.-]/g, '').toUpperCase();
  return clean || `name:${name.trim().toLowerCase()}`;
}

/** The 8-digit taxpayer id of a Hungarian supplier named only by its VAT id (HU12345676), else null. */
export function hungarianTaxpayerId(invoice: ReceivedInvoice): string | null {
  const m = /^HU(\d{8})$/i.exec((invoice.seller.vat_id ?? '').replace(/[\s.-]/g, ''));
  return m ? m[1]! : null;
}

/**
 * The tax number kept with the expense: the supplier's full Hungarian tax number (from BT-32, or one this Folio
 * knows for the same taxpayer id: `knownHungarian`), else its VAT id; empty when it gives neither in a form Folio
 * accepts.
 */
function taxcodeOf(invoice: ReceivedInvoice, knownHungarian: string | null): string {
  const registration = invoice.seller.tax_registration ?? '';
  if (isHungarianTaxNumber(registration)) {
    const p = splitHungarianTaxNumber(registration)!;
    return `${p.taxpayerId}-${p.vatCode}-${p.countyCode}`;
  }
  if (knownHungarian) return knownHungarian;
  const vatId = (invoice.seller.vat_id ?? '').replace(/[\s.-]/g, '').toUpperCase();
  if (vatId && vatId.length <= 30 && isEuVatNumber(vatId)) return vatId;
  if (registration && isEuVatNumber(registration)) return registration.replace(/[\s.-]/g, '').toUpperCase();
  return '';
}

/** Folio's VAT code for an invoice of one VAT category and rate, as a Hungarian bookkeeper would record it. */
export function vatCodeOf(b: ReceivedVatBreakdown, sellerCountry: string | null): string | null {
  const rate = b.rate === null ? null : parseDecimal(b.rate).div(100);
  switch (b.category) {
    case 'S': {
      if (rate === null) return null;
      const hungarian = VAT_CODES.find((c) => c.country === 'HU' && c.treatment === 'rate' && rate.eq(c.value) && c.value !== '0');
      if (hungarian && (sellerCountry === 'HU' || sellerCountry === null)) return hungarian.id;
      const foreign = VAT_CODES.find((c) => c.treatment === 'foreign_rate' && c.country === sellerCountry && rate.eq(c.value));
      return foreign?.id ?? hungarian?.id ?? null;
    }
    case 'Z':
      return '6';
    case 'E':
      return /\bAAM\b|alanyi/i.test(b.exemption_reason ?? '') ? '7' : '8';
    case 'AE':
      // reverse charge: domestic (F.AFA) from a Hungarian supplier, an EU service (FAD) from abroad
      return sellerCountry === 'HU' ? '11' : '15';
    case 'K':
      return '5';
    case 'G':
      return '14';
    case 'O':
      return '13';
    default:
      return null;
  }
}

function nameOf(invoice: ReceivedInvoice): string {
  const named = invoice.lines.filter((l) => l.name);
  const base = named.length ? named[0]!.name + (named.length > 1 ? ' …' : '') : invoice.seller.name || invoice.number;
  return base.slice(0, 255);
}

function ibanOf(v: string | null): string {
  const clean = (v ?? '').replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$/.test(clean) ? clean : '';
}

export function expenseFromEinvoice(
  invoice: ReceivedInvoice,
  choices: { categories_id?: string | undefined; name?: string | undefined; knownHungarian: string | null },
): ImportedExpense {
  const gross = milli(invoice.totals.gross);
  // a credit note's amounts are positive in the file; an expense shows what the supplier gives back as negative
  const sign = invoice.credit_note ? -1 : 1;
  const signed = (m: Milli) => (m === 0 ? 0 : sign * m);
  const taxcode = taxcodeOf(invoice, choices.knownHungarian);
  const breakdown = invoice.vat_breakdown.map((b) => ({
    category: b.category,
    rate: b.rate,
    net: signed(milli(b.taxable)),
    vat: signed(milli(b.tax)),
    exemption_reason: b.exemption_reason,
  }));
  const codes = new Set(invoice.vat_breakdown.map((b) => vatCodeOf(b, invoice.seller.country)));
  const vatId = codes.size === 1 ? [...codes][0]! : null;
  const due = milli(invoice.totals.due);
  const result: ImportedExpense = {
    kind: signed(gross) < 0 ? 'credit_note' : 'invoice',
    name: (choices.name?.trim() || nameOf(invoice)).slice(0, 255),
    categories_id: choices.categories_id ?? DEFAULT_EXPENSE_CATEGORY,
    invoice_no: invoice.number.slice(0, 100),
    supplier_name: invoice.seller.name.slice(0, 255),
    supplier_taxcode: taxcode,
    supplier_iban: ibanOf(invoice.iban),
    supplier_key: supplierKey(invoice.seller.vat_id ?? invoice.seller.tax_registration ?? '', invoice.seller.name),
    invoice_date: invoice.issue_date,
    fulfillment_date: invoice.delivery_date,
    due_date: invoice.due_date,
    currency: invoice.currency,
    vat_id: vatId && findVatCode(vatId) ? vatId : null,
    net: signed(milli(invoice.totals.net)),
    vat: signed(milli(invoice.totals.vat)),
    gross: signed(gross),
    due: signed(due),
    // nothing left to pay (a final invoice after advances, a card payment) is paid
    paid: due === 0 && gross !== 0,
    breakdown,
  };
  return result;
}
