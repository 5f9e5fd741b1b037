// VAT codes and the EU VAT lookup (which VAT applies to a sale to another country).
import type { EuVatResult } from '../../../shared/contract/operations';
import type { VatEuInput } from '../../../shared/contract/schemas';
import type { Resource, VatCodeAttributes } from '../../../shared/resources';
import { invalid } from '../../../shared/errors';
import { EU_STANDARD_VAT_RATES, EU_VAT_RATES_AS_OF, euVatCountry } from '../../../shared/reference/eu-vat-rates';
import { findVatCode, VAT_CODES, vatCodeForCountry, type VatCodeDef } from '../../../shared/reference/vat-codes';
import { isEuVatNumber } from '../../../shared/tax-numbers';

export function vatCodeResource(v: VatCodeDef): Resource<VatCodeAttributes, string> {
  return { id: v.id, attributes: { id: v.id, value: v.value, description: v.description, info_text: v.infoText } };
}

/** `v` filters on the rate ("0.27", "27" or "27%"), `d` on the description (case-insensitive, part of it). */
export function listVatCodes(input: { v?: string | undefined; d?: string | undefined }) {
  let rate: number | undefined;
  if (input.v !== undefined && input.v.trim() !== '') {
    const n = Number(input.v.trim().replace('%', '').replace(',', '.'));
    if (!Number.isFinite(n)) throw invalid('v', 'must be a rate such as 0.27 or 27');
    rate = n > 1 ? n / 100 : n;
  }
  const d = input.d?.trim().toLowerCase();
  return VAT_CODES.filter((c) => rate === undefined || Math.abs(Number(c.value) - rate) < 1e-9)
    .filter((c) => !d || c.description.toLowerCase().includes(d) || (c.infoText ?? '').toLowerCase().includes(d))
    .map(vatCodeResource);
}

export interface ViesAnswer {
  valid: boolean;
  name: string;
  address: string;
}

export interface EuVatDeps {
  /** country of an IP address from an offline database, null when unknown (async: the table loads on first use) */
  ipCountry?: (ip: string) => string | null | Promise<string | null>;
  /** asks the EU's VIES registry; throws when it cannot be reached */
  vies?: (country: string, number: string) => Promise<ViesAnswer>;
}

function vatObject(v: VatCodeDef) {
  return { id: Number(v.id), value: v.value, description: v.description };
}

export async function euVatLookup(input: VatEuInput, deps: EuVatDeps): Promise<EuVatResult> {
  const supply = input.supply ?? 'service';
  const buyer = euVatCountry(input.country);
  const seller = euVatCountry(input.business_country);
  if (!seller) throw invalid('business_country', 'the business must be in an EU member state for this lookup');
  const ipCountry = input.ip ? ((await deps.ipCountry?.(input.ip)) ?? null) : null;

  let company: EuVatResult['company'] = null;
  let companyError: string | null = null;
  let businessBuyer = false;
  if (input.vat_code) {
    const number = input.vat_code.replace(/[\s.-]/g, '').toUpperCase();
    if (!isEuVatNumber(number)) {
      companyError = 'The VAT number is not in the form of an EU VAT number (country prefix and digits)';
    } else if (!deps.vies) {
      companyError = 'The EU VIES registry is not configured; the VAT number could not be checked';
    } else {
      try {
        const answer = await deps.vies(number.slice(0, 2), number.slice(2));
        if (answer.valid) {
          company = { valid: true, name: answer.name, address: answer.address, country: number.slice(0, 2), vat_number: number };
          businessBuyer = true;
        } else {
          companyError = 'VIES says this VAT number is not valid';
        }
      } catch (e) {
        companyError = `The EU VIES registry could not be reached (${e instanceof Error ? e.message : 'unknown error'}); try again when online`;
      }
    }
  }

  let code: VatCodeDef;
  let rule: string;
  if (buyer === seller) {
    code = seller === 'HU' ? findVatCode('1')! : vatCodeForCountry(seller)!;
    rule = 'domestic sale: the business’s own country’s rate';
  } else if (!buyer) {
    code = findVatCode(supply === 'goods' ? '9' : '14')!;
    rule = 'buyer outside the EU: no EU VAT (export or service outside the EU)';
  } else if (businessBuyer) {
    code = findVatCode(supply === 'goods' ? '5' : '15')!;
    rule = 'business buyer in another member state with a valid VAT number: reverse charge, 0 %';
  } else {
    code = vatCodeForCountry(buyer)!;
    rule = 'consumer in another member state: the buyer’s country’s rate applies to the full price';
  }
  const rate = code.treatment === 'foreign_rate' || code.treatment === 'rate' ? code.value : '0';
  return {
    set_country: input.country,
    ip_country: ipCountry,
    country_match: ipCountry !== null && euVatCountry(ipCountry) === buyer && buyer !== undefined
      ? true
      : ipCountry !== null && ipCountry === input.country,
    company,
    company_error: companyError,
    tax_rate: Number(rate),
    tax_rate_as_of: EU_VAT_RATES_AS_OF,
    rule,
    folio_vat: vatObject(code),
    billingo_vat: vatObject(code),
  };
}

export { EU_STANDARD_VAT_RATES };
