// The one builder of invoice rows. Every path that writes an invoice — creating, a draft's edit, issuing, cancelling,
// generating from a proforma, and sync storing a record another node issued — builds its row here, so defaults and
// derived columns cannot drift apart between them.
import type { DocumentTotals } from '../../../shared/totals';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../../shared/invoice-codes';
import { parseDecimal } from '../../../shared/money';
import type { InvoiceItemRow, InvoiceRow } from '../../db/schema';
import type { InvoiceValues, ItemValues } from './statements';
import type { ResolvedLine } from './lines';
import type { Numbers } from './numbering';

/** What a document says: everything but its numbers, state, links and timestamps. */
export type DocumentContent = Pick<
  InvoiceValues,
  | 'type'
  | 'block_id'
  | 'prefix'
  | 'date'
  | 'fulfillment_date'
  | 'due_date'
  | 'client_id'
  | 'client_snapshot'
  | 'seller_snapshot'
  | 'payment_method_id'
  | 'currency'
  | 'exchange_rate'
  | 'exchange_rate_source'
  | 'round_to'
  | 'net_milli'
  | 'vat_milli'
  | 'gross_milli'
  | 'rounding_milli'
  | 'total_milli'
  | 'comment'
  | 'template_lang_code'
  | 'electronic_invoice'
  | 'bank_account_id'
  | 'is_advance'
  | 'payment_qr'
>;

/**
 * A new row before its values: every column in place, in the table's order; what a new document starts as (unpaid,
 * unlinked) set, what its content gives left undefined (an insert refuses an undefined value, as it refused a missing
 * one). Rows are made as a copy of it with their values written over it: Node 20 gave an object built by adding its
 * ~55 columns after a copy (`{ id, ...values }`, `{ ...content, type, date }`) a new shape column by column, ~5 µs and
 * ~4 KB of garbage each, where a copy of a whole row and writing over its columns costs a tenth of that (issue 41).
 * Typed as a whole row, so a column added to the schema and not here fails the type check.
 */
const NEW_ROW: { [K in keyof InvoiceRow]-?: InvoiceRow[K] | undefined } = {
  id: undefined,
  type: undefined,
  status: INVOICE_STATUS.unpaid,
  sealed: 0,
  block_id: undefined,
  number_kind: undefined,
  number_year: undefined,
  number_seq: undefined,
  invoice_no: undefined,
  prefix: undefined,
  date: undefined,
  fulfillment_date: undefined,
  due_date: undefined,
  client_id: undefined,
  client_snapshot: undefined,
  seller_snapshot: undefined,
  payment_method_id: undefined,
  currency: undefined,
  exchange_rate: undefined,
  exchange_rate_source: undefined,
  round_to: undefined,
  net_milli: undefined,
  vat_milli: undefined,
  gross_milli: undefined,
  rounding_milli: undefined,
  total_milli: undefined,
  total_paid_milli: 0,
  comment: undefined,
  template_lang_code: undefined,
  electronic_invoice: undefined,
  bank_account_id: undefined,
  is_cancel_invoice: 0,
  cancels_id: null,
  cancelled_by_id: null,
  proforma_id: null,
  generated_invoice_id: null,
  recurring_id: null,
  period_start: null,
  period_end: null,
  share_code: null,
  issued_at: undefined,
  modifies_id: null,
  original_invoice_no: null,
  original_date: null,
  external_original: null,
  modification_index: null,
  modification_reason: null,
  is_advance: undefined,
  current_total_milli: null,
  created_at: undefined,
  updated_at: undefined,
  quote_id: null,
  vendor_id: null,
  receipt_draft: 0,
  payment_qr: undefined,
};

/** NEW_ROW without its id: what an insert writes (the database gives the id). */
const { id: _id, ...NEW_VALUES } = NEW_ROW;

/**
 * A whole new row: the content and numbers given, everything else as a new document starts (unpaid, unlinked). The
 * content may come in two parts, `rest` over `content` (issuing: the request's content, then its type, date, seller
 * and numbers), so no third object is made to join them.
 */
export function invoiceValues(content: DocumentContent & Numbers & Partial<InvoiceValues>, now: string): InvoiceValues;
export function invoiceValues<C extends Partial<InvoiceValues>>(content: C, now: string, rest: Omit<DocumentContent & Numbers, keyof C> & Partial<InvoiceValues>): InvoiceValues;
export function invoiceValues(content: Partial<InvoiceValues>, now: string, rest?: Partial<InvoiceValues>): InvoiceValues {
  const row = { ...NEW_VALUES, created_at: now, updated_at: now, ...content, ...rest };
  if (row.issued_at === undefined) row.issued_at = row.type === INVOICE_TYPE.draft ? null : now;
  return row as InvoiceValues;
}

/** The stored row of values just inserted: the values with the id the database gave them, as a read answers it. */
export function storedRow(id: number, values: InvoiceValues): InvoiceRow {
  return { ...NEW_ROW, ...values, id } as InvoiceRow;
}

/** The stored totals of an invoice, computed once when it is saved and never again. */
export function totalColumns(totals: DocumentTotals) {
  return {
    net_milli: totals.net,
    vat_milli: totals.vat,
    gross_milli: totals.gross,
    rounding_milli: totals.rounding,
    total_milli: totals.total,
  };
}

/** The content of a stored document, to build a document that follows it (cancelling, generated). */
export function contentOf(row: InvoiceRow): DocumentContent {
  const { type, block_id, prefix, date, fulfillment_date, due_date, client_id, client_snapshot, seller_snapshot } = row;
  const { payment_method_id, currency, exchange_rate, exchange_rate_source, round_to, comment, template_lang_code } = row;
  const { net_milli, vat_milli, gross_milli, rounding_milli, total_milli, electronic_invoice, bank_account_id, is_advance, payment_qr } = row;
  return {
    payment_qr,
    type, block_id, prefix, date, fulfillment_date, due_date, client_id, client_snapshot, seller_snapshot,
    payment_method_id, currency, exchange_rate, exchange_rate_source, round_to, comment, template_lang_code,
    net_milli, vat_milli, gross_milli, rounding_milli, total_milli, electronic_invoice, bank_account_id, is_advance,
  };
}

type Amounts = Pick<InvoiceRow, 'net_milli' | 'vat_milli' | 'gross_milli' | 'rounding_milli' | 'total_milli'>;

/**
 * The cancelling invoice's content: the original's, every amount negated (rounding is symmetric, so it mirrors) —
 * with its modifications' amounts added first, so a modified invoice is reversed as it stands.
 */
export function mirroredContent(original: InvoiceRow, modifications: Amounts[] = []): DocumentContent {
  const sum = (pick: (a: Amounts) => number) => [original, ...modifications].reduce((s, a) => s + pick(a), 0);
  return {
    ...contentOf(original),
    net_milli: -sum((a) => a.net_milli),
    vat_milli: -sum((a) => a.vat_milli),
    gross_milli: -sum((a) => a.gross_milli),
    rounding_milli: -sum((a) => a.rounding_milli),
    total_milli: -sum((a) => a.total_milli),
  };
}

export function lineValues(invoiceId: number, l: ResolvedLine): ItemValues {
  return {
    invoice_id: invoiceId,
    position: l.position,
    product_id: l.product_id,
    description: l.description,
    qty: l.qty,
    unit: l.unit,
    net_unit_price: l.net_unit_price,
    gross_unit_price: l.gross_unit_price,
    vat_id: l.vat_id,
    vat_rate: l.vat_rate,
    entitlement: l.entitlement,
    item_comment: l.item_comment,
    net_milli: l.amounts.net,
    vat_milli: l.amounts.vat,
    gross_milli: l.amounts.gross,
    modifies_line: l.modifies_line ?? null,
    advance_invoice_id: l.advance_invoice_id ?? null,
  };
}

/** Stored lines copied onto another invoice; `negate` mirrors quantities and amounts (a cancelling invoice). */
export function copiedLines(items: InvoiceItemRow[], invoiceId: number, negate = false): ItemValues[] {
  return items.map(({ id: _id, ...it }) =>
    negate
      ? {
          ...it,
          invoice_id: invoiceId,
          qty: parseDecimal(it.qty).times(-1).toFixed(),
          net_milli: -it.net_milli,
          vat_milli: -it.vat_milli,
          gross_milli: -it.gross_milli,
        }
      : { ...it, invoice_id: invoiceId },
  );
}
