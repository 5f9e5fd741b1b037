// Clients from a file: a row becomes the input of clients.create, judged by its schema, matched by the interface's
// rule (clientMatchKey) and written by the client service's row builder.
import { clientCreateInput, type ClientCreateInput } from '../../../shared/contract/schemas';
import type { ClientImportField, ImportField } from '../../../shared/contract/areas/import';
import type { ClientRow } from '../../db/schema';
import { clientResource, emptyAddress } from '../clients/mapping';
import { clientMatchKey, clientRowValues } from '../clients/service';
import { parseJson } from '../json';
import { splitStreet, taxcodeText, taxTypeOf } from './cells';
import { compact, shown, type ExistingRecord, type KindRules, type RawInput } from './kind';

const STREET_PARTS = ['street_name', 'street_type', 'house_nr'] as const;

// Where a schema error's path points, by import field (the rest are named alike).
const ERROR_FIELDS: Record<string, ClientImportField> = {
  'bank.account_no': 'bank_account_no',
  'bank.iban': 'iban',
  'bank.swift': 'swift',
  'defaults.invoice_due_days': 'due_days',
};

export const clientRules: KindRules<ClientCreateInput> = {
  schema: clientCreateInput,

  read(cell) {
    const country = cell('country');
    // the address as one line ("Fő utca 1.") or as its parts; a part given in its own column wins
    const street = cell('address') ? splitStreet(cell('address')) : { street_name: '', street_type: '', house_nr: '' };
    for (const part of STREET_PARTS) if (cell(part)) street[part] = cell(part);
    const taxType = taxTypeOf(cell('tax_type'), cell('taxcode'), country);
    // An old program's export often has no country column: a domestic buyer (a Hungarian company, or anyone at a
    // 4-digit Hungarian postcode who is not marked foreign) lives in Hungary, and an invoice needs the country.
    const domestic = taxType === 'HAS_TAX_NUMBER' || (taxType !== 'FOREIGN' && /^\d{4}$/.test(cell('postcode')));
    const shownCountry = country || (domestic ? 'Magyarország' : '');
    return {
      name: cell('name'),
      ...compact({
        tax_type: taxType,
        taxcode: taxcodeText(cell('taxcode'), taxType),
        eu_taxcode: cell('eu_taxcode'),
        email: cell('email'),
        phone: cell('phone'),
        fokonyv_szam: cell('fokonyv_szam'),
        billing_address: { postcode: cell('postcode'), city: cell('city'), ...street, country: shownCountry },
        bank: { account_no: cell('bank_account_no'), iban: cell('iban'), swift: cell('swift') },
        defaults: { invoice_due_days: cell('due_days') },
      }),
    };
  },

  key: (input) => clientMatchKey(input.name, input.taxcode ?? '', { ...emptyAddress(), ...input.billing_address }),

  values(input) {
    const a = (input.billing_address ?? {}) as RawInput;
    const bank = (input.bank ?? {}) as RawInput;
    const defaults = (input.defaults ?? {}) as RawInput;
    const values: Partial<Record<ImportField, string>> = {
      name: shown(input.name),
      tax_type: shown(input.tax_type),
      taxcode: shown(input.taxcode),
      eu_taxcode: shown(input.eu_taxcode),
      email: shown(input.email),
      phone: shown(input.phone),
      postcode: shown(a.postcode),
      city: shown(a.city),
      street_name: shown(a.street_name),
      street_type: shown(a.street_type),
      house_nr: shown(a.house_nr),
      country: shown(a.country),
      bank_account_no: shown(bank.account_no),
      iban: shown(bank.iban),
      swift: shown(bank.swift),
      fokonyv_szam: shown(input.fokonyv_szam),
      due_days: shown(defaults.invoice_due_days),
    };
    return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  },

  errorField(path, mapping) {
    if (ERROR_FIELDS[path]) return ERROR_FIELDS[path];
    const [head, part] = path.split('.');
    if (head !== 'billing_address' || !part) return path;
    // a street part read from the one-line address column is that column's error
    if ((STREET_PARTS as readonly string[]).includes(part) && mapping[part as ClientImportField] === undefined && mapping.address !== undefined) return 'address';
    return part;
  },

  insertValues: (input, now) => clientRowValues(input, now),

  updateValues(input, now, existing) {
    const { created_at: _created, deleted_at: _deleted, ...values } = clientRowValues(input, now);
    return { ...values, id: existing.id };
  },
};

export function existingClient(row: ClientRow): ExistingRecord {
  return {
    id: row.id,
    name: row.name,
    key: clientMatchKey(row.name, row.taxcode, parseJson(row.address, emptyAddress())),
    row,
    input: (): RawInput => {
      const { name, email, taxcode, eu_taxcode, type, fokonyv_szam, phone, tax_type, billing_address, bank, defaults } = clientResource(row).attributes;
      return { name, email, taxcode, eu_taxcode, type, fokonyv_szam, phone, tax_type, billing_address, bank, defaults };
    },
  };
}
