// Client rows ↔ the interface's client resource.
import type { Address, BankDetails, ClientAttributes, ClientDefaults, InvoiceClient, Resource, TaxType } from '../../../shared/resources';
import type { ClientRow } from '../../db/schema';
import { parseJson } from '../json';

export function emptyAddress(): Address {
  return {
    street_name: '',
    street_type: '',
    house_nr: '',
    block: '',
    entrance: '',
    floor: '',
    door: '',
    city: '',
    postcode: '',
    district: '',
    country: '',
  };
}

export function emptyBank(): BankDetails {
  return { iban: '', swift: '', account_no: '' };
}

export function emptyDefaults(): ClientDefaults {
  return {
    payment_method: '',
    electronic_invoice: '0',
    invoice_due_days: '',
    invoice_currency: '',
    invoice_template_lang_code: '',
  };
}

export function clientResource(row: ClientRow): Resource<ClientAttributes> {
  return {
    id: row.id,
    attributes: {
      uid: row.id,
      name: row.name,
      email: row.email,
      taxcode: row.taxcode,
      eu_taxcode: row.eu_taxcode,
      type: row.type,
      fokonyv_szam: row.fokonyv_szam,
      phone: row.phone,
      tax_type: row.tax_type as TaxType,
      billing_address: { ...emptyAddress(), ...parseJson<Partial<Address>>(row.address, {}) },
      bank: { ...emptyBank(), ...parseJson<Partial<BankDetails>>(row.bank, {}) },
      defaults: { ...emptyDefaults(), ...parseJson<Partial<ClientDefaults>>(row.defaults, {}) },
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  };
}

/** The snapshot an invoice keeps of its client. */
export function clientSnapshot(row: ClientRow): InvoiceClient {
  const a = clientResource(row).attributes;
  return {
    name: a.name,
    email: a.email,
    taxcode: a.taxcode,
    eu_taxcode: a.eu_taxcode,
    billing_address: a.billing_address,
    bank: a.bank,
    tax_type: a.tax_type,
  };
}
