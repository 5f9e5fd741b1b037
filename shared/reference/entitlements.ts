// VAT exemption and special-scheme reasons of the interface, with the legal text printed on invoices (worded once,
// in legal-notes.ts) and the NAV Online Számla case each one is reported as.
import { LEGAL_NOTE_TEXTS } from './legal-notes';

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
  { code: 'TRAVEL_AGENCY', nav: { kind: 'margin', case: 'TRAVEL_AGENCY' }, text: LEGAL_NOTE_TEXTS.TRAVEL_AGENCY },
  { code: 'SECOND_HAND', nav: { kind: 'margin', case: 'SECOND_HAND' }, text: LEGAL_NOTE_TEXTS.SECOND_HAND },
  { code: 'ARTWORK', nav: { kind: 'margin', case: 'ARTWORK' }, text: LEGAL_NOTE_TEXTS.ARTWORK },
  { code: 'ANTIQUES', nav: { kind: 'margin', case: 'ANTIQUES' }, text: LEGAL_NOTE_TEXTS.ANTIQUES },
  { code: 'AAM', nav: { kind: 'exemption', case: 'AAM' }, text: LEGAL_NOTE_TEXTS.AAM },
  { code: 'TAM', nav: { kind: 'exemption', case: 'TAM' }, text: LEGAL_NOTE_TEXTS.TAM },
  { code: 'KBAET', nav: { kind: 'exemption', case: 'KBAET' }, text: LEGAL_NOTE_TEXTS.KBAET },
  { code: 'EAM', nav: { kind: 'exemption', case: 'EAM' }, text: LEGAL_NOTE_TEXTS.EAM },
  { code: 'NAM_1', nav: { kind: 'exemption', case: 'NAM' }, text: LEGAL_NOTE_TEXTS.NAM_1 },
  { code: 'NAM_2', nav: { kind: 'exemption', case: 'NAM' }, text: LEGAL_NOTE_TEXTS.NAM_2 },
  { code: 'ATK', nav: { kind: 'outOfScope', case: 'ATK' }, text: LEGAL_NOTE_TEXTS.ATK },
  { code: 'EUFAD37', nav: { kind: 'outOfScope', case: 'EUFAD37' }, text: LEGAL_NOTE_TEXTS.EUFAD37 },
  { code: 'EUFADE', nav: { kind: 'outOfScope', case: 'EUFADE' }, text: LEGAL_NOTE_TEXTS.EUFADE },
  { code: 'EUE', nav: { kind: 'outOfScope', case: 'EUE' }, text: LEGAL_NOTE_TEXTS.EUE },
  { code: 'HO', nav: { kind: 'outOfScope', case: 'HO' }, text: LEGAL_NOTE_TEXTS.HO },
];

export const ENTITLEMENT_CODES = ENTITLEMENTS.map((e) => e.code) as [string, ...string[]];

export function findEntitlement(code: string | null | undefined): EntitlementDef | undefined {
  return code ? ENTITLEMENTS.find((e) => e.code === code) : undefined;
}
