// /documents/receipt: v3's receipts (nyugta) onto the core's receipts.create and receipts.issue. A ReceiptInsert is
// read here; the answer is the same Document every /documents route gives (document-map.ts), typed `receipt`.
import type { InputOf } from '../../../shared/contract/operations';
import { currencyFromV3, languageFromV3, paymentMethodFromV3, receiptVatFromV3 } from '../../../shared/v3/enums';
import type { Core } from '../../core/index';
import { documentOf } from './document-map';
import { asText, withItemFields } from './document-input';
import { v3Invalid, type FieldMap } from './errors';
import { bodyOf, call, idOf, type V3Route } from './route';
import { today } from '../../core/context';

/** Folio's field names in receipts.create's errors → v3's. */
const FIELDS: FieldMap = {
  client_uid: 'partner_id',
  block_uid: 'block_id',
  exchange_rate: 'conversion_rate',
  buyer_name: 'name',
  buyer_email: 'emails',
  template_lang_code: 'language',
  electronic_invoice: 'electronic',
};

/**
 * ReceiptInsert's items: ReceiptItemData (a product) or ReceiptProductData (name, a VAT-included unit_price, a
 * ReceiptVat). 3.0.15 gives neither a quantity nor a unit: one piece, unless the caller sends `quantity` (and `unit`)
 * as DocumentProductData has them.
 */
function receiptItemsOf(raw: unknown) {
  if (!Array.isArray(raw)) throw v3Invalid('items', 'must be a list of items');
  return raw.map((item, i) => {
    if (!item || typeof item !== 'object') throw v3Invalid(`items.${i}`, 'must be an object');
    const it = item as Record<string, unknown>;
    const qty = it.quantity === undefined || it.quantity === null ? {} : { qty: asText(it.quantity) };
    if (it.product_id !== undefined && it.product_id !== null) return { product_uid: it.product_id, ...qty };
    const vat = typeof it.vat === 'string' ? receiptVatFromV3(it.vat) : undefined;
    if (vat === undefined) throw v3Invalid(`items.${i}.vat`, 'must be none, 5%, 18%, 27%, AAM, TAM or another Hungarian VAT value');
    return {
      description: asText(it.name),
      gross_unit_price: asText(it.unit_price),
      vat_id: vat,
      ...qty,
      ...(typeof it.unit === 'string' ? { unit: it.unit } : {}),
      ...(typeof it.comment === 'string' ? { item_comment: it.comment } : {}),
    };
  });
}

/** The buyer as printed: `name`, and the first of `emails` (Folio keeps one address). */
function buyerOf(body: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  if (typeof body.name === 'string' && body.name.trim()) out.buyer_name = body.name;
  if (body.emails !== undefined) {
    if (!Array.isArray(body.emails)) throw v3Invalid('emails', 'must be a list of e-mail addresses');
    const first = body.emails.find((e) => typeof e === 'string' && e.trim());
    if (first) out.buyer_email = first;
  }
  return out;
}

/** A ReceiptInsert → receipts.create's input. */
function receiptInputOf(body: Record<string, unknown>): Record<string, unknown> {
  if (body.type !== 'receipt' && body.type !== 'draft') throw v3Invalid('type', 'must be receipt or draft');
  const pm = typeof body.payment_method === 'string' ? paymentMethodFromV3(body.payment_method) : undefined;
  if (pm === undefined) throw v3Invalid('payment_method', 'is not a payment method v3 knows');
  if (typeof body.currency !== 'string') throw v3Invalid('currency', 'is required');
  const input: Record<string, unknown> = {
    ...(body.type === 'draft' ? { draft: 1 } : {}),
    payment_method: pm,
    currency: currencyFromV3(body.currency),
    block_uid: body.block_id,
    items: receiptItemsOf(body.items ?? []),
    ...buyerOf(body),
  };
  if (body.partner_id !== undefined && body.partner_id !== null) input.client_uid = body.partner_id;
  // a rate of 1 on a HUF receipt is v3's default, not a rate given
  if (body.conversion_rate !== undefined && !(Number(body.conversion_rate) === 1 && input.currency === 'HUF')) input.exchange_rate = asText(body.conversion_rate);
  if (body.electronic !== undefined) input.electronic_invoice = body.electronic ? 1 : 0;
  if (typeof body.language === 'string') input.template_lang_code = languageFromV3(body.language);
  if (typeof body.comment === 'string') input.comment = body.comment;
  if (body.vendor_id !== undefined && body.vendor_id !== null) input.vendor_id = asText(body.vendor_id);
  return input;
}

/** receipts.create's lines in v3's words in an error (items.0.gross_unit_price → items.0.unit_price). */
async function callReceipt<N extends 'receipts.create' | 'receipts.issue' | 'invoices.update'>(core: Core, name: N, input: InputOf<N>) {
  try {
    return await call(core, name, input, FIELDS);
  } catch (err) {
    throw withItemFields(err);
  }
}

const answer = (core: Core, inv: Awaited<ReturnType<typeof callReceipt<'receipts.create'>>>) => documentOf(inv, { today: today(core.ctx) });

export const receiptRoutes: V3Route[] = [
  {
    method: 'POST',
    path: '/documents/receipt',
    status: 201,
    handler: async ({ core, req }) => {
      const c = core();
      return answer(c, await callReceipt(c, 'receipts.create', receiptInputOf(bodyOf(req)) as InputOf<'receipts.create'>));
    },
  },
  {
    // v3's "converts a draft to a receipt": the body (a whole ReceiptInsert) changes the draft first, then it is issued
    method: 'PUT',
    path: '/documents/receipt/{id}',
    handler: async ({ core, req }) => {
      const c = core();
      const id = idOf(req);
      const body = bodyOf(req);
      const { items, payment_method, currency, block_uid, client_uid, exchange_rate, electronic_invoice, template_lang_code, comment, buyer_name, buyer_email } =
        receiptInputOf({ ...body, type: 'draft' });
      const changes: Record<string, unknown> = { payment_method, currency, block_uid, client_uid, exchange_rate, electronic_invoice, template_lang_code, comment };
      // the draft's lines are replaced only when the body has some (an empty list keeps the draft's)
      if (Array.isArray(items) && items.length) changes.items = (items as Array<Record<string, unknown>>).map((l) => ({ qty: '1', ...l }));
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      await callReceipt(c, 'invoices.update', { ...defined, id } as InputOf<'invoices.update'>);
      const issued = await callReceipt(c, 'receipts.issue', { id, ...(buyer_name ? { buyer_name } : {}), ...(buyer_email ? { buyer_email } : {}) } as InputOf<'receipts.issue'>);
      return answer(c, issued);
    },
  },
];
