// Delivery notes, order confirmations and completion certificates (issue 40) through v3's /documents, with 3.0.14's
// type names: waybill, order_form, cert_of_completion. They are not invoices and live in their own table, so their
// ids would meet invoices' ids: the door answers them as DELIVERY_ID_BASE + their own id (invoices stay far below it),
// and GET /documents/{id} and …/download read an id at or above it as a delivery document.
import type { FastifyRequest } from 'fastify';
import type { DeliveryNoteAttributes } from '../../../shared/delivery-notes';
import type { Resource } from '../../../shared/resources';
import { currencyToV3, languageToV3, vatToV3 } from '../../../shared/v3/enums';
import type { Core } from '../../core/index';
import { addressOf } from './document-map';
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
