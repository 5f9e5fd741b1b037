// An issued invoice travels between nodes as a record: the legal document exactly as its issuer sealed it (numbers,
// dates, snapshots of seller and client, lines with their amounts, totals), never re-computed on arrival, so every
// node holds the same document. Both directions use this module: a device pulling the remote's invoices and the
// remote storing the invoices a device pushes. Ids inside a record are always those of the node that stores it.
import type { InvoiceRecord } from '../../../shared/contract/sync';
import { numberKindOf } from '../../../shared/invoice-codes';
import { parseDecimal, toMilli } from '../../../shared/money';
import type { WriteTx } from '../../db/types';
import type { InvoiceItemRow, InvoiceRow } from '../../db/schema';
import { parseNumber as parseNumberOf, type NumberKind } from '../invoices/numbering';
import { insertLines, sealArrived } from '../invoices/seal';
import { insertInvoice } from '../invoices/statements';
import { invoiceValues } from '../invoices/values';

/** The resource form every node reads invoices in (loadInvoices), loosely: the feed sends it as JSON. */
export interface InvoiceLike {
  type: number;
  status: number;
  invoice_no: string | null;
  prefix: string;
  block_uid: number;
  date: string;
  fulfillment_date: string;
  due_date: string;
  client_uid: number;
  client: object;
  seller: object;
  payment_method: number | { id: number };
  currency: string;
  exchange_rate: string;
  exchange_rate_source: string;
  round_to: number;
  rounding: string;
  net_total: string;
  vat_total: string;
  gross_total: string;
  total: string;
  total_paid: string;
  comment: string;
  template_lang_code: string;
  electronic_invoice: number;
  bank_account_uid: number | null;
  is_cancel_invoice: number;
  cancels_uid: number | null;
  cancelled_by_uid?: number | null;
  proforma_uid: number | null;
  generated_invoice_uid?: number | null;
  recurring_uid: number | null;
  quote_uid?: number | null;
  period_start: string | null;
  period_end: string | null;
  modifies_uid?: number | null;
  original?: { uid: number | null; invoice_no: string; date: string } | null;
  modification_index?: number | null;
  modification_reason?: string | null;
  is_advance?: number;
  vendor_id?: string | null;
  /** issue 40: prints the payment code (older nodes send none) */
  payment_qr?: 0 | 1 | null;
  /** not part of the resource: the push side reads it from the row, the feed adds it (./feed.ts) */
  external_original?: string | null;
  items: Array<{
    description: string;
    qty: string;
    unit: string;
    net_unit_price: string;
    gross_unit_price: string | null;
    vat_id: string | number;
    vat_rate: string;
    entitlement: string | null;
    item_comment: string;
    net_amount: string;
    vat_amount: string;
    gross_amount: string;
    product_uid: number | null;
    modifies_line?: number | null;
    advance_invoice_uid?: number | null;
  }>;
  payments: Array<{ date: string; amount: string; payment_method: number; conversion_rate: string }>;
  created_at: string;
}

export type RefEntity = 'block' | 'client' | 'bank_account' | 'invoice' | 'recurring' | 'product' | 'quote';

/** Translates an id of the source node into the target node's; null when the target has no such record. */
export type Translate = (entity: RefEntity, id: number) => number | null;

/**
 * The record of an invoice, its references translated. Links to invoices made later (cancelled_by, generated) are
 * not part of it: the later invoice's own record carries the link, so each fact travels once.
 */
export function recordOf(a: InvoiceLike, translate: Translate, state: { status: number; total_paid: string; payments: InvoiceLike['payments'] }): InvoiceRecord {
  const ref = (entity: RefEntity, id: number | null) => (id === null || id === undefined ? null : translate(entity, id));
  return {
    type: a.type as InvoiceRecord['type'],
    status: state.status as InvoiceRecord['status'],
    invoice_no: a.invoice_no ?? '',
    prefix: a.prefix,
    block_uid: ref('block', a.block_uid) ?? -1,
    date: a.date,
    fulfillment_date: a.fulfillment_date,
    due_date: a.due_date,
    client_uid: ref('client', a.client_uid) ?? -1,
    client: a.client as InvoiceRecord['client'],
    seller: a.seller as InvoiceRecord['seller'],
    payment_method: typeof a.payment_method === 'object' ? a.payment_method.id : a.payment_method,
    currency: a.currency,
    exchange_rate: a.exchange_rate,
    exchange_rate_source: a.exchange_rate_source,
    round_to: a.round_to,
    rounding: a.rounding,
    net_total: a.net_total,
    vat_total: a.vat_total,
    gross_total: a.gross_total,
    total: a.total,
    total_paid: state.total_paid,
    comment: a.comment,
    template_lang_code: a.template_lang_code,
    electronic_invoice: a.electronic_invoice,
    bank_account_uid: ref('bank_account', a.bank_account_uid),
    is_cancel_invoice: a.is_cancel_invoice,
    cancels_uid: ref('invoice', a.cancels_uid),
    proforma_uid: ref('invoice', a.proforma_uid),
    recurring_uid: ref('recurring', a.recurring_uid),
    period_start: a.period_start,
    period_end: a.period_end,
    modifies_uid: ref('invoice', a.modifies_uid ?? null),
    original: a.original ? { invoice_no: a.original.invoice_no, date: a.original.date } : null,
    modification_index: a.modification_index ?? null,
    modification_reason: a.modification_reason ?? null,
    is_advance: a.is_advance ?? 0,
    vendor_id: a.vendor_id ?? null,
    payment_qr: a.payment_qr ?? null,
    external_original: a.external_original ?? null,
    quote_uid: ref('quote', a.quote_uid ?? null),
    items: a.items.map((i) => ({
      description: i.description,
      qty: i.qty,
      unit: i.unit,
      net_unit_price: i.net_unit_price,
      gross_unit_price: i.gross_unit_price,
      vat_id: String(i.vat_id),
      vat_rate: i.vat_rate,
      entitlement: i.entitlement,
      item_comment: i.item_comment,
      net_amount: i.net_amount,
      vat_amount: i.vat_amount,
      gross_amount: i.gross_amount,
      product_uid: ref('product', i.product_uid),
      modifies_line: i.modifies_line ?? null,
      advance_invoice_uid: ref('invoice', i.advance_invoice_uid ?? null),
    })),
    payments: state.payments.map((p) => ({ date: p.date, amount: p.amount, payment_method: p.payment_method, conversion_rate: p.conversion_rate })),
    created_at: a.created_at,
  };
}

const milli = (amount: string) => toMilli(parseDecimal(amount));

export interface ParsedNumber {
  kind: NumberKind;
  year: number;
  seq: number;
}

export function parseNumber(record: Pick<InvoiceRecord, 'invoice_no' | 'type'>): ParsedNumber | null {
  const kind = numberKindOf(record.type);
  const n = kind && parseNumberOf(record.invoice_no, kind);
  return kind && n ? { kind, ...n } : null;
}

/**
 * Whether a stored invoice is the document a record describes (a retried push finds its own record): everything the
 * record fixed when it was issued — client and its snapshot, dates, currency, amounts, links and lines. Payments and
 * status may have moved on since, so they are not compared.
 */
export function sameDocument(row: InvoiceRow, items: InvoiceItemRow[], r: InvoiceRecord): boolean {
  return (
    row.type === r.type &&
    row.prefix === r.prefix &&
    row.date === r.date &&
    row.fulfillment_date === r.fulfillment_date &&
    row.client_id === r.client_uid &&
    row.client_snapshot === JSON.stringify(r.client) &&
    row.currency === r.currency &&
    row.net_milli === milli(r.net_total) &&
    row.vat_milli === milli(r.vat_total) &&
    row.total_milli === milli(r.total) &&
    row.is_cancel_invoice === r.is_cancel_invoice &&
    row.cancels_id === r.cancels_uid &&
    row.proforma_id === r.proforma_uid &&
    row.modifies_id === (r.modifies_uid ?? null) &&
    row.modification_index === (r.modification_index ?? null) &&
    row.original_invoice_no === (r.original?.invoice_no ?? null) &&
    row.is_advance === (r.is_advance ?? 0) &&
    items.length === r.items.length &&
    items.every((o, i) => {
      const c = r.items[i]!;
      return (
        o.description === c.description &&
        o.vat_id === c.vat_id &&
        o.qty === c.qty &&
        o.gross_milli === milli(c.gross_amount) &&
        o.modifies_line === (c.modifies_line ?? null) &&
        o.advance_invoice_id === (c.advance_invoice_uid ?? null)
      );
    })
  );
}

export interface StoreOptions {
  status: number;
  total_paid_milli: number;
  cancelled_by_id?: number | null;
  generated_invoice_id?: number | null;
  issued_at?: string;
  now: string;
}

/**
 * Stores a record as an invoice inside `trx`, not sealed yet: the row, its lines and its payments, in the order the
 * immutability triggers allow. The caller links it to the documents it follows and then seals it (`sealArrived`), so
 * the change log says what changed in the order the core itself writes it. Returns the new row's id and the ids of
 * its payments.
 */
export async function storeRecord(trx: WriteTx, r: InvoiceRecord, o: StoreOptions): Promise<{ id: number; paymentIds: number[] }> {
  const id = (await insertInvoice.get(trx, recordValues(r, o)))!.id;
  await insertLines(trx, recordLines(r, id));
  const paymentIds = await insertPayments(trx, id, r.payments, o.now);
  return { id, paymentIds };
}

/** The invoice row a record is stored as (storeRecord; ./store-batch.ts stores many in one statement). */
export function recordValues(r: InvoiceRecord, o: StoreOptions) {
  const n = parseNumber(r)!;
  return invoiceValues(
    {
      type: r.type,
      block_id: r.block_uid,
      prefix: r.prefix,
      number_kind: n.kind,
      number_year: n.year,
      number_seq: n.seq,
      invoice_no: r.invoice_no,
      date: r.date,
      fulfillment_date: r.fulfillment_date,
      due_date: r.due_date,
      client_id: r.client_uid,
      client_snapshot: JSON.stringify(r.client),
      seller_snapshot: JSON.stringify(r.seller),
      payment_method_id: r.payment_method,
      currency: r.currency,
      exchange_rate: r.exchange_rate,
      exchange_rate_source: r.exchange_rate_source,
      round_to: r.round_to,
      net_milli: milli(r.net_total),
      vat_milli: milli(r.vat_total),
      gross_milli: milli(r.gross_total),
      rounding_milli: milli(r.rounding),
      total_milli: milli(r.total),
      comment: r.comment,
      template_lang_code: r.template_lang_code,
      electronic_invoice: r.electronic_invoice,
      bank_account_id: r.bank_account_uid,
      status: o.status,
      total_paid_milli: o.total_paid_milli,
      is_cancel_invoice: r.is_cancel_invoice,
      cancels_id: r.cancels_uid,
      cancelled_by_id: o.cancelled_by_id ?? null,
      proforma_id: r.proforma_uid,
      generated_invoice_id: o.generated_invoice_id ?? null,
      recurring_id: r.recurring_uid,
      period_start: r.period_start,
      period_end: r.period_end,
      modifies_id: r.modifies_uid ?? null,
      original_invoice_no: r.original?.invoice_no ?? null,
      original_date: r.original?.date ?? null,
      modification_index: r.modification_index ?? null,
      modification_reason: r.modification_reason ?? null,
      is_advance: r.is_advance ?? 0,
      vendor_id: r.vendor_id ?? null,
      payment_qr: r.payment_qr ?? null,
      external_original: r.external_original ?? null,
      quote_id: r.quote_uid ?? null,
      issued_at: o.issued_at ?? r.created_at,
      created_at: r.created_at,
      updated_at: o.now,
    },
    o.now,
  );
}

/** The lines of a record stored as invoice `id`'s. */
export function recordLines(r: InvoiceRecord, id: number) {
  return r.items.map((i, position) => ({
    invoice_id: id,
    ...storedLine(i, position),
    modifies_line: i.modifies_line ?? null,
    advance_invoice_id: i.advance_invoice_uid ?? null,
  }));
}

/** A record's payment as stored for invoice `id`. */
export function paymentValues(invoiceId: number, p: InvoiceRecord['payments'][number], now: string) {
  return { invoice_id: invoiceId, date: p.date, amount_milli: milli(p.amount), payment_method_id: p.payment_method, conversion_rate: p.conversion_rate, created_at: now };
}

export { sealArrived };

/** A record's line as the columns an invoice's and a quote's lines share, its amounts back in milli-units. */
export function storedLine(i: Omit<InvoiceRecord['items'][number], 'modifies_line' | 'advance_invoice_uid'>, position: number) {
  return {
    position,
    product_id: i.product_uid,
    description: i.description,
    qty: i.qty,
    unit: i.unit,
    net_unit_price: i.net_unit_price,
    gross_unit_price: i.gross_unit_price,
    vat_id: i.vat_id,
    vat_rate: i.vat_rate,
    entitlement: i.entitlement,
    item_comment: i.item_comment,
    net_milli: milli(i.net_amount),
    vat_milli: milli(i.vat_amount),
    gross_milli: milli(i.gross_amount),
  };
}

export async function insertPayments(trx: WriteTx, invoiceId: number, payments: InvoiceRecord['payments'], now: string): Promise<number[]> {
  const ids: number[] = [];
  for (const p of payments) {
    const row = await trx.insertInto('invoice_payments').values(paymentValues(invoiceId, p, now)).returning('id').executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

export { milli as amountToMilli };
