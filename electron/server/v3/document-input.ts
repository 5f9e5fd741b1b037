// A v3 request body → the core's input: DocumentInsert and its items (inline DocumentProductData or DocumentItemData
// by product), PaymentHistory entries; and Folio's payments back as v3's PaymentHistory. Enum values go through the
// one table (shared/v3/enums.ts); a value Folio cannot read is a 422 at v3's field name.
import type { InputOf } from '../../../shared/contract/operations';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';
import { currencyFromV3, languageFromV3, paymentMethodFromV3, paymentMethodToV3, roundFromV3, vatFromV3 } from '../../../shared/v3/enums';
import { FolioError } from '../../../shared/errors';
import { v3Invalid, type FieldMap } from './errors';

type Inv = Resource<InvoiceAttributes>;

/** Folio's field names in the core's errors → v3's. */
export const FIELDS: FieldMap = {
  client_uid: 'partner_id',
  block_uid: 'block_id',
  bank_account_uid: 'bank_account_id',
  template_lang_code: 'language',
  electronic_invoice: 'electronic',
  exchange_rate: 'conversion_rate',
  round_to: 'settings.round',
  advance_invoice_uids: 'advance_invoice',
};

/** The field names of a line, Folio's → v3's (items.0.description → items.0.name). */
const ITEM_FIELDS: Readonly<Record<string, string>> = {
  description: 'name', qty: 'quantity', net_unit_price: 'unit_price', gross_unit_price: 'unit_price', vat_id: 'vat',
  item_comment: 'comment', product_uid: 'product_id',
};

/** A core error with its line fields in v3's words (the prefix map of errors.ts cannot rename inside a list). */
export function withItemFields(err: unknown): unknown {
  if (!(err instanceof FolioError) || !err.errors?.some((e) => e.field.startsWith('items.'))) return err;
  const rename = (field: string) => field.replace(/^(items\.\d+\.)([a-z_]+)/, (_m, head: string, name: string) => head + (ITEM_FIELDS[name] ?? name));
  const errors = err.errors.map((e) => ({ ...e, field: rename(e.field) }));
  return new FolioError(err.code, err.message.replace(/items\.\d+\.[a-z_]+/g, rename), errors);
}

/** v3's DocumentInsertType → Folio's type (an advance invoice is a normal invoice marked advance). */
const V3_INSERT_TYPES: Readonly<Record<string, { type: number; advance?: 1 }>> = {
  draft: { type: INVOICE_TYPE.draft },
  proforma: { type: INVOICE_TYPE.proforma },
  invoice: { type: INVOICE_TYPE.invoice },
  advance: { type: INVOICE_TYPE.invoice, advance: 1 },
};

export const asText = (v: unknown) => (v === undefined || v === null ? undefined : String(v));

export function linesOf(raw: unknown): Array<Record<string, unknown>> | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) throw v3Invalid('items', 'must be a list of items');
  return raw.map((item, i) => {
    if (!item || typeof item !== 'object') throw v3Invalid(`items.${i}`, 'must be an object');
    const it = item as Record<string, unknown>;
    const line: Record<string, unknown> = { qty: asText(it.quantity) };
    if (it.comment !== undefined) line.item_comment = asText(it.comment);
    if (it.product_id !== undefined && it.product_id !== null) return { ...line, product_uid: it.product_id };
    line.description = asText(it.name);
    line.unit = asText(it.unit) ?? '';
    if (it.vat !== undefined) {
      const vat = vatFromV3(String(it.vat));
      if (vat === undefined) throw v3Invalid(`items.${i}.vat`, 'is not a VAT value Folio knows');
      line.vat_id = vat;
    }
    if (it.unit_price_type !== 'gross' && it.unit_price_type !== 'net') throw v3Invalid(`items.${i}.unit_price_type`, 'must be gross or net');
    line[it.unit_price_type === 'gross' ? 'gross_unit_price' : 'net_unit_price'] = asText(it.unit_price);
    if (it.entitlement !== undefined && it.entitlement !== null) line.entitlement = it.entitlement;
    return line;
  });
}

/** A v3 DocumentInsert (whole for POST, partial for PUT) → Folio's invoice body; `type` is handled by the caller. */
export function invoiceBodyOf(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (k: string, v: unknown) => {
    if (v !== undefined) out[k] = v;
  };
  put('client_uid', body.partner_id);
  put('block_uid', body.block_id);
  put('bank_account_uid', body.bank_account_id);
  put('fulfillment_date', body.fulfillment_date);
  put('due_date', body.due_date);
  put('comment', asText(body.comment));
  put('vendor_id', asText(body.vendor_id));
  if (body.payment_method !== undefined) {
    const pm = typeof body.payment_method === 'string' ? paymentMethodFromV3(body.payment_method) : undefined;
    if (pm === undefined) throw v3Invalid('payment_method', 'is not a payment method v3 knows');
    out.payment_method = pm;
  }
  if (typeof body.language === 'string') out.template_lang_code = languageFromV3(body.language);
  if (typeof body.currency === 'string') out.currency = currencyFromV3(body.currency);
  // a rate of 1 on a HUF document is v3's default, not a rate given
  if (body.conversion_rate !== undefined && !(Number(body.conversion_rate) === 1 && (out.currency ?? 'HUF') === 'HUF')) {
    out.exchange_rate = asText(body.conversion_rate);
  }
  if (body.electronic !== undefined) out.electronic_invoice = body.electronic ? 1 : 0;
  const settings = body.settings as Record<string, unknown> | undefined;
  if (settings && typeof settings.round === 'string') {
    const r = roundFromV3(settings.round);
    if (r === undefined) throw v3Invalid('settings.round', 'must be none, one, five or ten');
    out.round_to = r;
  }
  if (body.advance_invoice !== undefined) out.advance_invoice_uids = body.advance_invoice;
  // issue 40: the payment QR code (MNB HCT for HUF, EPC for EUR); 3.0.14 has the flag at the top and in settings
  const instant = body.instant_payment ?? settings?.instant_payment;
  if (instant !== undefined && instant !== null) {
    if (typeof instant !== 'boolean') throw v3Invalid('instant_payment', 'must be true or false');
    out.payment_qr = instant;
  }
  put('items', linesOf(body.items));
  return out;
}

export function insertTypeOf(body: Record<string, unknown>) {
  const t = V3_INSERT_TYPES[String(body.type)];
  if (!t) throw v3Invalid('type', 'must be draft, invoice, proforma or advance');
  return t;
}

export function paymentsOf(inv: Inv) {
  return inv.attributes.payments.map((p) => ({
    date: p.date,
    price: Number(p.amount),
    payment_method: paymentMethodToV3(p.payment_method),
    voucher_number: null,
    conversion_rate: Number(p.conversion_rate) || 1,
  }));
}

/** A v3 PaymentHistory entry → invoices.pay's input. */
export function payOf(id: number, entry: unknown, i: number): InputOf<'invoices.pay'> {
  if (!entry || typeof entry !== 'object') throw v3Invalid(`${i}`, 'must be a payment object');
  const e = entry as Record<string, unknown>;
  const pm = typeof e.payment_method === 'string' ? paymentMethodFromV3(e.payment_method) : undefined;
  if (pm === undefined) throw v3Invalid(`${i}.payment_method`, 'is not a payment method v3 knows');
  const input: Record<string, unknown> = { id, date: e.date, amount: asText(e.price), payment_method: pm };
  if (e.conversion_rate !== undefined && e.conversion_rate !== null && Number(e.conversion_rate) !== 1) input.conversion_rate = asText(e.conversion_rate);
  return input as InputOf<'invoices.pay'>;
}
