// /partners: Folio's clients in v3's Partner shape (address nested with an ISO country code, e-mails as a list,
// the client's invoice defaults as custom_billing_settings).
import { splitStreet } from '../../core/import/cells';
import type { ClientAttributes, Resource } from '../../../shared/resources';
import type { InputOf } from '../../../shared/contract/operations';
import { countryNameOf } from '../../../shared/v3/country';
import { currencyFromV3, currencyToV3, languageFromV3, languageToV3, paymentMethodFromV3, paymentMethodToV3 } from '../../../shared/v3/enums';
import { countryCode } from '../../nav/country';

/**
 * A v3 country code as Folio keeps it: the country's name where that name leads back to the same code, else the code
 * as given (Billingo's list has codes no country name stands for, such as XA and XB: kept, answered as written).
 */
function countryStored(code: string | undefined): string {
  const name = countryNameOf(code);
  return code && name && countryCode(name) !== code.trim().toUpperCase() ? code : name;
}
import { v3Invalid, type FieldMap } from './errors';
import { allPages, envelope, searchOf } from './paging';
import { bodyOf, call, idOf, type V3Route } from './route';

const FIELDS: FieldMap = {
  'billing_address.postcode': 'address.post_code',
  'billing_address.city': 'address.city',
  'billing_address.country': 'address.country_code',
  'billing_address.street_name': 'address.address',
  billing_address: 'address',
  email: 'emails',
  'bank.iban': 'iban',
  'bank.swift': 'swift',
  'bank.account_no': 'account_number',
  fokonyv_szam: 'general_ledger_number',
  'defaults.payment_method': 'custom_billing_settings.payment_method',
  'defaults.electronic_invoice': 'custom_billing_settings.document_form',
  'defaults.invoice_due_days': 'custom_billing_settings.due_days',
  'defaults.invoice_currency': 'custom_billing_settings.document_currency',
  'defaults.invoice_template_lang_code': 'custom_billing_settings.template_language_code',
};

/**
 * The address as one line, the way v3 holds it: the line a v3 client wrote, exactly ("Kossuth Lajos utca 12."), while
 * the parts are still the ones it was split into (a change through v2 or the app drops or outdates it); else Folio's
 * parts joined with spaces ("Fő utca 1. 2. em. 3.").
 */
export function addressLine(a: ClientAttributes['billing_address']): string {
  if (a.address_line !== undefined && describesStreet(a.address_line, a)) return a.address_line;
  return [a.street_name, a.street_type, a.house_nr, a.block, a.entrance, a.floor, a.door].map((p) => p.trim()).filter(Boolean).join(' ');
}

/** The line still stands for the stored parts: it splits into them, and nothing else (building, floor…) was added. */
function describesStreet(line: string, a: ClientAttributes['billing_address']): boolean {
  const p = streetParts(line);
  return p.street_name === a.street_name && p.street_type === a.street_type && p.house_nr === a.house_nr && !a.block && !a.entrance && !a.floor && !a.door;
}

/**
 * "Fő utca 1." → Fő / utca / 1, as the import reads Hungarian addresses; a line with no street type but a house number
 * at its end ("Invalidenstraße 10") is split there. Anything else goes whole into the street name.
 */
function streetParts(line: string): { street_name: string; street_type: string; house_nr: string } {
  const parts = splitStreet(line);
  if (parts.house_nr) return parts;
  const m = /^(.*\S)\s+(\d[\w/.-]*)$/.exec(line.trim());
  return m ? { street_name: m[1]!, street_type: '', house_nr: m[2]!.replace(/\.$/, '') } : parts;
}

export function partnerOf(client: Resource<ClientAttributes>) {
  const c = client.attributes;
  const d = c.defaults;
  const settings: Record<string, unknown> = {};
  if (d.payment_method) settings.payment_method = paymentMethodToV3(d.payment_method);
  if (d.electronic_invoice === '1' || d.electronic_invoice === '0') settings.document_form = d.electronic_invoice === '1' ? 'electronic' : 'paper';
  if (d.invoice_due_days !== '' && /^\d+$/.test(d.invoice_due_days)) settings.due_days = Number(d.invoice_due_days);
  if (d.invoice_currency) settings.document_currency = currencyToV3(d.invoice_currency);
  if (d.invoice_template_lang_code) settings.template_language_code = languageToV3(d.invoice_template_lang_code);
  return {
    id: client.id,
    name: c.name,
    address: {
      // no country is answered as none (as a v3 client may write it), not as Hungary
      country_code: c.billing_address.country.trim() ? (countryCode(c.billing_address.country) ?? '') : '',
      post_code: c.billing_address.postcode,
      city: c.billing_address.city,
      address: addressLine(c.billing_address),
    },
    emails: c.email ? [c.email] : [],
    taxcode: c.taxcode,
    iban: c.bank.iban,
    swift: c.bank.swift,
    account_number: c.bank.account_no,
    phone: c.phone,
    general_ledger_number: c.fokonyv_szam,
    tax_type: c.tax_type,
    custom_billing_settings: settings,
  };
}

function text(v: unknown): string | undefined {
  return v === undefined || v === null ? undefined : typeof v === 'string' ? v : String(v);
}

/** A v3 Partner body → Folio's client fields (only those the body holds: PUT changes what it sends). */
export function clientInputOf(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (key: string, v: unknown) => {
    if (v !== undefined) out[key] = v;
  };
  put('name', body.name);
  put('taxcode', text(body.taxcode));
  put('phone', text(body.phone));
  put('fokonyv_szam', text(body.general_ledger_number));
  put('tax_type', body.tax_type);
  if (body.emails !== undefined) {
    if (!Array.isArray(body.emails)) throw v3Invalid('emails', 'must be a list of e-mail addresses');
    // Folio keeps one address per client: the first one given is where invoices go
    out.email = body.emails.length ? String(body.emails[0]) : '';
  }
  const bank: Record<string, unknown> = {};
  if (body.iban !== undefined) bank.iban = text(body.iban);
  if (body.swift !== undefined) bank.swift = text(body.swift);
  if (body.account_number !== undefined) bank.account_no = text(body.account_number);
  if (Object.keys(bank).length) out.bank = bank;
  const a = body.address;
  if (a !== undefined && a !== null) {
    if (typeof a !== 'object' || Array.isArray(a)) throw v3Invalid('address', 'must be an object');
    const addr = a as Record<string, unknown>;
    const billing: Record<string, unknown> = {};
    if (addr.country_code !== undefined) billing.country = countryStored(text(addr.country_code));
    if (addr.post_code !== undefined) billing.postcode = text(addr.post_code);
    if (addr.city !== undefined) billing.city = text(addr.city);
    if (addr.address !== undefined) {
      // v3 holds the street as one line; Folio keeps its parts (the legal checks need the house number)
      // ... and the line itself, exactly as given, which is what v3 answers (addressLine)
      const line = text(addr.address) ?? '';
      Object.assign(billing, { ...streetParts(line), block: '', entrance: '', floor: '', door: '', address_line: line });
    }
    out.billing_address = billing;
  }
  const s = body.custom_billing_settings;
  if (s !== undefined && s !== null && typeof s === 'object' && !Array.isArray(s)) {
    const cbs = s as Record<string, unknown>;
    const defaults: Record<string, unknown> = {};
    if (typeof cbs.payment_method === 'string') {
      const id = paymentMethodFromV3(cbs.payment_method);
      if (id === undefined) throw v3Invalid('custom_billing_settings.payment_method', 'is not a payment method v3 knows');
      defaults.payment_method = String(id);
    }
    if (typeof cbs.document_form === 'string') defaults.electronic_invoice = cbs.document_form === 'electronic' ? '1' : '0';
    if (cbs.due_days !== undefined && cbs.due_days !== null) defaults.invoice_due_days = cbs.due_days;
    if (typeof cbs.document_currency === 'string') defaults.invoice_currency = currencyFromV3(cbs.document_currency);
    if (typeof cbs.template_language_code === 'string') defaults.invoice_template_lang_code = languageFromV3(cbs.template_language_code);
    if (Object.keys(defaults).length) out.defaults = defaults;
  }
  return out;
}

/** The same tax number, compared on its first 8 digits (the taxpayer; the VAT code and county may be written otherwise). */
function sameTaxpayer(a: string, b: string): boolean {
  const x = a.replace(/\D/g, '').slice(0, 8);
  return x.length === 8 && x === b.replace(/\D/g, '').slice(0, 8);
}

export const partnerRoutes: V3Route[] = [
  {
    method: 'GET',
    path: '/partners',
    handler: async ({ core, req }) => {
      const q = searchOf(req);
      const items = await allPages((page, max_per_page) => call(core(), 'clients.list', { page, max_per_page, ...(q ? { q } : {}) }));
      return envelope(req, items, partnerOf);
    },
  },
  {
    method: 'POST',
    path: '/partners',
    status: 201,
    handler: async ({ core, req }) =>
      partnerOf(await call(core(), 'clients.create', clientInputOf(bodyOf(req)) as InputOf<'clients.create'>, FIELDS)),
  },
  {
    // Finds the partner by tax number, else by exact name; makes it when neither is there (Billingo's "guess or create").
    method: 'POST',
    path: '/partners/guess',
    status: 201,
    handler: async ({ core, req }) => {
      const body = bodyOf(req);
      const taxcode = text(body.taxcode)?.trim() ?? '';
      const name = text(body.name)?.trim() ?? '';
      const search = async (q: string) => allPages((page, max_per_page) => call(core(), 'clients.list', { page, max_per_page, q }));
      if (taxcode) {
        // searched by the taxpayer's 8 digits: "12345678-1-41" and "12345678-2-41" are the same business
        const digits = taxcode.replace(/\D/g, '').slice(0, 8);
        const found = (await search(digits.length === 8 ? digits : taxcode)).find((c) => sameTaxpayer(c.attributes.taxcode, taxcode));
        if (found) return partnerOf(found);
      }
      if (name) {
        const found = (await search(name)).find((c) => c.attributes.name.trim().toLowerCase() === name.toLowerCase());
        if (found) return partnerOf(found);
      }
      return partnerOf(await call(core(), 'clients.create', clientInputOf(body) as InputOf<'clients.create'>, FIELDS));
    },
  },
  { method: 'GET', path: '/partners/{id}', handler: async ({ core, req }) => partnerOf(await call(core(), 'clients.get', { id: idOf(req) })) },
  {
    method: 'PUT',
    path: '/partners/{id}',
    handler: async ({ core, req }) =>
      partnerOf(await call(core(), 'clients.update', { ...clientInputOf(bodyOf(req)), id: idOf(req) } as InputOf<'clients.update'>, FIELDS)),
  },
  {
    method: 'DELETE',
    path: '/partners/{id}',
    status: 204,
    handler: async ({ core, req }) => {
      await call(core(), 'clients.delete', { id: idOf(req) });
      return undefined;
    },
  },
];
