// The interface's numeric codes for an invoice's type and status, named once. The numbers are the interface's own
// (they cross every door as numbers); everywhere else in Folio they are read through these names.

/**
 * `type`: draft 0, proforma 1, normal invoice 3 (the interface rejects 2), receipt (nyugta) 5. A receipt is Folio's
 * own code, never sent by the v2 interface: 2 is the one v2 refuses (a v2 client may give it a meaning), and 4 is
 * v2's `status` "cancelled", so 5 is the first number no v2 client reads as anything. The v2 door never shows one.
 */
export const INVOICE_TYPE = Object.freeze({ draft: 0, proforma: 1, invoice: 3, receipt: 5 } as const);
export type InvoiceType = (typeof INVOICE_TYPE)[keyof typeof INVOICE_TYPE];

/** `status`: paid 1, unpaid 2, cancelled 4 (a cancelling invoice is created paid). */
export const INVOICE_STATUS = Object.freeze({ paid: 1, unpaid: 2, cancelled: 4 } as const);
export type InvoiceStatus = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS];

/** A code's name: the key it has in INVOICE_TYPE / INVOICE_STATUS ('proforma', 'unpaid'...). */
export type InvoiceTypeName = keyof typeof INVOICE_TYPE;
export type InvoiceStatusName = keyof typeof INVOICE_STATUS;

export const isInvoiceType = (n: number): n is InvoiceType => (Object.values(INVOICE_TYPE) as number[]).includes(n);

/** The name of a status code ('paid', 'unpaid', 'cancelled'); undefined for a number that is not one. */
export function statusNameOf(status: number): InvoiceStatusName | undefined {
  return (Object.keys(INVOICE_STATUS) as InvoiceStatusName[]).find((name) => INVOICE_STATUS[name] === status);
}

/** The counter a type takes its number from; a draft takes none. Receipts have their own gapless sequence. */
export type NumberKind = 'invoice' | 'proforma' | 'receipt';

export function numberKindOf(type: number): NumberKind | null {
  if (type === INVOICE_TYPE.invoice) return 'invoice';
  if (type === INVOICE_TYPE.proforma) return 'proforma';
  if (type === INVOICE_TYPE.receipt) return 'receipt';
  return null;
}

/** The types the v2 interface knows (its clients were written for these alone). */
export const isV2Type = (type: number): boolean => type === INVOICE_TYPE.draft || type === INVOICE_TYPE.proforma || type === INVOICE_TYPE.invoice;
export const isReceipt = (type: number): boolean => type === INVOICE_TYPE.receipt;

/** The documents that are sales with VAT once issued: invoices and receipts (a receipt is reported to no one, but taxed). */
export const SALE_TYPES: readonly number[] = Object.freeze([INVOICE_TYPE.invoice, INVOICE_TYPE.receipt]);

export const isDraft = (type: number): boolean => type === INVOICE_TYPE.draft;
export const isProforma = (type: number): boolean => type === INVOICE_TYPE.proforma;
export const isCancelled = (status: number): boolean => status === INVOICE_STATUS.cancelled;

/** The status a payment total gives: paid once nothing is outstanding, else unpaid. */
export function statusForPaid(paidMilli: number, totalMilli: number): InvoiceStatus {
  return paidMilli >= totalMilli ? INVOICE_STATUS.paid : INVOICE_STATUS.unpaid;
}

export type Lang = 'hu' | 'en' | 'de';

/** What a document is called, by what it is: the words on screens, PDFs, e-mails and exports. */
export type DocumentKind = 'draft' | 'proforma' | 'invoice' | 'cancelling' | 'receipt' | 'cancelling_receipt';

export function documentKindOf(doc: { type: number; is_cancel_invoice: number | boolean }): DocumentKind {
  if (doc.type === INVOICE_TYPE.draft) return 'draft';
  if (doc.type === INVOICE_TYPE.proforma) return 'proforma';
  if (doc.type === INVOICE_TYPE.receipt) return doc.is_cancel_invoice ? 'cancelling_receipt' : 'receipt';
  return doc.is_cancel_invoice ? 'cancelling' : 'invoice';
}

export const DOCUMENT_TITLES: Readonly<Record<Lang, Readonly<Record<DocumentKind, string>>>> = Object.freeze({
  hu: { draft: 'Piszkozat', proforma: 'Díjbekérő', invoice: 'Számla', cancelling: 'Sztornó számla', receipt: 'Nyugta', cancelling_receipt: 'Sztornó nyugta' },
  en: { draft: 'Draft', proforma: 'Proforma invoice', invoice: 'Invoice', cancelling: 'Cancellation invoice', receipt: 'Receipt', cancelling_receipt: 'Cancellation receipt' },
  de: { draft: 'Entwurf', proforma: 'Proforma-Rechnung', invoice: 'Rechnung', cancelling: 'Stornorechnung', receipt: 'Quittung', cancelling_receipt: 'Stornoquittung' },
});

export const STATUS_LABELS: Readonly<Record<Lang, Readonly<Record<InvoiceStatus, string>>>> = Object.freeze({
  hu: { 1: 'Fizetve', 2: 'Fizetésre vár', 4: 'Sztornózva' },
  en: { 1: 'Paid', 2: 'Unpaid', 4: 'Cancelled' },
  de: { 1: 'Bezahlt', 2: 'Offen', 4: 'Storniert' },
});

/** The number as printed: "<prefix> / <invoice_no>" when the block has a prefix (the interface's prefixed_invoice_no). */
export function prefixedNumber(prefix: string, invoiceNo: string): string;
export function prefixedNumber(prefix: string, invoiceNo: string | null): string | null;
export function prefixedNumber(prefix: string, invoiceNo: string | null): string | null {
  if (invoiceNo === null) return null;
  return prefix ? `${prefix} / ${invoiceNo}` : invoiceNo;
}
