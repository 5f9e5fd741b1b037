// Standard VAT rates of the EU member states, in force on RATES_AS_OF (from the reference table of that date).
// Dated on purpose: rates change (FI 2024-09-01, SK 2025-01-01, EE 2025-07-01, RO 2025-08-01); update with the date.
export const EU_VAT_RATES_AS_OF = '2026-01-01';

export const EU_STANDARD_VAT_RATES: Readonly<Record<string, string>> = {
  AT: '0.20', BE: '0.21', BG: '0.20', CY: '0.19', CZ: '0.21', DE: '0.19', DK: '0.25', EE: '0.24', EL: '0.24',
  ES: '0.21', FI: '0.255', FR: '0.20', HR: '0.25', HU: '0.27', IE: '0.23', IT: '0.22', LT: '0.21', LU: '0.17',
  LV: '0.21', MT: '0.18', NL: '0.21', PL: '0.23', PT: '0.23', RO: '0.21', SE: '0.25', SI: '0.22', SK: '0.23',
};

/** Greece is GR in ISO 3166 but EL in VAT numbers and in the table above; both are accepted. */
export function euVatCountry(iso: string): string | undefined {
  const code = iso.toUpperCase() === 'GR' ? 'EL' : iso.toUpperCase();
  return code in EU_STANDARD_VAT_RATES ? code : undefined;
}
