// The payment code as a document prints it: the code's text (drawn by layout and html), a caption, a line telling
// what it does, and the fields a payer checks in the bank app (beneficiary, IBAN, amount, remittance).
import type { InvoiceAttributes } from '../../../shared/resources';
import { invoicePaymentQr } from '../../../shared/payment-qr/invoice';
import { formatMoney } from '../format';
import { formatLang, pick, type DocLang } from '../i18n';
import { qrMatrix, type QrMatrix } from './matrix';

export interface PaymentQrView {
  kind: 'HCT' | 'EPC';
  text: string;
  matrix: QrMatrix;
  caption: string;
  hint: string;
  lines: Array<{ label: string; value: string }>;
}

const TEXTS = {
  caption: { hu: 'Fizetés QR-kóddal', en: 'Pay by QR code', de: 'Mit QR-Code bezahlen' },
  HCT: {
    hu: 'Olvassa be a bankja alkalmazásával: azonnali átutalás, a közleményben a számla sorszámával.',
    en: 'Scan it with your bank app: an instant transfer with the invoice number as the remittance.',
    de: 'Mit der Banking-App scannen: eine Sofortüberweisung mit der Rechnungsnummer als Verwendungszweck.',
  },
  EPC: {
    hu: 'SEPA-átutalás (EPC QR-kód): olvassa be a bankja alkalmazásával.',
    en: 'SEPA credit transfer (EPC QR code): scan it with your bank app.',
    de: 'SEPA-Überweisung (GiroCode / EPC-QR-Code): mit der Banking-App scannen.',
  },
  beneficiary: { hu: 'Kedvezményezett', en: 'Beneficiary', de: 'Empfänger' },
  iban: { hu: 'IBAN', en: 'IBAN', de: 'IBAN' },
  amount: { hu: 'Összeg', en: 'Amount', de: 'Betrag' },
  remittance: { hu: 'Közlemény', en: 'Remittance', de: 'Verwendungszweck' },
} as const;

/** The code of an invoice that carries one; null otherwise (and when the standard refuses it: nothing half-right is printed). */
export function paymentQrView(invoice: InvoiceAttributes, lang: DocLang): PaymentQrView | null {
  const qr = invoicePaymentQr(invoice);
  if (qr.ok !== true) return null;
  const fmt = formatLang(lang);
  const iban = qr.fields.iban!.replace(/(.{4})/g, '$1 ').trim();
  return {
    kind: qr.kind,
    text: qr.text,
    matrix: qrMatrix(qr.text),
    caption: pick(lang, TEXTS.caption),
    hint: pick(lang, TEXTS[qr.kind]),
    lines: [
      { label: pick(lang, TEXTS.beneficiary), value: qr.fields.name! },
      { label: pick(lang, TEXTS.iban), value: iban },
      { label: pick(lang, TEXTS.amount), value: formatMoney(invoice.total, invoice.currency, fmt) },
      { label: pick(lang, TEXTS.remittance), value: qr.fields.remittance! },
    ],
  };
}
