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

type SnapshotColumns = Pick<ClientRow, 'name' | 'email' | 'taxcode' | 'eu_taxcode' | 'address' | 'bank' | 'tax_type'>;

// Issuing writes the snapshot of the same few clients over and over: the last text is kept with the columns it was
// made from (a memo of a pure function, like the seller's snapshot: cores and tests share nothing through it).
let lastSnapshot: { columns: SnapshotColumns; text: string } | undefined;

/** The buyer's snapshot as an invoice stores it (text). */
export function clientSnapshotText(row: ClientRow): string {
  const last = lastSnapshot;
  if (
    last &&
    last.columns.name === row.name &&
    last.columns.email === row.email &&
    last.columns.taxcode === row.taxcode &&
    last.columns.eu_taxcode === row.eu_taxcode &&
    last.columns.address === row.address &&
    last.columns.bank === row.bank &&
    last.columns.tax_type === row.tax_type
  ) {
    return last.text;
  }
  const { name, email, taxcode, eu_taxcode, address, bank, tax_type } = row;
  const text = JSON.stringify(clientSnapshot(row));
  lastSnapshot = { columns: { name, email, taxcode, eu_taxcode, address, bank, tax_type }, text };
  return text;
}
