// One status for the badge of an invoice, from its type, status, payments and due date.
import { documentKindOf, INVOICE_STATUS, isCancelled, isDraft, isProforma, type DocumentKind } from '../../shared/invoice-codes';
import type { InvoiceAttributes } from '../../shared/resources';
import type { MessageKey } from './i18n/i18n.svelte';

export type BadgeKind = 'paid' | 'unpaid' | 'partial' | 'overdue' | 'cancelled' | 'cancelling' | 'draft' | 'proforma' | 'voided' | 'invoiced' | 'settled';

type BadgeInput = Pick<InvoiceAttributes, 'type' | 'status' | 'is_cancel_invoice' | 'due_date' | 'total_paid'> &
  Partial<Pick<InvoiceAttributes, 'generated_invoice_uid' | 'modifies_uid'>>;

/** A proforma whose invoice has been made: done with, its payment belongs to that invoice. */
export const isInvoicedProforma = (a: Pick<InvoiceAttributes, 'type' | 'generated_invoice_uid'>): boolean =>
  isProforma(a.type) && a.generated_invoice_uid !== null;

export function badgeOf(a: BadgeInput, today: string): BadgeKind {
  if (isDraft(a.type)) return 'draft';
  if (a.is_cancel_invoice) return 'cancelling';
  // a modifying invoice of a Folio invoice is paid through that original, never on its own
  if (a.modifies_uid != null) return 'settled';
  if (isProforma(a.type) && a.generated_invoice_uid != null) return 'invoiced';
  if (isProforma(a.type)) return isCancelled(a.status) ? 'voided' : a.status === INVOICE_STATUS.paid ? 'paid' : 'proforma';
  if (isCancelled(a.status)) return 'cancelled';
  if (a.status === INVOICE_STATUS.paid) return 'paid';
  if (a.due_date < today) return 'overdue';
  return Number(a.total_paid) > 0 ? 'partial' : 'unpaid';
}

// The screens' own words for the kinds (the dictionaries keep their older keys).
const TYPE_LABEL_KEYS: Record<DocumentKind, MessageKey> = {
  draft: 'type.0',
  proforma: 'type.1',
  invoice: 'type.3',
  cancelling: 'type.cancel',
  receipt: 'type.receipt',
  cancelling_receipt: 'type.cancelReceipt',
};

/** The i18n key of what the invoice is: draft, proforma, invoice or cancelling invoice. */
export function typeLabelKey(a: Pick<InvoiceAttributes, 'type' | 'is_cancel_invoice'>): MessageKey {
  return TYPE_LABEL_KEYS[documentKindOf(a)];
}

/** The number a user reads, or "Draft #12" for a draft. */
export function displayNumber(a: Pick<InvoiceAttributes, 'prefixed_invoice_no' | 'uid'>, draftLabel: (id: number) => string): string {
  return a.prefixed_invoice_no ?? draftLabel(a.uid);
}
