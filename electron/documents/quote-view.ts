// The printable quote: the invoice's view (view.ts) built from the quote's lines and parties, then given what makes
// it a quote — its title and number, the day the offer stands until, and the line that it is not an invoice. No
// payment state, no NAV or VAT-law notes: a quote is an offer, not a tax document. The PDF is laid out by the
// invoice's own layout (layout.ts viewDocDefinition), so the two documents look alike and never drift apart.
import { INVOICE_STATUS, INVOICE_TYPE } from '../../shared/invoice-codes';
import type { QuoteAttributes } from '../../shared/quotes';
import type { InvoiceAttributes } from '../../shared/resources';
import { formatDate, formatMoney } from './format';
import { formatLang, label, pick, resolveDocLang } from './i18n';
import { buildInvoiceView, type InvoiceView, type ViewOptions } from './view';

const QUOTE_LABELS = {
  title: { hu: 'Árajánlat', en: 'Quote', de: 'Angebot' },
  validUntil: { hu: 'Érvényes', en: 'Valid until', de: 'Gültig bis' },
  notAnInvoice: { hu: 'Ez nem számla.', en: 'This is not an invoice.', de: 'Dies ist keine Rechnung.' },
  total: { hu: 'Ajánlat összesen', en: 'Quote total', de: 'Angebotssumme' },
};

/** The quote in the invoice's form, for the parts of the view the two share (parties, lines, VAT per rate). */
function asInvoice(q: QuoteAttributes): InvoiceAttributes {
  return {
    uid: q.uid,
    type: INVOICE_TYPE.draft,
    status: INVOICE_STATUS.unpaid,
    date: q.date,
    fulfillment_date: q.fulfillment_date ?? q.date,
    due_date: q.due_date ?? q.valid_until,
    invoice_no: q.quote_no,
    prefixed_invoice_no: q.quote_no,
    prefix: '',
    total: q.total,
    total_paid: '0.000',
    comment: q.comment,
    currency: q.currency,
    client_uid: q.client_uid,
    block_uid: 0,
    items: q.items,
    client: q.client,
    payment_method: q.payment_method,
    connected_invoice_no: null,
    is_cancel_invoice: 0,
    template_lang_code: q.template_lang_code,
    electronic_invoice: 0,
    exchange_rate: q.exchange_rate ?? '1',
    exchange_rate_source: 'given',
    round_to: q.round_to,
    rounding: q.rounding,
    net_total: q.net_total,
    vat_total: q.vat_total,
    gross_total: q.gross_total,
    outstanding: q.total,
    vat_summary: q.vat_summary,
    bank_account_uid: q.bank_account_uid,
    seller: q.seller,
    payments: [],
    cancelled_by_uid: null,
    cancels_uid: null,
    generated_invoice_uid: null,
    proforma_uid: null,
    recurring_uid: null,
    period_start: null,
    period_end: null,
    quote_uid: null,
    vendor_id: null,
    document_kind: 'draft',
    original: null,
    modifies_uid: null,
    modification_index: null,
    modification_reason: null,
    modifications: [],
    current_total: q.total,
    overpayment: '0.000',
    is_advance: 0,
    deducted_by_uid: null,
    advance_deductions: [],
    created_at: q.created_at,
    updated_at: q.updated_at,
  };
}

export function buildQuoteView(quote: QuoteAttributes, opts: ViewOptions = {}): InvoiceView {
  const base = buildInvoiceView(asInvoice(quote), opts);
  const lang = resolveDocLang(opts.lang, quote.template_lang_code);
  const fmt = formatLang(lang);
  const currency = quote.currency || 'HUF';
  const title = pick(lang, QUOTE_LABELS.title);
  const number = quote.quote_no;
  // The HUF VAT of a foreign-currency invoice is a legal figure of the day it is issued; a quote has no such day.
  const foreign = currency !== 'HUF';
  const payable = label(lang, 'payable');
  const vatTotalHuf = label(lang, 'vatTotalHuf');
  return {
    ...base,
    title,
    number,
    notices: [{ text: pick(lang, QUOTE_LABELS.notAnInvoice), tone: 'warning' }],
    watermark: null,
    meta: [
      { label: label(lang, 'issueDate'), value: formatDate(quote.date, fmt) },
      { label: pick(lang, QUOTE_LABELS.validUntil), value: formatDate(quote.valid_until, fmt) },
      { label: label(lang, 'paymentMethod'), value: base.meta.find((m) => m.label === label(lang, 'paymentMethod'))?.value ?? '' },
      { label: label(lang, 'currency'), value: currency },
    ],
    vatSummary: foreign
      ? { ...base.vatSummary, columns: base.vatSummary.columns.slice(0, 4), rows: base.vatSummary.rows.map((r) => r.slice(0, 4)) }
      : base.vatSummary,
    totals: base.totals
      .filter((t) => t.label !== vatTotalHuf)
      .map((t) => (t.label === payable ? { ...t, label: pick(lang, QUOTE_LABELS.total), value: formatMoney(quote.total, currency, fmt) } : t)),
    legalNotes: { ...base.legalNotes, entries: [] },
    runningTitle: `${title} ${number}`,
    info: { ...base.info, title: `${title} ${number}`, subject: `${title} ${number} – ${quote.client.name}` },
  };
}
