// VAT exemption and special-scheme reasons of the interface, with the legal text printed on invoices and the
// NAV Online Számla case each one is reported as.
export type NavVatCase =
  | { kind: 'exemption'; case: 'AAM' | 'TAM' | 'KBAET' | 'KBAUK' | 'EAM' | 'NAM' }
  | { kind: 'outOfScope'; case: 'ATK' | 'EUFAD37' | 'EUFADE' | 'EUE' | 'HO' }
  | { kind: 'margin'; case: 'TRAVEL_AGENCY' | 'SECOND_HAND' | 'ARTWORK' | 'ANTIQUES' };

export interface EntitlementDef {
  code: string;
  nav: NavVatCase;
  text: { hu: string; en: string; de: string };
}

export const ENTITLEMENTS: readonly EntitlementDef[] = [
  {
    code: 'TRAVEL_AGENCY',
    nav: { kind: 'margin', case: 'TRAVEL_AGENCY' },
    text: {
      hu: 'Különbözet szerinti szabályozás – utazási irodák',
      en: 'Margin scheme – travel agents',
      de: 'Differenzbesteuerung – Reisebüros',
    },
  },
  {
    code: 'SECOND_HAND',
    nav: { kind: 'margin', case: 'SECOND_HAND' },
    text: {
      hu: 'Különbözet szerinti szabályozás – használt cikkek',
      en: 'Margin scheme – second-hand goods',
      de: 'Differenzbesteuerung – Gebrauchtgegenstände',
    },
  },
  {
    code: 'ARTWORK',
    nav: { kind: 'margin', case: 'ARTWORK' },
    text: {
      hu: 'Különbözet szerinti szabályozás – műalkotások',
      en: 'Margin scheme – works of art',
      de: 'Differenzbesteuerung – Kunstgegenstände',
    },
  },
  {
    code: 'ANTIQUES',
    nav: { kind: 'margin', case: 'ANTIQUES' },
    text: {
      hu: 'Különbözet szerinti szabályozás – gyűjteménydarabok és régiségek',
      en: "Margin scheme – collectors' items and antiques",
      de: 'Differenzbesteuerung – Sammlungsstücke und Antiquitäten',
    },
  },
  {
    code: 'AAM',
    nav: { kind: 'exemption', case: 'AAM' },
    text: {
      hu: 'Alanyi adómentes (Áfa tv. XIII. fejezet)',
      en: 'Subjectively VAT-exempt (VAT Act, Chapter XIII)',
      de: 'Subjektiv mehrwertsteuerbefreit (ungar. MwSt-Gesetz, Kap. XIII)',
    },
  },
  {
    code: 'TAM',
    nav: { kind: 'exemption', case: 'TAM' },
    text: {
      hu: 'Tárgyi adómentes (Áfa tv. 85–86. §)',
      en: 'VAT-exempt by the nature of the activity (VAT Act §§ 85–86)',
      de: 'Steuerbefreit nach Art der Tätigkeit (ungar. MwSt-Gesetz §§ 85–86)',
    },
  },
  {
    code: 'KBAET',
    nav: { kind: 'exemption', case: 'KBAET' },
    text: {
      hu: 'Adómentes Közösségen belüli termékértékesítés (Áfa tv. 89. §)',
      en: 'VAT-exempt intra-Community supply of goods (VAT Act § 89)',
      de: 'Steuerfreie innergemeinschaftliche Lieferung (ungar. MwSt-Gesetz § 89)',
    },
  },
  {
    code: 'EAM',
    nav: { kind: 'exemption', case: 'EAM' },
    text: {
      hu: 'Adómentes termékexport, nemzetközi közlekedés (Áfa tv. 98–109. §)',
      en: 'VAT-exempt export, international transport (VAT Act §§ 98–109)',
      de: 'Steuerfreie Ausfuhr, internationale Beförderung (ungar. MwSt-Gesetz §§ 98–109)',
    },
  },
  {
    code: 'NAM_1',
    nav: { kind: 'exemption', case: 'NAM' },
    text: {
      hu: 'Adómentes közvetítői tevékenység (Áfa tv. 110. §)',
      en: 'VAT-exempt intermediary activity (VAT Act § 110)',
      de: 'Steuerfreie Vermittlungsleistung (ungar. MwSt-Gesetz § 110)',
    },
  },
  {
    code: 'NAM_2',
    nav: { kind: 'exemption', case: 'NAM' },
    text: {
      hu: 'Adómentes, nemzetközi áruforgalomhoz kapcsolódó ügylet (Áfa tv. 111. §)',
      en: 'VAT-exempt transaction tied to international goods traffic (VAT Act § 111)',
      de: 'Steuerfreier Umsatz im internationalen Warenverkehr (ungar. MwSt-Gesetz § 111)',
    },
  },
  {
    code: 'ATK',
    nav: { kind: 'outOfScope', case: 'ATK' },
    text: {
      hu: 'Áfa tv. tárgyi hatályán kívüli ügylet',
      en: 'Outside the scope of the VAT Act',
      de: 'Nicht steuerbar (außerhalb des Anwendungsbereichs des MwSt-Gesetzes)',
    },
  },
  {
    code: 'EUFAD37',
    nav: { kind: 'outOfScope', case: 'EUFAD37' },
    text: {
      hu: 'Fordított adózás – Áfa tv. 37. § (1), a teljesítés helye más tagállam',
      en: 'Reverse charge – place of supply in another member state (VAT Act § 37(1))',
      de: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)',
    },
  },
  {
    code: 'EUFADE',
    nav: { kind: 'outOfScope', case: 'EUFADE' },
    text: {
      hu: 'Fordított adózás – a teljesítés helye más tagállam (egyéb szabály)',
      en: 'Reverse charge – place of supply in another member state (other rule)',
      de: 'Steuerschuldnerschaft des Leistungsempfängers (andere Regel)',
    },
  },
  {
    code: 'EUE',
    nav: { kind: 'outOfScope', case: 'EUE' },
    text: {
      hu: 'Más tagállamban teljesített, az eladó által adózott ügylet',
      en: 'Taxable in another member state, VAT paid by the seller',
      de: 'In einem anderen Mitgliedstaat steuerbar, Steuer schuldet der Verkäufer',
    },
  },
  {
    code: 'HO',
    nav: { kind: 'outOfScope', case: 'HO' },
    text: {
      hu: 'Harmadik országban teljesített ügylet',
      en: 'Transaction performed outside the EU',
      de: 'Im Drittland erbrachter Umsatz',
    },
  },
];

export const ENTITLEMENT_CODES = ENTITLEMENTS.map((e) => e.code) as [string, ...string[]];

export function findEntitlement(code: string | null | undefined): EntitlementDef | undefined {
  return code ? ENTITLEMENTS.find((e) => e.code === code) : undefined;
}
