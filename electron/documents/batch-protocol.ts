// Messages between renderBatch (batch.ts) and its worker threads (batch-worker.ts).
import type { InvoiceAttributes } from '../../shared/resources';
import type { DocLang } from './i18n';

export interface JobMessage {
  id: number;
  invoice: InvoiceAttributes;
  /** where the worker writes the PDF; null: it sends the bytes back instead (BatchOptions.onPdf) */
  path: string | null;
  lang?: DocLang;
}

export type ResultMessage = { id: number; ok: true; pdf?: Uint8Array } | { id: number; ok: false; error: string };
