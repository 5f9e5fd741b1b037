// What checking a Hungarian tax number answers (lookups.checkTaxNumber): the check digit always, and NAV's word on
// the taxpayer (name, addresses) when a NAV technical user is set up and NAV answers. Shared by the core, the NAV
// lookup beside it and the client form that fills a new client from the answer.
import type { NavCheckReason } from './contract/areas/nav';
import { isHungarianTaxNumber } from './tax-numbers';

/** NAV's address kinds: the registered seat, a premises, a branch. */
export type TaxpayerAddressType = 'HQ' | 'SITE' | 'BRANCH';

/** One of the taxpayer's addresses as NAV keeps them (detailedAddress), in Folio's address field names. */
export interface TaxpayerAddress {
  type: TaxpayerAddressType;
  postcode: string;
  city: string;
  street_name: string;
  street_type: string;
  house_nr: string;
  country_code: string;
  region?: string;
  building?: string;
  staircase?: string;
  floor?: string;
  door?: string;
  lot_number?: string;
}

export interface TaxpayerInfo {
  name: string;
  short_name?: string;
  /** the VAT group's taxpayer id when the taxpayer is a member of one */
  vat_group?: string;
  /** ORGANIZATION, SELF_EMPLOYED or TAXABLE_PERSON */
  incorporation?: string;
  /** the full tax number NAV holds (8 digits, VAT code, county code) */
  tax_number?: string;
  /** the seat (HQ) first, then the others in NAV's order */
  addresses: TaxpayerAddress[];
}

export interface TaxNumberCheck {
  /** the number as checked: "12345676-2-41", or the 8-digit taxpayer id when only that was given */
  tax_number: string;
  /** the checksum's verdict, or NAV's when NAV answered */
  valid: boolean;
  checksum_ok: boolean;
  source: 'checksum' | 'nav';
  /** whether a NAV technical user is set up (false: only the checksum could be asked) */
  nav_set_up: boolean;
  /** what was found, in English (the app words it from the fields above) */
  message: string;
  taxpayer?: TaxpayerInfo;
  /** why NAV gave no answer although it is set up; the answer then comes from the checksum */
  nav_error?: { reason: NavCheckReason; code: string; message: string };
}

/**
 * A tax number in any usual form ("12345676-2-41", "12345676241", "12345676", blanks allowed) as its parts, or
 * null when it is none of them.
 */
export function parseTaxNumberForm(value: string): { taxpayerId: string; full: string | null } | null {
  const digits = value.replace(/[\s-]/g, '');
  if (/^\d{8}$/.test(digits)) return { taxpayerId: digits, full: null };
  const m = /^(\d{8})([1-5])(\d{2})$/.exec(digits);
  return m ? { taxpayerId: m[1]!, full: `${m[1]}-${m[2]}-${m[3]}` } : null;
}

/** The check digit (the 8th) of a taxpayer id; the VAT and county codes carry none. */
export function taxpayerIdChecksumOk(taxpayerId: string): boolean {
  return isHungarianTaxNumber(`${taxpayerId}-1-01`);
}

/** What asking NAV about a taxpayer came to: not asked (no technical user), NAV's answer, or why there was none. */
export type TaxpayerLookupOutcome =
  | { kind: 'not_set_up' }
  | { kind: 'answered'; valid: boolean; taxpayer?: TaxpayerInfo }
  | { kind: 'failed'; reason: NavCheckReason; code: string; message: string };

/** NAV's taxpayer lookup (electron/nav/taxpayer.ts), which the runtime hands to the core. */
export interface TaxpayerLookup {
  /** whether a technical user is set up (without asking NAV) */
  setUp(): Promise<boolean>;
  /** asks NAV about a taxpayer by its 8-digit id */
  query(taxpayerId: string): Promise<TaxpayerLookupOutcome>;
}
