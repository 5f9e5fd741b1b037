// One status for the badge of an invoice, from its type, status, payments and due date.
import type { InvoiceAttributes } from '../../shared/resources';

export type BadgeKind = 'paid' | 'unpaid' | 'partial' | 'overdue' | 'cancelled' | 'cancelling' | 'draft' | 'proforma' | 'voided';

export function badgeOf(a: Pick<InvoiceAttributes, 'type' | 'status' | 'is_cancel_invoice' | 'due_date' | 'total_paid'>, today: string): BadgeKind {
  if (a.type === 0) return 'draft';
  if (a.is_cancel_invoice) return 'cancelling';
  if (a.type === 1) return a.status === 4 ? 'voided' : a.status === 1 ? 'paid' : 'proforma';
  if (a.status === 4) return 'cancelled';
  if (a.status === 1) return 'paid';
  if (a.due_date < today) return 'overdue';
  return Number(a.total_paid) > 0 ? 'partial' : 'unpaid';
}

/** The number a user reads, or "Draft #12" for a draft. */
export function displayNumber(a: Pick<InvoiceAttributes, 'prefixed_invoice_no' | 'uid'>, draftLabel: (id: number) => string): string {
  return a.prefixed_invoice_no ?? draftLabel(a.uid);
}
