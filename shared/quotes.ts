// The quote resource (árajánlat, extension): an offer to a client, not an invoice. Its lines and totals have the
// invoice's forms (3-decimal strings), so the same components show both.
import type { EmbeddedPaymentMethod, InvoiceClient, InvoiceItem, SellerSnapshot, VatSummaryLine } from './resources';

/** Stored states; 'expired' is derived: an open or sent quote whose valid_until has passed. */
export const QUOTE_STATUSES = ['open', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export type StoredQuoteStatus = Exclude<QuoteStatus, 'expired'>;

export interface QuoteAttributes {
  uid: number;
  /** "AJ-2026-000001" */
  quote_no: string;
  status: QuoteStatus;
  /** issue date */
  date: string;
  valid_until: string;
  /** what the invoice made from the quote takes; null: decided when it is accepted */
  fulfillment_date: string | null;
  due_date: string | null;
  client_uid: number;
  client: InvoiceClient;
  seller: SellerSnapshot;
  currency: string;
  /** the rate the user gave, if any */
  exchange_rate: string | null;
  payment_method: EmbeddedPaymentMethod;
  bank_account_uid: number | null;
  items: InvoiceItem[];
  vat_summary: VatSummaryLine[];
  net_total: string;
  vat_total: string;
  gross_total: string;
  rounding: string;
  round_to: number;
  total: string;
  comment: string;
  template_lang_code: string;
  accepted_invoice_uid: number | null;
  /** the number of the invoice (or proforma) made from it; null while none, or while that is an unnumbered draft */
  accepted_invoice_no: string | null;
  accepted_at: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}
