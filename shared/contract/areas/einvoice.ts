// E-invoices (EN 16931, extension): an issued invoice as UBL or CII XML, checked against the standard's rules before
// it is handed out (docs/einvoice.md). Carried out by the core (electron/core/einvoice/).
import { z } from 'zod';
import { get, op } from '../define';
import { id, text } from '../fields';

/** The formats an export may ask for; the handler answers an unknown one with 422 naming these. `facturx` is the
 * invoice's PDF as a PDF/A-3 with the CII embedded (electron/documents/facturx.ts). */
export const EINVOICE_EXPORT_FORMATS = ['ubl', 'cii', 'facturx'] as const;
export type EinvoiceExportFormat = (typeof EINVOICE_EXPORT_FORMATS)[number];

/** A file a download operation answers with: its name, its media type and its content. */
export interface DownloadFile {
  filename: string;
  content_type: string;
  /** text (XML) or bytes */
  content: string | Uint8Array;
  /** over /rpc (JSON) bytes arrive as base64, marked so; the REST route sends the file itself and IPC the bytes */
  content_encoding?: 'base64';
}

export const einvoiceOperations = {
  'invoices.einvoice': op<DownloadFile>()({
    name: 'invoices.einvoice',
    summary:
      'The e-invoice (EN 16931) of an issued invoice: format=ubl (UBL 2.1, Peppol BIS 3), cii (UN/CEFACT CII D16B) or facturx (the PDF as PDF/A-3 with the CII inside), checked against the EN 16931 rules',
    // the format is checked by the handler, so an unknown one is a 422 naming the supported ones
    input: z.object({ id: id(), format: text(20).optional() }),
    http: get('/invoices/:id/einvoice', 'file'),
  }),
} as const;
