// Public surface of the documents module: invoice PDFs (pdfmake), the same invoice as HTML, and batch rendering.
export { renderInvoicePdf, renderQuotePdf, type RenderOptions } from './render';
export { buildQuoteView } from './quote-view';
export { invoiceDocDefinition } from './layout';
export { invoiceHtml } from './html';
export { renderDocDefinition, assertSelfContained, UnsafeDocumentError } from './engine';
export { buildInvoiceView, type InvoiceView } from './view';
export { resolveDocLang, DOC_LANGS, type DocLang } from './i18n';
export { invoicePdfFileName, quotePdfFileName } from './file-name';
