// Master data (clients, products, expenses, bank accounts, invoice blocks, recurring profiles, quotes) crossing between this
// device and the remote, one definition per entity:
// - `read`: the local record in its resource form (what a conflict keeps, what a push sends);
// - `body`: the interface's create/update request for it, references translated to the remote's ids;
// - `row`: the local row for a record the remote sent, references translated to this device's ids.
// Pulled records are written as rows, not through the services: the remote already applied the business rules
// (a client's duplicate check, for one, must not merge two records the remote keeps apart).
import { FolioError } from '../../shared/errors';
import { parseDecimal, toMilli } from '../../shared/money';
import { bankAccountResource } from '../core/bank-accounts/service';
import { clientResource } from '../core/clients/mapping';
import { expenseResource } from '../core/expenses/service';
import { productResource } from '../core/products/service';
import { recurringAttributes } from '../core/recurring/service';
import { savedLineInput } from '../core/quotes/content';
import { quoteColumns, quoteNumberColumns, readQuoteRecord } from '../core/sync/quote-record';
import type { QuoteRecord } from '../../shared/contract/sync';
import type { Db } from '../db/types';
import type { ChangeEntity } from '../db/schema';

// delivery documents have their own rules (./delivery-notes.ts): issued once, then only their state moves
export type MasterEntity = Exclude<ChangeEntity, 'invoice' | 'delivery_note'>;

/** A record in its resource form; `deleted` marks a tombstone (clients and products are deleted softly). */
export interface Version {
  attributes: Record<string, any>;
  deleted: boolean;
}

/** Translates a reference; null when the other side has no such record (yet). */
export type RefMap = (entity: ChangeEntity, id: number) => number | null;

export interface Paths {
  create: string;
  update: (remoteId: number) => string;
  delete?: (remoteId: number) => string;
}

const PATHS: Record<MasterEntity, Paths> = {
  client: { create: '/clients', update: (r) => `/clients/${r}`, delete: (r) => `/clients/${r}` },
  product: { create: '/products', update: (r) => `/products/${r}`, delete: (r) => `/products/${r}` },
  expense: { create: '/expenses', update: (r) => `/expenses/${r}`, delete: (r) => `/expenses/${r}` },
  bank_account: { create: '/bank_accounts', update: (r) => `/bank_accounts/${r}` },
  block: { create: '/invoices/blocks', update: (r) => `/invoices/blocks/${r}` },
  recurring: { create: '/recurring', update: (r) => `/recurring/${r}` },
  // quotes travel as records (a sync extension): the interface's /quotes would number and price them again
  quote: { create: '/sync/quotes', update: (r) => `/sync/quotes/${r}`, delete: (r) => `/sync/quotes/${r}` },
};

export function pathsOf(entity: MasterEntity): Paths {
  return PATHS[entity];
}

export async function readLocal(db: Db, entity: MasterEntity, id: number): Promise<Version | null> {
  switch (entity) {
    case 'client': {
      const r = await db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? { attributes: clientResource(r).attributes, deleted: r.deleted_at !== null } : null;
    }
    case 'product': {
      const r = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
      // the exact price text, not the resource's number, goes over the wire
      return r ? { attributes: { ...productResource(r).attributes, price: r.price }, deleted: r.deleted_at !== null } : null;
    }
    case 'expense': {
      const r = await db.selectFrom('expenses').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? { attributes: expenseResource(r, undefined).attributes, deleted: false } : null;
    }
    case 'bank_account': {
      const r = await db.selectFrom('bank_accounts').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? { attributes: bankAccountResource(r).attributes, deleted: false } : null;
    }
    case 'block': {
      const r = await db.selectFrom('invoice_blocks').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? { attributes: { uid: r.id, name: r.name, prefix: r.prefix }, deleted: false } : null;
    }
    case 'recurring': {
      const r = await db.selectFrom('recurring_profiles').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? { attributes: { ...recurringAttributes(r), owner: r.owner }, deleted: false } : null;
    }
    case 'quote': {
      const found = await readQuoteRecord(db, id);
      return found ? { attributes: found.record, deleted: found.deleted } : null;
    }
  }
}

/** The records a quote refers to, as [entity, id] in the ids of the side it comes from. */
export function quoteRefs(a: Record<string, any>): Array<[ChangeEntity, number]> {
  const out: Array<[ChangeEntity, number]> = [['client', a.client_uid]];
  if (a.bank_account_uid) out.push(['bank_account', a.bank_account_uid]);
  if (a.accepted_invoice_uid) out.push(['invoice', a.accepted_invoice_uid]);
  for (const i of (a.items ?? []) as Array<{ product_uid?: number | null }>) if (typeof i.product_uid === 'number') out.push(['product', i.product_uid]);
  return out;
}

/** A quote record with its references translated (a missing optional one dropped; a missing client is -1). */
export function translatedQuote(a: Record<string, any>, ref: RefMap): QuoteRecord {
  const r = a as QuoteRecord;
  const opt = (e: ChangeEntity, id: number | null) => (id === null || id === undefined ? null : ref(e, id));
  return {
    ...r,
    client_uid: ref('client', r.client_uid) ?? -1,
    bank_account_uid: opt('bank_account', r.bank_account_uid),
    accepted_invoice_uid: opt('invoice', r.accepted_invoice_uid),
    items: r.items.map((i) => ({ ...i, product_uid: opt('product', i.product_uid) })),
  };
}

/** A quote version as the quotes' own edit (restoring a losing version goes through the core like any edit). */
export function quoteEditBody(a: Record<string, any>): Record<string, unknown> {
  const r = a as QuoteRecord;
  return {
    client_uid: r.client_uid,
    payment_method: r.payment_method,
    currency: r.currency,
    date: r.date,
    valid_until: r.valid_until,
    ...(r.fulfillment_date ? { fulfillment_date: r.fulfillment_date } : {}),
    ...(r.due_date ? { due_date: r.due_date } : {}),
    comment: r.comment,
    template_lang_code: r.template_lang_code,
    ...(r.exchange_rate ? { exchange_rate: r.exchange_rate } : {}),
    round_to: r.round_to,
    ...(r.bank_account_uid ? { bank_account_uid: r.bank_account_uid } : {}),
    items: r.items.map(savedLineInput),
  };
}

const pick = (a: Record<string, any>, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => a[k] !== undefined).map((k) => [k, a[k]]));

// einvoice_format and buyer_reference (0026): a remote from before them drops them from the request (unknown fields)
const CLIENT_FIELDS = [
  'name', 'email', 'taxcode', 'eu_taxcode', 'type', 'fokonyv_szam', 'phone', 'tax_type', 'billing_address', 'bank', 'defaults', 'einvoice_format',
  'buyer_reference',
] as const;
const PRODUCT_FIELDS = [
  'name', 'price', 'unit', 'currency_code', 'vat_id', 'fokonyv_arbev', 'fokonyv_afa', 'entitlement', 'comment', 'is_service', 'barcode',
  'product_code', 'item_nr', 'categories_id', 'min_qty', 'max_qty', 'opt_qty', 'sales_price', 'purchase_price', 'width', 'height', 'depth', 'weight',
] as const;
const EXPENSE_LATER_FIELDS = ['payment_method', 'category_v3', 'supplier_vat_id', 'supplier_tax_registration', 'supplier_legal_registration', 'supplier_identifiers'] as const;
const BANK_FIELDS = ['bank_name', 'account_no', 'account_no_iban', 'account_swift', 'currency'] as const;
const RECURRING_FIELDS = ['frequency', 'due_days', 'fulfillment_shift', 'send_invoice', 'max_qty', 'comment', 'stopped', 'start_date'] as const;

/**
 * The create or update request for a version, references translated by `ref` (local → remote, or local → local for
 * a restore). Throws when a reference cannot be translated (its record never reached the other side).
 */
export function bodyOf(entity: MasterEntity, v: Version, ref: RefMap, forCreate: boolean): Record<string, unknown> {
  const a = v.attributes;
  switch (entity) {
    case 'client':
      // force: sync never merges two clients the other side keeps apart (the duplicate rule is for people typing)
      return { ...pick(a, CLIENT_FIELDS), ...(forCreate ? { force: true } : {}) };
    case 'product':
      return pick(a, PRODUCT_FIELDS);
    case 'expense': {
      const client = a.client_uid ? ref('client', a.client_uid) : null;
      return {
        categories_id: a.categories_id,
        name: a.name,
        invoice_no: a.invoice_no,
        client_uid: client,
        gross_price: a.gross_price,
        ...(a.vat ? { vat: a.vat } : {}),
        currency: a.currency,
        due_date: a.due_date,
        // the bookkeeping fields (a version from before them has none: the other side keeps its defaults)
        ...pick(a, ['kind', 'supplier_name', 'supplier_taxcode', 'invoice_date', 'fulfillment_date', 'payment_date', 'paid', 'net_price', 'supplier_iban']),
        // and the columns of migrations 0048-0049 (the supplier's identifiers, a v3 spending's words); a remote from
        // before them drops them from the request (unknown fields)
        ...pick(a, EXPENSE_LATER_FIELDS),
      };
    }
    case 'bank_account':
      return pick(a, BANK_FIELDS);
    case 'block':
      return { name: a.name, prefix: a.prefix };
    case 'recurring': {
      const base = ref('invoice', a.base_invoice_uid);
      if (base === null) {
        throw new FolioError('rule_violation', `Its base invoice ${a.base_invoice_uid} is not on the remote (a draft never leaves this computer); issue the base invoice, then change the profile`);
      }
      return { ...pick(a, RECURRING_FIELDS), base_invoice_uid: base, ...recurringTemplate(a, ref, 'the remote') };
    }
    case 'quote': {
      const record = translatedQuote(a, ref);
      if (record.client_uid === -1) throw new FolioError('rule_violation', `Its client ${a.client_uid} is not on the remote yet`);
      return { record };
    }
  }
}

/** A line's product in the other side's ids (a product that never crossed makes the line a plain one). */
function translatedLines(items: Array<Record<string, unknown>>, ref: RefMap): Array<Record<string, unknown>> {
  return items.map(({ product_uid, ...line }) => {
    const product = typeof product_uid === 'number' ? ref('product', product_uid) : null;
    return product === null ? line : { ...line, product_uid: product };
  });
}

/**
 * A recurring profile's own template (extension): its client and lines when edited on the profile, and its end
 * date. Left out while the profile follows its base invoice, so an older remote reads the same body as before.
 */
function recurringTemplate(a: Record<string, any>, ref: RefMap, where: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (a.client_uid) {
    const client = ref('client', a.client_uid);
    if (client === null) throw new FolioError('rule_violation', `Its client ${a.client_uid} is not on ${where} yet`);
    out.client_uid = client;
  }
  if (Array.isArray(a.items)) out.items = translatedLines(a.items, ref);
  if (a.end_date) out.end_date = a.end_date;
  return out;
}

const num = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The local row for a record the remote sent (`data` is the feed's resource). */
export function rowOf(entity: MasterEntity, data: { attributes: Record<string, any>; deleted?: boolean }, ref: RefMap, now: string): Record<string, unknown> {
  const a = data.attributes;
  const stamps = { created_at: a.created_at ?? now, updated_at: a.updated_at ?? now };
  switch (entity) {
    case 'client':
      return {
        name: a.name,
        email: a.email ?? '',
        taxcode: a.taxcode ?? '',
        eu_taxcode: a.eu_taxcode ?? '',
        type: a.type ?? '',
        fokonyv_szam: a.fokonyv_szam ?? '',
        phone: a.phone ?? '',
        tax_type: a.tax_type ?? '',
        address: JSON.stringify(a.billing_address ?? {}),
        bank: JSON.stringify(a.bank ?? {}),
        defaults: JSON.stringify(a.defaults ?? {}),
        // a client from a Folio before e-invoices (0026) has neither field: the defaults
        einvoice_format: ['ubl', 'cii', 'facturx'].includes(a.einvoice_format) ? a.einvoice_format : 'none',
        buyer_reference: typeof a.buyer_reference === 'string' && a.buyer_reference.trim() ? a.buyer_reference.trim() : null,
        deleted_at: data.deleted ? (a.updated_at ?? now) : null,
        ...stamps,
      };
    case 'product':
      return {
        name: a.name,
        price: String(a.price),
        unit: a.unit ?? '',
        vat_id: String(a.vat_id),
        currency_code: a.currency_code ?? 'HUF',
        entitlement: a.entitlement ?? null,
        attrs: JSON.stringify({
          comment: a.comment ?? '',
          barcode: a.barcode ?? '',
          product_code: a.product_code ?? '',
          item_nr: a.item_nr ?? '',
          fokonyv_arbev: a.fokonyv_arbev ?? '',
          fokonyv_afa: a.fokonyv_afa ?? '',
          is_service: a.is_service ? 1 : 0,
          categories_id: num(a.categories_id),
          parent_product_id: num(a.parent_product_id),
          master_variation_id: num(a.master_variation_id),
          min_qty: num(a.min_qty),
          max_qty: num(a.max_qty),
          opt_qty: num(a.opt_qty),
          sales_price: num(a.sales_price),
          purchase_price: num(a.purchase_price),
          width: num(a.width),
          height: num(a.height),
          depth: num(a.depth),
          weight: num(a.weight),
          archived_at: a.archived_at ?? null,
        }),
        deleted_at: a.deleted_at ?? (a.deleted ? now : null),
        ...stamps,
      };
    case 'expense':
      return {
        categories_id: String(a.categories_id),
        name: a.name,
        invoice_no: a.invoice_no ?? '',
        client_id: a.client_uid ? ref('client', a.client_uid) : null,
        gross_price_milli: toMilli(parseDecimal(a.gross_price)),
        vat_id: a.vat ? String(a.vat) : null,
        currency: a.currency ?? 'HUF',
        due_date: a.due_date ?? null,
        kind: a.kind === 'credit_note' ? 'credit_note' : 'invoice',
        supplier_name: a.supplier_name ?? '',
        supplier_taxcode: a.supplier_taxcode ?? '',
        invoice_date: a.invoice_date ?? null,
        fulfillment_date: a.fulfillment_date ?? null,
        payment_date: a.payment_date ?? null,
        paid: a.paid ? 1 : 0,
        net_price_milli: a.net_price === undefined ? null : toMilli(parseDecimal(a.net_price)),
        vat_amount_milli: a.vat_amount === undefined ? null : toMilli(parseDecimal(a.vat_amount)),
        // a version from a Folio before these columns has none of them: the defaults
        supplier_iban: typeof a.supplier_iban === 'string' ? a.supplier_iban : '',
        payment_method: typeof a.payment_method === 'string' ? a.payment_method : '',
        category_v3: typeof a.category_v3 === 'string' ? a.category_v3 : '',
        supplier_vat_id: typeof a.supplier_vat_id === 'string' ? a.supplier_vat_id : '',
        supplier_tax_registration: typeof a.supplier_tax_registration === 'string' ? a.supplier_tax_registration : '',
        supplier_legal_registration: a.supplier_legal_registration?.id ?? '',
        supplier_legal_registration_scheme: a.supplier_legal_registration?.scheme ?? '',
        supplier_identifiers: JSON.stringify(Array.isArray(a.supplier_identifiers) ? a.supplier_identifiers : []),
        ...stamps,
      };
    case 'bank_account':
      return {
        bank_name: a.bank_name,
        account_no: a.account_no ?? '',
        account_no_iban: a.account_no_iban ?? '',
        account_swift: a.account_swift ?? '',
        currency: a.currency ?? 'HUF',
        ...stamps,
      };
    case 'block':
      return { name: a.name, prefix: a.prefix ?? '', ...stamps };
    case 'recurring':
      return {
        base_invoice_id: ref('invoice', a.base_invoice_uid),
        frequency: a.frequency,
        due_days: a.due_days,
        fulfillment_shift: a.fulfillment_shift,
        send_invoice: a.send_invoice ? 1 : 0,
        max_qty: a.max_qty ?? 0,
        used_qty: a.used_qty ?? 0,
        comment: a.comment ?? '',
        stopped: a.stopped ? 1 : 0,
        last_recurring_date: a.last_recurring_date ?? null,
        start_date: a.start_date,
        client_id: a.client_uid ? ref('client', a.client_uid) : null,
        items_json: Array.isArray(a.items) ? JSON.stringify(translatedLines(a.items, ref)) : null,
        end_date: a.end_date ?? null,
        ...stamps,
      };
    case 'quote': {
      const r = translatedQuote(a, ref);
      // a quote whose client never arrived has nothing to attach to (client_id null: the caller skips it)
      return { ...quoteNumberColumns(r), ...quoteColumns(r), client_id: r.client_uid === -1 ? null : r.client_uid, deleted_at: data.deleted ? (a.updated_at ?? now) : null, ...stamps };
    }
  }
}

export const TABLE: Record<MasterEntity, 'clients' | 'products' | 'expenses' | 'bank_accounts' | 'invoice_blocks' | 'recurring_profiles' | 'quotes'> = {
  client: 'clients',
  product: 'products',
  expense: 'expenses',
  bank_account: 'bank_accounts',
  block: 'invoice_blocks',
  recurring: 'recurring_profiles',
  quote: 'quotes',
};
