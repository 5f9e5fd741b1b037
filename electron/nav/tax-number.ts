// Tax identifiers in NAV's forms. A Hungarian tax number "12345678-2-41" is reported split into its parts
// (TaxNumberType: taxpayerId, vatCode, countyCode); a community VAT number must match CommunityVatNumberType.

export interface NavTaxNumber {
  taxpayerId: string;
  vatCode?: string;
  countyCode?: string;
}

/**
 * "12345678-2-41", "12345678241", "12345678 2 41" → the three parts; a bare "12345678" (the core of the number,
 * all a community VAT number "HU12345678" carries) → the taxpayer id alone, which the schema allows.
 * Anything else is not a Hungarian tax number.
 */
export function parseHungarianTaxNumber(value: string | null | undefined): NavTaxNumber | undefined {
  if (!value) return undefined;
  const compact = value.replace(/[\s.]/g, '');
  const full = /^(\d{8})-?([1-5])-?(\d{2})$/.exec(compact);
  if (full) return { taxpayerId: full[1]!, vatCode: full[2]!, countyCode: full[3]! };
  const core = /^(?:HU)?(\d{8})$/i.exec(compact);
  return core ? { taxpayerId: core[1]! } : undefined;
}

/** "de 123 456 789" → "DE123456789" when it fits CommunityVatNumberType, else undefined. */
export function communityVatNumber(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const compact = value.replace(/[\s.\-]/g, '').toUpperCase();
  return /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(compact) ? compact : undefined;
}

/** Hungarian bank account ("12345678-12345678[-12345678]") or IBAN, as BankAccountNumberType allows. */
export function bankAccountNumber(...candidates: Array<string | null | undefined>): string | undefined {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const giro = candidate.replace(/\s/g, '');
    if (/^\d{8}-\d{8}(-\d{8})?$/.test(giro)) return giro;
    if (/^\d{16}$|^\d{24}$/.test(giro)) return giro.match(/\d{8}/g)!.join('-');
    const iban = candidate.replace(/[\s-]/g, '').toUpperCase();
    if (/^[A-Z]{2}\d{2}[0-9A-Z]{11,30}$/.test(iban)) return iban;
  }
  return undefined;
}
