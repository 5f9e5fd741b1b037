// The legal notes a Hungarian invoice must carry, in the words of the VAT act (Áfa tv. 169. §): the seller's scheme
// (h: "pénzforgalmi elszámolás"), the exemption of an exempt line (m), the reverse charge (n: "fordított adózás")
// and the margin schemes (p). One wording per note, in hu/en/de: the PDF prints it, the NAV report sends the
// Hungarian one as the exemption's reason (entitlements.ts takes its texts from here) and the UI shows it.
import type { VatStatus } from '../resources';
import type { Lang } from './payment-methods';
import { findVatCode } from './vat-codes';

type Texts = Record<Lang, string>;

/**
 * Keys of the notes. An entitlement's note has the entitlement's code; the other two are no entitlement: a domestic
 * reverse-charge line carries none, and cash accounting belongs to the seller, not to a line.
 */
export type LegalNoteKey =
  | 'CASH_ACCOUNTING'
  | 'DOMESTIC_REVERSE_CHARGE'
  | 'AAM'
  | 'TAM'
  | 'KBAET'
  | 'EAM'
  | 'NAM_1'
  | 'NAM_2'
  | 'EUFAD37'
  | 'EUFADE'
  | 'EUE'
  | 'HO'
  | 'ATK'
  | 'TRAVEL_AGENCY'
  | 'SECOND_HAND'
  | 'ARTWORK'
  | 'ANTIQUES';

const HU_ACT = { en: 'of the Hungarian VAT Act', de: 'des ungarischen Umsatzsteuergesetzes' } as const;

export const LEGAL_NOTE_TEXTS: Readonly<Record<LegalNoteKey, Texts>> = {
  // Áfa tv. 169. § h): these very words. The scheme itself is Chapter XIII/A (196/B. §).
  CASH_ACCOUNTING: {
    hu: 'Pénzforgalmi elszámolás',
    en: 'Cash accounting',
    de: 'Ist-Versteuerung (Besteuerung nach vereinnahmten Entgelten)',
  },
  // Áfa tv. 142. § (domestic reverse charge); 169. § n) requires the words "fordított adózás".
  DOMESTIC_REVERSE_CHARGE: {
    hu: 'Fordított adózás (Áfa tv. 142. §)',
    en: `Reverse charge – the customer accounts for the VAT (Section 142 ${HU_ACT.en})`,
    de: `Steuerschuldnerschaft des Leistungsempfängers (§ 142 ${HU_ACT.de})`,
  },
  // Subjective exemption of a small business (Chapter XIII, 187. §); German readers know it as Kleinunternehmerregelung.
  AAM: {
    hu: 'Alanyi adómentes (Áfa tv. 187. §)',
    en: `Subjective VAT exemption (Section 187 ${HU_ACT.en})`,
    de: `Subjektive Steuerbefreiung – Kleinunternehmerregelung (§ 187 ${HU_ACT.de})`,
  },
  TAM: {
    hu: 'Tárgyi adómentes (Áfa tv. 85–86. §)',
    en: `VAT-exempt supply (Sections 85–86 ${HU_ACT.en})`,
    de: `Steuerfreier Umsatz (§§ 85–86 ${HU_ACT.de})`,
  },
  KBAET: {
    hu: 'Adómentes Közösségen belüli termékértékesítés (Áfa tv. 89. §)',
    en: `VAT-exempt intra-Community supply of goods (Section 89 ${HU_ACT.en}; Art. 138 of Directive 2006/112/EC)`,
    de: `Steuerfreie innergemeinschaftliche Lieferung (§ 89 ${HU_ACT.de}; Art. 138 der Richtlinie 2006/112/EG)`,
  },
  // EAM covers 98–109. §: the export of goods (98. §) and the transactions the act treats alike (international
  // transport and the services tied to export).
  EAM: {
    hu: 'Adómentes termékexport, illetve azzal egy tekintet alá eső ügylet (Áfa tv. 98–109. §)',
    en: `VAT-exempt export of goods or a transaction treated as export (Sections 98–109 ${HU_ACT.en})`,
    de: `Steuerfreie Ausfuhrlieferung oder gleichgestellter Umsatz (§§ 98–109 ${HU_ACT.de})`,
  },
  NAM_1: {
    hu: 'Adómentes közvetítői tevékenység (Áfa tv. 110. §)',
    en: `VAT-exempt intermediary service (Section 110 ${HU_ACT.en})`,
    de: `Steuerfreie Vermittlungsleistung (§ 110 ${HU_ACT.de})`,
  },
  NAM_2: {
    hu: 'Adómentes, nemzetközi áruforgalomhoz kapcsolódó ügylet (Áfa tv. 111. §)',
    en: `VAT-exempt transaction tied to international goods traffic (Section 111 ${HU_ACT.en})`,
    de: `Steuerfreier Umsatz im internationalen Warenverkehr (§ 111 ${HU_ACT.de})`,
  },
  // A service to a business in another member state (Áfa tv. 37. § (1)): the customer pays the VAT there, under
  // Art. 196 of the VAT directive, which is what a foreign reader looks for.
  EUFAD37: {
    hu: 'Fordított adózás (Áfa tv. 37. §)',
    en: 'Reverse charge (Art. 196 of Directive 2006/112/EC)',
    de: 'Steuerschuldnerschaft des Leistungsempfängers (Art. 196 der Richtlinie 2006/112/EG)',
  },
  EUFADE: {
    hu: 'Fordított adózás – más tagállamban teljesített ügylet (nem az Áfa tv. 37. §-a alapján)',
    en: 'Reverse charge – supply taxable in another member state, the customer accounts for the VAT',
    de: 'Steuerschuldnerschaft des Leistungsempfängers – in einem anderen Mitgliedstaat steuerbarer Umsatz',
  },
  EUE: {
    hu: 'Más tagállamban teljesített, nem fordítottan adózó ügylet',
    en: 'Supply taxable in another member state, VAT charged by the seller',
    de: 'In einem anderen Mitgliedstaat steuerbarer Umsatz, Steuerschuldner ist der Leistende',
  },
  HO: {
    hu: 'Harmadik országban teljesített ügylet (az Áfa tv. területi hatályán kívül)',
    en: `Supply performed in a non-EU country (outside the territorial scope ${HU_ACT.en})`,
    de: 'Im Drittland erbrachter Umsatz (in Ungarn nicht steuerbar)',
  },
  ATK: {
    hu: 'Az Áfa tv. tárgyi hatályán kívüli ügylet',
    en: `Transaction outside the scope ${HU_ACT.en}`,
    de: `Nicht steuerbarer Umsatz (außerhalb des Anwendungsbereichs ${HU_ACT.de})`,
  },
  // Áfa tv. 169. § p) prescribes these words; English and German follow Art. 226 (13)–(14) of the VAT directive.
  TRAVEL_AGENCY: {
    hu: 'Különbözet szerinti szabályozás – utazási irodák',
    en: 'Margin scheme – travel agents',
    de: 'Sonderregelung für Reisebüros',
  },
  SECOND_HAND: {
    hu: 'Különbözet szerinti szabályozás – használt cikkek',
    en: 'Margin scheme – second-hand goods',
    de: 'Gebrauchtgegenstände/Sonderregelung',
  },
  ARTWORK: {
    hu: 'Különbözet szerinti szabályozás – műalkotások',
    en: 'Margin scheme – works of art',
    de: 'Kunstgegenstände/Sonderregelung',
  },
  ANTIQUES: {
    hu: 'Különbözet szerinti szabályozás – gyűjteménydarabok és régiségek',
    en: "Margin scheme – collectors' items and antiques",
    de: 'Sammlungsstücke und Antiquitäten/Sonderregelung',
  },
};

function isNoteKey(code: string | null | undefined): code is LegalNoteKey {
  return !!code && Object.hasOwn(LEGAL_NOTE_TEXTS, code);
}

/**
 * The note a line needs, from its VAT code and legal reason (the item's entitlement, else the code's default, the
 * rule the NAV report follows too). Ordinary rates need none, nor do other member states' rates charged under OSS.
 */
export function lineLegalNote(item: { vat_id: string; entitlement?: string | null }): LegalNoteKey | null {
  const code = findVatCode(item.vat_id);
  if (!code || code.treatment === 'rate' || code.treatment === 'foreign_rate') return null;
  if (code.treatment === 'reverse_charge') return 'DOMESTIC_REVERSE_CHARGE';
  const reason = item.entitlement || code.defaultEntitlement;
  return isNoteKey(reason) ? reason : null;
}

/** The note the seller's scheme needs on every invoice: cash accounting, or the subjective exemption. */
export function sellerLegalNote(status: VatStatus): LegalNoteKey | null {
  if (status === 'cash_accounting') return 'CASH_ACCOUNTING';
  if (status === 'exempt') return 'AAM';
  return null;
}

export interface InvoiceLegalNote {
  key: LegalNoteKey;
  /** the VAT column's marks ("AAM", "EU", "F.AFA") of the lines this note explains, in line order; none for the seller's */
  marks: string[];
}

/**
 * Every note an invoice needs, each once: the seller's first, then the lines' in the order they first appear. A
 * note shared by the seller and its lines (an exempt seller's AAM lines) is one note.
 */
export function invoiceLegalNotes(
  sellerStatus: VatStatus,
  items: ReadonlyArray<{ vat_id: string; entitlement?: string | null }>,
): InvoiceLegalNote[] {
  const notes = new Map<LegalNoteKey, InvoiceLegalNote>();
  const seller = sellerLegalNote(sellerStatus);
  if (seller) notes.set(seller, { key: seller, marks: [] });
  for (const item of items) {
    const key = lineLegalNote(item);
    if (!key) continue;
    const note = notes.get(key) ?? { key, marks: [] };
    const mark = findVatCode(item.vat_id)?.description;
    if (mark && !note.marks.includes(mark)) note.marks.push(mark);
    notes.set(key, note);
  }
  return [...notes.values()];
}
