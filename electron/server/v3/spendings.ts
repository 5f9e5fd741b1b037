// /spendings: Folio's expenses in v3's Spending shape. What Folio does not keep on an expense is left out of the
// answer rather than invented (the HUF amounts and rate of a foreign-currency expense); the payment method and a
// category word Folio's categories cannot tell apart are kept as given (migration 0049); one VAT code
// per expense, so the VAT code is the Hungarian rate the gross and VAT amounts agree on (docs/v3.md).
import Big from 'big.js';
import type { ExpenseAttributes, Resource } from '../../../shared/resources';
import type { InputOf } from '../../../shared/contract/operations';
import { netAndGrossAgree } from '../../../shared/expense-amounts';
import { findVatCode } from '../../../shared/reference/vat-codes';
import { categoryFromV3, categoryToV3, currencyFromV3, currencyToV3, V3_PAYMENT_METHODS_3014 } from '../../../shared/v3/enums';
import { countryCode } from '../../nav/country';
import { addressLine } from './partners';
import { today } from '../../core/context';
import { v3Invalid, type FieldMap } from './errors';
import { allPages, envelope, searchOf } from './paging';
import { bodyOf, call, idOf, type V3Route } from './route';

const FIELDS: FieldMap = {
  categories_id: 'category',
  gross_price: 'total_gross',
  net_price: 'total_vat_amount',
  vat: 'total_vat_amount',
  invoice_no: 'invoice_number',
  payment_date: 'paid_at',
  client_uid: 'partner_id',
  name: 'comment',
  payment_method: 'payment_method',
  category_v3: 'category',
};

/** The Hungarian rate codes a spending's VAT is read as: 27 %, 18 %, 5 %, 0 %. */
const RATE_CODES = ['1', '3', '2', '6'];

function num(s: string): number {
  return Number(s);
}

/**
 * The category word: the one the v3 client gave while Folio's category is still the one it stood for (v3's
 * `tangible_assets` is Folio's "other", which would otherwise answer `other`), else Folio's category in v3's words.
 */
function categoryOf(a: ExpenseAttributes): string {
  return a.category_v3 && categoryFromV3(a.category_v3) === a.categories_id ? a.category_v3 : categoryToV3(a.categories_id);
}

/** The payment method as given, when 3.0.14 has the word (its clients reject an answer with another); else none. */
function paymentMethodOf(a: ExpenseAttributes): { payment_method?: string } {
  return (V3_PAYMENT_METHODS_3014 as readonly string[]).includes(a.payment_method) ? { payment_method: a.payment_method } : {};
}

export function spendingOf(e: Resource<ExpenseAttributes>) {
  const a = e.attributes;
  const huf = a.currency === 'HUF';
  const c = a.client;
  const partner = c
    ? {
        id: a.client_uid,
        name: c.name,
        tax_code: c.taxcode,
        address: { country_code: countryCode(c.billing_address.country) ?? '', post_code: c.billing_address.postcode, city: c.billing_address.city, address: addressLine(c.billing_address) },
        iban: c.bank.iban,
        swift: c.bank.swift,
        account_number: c.bank.account_no,
      }
    : { name: a.supplier_name, tax_code: a.supplier_taxcode };
  return {
    id: e.id,
    category: categoryOf(a),
    paid_at: a.paid ? a.payment_date : null,
    ...(a.fulfillment_date ? { fulfillment_date: a.fulfillment_date } : {}),
    partner,
    invoice_number: a.invoice_no,
    currency: currencyToV3(a.currency),
    total_gross: num(a.gross_price),
    total_vat_amount: num(a.vat_amount),
    // a HUF expense is its own local amount; Folio keeps no rate for a foreign one, so none is answered
    ...(huf ? { conversion_rate: 1, total_gross_local: num(a.gross_price), total_vat_amount_local: num(a.vat_amount) } : {}),
    ...(a.invoice_date ? { invoice_date: a.invoice_date } : {}),
    ...(a.due_date ? { due_date: a.due_date } : {}),
    ...paymentMethodOf(a),
    comment: a.name,
  };
}

function decimalOf(v: unknown, field: string): Big {
  try {
    return new Big(typeof v === 'number' || typeof v === 'string' ? v : NaN);
  } catch {
    throw v3Invalid(field, 'must be a number');
  }
}

/** A v3 SpendingSave body → Folio's expense fields (only those the body holds). */
function expenseInputOf(body: Record<string, unknown>, creating: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof body.category === 'string') {
    out.categories_id = categoryFromV3(body.category);
    // kept when Folio's category would answer another word for it (tangible_assets → other)
    out.category_v3 = categoryToV3(out.categories_id as string) === body.category ? '' : body.category.slice(0, 40);
  } else if (creating) throw v3Invalid('category', 'is required');
  if (body.payment_method !== undefined) {
    if (body.payment_method !== null && typeof body.payment_method !== 'string') throw v3Invalid('payment_method', 'must be a payment method v3 knows');
    out.payment_method = body.payment_method ?? '';
  }
  if (body.comment !== undefined) out.name = body.comment ?? '';
  if (body.invoice_number !== undefined) out.invoice_no = body.invoice_number;
  if (body.invoice_date !== undefined) out.invoice_date = body.invoice_date;
  if (body.fulfillment_date !== undefined) out.fulfillment_date = body.fulfillment_date;
  if (body.due_date !== undefined) out.due_date = body.due_date;
  if (body.partner_id !== undefined) out.client_uid = body.partner_id;
  if (body.paid_at !== undefined) {
    out.payment_date = body.paid_at;
    out.paid = body.paid_at !== null && body.paid_at !== '';
    if (!out.paid) out.payment_date = null;
  }
  if (typeof body.currency === 'string') out.currency = currencyFromV3(body.currency);
  if (body.total_gross !== undefined || body.total_vat_amount !== undefined) {
    if (body.total_gross === undefined) throw v3Invalid('total_gross', 'is required with total_vat_amount');
    if (body.total_vat_amount === undefined) throw v3Invalid('total_vat_amount', 'is required with total_gross');
    const gross = decimalOf(body.total_gross, 'total_gross');
    const vat = decimalOf(body.total_vat_amount, 'total_vat_amount');
    const net = gross.minus(vat);
    const currency = (out.currency as string | undefined) ?? 'HUF';
    // Folio's expense has one VAT code: the Hungarian rate that gross and VAT agree on
    const vatId = RATE_CODES.find((id) => netAndGrossAgree(net.toString(), gross.toString(), findVatCode(id)!.value, currency));
    if (!vatId) throw v3Invalid('total_vat_amount', 'does not match 27, 18, 5 or 0 % of the net amount (Folio keeps one VAT rate per spending)');
    Object.assign(out, { gross_price: gross.toString(), net_price: net.toString(), vat: vatId, kind: gross.lt(0) ? 'credit_note' : 'invoice' });
  } else if (creating) {
    throw v3Invalid('total_gross', 'is required');
  }
  if (creating && out.name === undefined) out.name = typeof body.category === 'string' ? body.category : 'spending';
  return out;
}

/** A query parameter given once, repeated or with brackets (`categories[]=…`), as a list. */
function listParam(q: Record<string, unknown>, name: string): string[] {
  const raw = q[name] ?? q[`${name}[]`];
  if (raw === undefined || raw === '') return [];
  return (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(',')).filter(Boolean);
}

function matches(s: ReturnType<typeof spendingOf>, e: ExpenseAttributes, q: Record<string, unknown>, text: string | undefined): boolean {
  if (text) {
    const hay = [e.name, e.invoice_no, e.supplier_name, e.supplier_taxcode, e.client?.name ?? ''].join('\n').toLowerCase();
    if (!hay.includes(text.toLowerCase())) return false;
  }
  const dateField = typeof q.spending_date === 'string' && ['due_date', 'fulfillment_date', 'invoice_date'].includes(q.spending_date) ? q.spending_date : 'invoice_date';
  const day = (e as unknown as Record<string, string | null>)[dateField];
  if (typeof q.start_date === 'string' && q.start_date && (!day || day < q.start_date)) return false;
  if (typeof q.end_date === 'string' && q.end_date && (!day || day > q.end_date)) return false;
  const status = q.payment_status;
  if (status === 'paid' && !e.paid) return false;
  if (status === 'unpaid' && e.paid) return false;
  if (status === 'expired' && (e.paid || !e.due_date || e.due_date >= String(q.__today))) return false;
  // every Folio expense was recorded by hand: none came from NAV's incoming invoices
  if (q.spending_type === 'nav') return false;
  const categories = listParam(q, 'categories');
  if (categories.length && !categories.includes(s.category)) return false;
  const currencies = listParam(q, 'currencies');
  if (currencies.length && !currencies.map(currencyFromV3).includes(e.currency)) return false;
  // Folio keeps no payment method on an expense: a payment_methods filter cannot narrow anything and is not applied
  return true;
}

export const spendingRoutes: V3Route[] = [
  {
    method: 'GET',
    path: '/spendings',
    handler: async ({ core, req }) => {
      const q = { ...(req.query as Record<string, unknown>), __today: today(core().ctx) };
      const text = searchOf(req);
      const all = await allPages((page, max_per_page) => call(core(), 'expenses.list', { page, max_per_page }));
      const kept = all.filter((e) => matches(spendingOf(e), e.attributes, q, text));
      // newest first by due date (v3's order), undated last, then newest recorded
      kept.sort((a, b) => (b.attributes.due_date ?? '').localeCompare(a.attributes.due_date ?? '') || b.id - a.id);
      return envelope(req, kept, (e) => ({ ...spendingOf(e), is_created_by_nav: false }));
    },
  },
  {
    method: 'POST',
    path: '/spendings',
    status: 201,
    handler: async ({ core, req }) =>
      spendingOf(await call(core(), 'expenses.create', expenseInputOf(bodyOf(req), true) as InputOf<'expenses.create'>, FIELDS)),
  },
  { method: 'GET', path: '/spendings/{id}', handler: async ({ core, req }) => spendingOf(await call(core(), 'expenses.get', { id: idOf(req) })) },
  {
    method: 'PUT',
    path: '/spendings/{id}',
    handler: async ({ core, req }) =>
      spendingOf(await call(core(), 'expenses.update', { ...expenseInputOf(bodyOf(req), false), id: idOf(req) } as InputOf<'expenses.update'>, FIELDS)),
  },
  {
    method: 'DELETE',
    path: '/spendings/{id}',
    status: 204,
    handler: async ({ core, req }) => {
      await call(core(), 'expenses.delete', { id: idOf(req) });
      return undefined;
    },
  },
];
