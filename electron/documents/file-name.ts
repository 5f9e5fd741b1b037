// File names for downloaded, attached and batch-rendered invoices: what the document is, in the invoice's own
// language, and its number made safe for every file system and for a Content-Disposition header
// ("2026/000123" → "szamla-2026-000123.pdf", "invoice-2026-000123.pdf", "rechnung-2026-000123.pdf").
import { documentKindOf, type Lang } from '../../shared/invoice-codes';
import type { DocumentKind, InvoiceAttributes } from '../../shared/resources';

const PREFIX: Record<Lang, Record<DocumentKind, string>> = {
  hu: {
    invoice: 'szamla',
    cancelling: 'sztorno',
    proforma: 'dijbekero',
    draft: 'piszkozat',
    modifying: 'modosito-szamla',
    advance: 'elolegszamla',
    final: 'vegszamla',
    receipt: 'nyugta',
    cancelling_receipt: 'sztorno-nyugta',
  },
  en: {
    invoice: 'invoice',
    cancelling: 'cancellation',
    proforma: 'proforma',
    draft: 'draft',
    modifying: 'modifying-invoice',
    advance: 'advance-invoice',
    final: 'final-invoice',
    receipt: 'receipt',
    cancelling_receipt: 'cancellation-receipt',
  },
  de: {
    invoice: 'rechnung',
    cancelling: 'stornorechnung',
    proforma: 'proforma-rechnung',
    draft: 'entwurf',
    modifying: 'rechnungskorrektur',
    advance: 'anzahlungsrechnung',
    final: 'schlussrechnung',
    receipt: 'quittung',
    cancelling_receipt: 'stornoquittung',
  },
};

/** The language a file is named in: a bilingual Hungarian–English invoice is a Hungarian document first. */
function fileLang(templateLang: string | undefined): Lang {
  return templateLang === 'en' || templateLang === 'de' ? templateLang : 'hu';
}

export function invoicePdfFileName(invoice: InvoiceAttributes): string {
  const number = invoice.prefixed_invoice_no || invoice.invoice_no || `uid-${invoice.uid}`;
  const safe = number
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.') // no ".." in a name that may end up in a path
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return `${PREFIX[fileLang(invoice.template_lang_code)][invoice.document_kind ?? documentKindOf(invoice)]}-${safe || `uid-${invoice.uid}`}.pdf`;
}

const QUOTE_PREFIX: Record<Lang, string> = { hu: 'arajanlat', en: 'quote', de: 'angebot' };

/** "arajanlat-AJ-2026-000001.pdf", "quote-…", "angebot-…": the quote number is safe as it is. */
export function quotePdfFileName(quote: { quote_no: string; template_lang_code: string }): string {
  return `${QUOTE_PREFIX[fileLang(quote.template_lang_code)]}-${quote.quote_no.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}
