// The buyer (NAV CustomerInfoType). NAV's VAT status drives what may be sent: a PRIVATE_PERSON's data must not be
// reported at all (CUSTOMER_DATA_NOT_EXPECTED, data protection), anyone else needs name and address
// (CUSTOMER_DATA_EXPECTED); a DOMESTIC buyer is identified by its Hungarian tax number, an OTHER one by its
// community VAT number (EU) or its third-country tax id.
import type { InvoiceClient } from '../../shared/resources';
import { euVatCountry } from '../../shared/reference/eu-vat-rates';
import { navAddress } from './address';
import { countryCode } from './country';
import { text } from './format';
import { bankAccountNumber, communityVatNumber, parseHungarianTaxNumber } from './tax-number';

export type NavCustomerVatStatus = 'DOMESTIC' | 'OTHER' | 'PRIVATE_PERSON';

export function customerVatStatus(client: InvoiceClient): NavCustomerVatStatus {
  switch (client.tax_type) {
    case 'HAS_TAX_NUMBER':
      return 'DOMESTIC';
    case 'NO_TAX_NUMBER':
      return 'PRIVATE_PERSON';
    case 'FOREIGN':
      return 'OTHER';
    default:
      // Not classified: a Hungarian tax number means a domestic taxable person, a community VAT number a foreign
      // one; with neither, the buyer is treated as a private person (whose data NAV must not receive).
      if (parseHungarianTaxNumber(client.taxcode)?.vatCode) return 'DOMESTIC';
      if (communityVatNumber(client.eu_taxcode)) return 'OTHER';
      return 'PRIVATE_PERSON';
  }
}

function taxNumberXml(taxcode: string): Record<string, string | undefined> | undefined {
  const parsed = parseHungarianTaxNumber(taxcode);
  if (!parsed) return undefined;
  return { 'base:taxpayerId': parsed.taxpayerId, 'base:vatCode': parsed.vatCode, 'base:countyCode': parsed.countyCode };
}

/** OTHER buyers: the community VAT number when the invoice has one, else the tax id of a non-EU buyer. */
function foreignVatData(client: InvoiceClient): Record<string, unknown> | undefined {
  const eu = communityVatNumber(client.eu_taxcode);
  if (eu) return { communityVatNumber: eu };
  const country = countryCode(client.billing_address?.country);
  const inEu = country ? euVatCountry(country) !== undefined : false;
  if (inEu) {
    // An EU buyer whose VAT number was typed into the tax number field.
    const asVat = communityVatNumber(client.taxcode);
    return asVat && euVatCountry(asVat.slice(0, 2)) ? { communityVatNumber: asVat } : undefined;
  }
  const thirdState = text(client.taxcode, 50);
  return thirdState ? { thirdStateTaxId: thirdState } : undefined;
}

export function customerInfoXml(client: InvoiceClient): Record<string, unknown> {
  const status = customerVatStatus(client);
  if (status === 'PRIVATE_PERSON') return { customerVatStatus: status };

  let vatData: Record<string, unknown> | undefined;
  if (status === 'DOMESTIC') {
    const taxNumber = taxNumberXml(client.taxcode);
    vatData = taxNumber ? { customerTaxNumber: taxNumber } : undefined;
  } else {
    vatData = foreignVatData(client);
  }
  return {
    customerVatStatus: status,
    customerVatData: vatData,
    customerName: text(client.name, 512),
    customerAddress: navAddress(client.billing_address),
    customerBankAccountNumber: bankAccountNumber(client.bank?.account_no, client.bank?.iban),
  };
}
