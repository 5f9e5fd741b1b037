// The exemption reasons v3's 3.0.14 Entitlement enum lists; Folio's others (e.g. KBAUK) are left out of answers.
export const ENTITLEMENTS_3014: ReadonlySet<string> = new Set([
  'AAM', 'ANTIQUES', 'ARTWORK', 'ATK', 'EAM', 'EUE', 'EUFAD37', 'EUFADE', 'HO', 'KBAET', 'NAM_1', 'NAM_2', 'SECOND_HAND', 'TAM',
  'TRAVEL_AGENCY',
]);
