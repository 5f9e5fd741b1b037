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
  /** every identifier of the supplier the file gave, as given (BT-31 with its spaces taken out) */
  identifiers: {
    vat_id: string;
    tax_registration: string;
    legal_registration: { id: string; scheme: string } | null;
    identifiers: Array<{ id: string; scheme: string }>;
  };
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
  const m = /^HU(\d{8})$/i.exec(compactVatId(invoice.seller.vat_id).replace(/[.-]/g, ''));
  return m ? m[1]! : null;
}

/** A VAT identifier as written with its spaces taken out (`DE 123 456 789` → `DE123456789`): nothing else changes. */
export function compactVatId(v: string | null): string {
  return (v ?? '').replace(/\s+/g, '');
}

/**
 * A Hungarian supplier: its address is in Hungary, or its VAT id is a Hungarian one. Only such a supplier's tax
 * registration (BT-32) is a Hungarian tax number: a German Steuernummer of 11 digits (`04523149435`) can look like
 * one written without its hyphens, and must never be booked as one.
 */
export function isHungarianSupplier(invoice: ReceivedInvoice): boolean {
  const country = (invoice.seller.country ?? '').trim().toUpperCase();
  const vatPrefix = compactVatId(invoice.seller.vat_id).slice(0, 2).toUpperCase();
  return country === 'HU' || vatPrefix === 'HU';
}

/**
 * The tax number Folio books the expense by (`supplier_taxcode`): a Hungarian supplier's full Hungarian tax number
 * (from BT-32, or one this Folio knows for the same taxpayer id: `knownHungarian`), else the VAT id (BT-31) with its
 * spaces, dots and hyphens taken out when it is an EU VAT number; empty otherwise. Every identifier the file gave is
 * kept as given beside it (`identifiersOf`).
 */
function taxcodeOf(invoice: ReceivedInvoice, knownHungarian: string | null): string {
  const registration = invoice.seller.tax_registration ?? '';
  if (isHungarianSupplier(invoice)) {
    if (isHungarianTaxNumber(registration)) {
      const p = splitHungarianTaxNumber(registration)!;
      return `${p.taxpayerId}-${p.vatCode}-${p.countyCode}`;
    }
    if (knownHungarian) return knownHungarian;
  }
  const vatId = compactVatId(invoice.seller.vat_id).replace(/[.-]/g, '').toUpperCase();
  if (vatId && vatId.length <= 30 && isEuVatNumber(vatId)) return vatId;
  return '';
}

/** The supplier's identifiers as the file gave them, for the expense's columns of migration 0048. */
export function identifiersOf(invoice: ReceivedInvoice): ImportedExpense['identifiers'] {
  const s = invoice.seller;
  return {
    vat_id: compactVatId(s.vat_id).slice(0, 100),
    tax_registration: (s.tax_registration ?? '').slice(0, 100),
    legal_registration: s.legal_registration ? { id: s.legal_registration.id.slice(0, 100), scheme: s.legal_registration.scheme.slice(0, 20) } : null,
    identifiers: s.identifiers.slice(0, 10).map((i) => ({ id: i.id.slice(0, 100), scheme: i.scheme.slice(0, 20) })),
  };
}

/**
 * Who the supplier is, for recognising the same invoice again: the tax number booked by (a Hungarian supplier by its
 * taxpayer id), else the VAT id, else its national registration under its country, else its name.
 */
function keyOf(invoice: ReceivedInvoice, taxcode: string): string {
  const vatId = compactVatId(invoice.seller.vat_id);
  const registration = (invoice.seller.tax_registration ?? '').replace(/\s+/g, '');
  const national = registration ? `${(invoice.seller.country ?? '').toUpperCase()}:FC:${registration}` : '';
  return supplierKey(taxcode || vatId || national, invoice.seller.name);
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
    supplier_key: keyOf(invoice, taxcode),
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
    identifiers: identifiersOf(invoice),
  };
  return result;
}
