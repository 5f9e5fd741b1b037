// Folio's VAT code for one part of a supplier invoice's VAT split (expense_vat_rates, and the parts NAV gives of a
// received invoice): the category (EN 16931's letters), the percentage, and the case of an exemption or of being
// outside the scope as "CASE: reason" (NAV's own cases: AAM, TAM, KBAET, EAM, NAM; ATK, EUFAD37, EUFADE, EUE, HO;
// K.AFA for the margin scheme). What the VAT analysis's input side sums an expense of several rates by.
export interface VatPart {
  category: string;
  rate: string | null;
  exemption_reason: string | null;
}

const HUNGARIAN_RATES: Record<string, string> = { '27': '1', '18': '3', '5': '2', '0': '6' };

export function partVatCode(part: VatPart): string {
  const reason = (part.exemption_reason ?? '').trim();
  const caseOf = /^([A-Z0-9.]+):/.exec(reason)?.[1] ?? '';
  switch (part.category) {
    case 'S':
    case 'Z':
      return HUNGARIAN_RATES[String(Number(part.rate ?? '0'))] ?? '6';
    case 'E':
      if (caseOf === 'K.AFA') return '12';
      if (caseOf === 'AAM' || /\bAAM\b|alanyi/i.test(reason)) return '7';
      if (caseOf === 'KBAET') return '5';
      if (caseOf === 'EAM') return '9';
      if (caseOf === 'NAM') return '10';
      return '8';
    case 'AE':
      return '11';
    case 'K':
      return '5';
    case 'G':
      return '14';
    case 'O':
      if (caseOf === 'HO') return '14';
      if (caseOf === 'EUFAD37' || caseOf === 'EUFADE') return '15';
      return '13';
    default:
      return '6';
  }
}
