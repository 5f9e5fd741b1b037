// Delivery notes, order confirmations and completion certificates (issue 40) through v3's /documents, with 3.0.14's
// type names: waybill, order_form, cert_of_completion. They are not invoices and live in their own table, so their
// ids would meet invoices' ids: the door answers them as DELIVERY_ID_BASE + their own id (invoices stay far below it),
// and GET /documents/{id} and …/download read an id at or above it as a delivery document.
import type { FastifyRequest } from 'fastify';
import type { DeliveryNoteAttributes } from '../../../shared/delivery-notes';
import type { Resource } from '../../../shared/resources';
import type { InputOf } from '../../../shared/contract/operations';
import { currencyFromV3, currencyToV3, languageFromV3, languageToV3, V3_CURRENCIES_3014, V3_CURRENCIES_3015_ONLY, V3_LANGUAGES_3014, vatFromV3, vatToV3 } from '../../../shared/v3/enums';
import type { Core } from '../../core/index';
import { addressOf } from './document-map';
import { asText, withItemFields } from './document-input';
import { v3Invalid } from './errors';
import { pagingOf } from './paging';
import { call } from './route';

export const DELIVERY_ID_BASE = 1_000_000_000;
export const DELIVERY_TYPES = new Set(['waybill', 'order_form', 'cert_of_completion']);

export const isDeliveryId = (id: number) => id >= DELIVERY_ID_BASE;

const num = (v: string | null) => (v === null ? 0 : Number(v));

export function deliveryDocumentOf(note: Resource<DeliveryNoteAttributes>) {
  const a = note.attributes;
  const items = a.items.map((i) => {
    const net = Math.round(num(i.qty) * num(i.net_unit_price) * 100) / 100;
    return { product_id: i.product_uid, name: i.description, net_unit_amount: num(i.net_unit_price), quantity: num(i.qty), unit: i.unit, net_amount: net, gross_amount: net, vat: (i.vat_id && vatToV3(i.vat_id)) || '0%', vat_amount: 0, comment: '' };
  });
  const net = Math.round(items.reduce((s, i) => s + i.net_amount, 0) * 100) / 100;
  return {
    id: DELIVERY_ID_BASE + note.id,
    invoice_number: a.note_no,
    type: a.kind,
    cancelled: a.status === 'cancelled',
    block_id: 0,
    // not an invoice: nothing to pay on it
    payment_status: 'none',
    gross_total: net,
    currency: currencyToV3(a.currency),
    conversion_rate: 1,
    invoice_date: a.date,
    fulfillment_date: a.date,
    due_date: a.date,
    organization: { name: a.seller.name, tax_number: a.seller.taxcode, address: addressOf(a.seller.address), eu_tax_number: a.seller.eu_taxcode, small_taxpayer: false, cash_settled: false, bank_account: { name: a.seller.bank_name || '-', account_number: a.seller.bank_account_no, account_number_iban: a.seller.bank_iban, swift: a.seller.bank_swift } },
    document_partner: { id: a.client_uid, name: a.client.name, address: addressOf(a.client.billing_address), emails: a.client.email ? [a.client.email] : [], taxcode: a.client.taxcode, iban: '', swift: '', account_number: '', phone: '', tax_type: a.client.tax_type },
    electronic: false,
    comment: a.comment,
    tags: [],
    language: languageToV3(a.template_lang_code),
    items,
    summary: { net_amount: net, net_amount_local: net, gross_amount_local: net, vat_amount: 0, vat_amount_local: 0, vat_rate_summary: [] },
    settings: { selected_type: a.kind },
    related_documents: [],
  };
}

/** GET /documents?type=waybill|order_form|cert_of_completion: the core's pages of that kind gathered to count them. */
export async function listDeliveryDocuments(core: Core, req: FastifyRequest, kind: 'waybill' | 'order_form' | 'cert_of_completion') {
  const { page, perPage } = pagingOf(req);
  const q = req.query as Record<string, unknown>;
  const partner = /^\d{1,10}$/.test(String(q.partner_id ?? '')) ? Number(q.partner_id) : undefined;
  const all: Resource<DeliveryNoteAttributes>[] = [];
  for (let p = 1; ; p++) {
    const got = await call(core, 'deliveryNotes.list', { kind, page: p, max_per_page: 50, ...(partner !== undefined ? { client_uid: partner } : {}) });
    all.push(...got.items);
    if (!got.has_more) break;
  }
  const lastPage = Math.max(1, Math.ceil(all.length / perPage));
  const url = (n: number) => {
    const [path, query = ''] = req.url.split('?');
    const params = new URLSearchParams(query);
    params.set('page', String(n));
    return `${req.protocol}://${req.host}${path}?${params.toString()}`;
  };
  return {
    data: all.slice((page - 1) * perPage, page * perPage).map(deliveryDocumentOf),
    total: all.length,
    per_page: perPage,
    current_page: page,
    last_page: lastPage,
    prev_page_url: page > 1 ? url(Math.min(page - 1, lastPage)) : '',
    next_page_url: page < lastPage ? url(page + 1) : '',
  };
}

export async function readDeliveryDocument(core: Core, id: number) {
  return deliveryDocumentOf(await call(core, 'deliveryNotes.get', { id: id - DELIVERY_ID_BASE }));
}

export async function downloadDeliveryDocument(core: Core, id: number) {
  return call(core, 'deliveryNotes.download', { id: id - DELIVERY_ID_BASE });
}

/** Delivery document types v3 lists as drafts: Folio issues these documents at once, so it has no drafts of them. */
export const DELIVERY_DRAFT_TYPES = new Set(['draft_waybill', 'draft_order_form', 'd_cert_of_completion']);

/** Folio's field names in the core's errors → v3's, for a delivery document's body. */
const DELIVERY_FIELDS = { client_uid: 'partner_id', date: 'fulfillment_date', template_lang_code: 'language', quote_uid: 'partner_id' } as const;

/**
 * POST /documents with type waybill, order_form or cert_of_completion: v3's DocumentInsert as deliveryNotes.create's
 * input. The document's day is its fulfillment_date (the day of delivery or completion); block, due date and payment
 * method, which v3 asks of every document, mean nothing on a document that is not an invoice and are not kept.
 * A line's price is net (a delivery document has no VAT total); a gross price is refused with the reason.
 */
export async function createDeliveryDocument(core: Core, body: Record<string, unknown>) {
  const kind = String(body.type) as 'waybill' | 'order_form' | 'cert_of_completion';
  if (body.partner_id === undefined || body.partner_id === null) throw v3Invalid('partner_id', 'is required');
  if (!Array.isArray(body.items) || !body.items.length) throw v3Invalid('items', 'needs at least one item');
  const items = body.items.map((item, i) => {
    if (!item || typeof item !== 'object') throw v3Invalid(`items.${i}`, 'must be an object');
    const it = item as Record<string, unknown>;
    if (it.product_id !== undefined && it.product_id !== null) return { product_uid: it.product_id, qty: asText(it.quantity) };
    if (it.unit_price_type !== 'net') {
      throw v3Invalid(`items.${i}.unit_price_type`, it.unit_price_type === 'gross' ? 'a delivery document carries net prices: send net' : 'must be net');
    }
    const line: Record<string, unknown> = { description: asText(it.name), qty: asText(it.quantity), unit: asText(it.unit) ?? '', net_unit_price: asText(it.unit_price) };
    if (it.vat !== undefined && it.vat !== null) {
      const vat = vatFromV3(String(it.vat));
      if (vat === undefined) throw v3Invalid(`items.${i}.vat`, 'is not a VAT value Folio knows');
      line.vat_id = vat;
    }
    return line;
  });
  const input: Record<string, unknown> = { kind, client_uid: body.partner_id, items };
  if (body.fulfillment_date !== undefined) input.date = body.fulfillment_date;
  if (typeof body.comment === 'string') input.comment = body.comment;
  if (body.language !== undefined) {
    if (!(V3_LANGUAGES_3014 as readonly unknown[]).includes(body.language)) throw v3Invalid('language', `must be one of ${V3_LANGUAGES_3014.join(', ')}`);
    input.template_lang_code = languageFromV3(body.language as string);
  }
  if (body.currency !== undefined) {
    const known = [...V3_CURRENCIES_3014, ...V3_CURRENCIES_3015_ONLY] as readonly unknown[];
    if (!known.includes(body.currency)) throw v3Invalid('currency', 'is not a currency v3 knows');
    input.currency = currencyFromV3(body.currency as string);
  }
  try {
    const note = await call(core, 'deliveryNotes.create', input as InputOf<'deliveryNotes.create'>, DELIVERY_FIELDS);
    return deliveryDocumentOf(note);
  } catch (err) {
    throw withItemFields(err);
  }
}
