// Invoice → PDF bytes. The definition is built fresh per call (pdfmake mutates the definition it renders).
import type { InvoiceAttributes } from '../../shared/resources';
import { renderDocDefinition } from './engine';
import type { DocLang } from './i18n';
import { invoiceDocDefinition, viewDocDefinition } from './layout';
import { buildQuoteView } from './quote-view';
import type { QuoteAttributes } from '../../shared/quotes';

export interface RenderOptions {
  /** overrides the invoice's template_lang_code */
  lang?: DocLang;
}

export async function renderInvoicePdf(invoice: InvoiceAttributes, opts: RenderOptions = {}): Promise<Buffer> {
  return renderDocDefinition(invoiceDocDefinition(invoice, opts));
}

/** Quote → PDF bytes, laid out like an invoice (quote-view.ts says what differs). */
export async function renderQuotePdf(quote: QuoteAttributes, opts: RenderOptions = {}): Promise<Buffer> {
  return renderDocDefinition(viewDocDefinition(buildQuoteView(quote, opts)));
}
