// The Hungarian document set in the UI's words: which kinds have their own name and badge, and which invoices may
// take a modifying invoice (the core refuses the rest: electron/core/invoices/chain.ts modifiableProblems).
import { INVOICE_STATUS, INVOICE_TYPE } from '../../shared/invoice-codes';
import type { DocumentKind, InvoiceAttributes } from '../../shared/resources';
import type { MessageKey } from './i18n/i18n.svelte';

const KIND_KEYS: Partial<Record<DocumentKind, MessageKey>> = {
  modifying: 'doc.kind.modifying',
  advance: 'doc.kind.advance',
  final: 'doc.kind.final',
};

/** The name of a modifying, advance or final invoice; undefined for the kinds the type names. */
export function kindLabelKey(kind: DocumentKind): MessageKey | undefined {
  return KIND_KEYS[kind];
}

const BADGE_KEYS: Partial<Record<DocumentKind, MessageKey>> = {
  modifying: 'doc.badge.modifying',
  advance: 'doc.badge.advance',
  final: 'doc.badge.final',
  // a receipt's row says what it is; the status badge tells a cancelling one
  receipt: 'doc.badge.receipt',
  cancelling_receipt: 'doc.badge.receipt',
};

/** The list row's small badge: the kinds the status badge does not already tell (it says "Sztornó számla"). */
export function kindBadgeKey(kind: DocumentKind): MessageKey | undefined {
  return BADGE_KEYS[kind];
}

/** An issued normal, advance or final invoice, neither cancelled nor itself a member of a chain. */
export function canModify(a: Pick<InvoiceAttributes, 'type' | 'status' | 'is_cancel_invoice' | 'modification_index' | 'document_kind'>): boolean {
  return (
    a.type === INVOICE_TYPE.invoice &&
    !a.is_cancel_invoice &&
    a.status !== INVOICE_STATUS.cancelled &&
    a.modification_index === null &&
    (a.document_kind === 'invoice' || a.document_kind === 'advance' || a.document_kind === 'final')
  );
}
