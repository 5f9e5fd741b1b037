// The quote e-mail's subject and text, in the quote's language (hu, en, de; hu-en gets both texts), with the
// PDF's own formatters so the mail and the attachment agree.
import type { Lang } from '../../shared/reference/payment-methods';
import type { QuoteAttributes } from '../../shared/quotes';
import { formatDate, formatMoney } from '../documents/format';
import { resolveDocLang } from '../documents/i18n';
import type { ComposedMail } from './compose';

const TITLE: Record<Lang, string> = { hu: 'Árajánlat', en: 'Quote', de: 'Angebot' };

const TEXTS: Record<Lang, { greeting(name: string): string; intro(no: string): string; amount: string; valid: string; closing: string }> = {
  hu: {
    greeting: (name) => (name ? `Tisztelt ${name}!` : 'Tisztelt Partnerünk!'),
    intro: (no) => `Mellékelten küldjük a(z) ${no} számú árajánlatunkat.`,
    amount: 'Összeg',
    valid: 'Az ajánlat érvényes',
    closing: 'Üdvözlettel:',
  },
  en: {
    greeting: (name) => (name ? `Dear ${name},` : 'Dear Customer,'),
    intro: (no) => `Please find attached our quote ${no}.`,
    amount: 'Amount',
    valid: 'The quote is valid until',
    closing: 'Kind regards,',
  },
  de: {
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Sehr geehrte Damen und Herren,'),
    intro: (no) => `anbei erhalten Sie unser Angebot ${no}.`,
    amount: 'Betrag',
    valid: 'Das Angebot ist gültig bis',
    closing: 'Mit freundlichen Grüßen',
  },
};

function body(q: QuoteAttributes, lang: Lang): string {
  const t = TEXTS[lang];
  const signature = q.seller.name.trim();
  return [
    t.greeting(q.client.name.trim()),
    '',
    t.intro(q.quote_no),
    '',
    `${t.amount}: ${formatMoney(q.total, q.currency, lang)}`,
    `${t.valid}: ${formatDate(q.valid_until, lang)}`,
    '',
    t.closing,
    ...(signature ? [signature] : []),
  ].join('\n');
}

export function composeQuoteMail(q: QuoteAttributes): ComposedMail {
  const lang = resolveDocLang(undefined, q.template_lang_code);
  const seller = q.seller.name.trim() ? ` – ${q.seller.name.trim()}` : '';
  if (lang === 'hu-en') {
    return { lang, subject: `${TITLE.hu} / ${TITLE.en} ${q.quote_no}${seller}`, text: `${body(q, 'hu')}\n\n----------\n\n${body(q, 'en')}\n` };
  }
  return { lang, subject: `${TITLE[lang]} ${q.quote_no}${seller}`, text: `${body(q, lang)}\n` };
}

/** "Árajánlat-AJ-2026-000001.pdf", "Quote-…", "Angebot-…"; a bilingual one "Árajánlat-Quote-…". */
export function quoteAttachmentName(q: QuoteAttributes): string {
  const lang = resolveDocLang(undefined, q.template_lang_code);
  const titles = lang === 'hu-en' ? [TITLE.hu, TITLE.en] : [TITLE[lang]];
  return `${[...titles, q.quote_no].join('-').replace(/[^\p{L}\p{N}-]+/gu, '-').replace(/-+/g, '-')}.pdf`;
}
