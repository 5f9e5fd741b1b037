// The legal checks of an invoice before its number is taken (Áfa tv. 169. §: what an invoice must contain). Pure:
// the caller gathers the seller, the buyer, the priced lines and the dates; these rules say what is missing or wrong,
// each problem at the field the user fixes, with a reason code the UI words in its own language.
//
// Errors refuse the invoice (422, nothing numbered). Warnings do not: a late invoice is still an invoice, and the
// user confirms it knowingly.
import type { Address, InvoiceClient, SellerProfile, TaxType } from '../../../../shared/resources';
import { isValidDate } from '../../../../shared/dates';
import { vatStatusOf } from '../../../../shared/seller';
import { isEuVatNumber, isHungarianPersonalTaxId, isHungarianTaxNumber, splitHungarianTaxNumber } from '../../../../shared/tax-numbers';
import { euVatCountry } from '../../../../shared/reference/eu-vat-rates';
import { countryCode } from '../../../nav/country';

/** One problem: where to fix it, what is wrong in plain English, and a code the UI translates. */
export interface LegalIssue {
  field: string;
  message: string;
  reason: LegalReason;
}

export type LegalReason =
  | 'seller_missing'
  | 'required'
  | 'tax_number_required'
  | 'tax_number_invalid'
  | 'eu_vat_number_required'
  | 'own_tax_number'
  | 'exempt_seller_vat'
  | 'due_before_issue'
  | 'date_invalid'
  | 'negative_total'
  | 'late_issue'
  | 'amount_range'
  | 'exchange_rate';

export interface LegalResult {
  errors: LegalIssue[];
  warnings: LegalIssue[];
}

export interface LegalLine {
  description: string;
  vat_id: string;
  vat_rate: string;
  entitlement: string | null;
}

/** Supplies to a business in another member state, tax-free here or taxed by the buyer there (Áfa tv. 89. §, 37. §). */
const INTRA_EU = new Set(['KBAET', 'EUFAD37', 'EUFADE']);

export interface LegalFacts {
  seller: SellerProfile;
  client: InvoiceClient;
  lines: LegalLine[];
  /** the gross total in milli-units of the invoice's currency */
  total_milli: number;
  /** the issue date (today when issued now) */
  date: string;
  fulfillment_date: string;
  due_date: string;
  /** a recurring invoice billing a period: continuous supply, 15 days to invoice instead of 8 (Áfa tv. 163. §) */
  continuous: boolean;
}

/** Days to issue an invoice after fulfillment (Áfa tv. 163. §): 8, or 15 for a continuous supply's period. */
export const ISSUE_DEADLINE_DAYS = 8;
export const CONTINUOUS_ISSUE_DEADLINE_DAYS = 15;

const issue = (field: string, reason: LegalReason, message: string): LegalIssue => ({ field, reason, message });

const ADDRESS_PARTS: Array<[keyof Address, string]> = [
  ['postcode', 'postcode'],
  ['city', 'city'],
  ['street_name', 'street'],
  ['house_nr', 'house number'],
  ['country', 'country'],
];

function isHungary(address: Address): boolean {
  return countryCode(address.country) === 'HU';
}

function addressIssues(prefix: string, who: string, address: Address): LegalIssue[] {
  return ADDRESS_PARTS.filter(([key]) => !address[key]?.trim()).map(([key, words]) =>
    issue(`${prefix}.address.${key}`, 'required', `is required: the ${who}'s address needs its ${words}`),
  );
}

function sellerIssues(seller: SellerProfile): LegalIssue[] {
  const a = seller.address;
  const blank = !seller.name.trim() && !seller.taxcode.trim() && !seller.eu_taxcode.trim() && !a.city.trim() && !a.postcode.trim();
  if (blank) {
    return [issue('seller', 'seller_missing', 'Set up the seller first: your company name, address and tax number (Settings → Company)')];
  }
  const out: LegalIssue[] = [];
  if (!seller.name.trim()) out.push(issue('seller.name', 'required', "is required: the seller's name"));
  out.push(...addressIssues('seller', 'seller', a));
  const foreign = a.country.trim() !== '' && !isHungary(a);
  if (foreign) {
    if (!isEuVatNumber(seller.eu_taxcode)) {
      out.push(issue('seller.eu_taxcode', 'eu_vat_number_required', "is required: a seller outside Hungary invoices with its EU VAT number"));
    }
  } else if (!seller.taxcode.trim()) {
    out.push(issue('seller.taxcode', 'tax_number_required', "is required: the seller's Hungarian tax number (12345678-1-12)"));
  } else if (!isHungarianTaxNumber(seller.taxcode)) {
    out.push(issue('seller.taxcode', 'tax_number_invalid', 'is not a valid Hungarian tax number (12345678-1-12)'));
  }
  return out;
}

/** The buyer's kind as its tax type says, or (not classified) as its tax numbers suggest, as NAV's report reads it. */
function buyerKind(client: InvoiceClient): Exclude<TaxType, ''> {
  if (client.tax_type) return client.tax_type;
  if (isHungarianTaxNumber(client.taxcode)) return 'HAS_TAX_NUMBER';
  if (client.eu_taxcode.trim()) return 'FOREIGN';
  return 'NO_TAX_NUMBER';
}

function sameTaxpayer(a: string, b: string): boolean {
  const x = splitHungarianTaxNumber(a);
  const y = splitHungarianTaxNumber(b);
  return Boolean(x && y && x.taxpayerId === y.taxpayerId);
}

function buyerIssues(client: InvoiceClient, seller: SellerProfile): LegalIssue[] {
  const out: LegalIssue[] = [];
  if (!client.name.trim()) out.push(issue('client.name', 'required', "is required: the buyer's name"));
  out.push(...addressIssues('client', 'buyer', client.billing_address));
  const kind = buyerKind(client);
  if (kind === 'HAS_TAX_NUMBER') {
    if (!client.taxcode.trim()) {
      out.push(issue('client.taxcode', 'tax_number_required', 'is required: a Hungarian company is invoiced with its tax number'));
    } else if (!isHungarianTaxNumber(client.taxcode)) {
      out.push(issue('client.taxcode', 'tax_number_invalid', 'is not a valid Hungarian tax number (12345678-1-12)'));
    }
  } else if (kind === 'FOREIGN') {
    const country = countryCode(client.billing_address.country);
    const inEu = country !== undefined && country !== 'HU' && euVatCountry(country) !== undefined;
    const euNumber = [client.eu_taxcode, client.taxcode].find((n) => isEuVatNumber(n));
    if (inEu && !euNumber) {
      out.push(issue('client.eu_taxcode', 'eu_vat_number_required', 'is required: a company in another EU member state is invoiced with its community VAT number'));
    } else if (!inEu && !client.taxcode.trim() && !client.eu_taxcode.trim()) {
      out.push(issue('client.taxcode', 'tax_number_required', "is required: a foreign company is invoiced with its tax number"));
    }
  } else if (client.taxcode.trim() && !isHungarianPersonalTaxId(client.taxcode)) {
    // a private person may give an adóazonosító jel, never a company's tax number
    out.push(issue('client.taxcode', 'tax_number_invalid', 'is not a Hungarian personal tax id (8xxxxxxxxx); a private person has no tax number'));
  }
  if (client.taxcode.trim() && sameTaxpayer(client.taxcode, seller.taxcode)) {
    out.push(issue('client.taxcode', 'own_tax_number', "is the seller's own tax number: the buyer must be someone else"));
  }
  return out;
}

function lineIssues(lines: LegalLine[], seller: SellerProfile): LegalIssue[] {
  const exempt = vatStatusOf(seller) === 'exempt';
  const out: LegalIssue[] = [];
  lines.forEach((line, i) => {
    if (!line.description.trim()) out.push(issue(`items.${i}.description`, 'required', 'is required: what the line bills'));
    if (exempt && Number(line.vat_rate) !== 0) {
      out.push(issue(`items.${i}.vat_id`, 'exempt_seller_vat', 'charges VAT, but the seller is subjectively exempt (alanyi adómentes, Áfa tv. 187. §): use AAM'));
    }
  });
  return out;
}

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / 86_400_000;
}

function dateIssues(facts: LegalFacts): LegalResult {
  const errors: LegalIssue[] = [];
  const warnings: LegalIssue[] = [];
  if (!isValidDate(facts.fulfillment_date)) errors.push(issue('fulfillment_date', 'date_invalid', 'must be a real day (YYYY-MM-DD)'));
  if (!isValidDate(facts.due_date)) errors.push(issue('due_date', 'date_invalid', 'must be a real day (YYYY-MM-DD)'));
  else if (facts.due_date < facts.date) {
    errors.push(issue('due_date', 'due_before_issue', `must not be before the issue date (${facts.date})`));
  }
  if (isValidDate(facts.fulfillment_date)) {
    const limit = facts.continuous ? CONTINUOUS_ISSUE_DEADLINE_DAYS : ISSUE_DEADLINE_DAYS;
    const late = dayNumber(facts.date) - dayNumber(facts.fulfillment_date);
    if (late > limit) {
      warnings.push(issue('fulfillment_date', 'late_issue', `is ${late} days before the issue date: an invoice is due within ${limit} days of fulfillment (Áfa tv. 163. §)`));
    }
  }
  return { errors, warnings };
}

/**
 * An intra-EU supply is tax-free here (or taxed by the buyer) only between two EU VAT numbers: both must be on the
 * invoice (Áfa tv. 169. § d) db)).
 */
function intraEuIssues(facts: LegalFacts, already: LegalIssue[]): LegalIssue[] {
  if (!facts.lines.some((l) => l.entitlement && INTRA_EU.has(l.entitlement))) return [];
  const out: LegalIssue[] = [];
  const has = (field: string) => already.some((e) => e.field === field);
  if (!isEuVatNumber(facts.seller.eu_taxcode) && !has('seller') && !has('seller.eu_taxcode')) {
    out.push(issue('seller.eu_taxcode', 'eu_vat_number_required', "is required: an intra-EU supply carries the seller's community VAT number (HU12345678)"));
  }
  const buyerNumber = [facts.client.eu_taxcode, facts.client.taxcode].some((n) => isEuVatNumber(n) && !n.toUpperCase().startsWith('HU'));
  if (!buyerNumber && !has('client.eu_taxcode')) {
    out.push(issue('client.eu_taxcode', 'eu_vat_number_required', "is required: an intra-EU supply carries the buyer's community VAT number from another member state"));
  }
  return out;
}

/** Every check of an invoice issued now. */
/**
 * A receipt's checks (Áfa tv. 166–167. §): the seller named in full — name, address, tax number; its date, serial
 * number, total and each line's VAT rate Folio sets itself. A receipt names no buyer, so no buyer is checked.
 */
export function checkReceipt(seller: SellerProfile): LegalResult {
  return { errors: sellerIssues(seller), warnings: [] };
}

export function checkInvoice(facts: LegalFacts): LegalResult {
  const dates = dateIssues(facts);
  const errors = [...sellerIssues(facts.seller), ...buyerIssues(facts.client, facts.seller), ...lineIssues(facts.lines, facts.seller), ...dates.errors];
  errors.push(...intraEuIssues(facts, errors));
  if (facts.total_milli < 0) {
    errors.push(issue('items', 'negative_total', 'add up to a negative total: a discount may not exceed the lines it reduces'));
  }
  return { errors, warnings: dates.warnings };
}
