// The code lists an EN 16931 invoice speaks, from Folio's own codes: the VAT category (UNCL 5305) and exemption
// reason (VATEX) of a line's VAT code and legal reason, the payment means (UNCL 4461) of a payment method, the unit
// (UN/ECE Rec. 20/21) of a unit text, the VAT identifier of a tax number. docs/einvoice.md has the tables.
import { Big } from '../../../shared/money';
import type { InvoiceItem } from '../../../shared/resources';
import { findEntitlement, type EntitlementDef } from '../../../shared/reference/entitlements';
import { euVatCountry } from '../../../shared/reference/eu-vat-rates';
import { LEGAL_NOTE_TEXTS } from '../../../shared/reference/legal-notes';
import { findVatCode } from '../../../shared/reference/vat-codes';
import { communityVatNumber, parseHungarianTaxNumber } from '../../nav/tax-number';
import { navUnit, type NavUnit } from '../../nav/units';

/** UNCL 5305 as EN 16931 restricts it. */
export type VatCategoryCode = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M';

export interface VatCategory {
  code: VatCategoryCode;
  /** percent (27, 5, 0); null for O, which carries no rate */
  percent: Big | null;
  /** VATEX code (BT-121), where one fits */
  exemptionCode?: string;
  /** BT-120: the legal text Folio prints for the reason */
  exemptionReason?: string;
}

/** Equal keys are one VAT breakdown (BG-23): category, rate and reason. */
export function categoryKey(c: VatCategory): string {
  return `${c.code}|${c.percent?.toFixed() ?? '-'}|${c.exemptionCode ?? ''}|${c.exemptionReason ?? ''}`;
}

// The margin schemes' VATEX codes (EN 16931 category E with the scheme named).
const MARGIN_VATEX: Record<string, string> = {
  TRAVEL_AGENCY: 'VATEX-EU-D',
  SECOND_HAND: 'VATEX-EU-F',
  ARTWORK: 'VATEX-EU-I',
  ANTIQUES: 'VATEX-EU-J',
};

function reasonText(e: EntitlementDef): string {
  return e.text.hu;
}

/**
 * The VAT category of a line. Hungarian codes have no one-to-one counterpart in UNCL 5305: the legal reason
 * (entitlement) decides where the code alone cannot — an "EU" code is an intra-EU supply of goods (K), an
 * "EU service" (FAD, EUFAD37) is the intra-EU service the buyer self-assesses (K as well: UNCL 5305 K covers goods
 * and services), an EAM export is G, a domestic reverse charge (F.AFA) is AE, the margin schemes are E with their
 * VATEX code, out-of-scope codes are O, and OSS lines at another member state's rate are S at that rate.
 */
export function vatCategoryOf(item: Pick<InvoiceItem, 'vat_id' | 'vat_rate' | 'entitlement'>, line: number): VatCategory {
  const code = findVatCode(item.vat_id);
  const rate = new Big(item.vat_rate || code?.value || '0');
  if (!code) {
    if (rate.gt(0)) return { code: 'S', percent: rate.times(100) };
    throw new Error(`line ${line}: unknown VAT code ${item.vat_id}`);
  }
  switch (code.treatment) {
    case 'rate':
      return rate.gt(0) ? { code: 'S', percent: rate.times(100) } : { code: 'Z', percent: new Big(0) };
    case 'foreign_rate':
      return { code: 'S', percent: rate.times(100) };
    case 'reverse_charge':
      return { code: 'AE', percent: new Big(0), exemptionCode: 'VATEX-EU-AE', exemptionReason: LEGAL_NOTE_TEXTS.DOMESTIC_REVERSE_CHARGE.hu };
    case 'exempt':
    case 'out_of_scope':
    case 'margin': {
      const entitlement = findEntitlement(item.entitlement) ?? findEntitlement(code.defaultEntitlement);
      if (!entitlement) throw new Error(`line ${line}: VAT code ${code.description} has no legal reason`);
      return categoryOfReason(entitlement);
    }
  }
}

function categoryOfReason(e: EntitlementDef): VatCategory {
  const zero = new Big(0);
  const reason = reasonText(e);
  switch (e.nav.case) {
    case 'KBAET': // intra-EU supply of goods to a taxable person (Áfa tv. 89. §)
    case 'KBAUK':
    case 'EUFAD37': // a service to an EU taxable person, taxed where the buyer is (Áfa tv. 37. §)
      return { code: 'K', percent: zero, exemptionCode: 'VATEX-EU-IC', exemptionReason: reason };
    case 'EAM': // export of goods (Áfa tv. 98. §)
      return { code: 'G', percent: zero, exemptionCode: 'VATEX-EU-G', exemptionReason: reason };
    case 'EUFADE': // another intra-EU supply the buyer self-assesses
      return { code: 'AE', percent: zero, exemptionCode: 'VATEX-EU-AE', exemptionReason: reason };
    case 'ATK':
    case 'HO':
    case 'EUE':
      return { code: 'O', percent: null, exemptionCode: 'VATEX-EU-O', exemptionReason: reason };
    case 'TRAVEL_AGENCY':
    case 'SECOND_HAND':
    case 'ARTWORK':
    case 'ANTIQUES':
      return { code: 'E', percent: zero, exemptionCode: MARGIN_VATEX[e.nav.case], exemptionReason: reason };
    default:
      // AAM (subjective exemption of a small business), TAM and NAM: exempt, the Hungarian legal text as the reason
      return { code: 'E', percent: zero, exemptionReason: reason };
  }
}

/**
 * UNCL 4461 payment means of a Folio payment method. A credit transfer names the account paid to (BR-61): without
 * one on the invoice (a seller with no bank account) the means is "not defined" (1), its words still "Átutalás".
 */
export function paymentMeansCode(methodId: number | undefined, hasIban: boolean, hasAccount: boolean): string {
  switch (methodId) {
    case 1: // cash
    case 4: // cash on delivery
      return '10';
    case 2: // wire transfer: SEPA credit transfer when paid to an IBAN, a credit transfer otherwise
      return hasIban ? '58' : hasAccount ? '30' : '1';
    case 5: // bank card
    case 6: // SZÉP card
    case 10: // health insurance fund card
      return '48';
    case 7: // PayPal
      return '68';
    case 8: // postal cheque
      return '20';
    case 9: // compensation (set-off)
      return '97';
    default: // coupon, voucher, anything else
      return '1';
  }
}

const REC20: Record<NavUnit, string> = {
  PIECE: 'H87',
  KILOGRAM: 'KGM',
  TON: 'TNE',
  KWH: 'KWH',
  DAY: 'DAY',
  HOUR: 'HUR',
  MINUTE: 'MIN',
  MONTH: 'MON',
  LITER: 'LTR',
  KILOMETER: 'KMT',
  CUBIC_METER: 'MTQ',
  METER: 'MTR',
  LINEAR_METER: 'LM',
  CARTON: 'XCT',
  PACK: 'XPK',
};

/** The Rec. 20/21 unit of Folio's unit text; "C62" (one) for a unit no list has, or none. */
export function unitCode(unit: string): string {
  const text = unit.trim();
  if (!text) return 'C62';
  const known = navUnit(text).unitOfMeasure;
  return known === 'OWN' ? 'C62' : REC20[known];
}

/** The first 8 digits of a Hungarian tax number, as a VAT identifier: "12345676-2-41" → "HU12345676". */
export function hungarianVatId(taxcode: string | null | undefined): string | undefined {
  const parsed = parseHungarianTaxNumber(taxcode);
  return parsed ? `HU${parsed.taxpayerId}` : undefined;
}

/** A community VAT number ("DE123456789") of an EU member state, else undefined. */
export function euVatId(value: string | null | undefined): string | undefined {
  const id = communityVatNumber(value);
  return id && euVatCountry(id.slice(0, 2)) ? id : undefined;
}
