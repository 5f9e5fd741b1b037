// Printed labels of the invoice documents in Hungarian, English and German. A bilingual 'hu-en' document joins the
// Hungarian and the English label ("Számla / Invoice"): Hungarian comes first because it is the legally binding text.
import { DOCUMENT_TITLES, type DocumentKind } from '../../shared/invoice-codes';
import type { Lang } from '../../shared/reference/payment-methods';

export type DocLang = Lang | 'hu-en';
export const DOC_LANGS: readonly DocLang[] = ['hu', 'en', 'de', 'hu-en'];

/** The language a document is printed in: the caller's choice, else the invoice's, else Hungarian. */
export function resolveDocLang(requested: string | undefined, templateLangCode: string | undefined): DocLang {
  for (const candidate of [requested, templateLangCode]) {
    const code = candidate?.trim().toLowerCase();
    if (code && (DOC_LANGS as readonly string[]).includes(code)) return code as DocLang;
  }
  return 'hu';
}

/** The language that decides number and date formats: a bilingual document formats like a Hungarian one. */
export function formatLang(lang: DocLang): Lang {
  return lang === 'hu-en' ? 'hu' : lang;
}

type Texts = Record<Lang, string>;

const LABELS = {
  draftWatermark: { hu: 'PISZKOZAT – nem számla', en: 'DRAFT – not an invoice', de: 'ENTWURF – keine Rechnung' },
  draftNotice: {
    hu: 'Piszkozat: ez a dokumentum nem számla, és nem jogosít áfalevonásra.',
    en: 'Draft: this document is not an invoice and does not entitle to VAT deduction.',
    de: 'Entwurf: Dieses Dokument ist keine Rechnung und berechtigt nicht zum Vorsteuerabzug.',
  },
  proformaNotice: {
    hu: 'A díjbekérő nem számla, áfalevonásra nem jogosít.',
    en: 'A proforma invoice is not an invoice and does not entitle to VAT deduction.',
    de: 'Eine Proforma-Rechnung ist keine Rechnung und berechtigt nicht zum Vorsteuerabzug.',
  },
  cancelsInvoice: { hu: 'Az eredeti számla sorszáma', en: 'Cancels invoice no.', de: 'Storno zu Rechnung Nr.' },
  number: { hu: 'Sorszám', en: 'Number', de: 'Nummer' },
  notIssued: { hu: 'nincs kiállítva', en: 'not issued', de: 'nicht ausgestellt' },
  seller: { hu: 'Eladó', en: 'Seller', de: 'Verkäufer' },
  buyer: { hu: 'Vevő', en: 'Buyer', de: 'Käufer' },
  taxNumber: { hu: 'Adószám', en: 'Tax number', de: 'Steuernummer' },
  euTaxNumber: { hu: 'Közösségi adószám', en: 'EU VAT number', de: 'USt-IdNr.' },
  bank: { hu: 'Bank', en: 'Bank', de: 'Bank' },
  bankAccount: { hu: 'Bankszámlaszám', en: 'Account number', de: 'Kontonummer' },
  iban: { hu: 'IBAN', en: 'IBAN', de: 'IBAN' },
  swift: { hu: 'SWIFT/BIC', en: 'SWIFT/BIC', de: 'BIC' },
  email: { hu: 'E-mail', en: 'E-mail', de: 'E-Mail' },
  phone: { hu: 'Telefon', en: 'Phone', de: 'Telefon' },
  issueDate: { hu: 'Kiállítás dátuma', en: 'Issue date', de: 'Ausstellungsdatum' },
  fulfillmentDate: { hu: 'Teljesítés dátuma', en: 'Fulfilment date', de: 'Leistungsdatum' },
  dueDate: { hu: 'Fizetési határidő', en: 'Due date', de: 'Fällig am' },
  paymentMethod: { hu: 'Fizetési mód', en: 'Payment method', de: 'Zahlungsart' },
  currency: { hu: 'Pénznem', en: 'Currency', de: 'Währung' },
  exchangeRate: { hu: 'Árfolyam', en: 'Exchange rate', de: 'Wechselkurs' },
  period: { hu: 'Elszámolási időszak', en: 'Billing period', de: 'Abrechnungszeitraum' },
  description: { hu: 'Megnevezés', en: 'Description', de: 'Bezeichnung' },
  qty: { hu: 'Menny.', en: 'Qty', de: 'Menge' },
  unit: { hu: 'Egység', en: 'Unit', de: 'Einheit' },
  netUnitPrice: { hu: 'Nettó egységár', en: 'Net unit price', de: 'Einzelpreis netto' },
  netAmount: { hu: 'Nettó érték', en: 'Net amount', de: 'Netto' },
  vatRate: { hu: 'ÁFA', en: 'VAT', de: 'USt.' },
  vatAmount: { hu: 'ÁFA érték', en: 'VAT amount', de: 'USt.-Betrag' },
  grossAmount: { hu: 'Bruttó érték', en: 'Gross amount', de: 'Brutto' },
  vatSummary: { hu: 'ÁFA-összesítő', en: 'VAT summary', de: 'USt.-Aufstellung' },
  vatRateColumn: { hu: 'ÁFA-kulcs', en: 'VAT rate', de: 'Steuersatz' },
  net: { hu: 'Nettó', en: 'Net', de: 'Netto' },
  vat: { hu: 'ÁFA', en: 'VAT', de: 'USt.' },
  gross: { hu: 'Bruttó', en: 'Gross', de: 'Brutto' },
  vatHuf: { hu: 'ÁFA (HUF)', en: 'VAT (HUF)', de: 'USt. (HUF)' },
  netTotal: { hu: 'Nettó összesen', en: 'Net total', de: 'Summe netto' },
  vatTotal: { hu: 'ÁFA összesen', en: 'VAT total', de: 'Summe USt.' },
  grossTotal: { hu: 'Bruttó összesen', en: 'Gross total', de: 'Summe brutto' },
  vatTotalHuf: { hu: 'ÁFA összesen forintban', en: 'VAT total in HUF', de: 'USt. gesamt in HUF' },
  rounding: { hu: 'Kerekítés', en: 'Rounding', de: 'Rundung' },
  payable: { hu: 'Fizetendő', en: 'Amount due', de: 'Zahlbetrag' },
  comment: { hu: 'Megjegyzés', en: 'Notes', de: 'Anmerkungen' },
  // The heading of the notes block; the notes themselves are worded in shared/reference/legal-notes.ts.
  legalNotes: { hu: 'Adózási megjegyzések', en: 'Tax notes', de: 'Steuerliche Hinweise' },
} satisfies Record<string, Texts>;

export type LabelKey = keyof typeof LABELS;

/** A label in the document's language; bilingual documents get "hu / en". */
export function label(lang: DocLang, key: LabelKey): string {
  return pick(lang, LABELS[key]);
}

/** The document's title ("Számla", "Díjbekérő"...) in its language; a bilingual document gets "hu / en". */
export function documentTitle(lang: DocLang, kind: DocumentKind): string {
  return pick(lang, { hu: DOCUMENT_TITLES.hu[kind], en: DOCUMENT_TITLES.en[kind], de: DOCUMENT_TITLES.de[kind] });
}

/** Picks from any hu/en/de text triple (legal notes, payment method names) the way `label` does. */
export function pick(lang: DocLang, texts: Texts): string {
  if (lang !== 'hu-en') return texts[lang];
  return texts.hu === texts.en ? texts.hu : `${texts.hu} / ${texts.en}`;
}
