// Printed labels of the invoice documents in Hungarian, English and German. A bilingual 'hu-en' document joins the
// Hungarian and the English label ("Számla / Invoice"): Hungarian comes first because it is the legally binding text.
import { DOCUMENT_TITLES } from '../../shared/invoice-codes';
import type { Lang } from '../../shared/reference/payment-methods';
import type { DocumentKind } from '../../shared/resources';

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
  // The original a modifying or cancelling invoice refers to (Áfa tv. 170. § (1) b): "sorszám" is the Act's word.
  originalInvoice: { hu: 'Az eredeti számla sorszáma', en: 'Original invoice', de: 'Ursprüngliche Rechnung' },
  modificationReason: { hu: 'A módosítás oka', en: 'Reason for the modification', de: 'Grund der Korrektur' },
  // VAT on an advance is due when it is received (Áfa tv. 59. §), so the advance invoice is a VAT invoice of its own.
  advanceNotice: {
    hu: 'Az előleg áfája az előleg jóváírásának, kézhezvételének napján esedékes (Áfa tv. 59. §). Az előleget a végszámla levonja.',
    en: 'VAT on the advance is due on the day it is received or credited (Section 59 of the Hungarian VAT Act). The advance will be deducted in the final invoice.',
    de: 'Die Umsatzsteuer auf die Anzahlung entsteht mit ihrer Vereinnahmung (§ 59 des ungarischen Umsatzsteuergesetzes). Die Anzahlung wird in der Schlussrechnung abgezogen.',
  },
  advancesDeducted: { hu: 'Levont előlegek', en: 'Advances deducted', de: 'Abgezogene Anzahlungen' },
  advanceInvoice: { hu: 'Előlegszámla', en: 'Advance invoice', de: 'Anzahlungsrechnung' },
  advanceDate: { hu: 'Kelte', en: 'Issued', de: 'Datum' },
  advancePaid: { hu: 'Előleg fizetése', en: 'Advance paid', de: 'Anzahlung erhalten' },
  advanceNotReceived: { hu: 'nincs befizetve', en: 'not received', de: 'nicht erhalten' },
  advancesTotal: { hu: 'Összesen', en: 'Total', de: 'Summe' },
  number: { hu: 'Sorszám', en: 'Number', de: 'Nummer' },
  notIssued: { hu: 'nincs kiállítva', en: 'not issued', de: 'nicht ausgestellt' },
  seller: { hu: 'Eladó', en: 'Seller', de: 'Verkäufer' },
  buyer: { hu: 'Vevő', en: 'Buyer', de: 'Käufer' },
  receiptTotal: { hu: 'Összesen', en: 'Total', de: 'Gesamtbetrag' },
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
  // A modifying invoice's totals are differences: what the buyer pays on top, or what is due back to them.
  differencePayable: { hu: 'Fizetendő különbözet', en: 'Difference payable', de: 'Zu zahlende Differenz' },
  differenceCredited: { hu: 'Különbözet a vevő javára', en: "Difference in the buyer's favour", de: 'Differenz zugunsten des Käufers' },
  difference: { hu: 'Különbözet', en: 'Difference', de: 'Differenz' },
  comment: { hu: 'Megjegyzés', en: 'Notes', de: 'Anmerkungen' },
  // The heading of the notes block; the notes themselves are worded in shared/reference/legal-notes.ts.
  legalNotes: { hu: 'Adózási megjegyzések', en: 'Tax notes', de: 'Steuerliche Hinweise' },
} satisfies Record<string, Texts>;

export type LabelKey = keyof typeof LABELS;

/** A label in the document's language; bilingual documents get "hu / en". */
export function label(lang: DocLang, key: LabelKey): string {
  return pick(lang, LABELS[key]);
}

// The kinds of the Hungarian document set beyond the four every screen names (shared DOCUMENT_TITLES).
const SET_TITLES: Record<Lang, Record<'modifying' | 'advance' | 'final', string>> = {
  hu: { modifying: 'Módosító számla', advance: 'Előlegszámla', final: 'Végszámla' },
  en: { modifying: 'Modifying invoice', advance: 'Advance invoice', final: 'Final invoice' },
  de: { modifying: 'Rechnungskorrektur', advance: 'Anzahlungsrechnung', final: 'Schlussrechnung' },
};

function titleIn(lang: Lang, kind: DocumentKind): string {
  return kind === 'modifying' || kind === 'advance' || kind === 'final' ? SET_TITLES[lang][kind] : DOCUMENT_TITLES[lang][kind];
}

/** The document's title ("Számla", "Módosító számla"...) in its language; a bilingual document gets "hu / en". */
export function documentTitle(lang: DocLang, kind: DocumentKind): string {
  return pick(lang, { hu: titleIn('hu', kind), en: titleIn('en', kind), de: titleIn('de', kind) });
}

/**
 * "Az eredeti számla sorszáma: X, kelte: 2026.03.16." / "Original invoice: X of 16 Mar 2026" / "Ursprüngliche
 * Rechnung: X vom 16.03.2026"; without a date (an old cancelling invoice knows only the number) the number alone.
 * `date` is already formatted in the document's format language.
 */
export function originalReference(lang: DocLang, number: string, date: string): string {
  const texts: Texts = {
    hu: `${LABELS.originalInvoice.hu}: ${number}${date ? `, kelte: ${date}` : ''}`,
    en: `${LABELS.originalInvoice.en}: ${number}${date ? ` of ${date}` : ''}`,
    de: `${LABELS.originalInvoice.de}: ${number}${date ? ` vom ${date}` : ''}`,
  };
  if (lang !== 'hu-en') return texts[lang];
  return `${LABELS.originalInvoice.hu} / ${LABELS.originalInvoice.en}: ${number}${date ? `, kelte / date: ${date}` : ''}`;
}

/** A modifying invoice's line that changes a line of the chain: "(2. sor módosítása)". */
export function modifiesLineNote(lang: DocLang, line: number): string {
  return `(${pick(lang, { hu: `${line}. sor módosítása`, en: `changes line ${line}`, de: `ändert Position ${line}` })})`;
}

/** Picks from any hu/en/de text triple (legal notes, payment method names) the way `label` does. */
export function pick(lang: DocLang, texts: Texts): string {
  if (lang !== 'hu-en') return texts[lang];
  return texts.hu === texts.en ? texts.hu : `${texts.hu} / ${texts.en}`;
}
