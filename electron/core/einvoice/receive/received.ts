// A supplier's e-invoice as Folio reads it: the business terms of EN 16931 an expense needs (BT numbers beside
// each field), in the same shape for UBL and CII. Amounts are the file's decimal strings, unrounded.

import type { EinvoiceSyntax } from '../rules';

export type { EinvoiceSyntax };

export interface ReceivedVatBreakdown {
  /** BT-118: S, Z, E, AE, K, G, O, L, M */
  category: string;
  /** BT-119: the rate in percent ("27", "5.5"); null for categories without one */
  rate: string | null;
  /** BT-116 */
  taxable: string;
  /** BT-117 */
  tax: string;
  /** BT-120 */
  exemption_reason: string | null;
}

export interface ReceivedLine {
  /** BT-126 */
  id: string;
  /** BT-153 */
  name: string;
  /** BT-129 and its unit (BT-130) */
  quantity: string | null;
  unit: string | null;
  /** BT-131 */
  net: string;
  /** BT-151, BT-152 */
  category: string | null;
  rate: string | null;
}

/** An identifier with the scheme the file named it by (ISO 6523 ICD for BT-29 and BT-30; "" when none was given). */
export interface SchemedId {
  id: string;
  scheme: string;
}

/**
 * A party's identifiers, each read from where EN 16931 puts its business term and kept as the file wrote it (only
 * surrounding whitespace trimmed): nothing here is reformatted into any country's pattern.
 */
export interface ReceivedParty {
  /** BT-27 */
  name: string;
  /** BT-31: the VAT identifier, with its country prefix (CII: tax registration scheme VA; UBL: PartyTaxScheme VAT) */
  vat_id: string | null;
  /** BT-32: the national tax registration (CII: scheme FC; UBL: the PartyTaxScheme that is not VAT) */
  tax_registration: string | null;
  /** BT-30: the legal registration (company register number) and its scheme */
  legal_registration: SchemedId | null;
  /** BT-29: the seller identifiers (CII: ID and GlobalID; UBL: PartyIdentification) */
  identifiers: SchemedId[];
  /** BT-40 */
  country: string | null;
}

export interface ReceivedInvoice {
  syntax: EinvoiceSyntax;
  /** BT-3 */
  type_code: string;
  /** a credit note: a UBL CreditNote or type code 381 (and its kin) */
  credit_note: boolean;
  /** BT-1 */
  number: string;
  /** BT-2, BT-9, BT-72 (else the end of the invoicing period, BT-74) as YYYY-MM-DD */
  issue_date: string | null;
  due_date: string | null;
  delivery_date: string | null;
  /** BT-5, BT-6 */
  currency: string;
  vat_currency: string | null;
  seller: ReceivedParty;
  /** BT-44 */
  buyer_name: string | null;
  /** BT-84: the first payment account */
  iban: string | null;
  totals: {
    /** BT-106, BT-109, BT-110, BT-112, BT-113, BT-114, BT-115 */
    lines: string | null;
    net: string;
    vat: string;
    gross: string;
    prepaid: string | null;
    rounding: string | null;
    due: string;
  };
  vat_breakdown: ReceivedVatBreakdown[];
  lines: ReceivedLine[];
}

/** Type codes of EN 16931 (UNTDID 1001) that credit: 381 and its kin (81, 83, 261, 262, 296, 308, 396, 420, 458, 532). */
export const CREDIT_TYPE_CODES = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532']);
