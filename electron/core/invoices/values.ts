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

/** A whole new row: the content and numbers given, everything else as a new document starts (unpaid, unlinked). */
export function invoiceValues(content: DocumentContent & Numbers & Partial<InvoiceValues>, now: string): InvoiceValues {
  return {
    status: INVOICE_STATUS.unpaid,
    sealed: 0,
    total_paid_milli: 0,
    is_cancel_invoice: 0,
    cancels_id: null,
    cancelled_by_id: null,
    proforma_id: null,
    generated_invoice_id: null,
    recurring_id: null,
    period_start: null,
    period_end: null,
    share_code: null,
    modifies_id: null,
    original_invoice_no: null,
    original_date: null,
    external_original: null,
    modification_index: null,
    modification_reason: null,
    current_total_milli: null,
    quote_id: null,
    vendor_id: null,
    receipt_draft: 0,
    issued_at: content.type === INVOICE_TYPE.draft ? null : now,
    created_at: now,
    updated_at: now,
    ...content,
  };
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
