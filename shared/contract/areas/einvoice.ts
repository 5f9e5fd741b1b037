// E-invoices (EN 16931, extension): an issued invoice as UBL or CII XML, checked against the standard's rules before
// it is handed out (docs/einvoice.md). Carried out by the core (electron/core/einvoice/).
import { z } from 'zod';
import { get, op } from '../define';
import { id, text } from '../fields';

/** The syntaxes an export may ask for; the handler answers an unknown one with 422 naming these. */
export const EINVOICE_EXPORT_FORMATS = ['ubl', 'cii'] as const;

/** A file a download operation answers with: its name, its media type and its content. */
export interface DownloadFile {
  filename: string;
  content_type: string;
  /** text (XML) or bytes */
  content: string | Uint8Array;
}

export const einvoiceOperations = {
  'invoices.einvoice': op<DownloadFile>()({
    name: 'invoices.einvoice',
    summary: 'The e-invoice (EN 16931) of an issued invoice: format=ubl (UBL 2.1, Peppol BIS 3) or cii (UN/CEFACT CII D16B), checked against the EN 16931 rules',
    // the format is checked by the handler, so an unknown one is a 422 naming the supported ones
    input: z.object({ id: id(), format: text(20).optional() }),
    http: get('/invoices/:id/einvoice', 'file'),
  }),
} as const;
