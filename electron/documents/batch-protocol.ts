// Messages between renderBatch (batch.ts) and its worker threads (batch-worker.ts).
import type { InvoiceAttributes } from '../../shared/resources';
import type { DocLang } from './i18n';

export interface JobMessage {
  id: number;
  invoice: InvoiceAttributes;
  /** where the worker writes the PDF */
  path: string;
  lang?: DocLang;
}

export type ResultMessage = { id: number; ok: true } | { id: number; ok: false; error: string };
