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

function billingAddressOf(row: ClientRow): Address {
  return { ...emptyAddress(), ...parseJson<Partial<Address>>(row.address, {}) };
}

function bankOf(row: ClientRow): BankDetails {
  return { ...emptyBank(), ...parseJson<Partial<BankDetails>>(row.bank, {}) };
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
      billing_address: billingAddressOf(row),
      bank: bankOf(row),
      defaults: { ...emptyDefaults(), ...parseJson<Partial<ClientDefaults>>(row.defaults, {}) },
      einvoice_format: row.einvoice_format ?? 'none',
      buyer_reference: row.buyer_reference ?? null,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  };
}

/** The snapshot an invoice keeps of its client. */
export function clientSnapshot(row: ClientRow): InvoiceClient {
  return {
    name: row.name,
    email: row.email,
    taxcode: row.taxcode,
    eu_taxcode: row.eu_taxcode,
    billing_address: billingAddressOf(row),
    bank: bankOf(row),
    tax_type: row.tax_type as TaxType,
  };
}
