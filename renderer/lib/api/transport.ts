// How the typed client reaches the core: over Electron IPC (desktop) or HTTP (browser mode). Both answer the same
// operations with the same outputs and reject with ApiError.
export interface PdfBlob {
  filename: string;
  blob: Blob;
}

export interface Transport {
  readonly kind: 'ipc' | 'http';
  /** Runs an operation by name; resolves with its output, rejects with ApiError. */
  call(name: string, input: unknown): Promise<unknown>;
  /** The invoice's PDF (a 501 "not_available" until the documents module is wired). */
  /** the PDF of an invoice, or of a quote (`kind` 'quotes') */
  /** `lang` (delivery documents, issue 40): the PDF in that language instead of the document's own */
  downloadPdf(id: number, kind?: PdfKind, lang?: string): Promise<PdfBlob>;
  /** an issued invoice's e-invoice: UBL or CII XML, or the Factur-X PDF */
  downloadEinvoice(id: number, format: EinvoiceFormat): Promise<PdfBlob>;
  /** Today in the business's time zone (the core's clock), 'YYYY-MM-DD'. */
  today(): Promise<string>;
}

export type EinvoiceFormat = 'ubl' | 'cii' | 'facturx';

/** Which documents' download: /invoices/{id}/download or /quotes/{id}/download. */
export type PdfKind = 'invoices' | 'quotes' | 'delivery-notes';

/** The browser's local date, only as a fallback when the core cannot be asked. */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
