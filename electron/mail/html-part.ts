// The HTML part of a message that carries a payment code (issue 40): the message's own text, escaped, line for line,
// then the code as an inline image (Content-ID) and its caption. Only such messages get an HTML part; the others stay
// text only, as before. Built when the message is sent from what the outbox row holds, so a retry sends the same.
import type { Lang } from '../../shared/reference/payment-methods';

/** The image's Content-ID: the HTML part refers to it as `cid:…`. */
export const PAYMENT_QR_CID = 'payment-qr@folio';

const CAPTION: Record<Lang, string> = {
  hu: 'Fizetés QR-kóddal: olvassa be a bankja alkalmazásával.',
  en: 'Pay by QR code: scan it with your bank app.',
  de: 'Mit QR-Code bezahlen: mit Ihrer Banking-App scannen.',
};

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** `lang` is the message's (hu, en, de, hu-en); a bilingual message gets both captions. */
export function paymentQrHtml(text: string, lang: string): string {
  const langs: Lang[] = lang === 'hu-en' ? ['hu', 'en'] : [lang === 'en' || lang === 'de' ? lang : 'hu'];
  const caption = langs.map((l) => CAPTION[l]).join(' / ');
  const paragraphs = text
    .trimEnd()
    .split(/\n{2,}/)
    .map((p) => `<p>${p.split('\n').map(escape).join('<br>')}</p>`)
    .join('\n');
  return [
    '<!DOCTYPE html>',
    `<html lang="${langs[0]}"><head><meta charset="utf-8"></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 14px; color: #1f2937;">',
    paragraphs,
    `<p><img src="cid:${PAYMENT_QR_CID}" width="200" height="200" alt="${escape(caption)}"><br>${escape(caption)}</p>`,
    '</body></html>',
  ].join('\n');
}
