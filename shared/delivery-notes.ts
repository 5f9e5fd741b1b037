// Delivery notes (szállítólevél, issue 40): the read form the operations answer. Not an invoice: no VAT analysis,
// never reported; its lines may carry the prices the invoice made from it will take.
import type { Address, InvoiceClient, SellerSnapshot } from './resources';

/** Billingo v3's names: szállítólevél, megrendelés-visszaigazolás, teljesítésigazolás */
export const DELIVERY_DOCUMENT_KINDS = ['waybill', 'order_form', 'cert_of_completion'] as const;
export type DeliveryDocumentKind = (typeof DELIVERY_DOCUMENT_KINDS)[number];

export type DeliveryNoteStatus = 'issued' | 'cancelled' | 'invoiced';

export interface DeliveryNoteItem {
  product_uid: number | null;
  description: string;
  qty: string;
  unit: string;
  /** null: the note carries no price for the line */
  net_unit_price: string | null;
  vat_id: string | null;
}

export interface DeliveryNoteAttributes {
  uid: number;
  kind: DeliveryDocumentKind;
  /** the quote it was made from */
  quote_uid: number | null;
  /** "SZL-2026-000001" (a delivery note), "MV-…" (an order confirmation), "TIG-…" (a completion certificate) */
  note_no: string;
  date: string;
  status: DeliveryNoteStatus;
  client_uid: number;
  client: InvoiceClient;
  seller: SellerSnapshot;
  delivery_address: Address;
  /** 0: printed without prices */
  show_prices: 0 | 1;
  currency: string;
  template_lang_code: string;
  comment: string;
  items: DeliveryNoteItem[];
  /** the invoice that covers the note (both ways: the invoice's comment names the notes) */
  invoice_uid: number | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}
