// The invoice e-mail's subject and text, in the invoice's language (hu, en, de; a bilingual hu-en invoice gets both
// texts). Amounts and dates use the PDF's own formatters, so the mail and the attachment never disagree.
import { DOCUMENT_TITLES, documentKindOf, type DocumentKind } from '../../shared/invoice-codes';
import type { Lang } from '../../shared/reference/payment-methods';
import type { InvoiceAttributes } from '../../shared/resources';
import { invoicePaymentQr } from '../../shared/payment-qr/invoice';
import { formatDate, formatMoney } from '../documents/format';
import { resolveDocLang, type DocLang } from '../documents/i18n';

export interface ComposedMail {
  lang: DocLang;
  subject: string;
  text: string;
  /** issue 40: the payment code's text when the mail asks for payment and the PDF carries a code; else null */
  qr?: string | null;
}

// What a mail is about: the mailer refuses a draft before composing, so it never names one.
type Kind = Exclude<DocumentKind, 'draft'>;

interface Texts {
  greeting(name: string): string;
  intro(kind: Kind, number: string, connected: string | null): string;
  amount: string;
  due: string;
  paid: string;
  account: string;
  /** issue 40: the payment code the attached document carries, and the remittance to give without it */
  qr(remittance: string): string;
  closing: string;
}

const TEXTS: Record<Lang, Texts> = {
  hu: {
    greeting: (name) => (name ? `Tisztelt ${name}!` : 'Tisztelt Partnerünk!'),
    intro: (kind, number, connected) =>
      kind === 'proforma'
        ? `Mellékelten küldjük a(z) ${number} számú díjbekérőt.`
        : kind === 'cancelling'
          ? `Mellékelten küldjük a(z) ${number} számú sztornó számlát${connected ? `, amely a(z) ${connected} számú számlát érvényteleníti` : ''}.`
          : `Mellékelten küldjük a(z) ${number} számú számlát.`,
    amount: 'Összeg',
    due: 'Fizetési határidő',
    paid: 'A számla kiegyenlítve.',
    account: 'Bankszámlaszám',
    qr: (r) => `A mellékelt dokumentum QR-kódját a bankja alkalmazásával beolvasva azonnal fizethet. Közlemény: ${r}`,
    closing: 'Üdvözlettel:',
  },
  en: {
    greeting: (name) => (name ? `Dear ${name},` : 'Dear Customer,'),
    intro: (kind, number, connected) =>
      kind === 'proforma'
        ? `Please find attached proforma invoice ${number}.`
        : kind === 'cancelling'
          ? `Please find attached cancellation invoice ${number}${connected ? `, which cancels invoice ${connected}` : ''}.`
          : `Please find attached invoice ${number}.`,
    amount: 'Amount',
    due: 'Due date',
    paid: 'This invoice has been paid.',
    account: 'Bank account',
    qr: (r) => `Scan the QR code on the attached document with your bank app to pay at once. Remittance: ${r}`,
    closing: 'Kind regards,',
  },
  de: {
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Sehr geehrte Damen und Herren,'),
    intro: (kind, number, connected) =>
      kind === 'proforma'
        ? `anbei erhalten Sie die Proforma-Rechnung ${number}.`
        : kind === 'cancelling'
          ? `anbei erhalten Sie die Stornorechnung ${number}${connected ? ` zur Rechnung ${connected}` : ''}.`
          : `anbei erhalten Sie die Rechnung ${number}.`,
    amount: 'Betrag',
    due: 'Fällig am',
    paid: 'Diese Rechnung ist bereits bezahlt.',
    account: 'Bankverbindung',
    qr: (r) => `Scannen Sie den QR-Code im angehängten Dokument mit Ihrer Banking-App, um sofort zu bezahlen. Verwendungszweck: ${r}`,
    closing: 'Mit freundlichen Grüßen',
  },
};

function kindOf(a: InvoiceAttributes): Kind {
  const kind = documentKindOf(a);
  return kind === 'draft' ? 'invoice' : kind;
}

function body(a: InvoiceAttributes, lang: Lang): string {
  const t = TEXTS[lang];
  const kind = kindOf(a);
  const number = a.prefixed_invoice_no ?? a.invoice_no ?? '';
  const lines = [t.greeting(a.client.name.trim()), '', t.intro(kind, number, a.connected_invoice_no), ''];
  lines.push(`${t.amount}: ${formatMoney(a.total, a.currency, lang)}`);
  // A cancelling invoice asks for no payment; a settled one says so instead of showing a deadline.
  if (kind !== 'cancelling') {
    if (/^-?0*(\.0*)?$/.test(a.outstanding)) lines.push(t.paid);
    else {
      lines.push(`${t.due}: ${formatDate(a.due_date, lang)}`);
      const account = a.seller.bank_iban || a.seller.bank_account_no;
      if (account) lines.push(`${t.account}: ${account}${a.seller.bank_name ? ` (${a.seller.bank_name})` : ''}`);
      const qr = invoicePaymentQr(a);
      if (qr.ok) lines.push('', t.qr(qr.fields.remittance ?? number));
    }
  }
  const signature = a.seller.name.trim() || addressName(a.seller.email);
  lines.push('', t.closing, ...(signature ? [signature] : []));
  return lines.join('\n');
}

/**
 * The code the mail's HTML part shows: the PDF's own (the same invoicePaymentQr), and only where the text asks for
 * payment (not a cancelling invoice, not a settled one), so the picture and the words never disagree.
 */
export function mailPaymentQr(a: InvoiceAttributes): string | null {
  if (kindOf(a) === 'cancelling' || /^-?0*(\.0*)?$/.test(a.outstanding)) return null;
  const qr = invoicePaymentQr(a);
  return qr.ok ? qr.text : null;
}

function addressName(email: string): string {
  return email.split('@')[0] ?? '';
}

export function composeInvoiceMail(a: InvoiceAttributes): ComposedMail {
  const lang = resolveDocLang(undefined, a.template_lang_code);
  const number = a.prefixed_invoice_no ?? a.invoice_no ?? '';
  const kind = kindOf(a);
  const seller = a.seller.name.trim();
  if (lang === 'hu-en') {
    return {
      lang,
      subject: `${DOCUMENT_TITLES.hu[kind]} / ${DOCUMENT_TITLES.en[kind]} ${number}${seller ? ` – ${seller}` : ''}`,
      text: `${body(a, 'hu')}\n\n----------\n\n${body(a, 'en')}\n`,
      qr: mailPaymentQr(a),
    };
  }
  return { lang, subject: `${DOCUMENT_TITLES[lang][kind]} ${number}${seller ? ` – ${seller}` : ''}`, text: `${body(a, lang)}\n`, qr: mailPaymentQr(a) };
}

/**
 * The PDF's name in the mail, in the invoice's language: "Számla-2026-000123.pdf", "Invoice-…", "Rechnung-…",
 * "Számla-Invoice-…" for a bilingual one. (A download is named by electron/documents/file-name.ts.)
 */
export function attachmentName(a: InvoiceAttributes): string {
  const lang = resolveDocLang(undefined, a.template_lang_code);
  const kind = kindOf(a);
  const titles = lang === 'hu-en' ? [DOCUMENT_TITLES.hu[kind], DOCUMENT_TITLES.en[kind]] : [DOCUMENT_TITLES[lang][kind]];
  const number = a.prefixed_invoice_no ?? a.invoice_no ?? '';
  return `${[...titles, number].join('-').replace(/[^\p{L}\p{N}-]+/gu, '-').replace(/-+/g, '-').replace(/^-|-$/g, '')}.pdf`;
}
