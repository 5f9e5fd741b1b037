// Quote rows → the quote resource. Lines take the invoices' item form, so the UI shows both with one component.
import type { QuoteAttributes, QuoteStatus } from '../../../shared/quotes';
import type { Resource, SellerSnapshot } from '../../../shared/resources';
import { milliToString } from '../../../shared/money';
import { prefixedNumber } from '../../../shared/invoice-codes';
import { findPaymentMethod } from '../../../shared/reference/payment-methods';
import type { QuoteItemRow, QuoteRow } from '../../db/schema';
import type { Db } from '../../db/types';
import { parseJson } from '../json';
import { emptySellerSnapshot } from '../settings/service';
import { buyerOfSnapshot, itemResource, langOf, vatSummary } from '../invoices/mapping';

/** The stored state, or 'expired' for an offer still waiting whose last day has passed. */
export function quoteStatus(row: Pick<QuoteRow, 'status' | 'valid_until'>, today: string): QuoteStatus {
  if ((row.status === 'open' || row.status === 'sent') && row.valid_until < today) return 'expired';
  return row.status;
}

export function quoteResource(row: QuoteRow, items: QuoteItemRow[], today: string, acceptedNo: string | null = null): Resource<QuoteAttributes> {
  const lang = langOf(row.template_lang_code);
  const method = findPaymentMethod(row.payment_method_id);
  return {
    id: row.id,
    attributes: {
      uid: row.id,
      quote_no: row.quote_no,
      status: quoteStatus(row, today),
      date: row.date,
      valid_until: row.valid_until,
      fulfillment_date: row.fulfillment_date,
      due_date: row.due_date,
      client_uid: row.client_id,
      client: buyerOfSnapshot(row.client_snapshot),
      seller: parseJson<SellerSnapshot>(row.seller_snapshot, emptySellerSnapshot()),
      currency: row.currency,
      exchange_rate: row.exchange_rate,
      payment_method: {
        id: row.payment_method_id,
        lang_code: lang,
        name: method?.names[lang] ?? '',
        advance_paid: method?.advancePaid ? '1' : '0',
      },
      bank_account_uid: row.bank_account_id,
      items: items.map(itemResource),
      vat_summary: vatSummary(items, row.exchange_rate ?? '1'),
      net_total: milliToString(row.net_milli),
      vat_total: milliToString(row.vat_milli),
      gross_total: milliToString(row.gross_milli),
      rounding: milliToString(row.rounding_milli),
      round_to: row.round_to,
      total: milliToString(row.total_milli),
      comment: row.comment,
      template_lang_code: row.template_lang_code,
      accepted_invoice_uid: row.accepted_invoice_id,
      accepted_invoice_no: acceptedNo,
      accepted_at: row.accepted_at,
      sent_at: row.sent_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  };
}

/** A page of quote rows with their lines, loaded in one query. */
export async function loadQuotes(db: Db, rows: QuoteRow[], today: string): Promise<Array<Resource<QuoteAttributes>>> {
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('quote_items')
    .selectAll()
    .where('quote_id', 'in', rows.map((r) => r.id))
    .orderBy('quote_id')
    .orderBy('position')
    .execute();
  const byQuote = new Map<number, QuoteItemRow[]>();
  for (const item of items) byQuote.set(item.quote_id, [...(byQuote.get(item.quote_id) ?? []), item]);
  // the numbers of the documents the accepted quotes became, so a list shows them without a call per row
  const acceptedIds = rows.map((r) => r.accepted_invoice_id).filter((id): id is number => id !== null);
  const numbers = new Map<number, string | null>();
  if (acceptedIds.length) {
    const invoices = await db.selectFrom('invoices').select(['id', 'prefix', 'invoice_no']).where('id', 'in', acceptedIds).execute();
    for (const i of invoices) numbers.set(i.id, prefixedNumber(i.prefix, i.invoice_no));
  }
  return rows.map((r) => quoteResource(r, byQuote.get(r.id) ?? [], today, r.accepted_invoice_id !== null ? (numbers.get(r.accepted_invoice_id) ?? null) : null));
}
