// File names for downloaded, attached and batch-rendered invoices: the invoice number, made safe for every file
// system and for a Content-Disposition header ("2026/000123" → "szamla-2026-000123.pdf").
import { documentKindOf, type DocumentKind } from '../../shared/invoice-codes';
import type { InvoiceAttributes } from '../../shared/resources';

const PREFIX: Record<DocumentKind, string> = { invoice: 'szamla', cancelling: 'sztorno', proforma: 'dijbekero', draft: 'piszkozat' };

export function invoicePdfFileName(invoice: InvoiceAttributes): string {
  const number = invoice.prefixed_invoice_no || invoice.invoice_no || `uid-${invoice.uid}`;
  const safe = number
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.') // no ".." in a name that may end up in a path
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return `${PREFIX[documentKindOf(invoice)]}-${safe || `uid-${invoice.uid}`}.pdf`;
}
