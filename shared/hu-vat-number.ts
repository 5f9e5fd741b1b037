// A Hungarian community VAT number (közösségi adószám) is "HU" and the first 8 digits of the adószám, the taxpayer id:
// the adószám 12345676-2-41 has the community VAT number HU12345676. Shared by the core's checks (the seller's profile,
// clients) and the forms, which show the same word next to the field.
import { splitHungarianTaxNumber, isHungarianTaxNumber } from './tax-numbers';

/** "hu 1234-5676" → "HU12345676": the characters that count. */
export function compactEuVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** The community VAT number that belongs to a Hungarian tax number, or null when the tax number is not one. */
export function huVatNumberOf(taxcode: string): string | null {
  const parts = isHungarianTaxNumber(taxcode) ? splitHungarianTaxNumber(taxcode) : null;
  return parts ? `HU${parts.taxpayerId}` : null;
}

/**
 * Why a community VAT number does not go with the Hungarian tax number beside it, or null. Beside a Hungarian tax number
 * it must be "HU" and that number's first 8 digits; without one, a number starting with "HU" must be HU and 8 digits
 * whose last is the taxpayer id's check digit, and any other is VIES's to confirm (a foreign client's).
 */
export function huVatNumberProblem(euTaxcode: string | undefined, taxcode: string | undefined): string | null {
  const eu = compactEuVatNumber(euTaxcode ?? '');
  if (!eu) return null;
  const own = huVatNumberOf(taxcode?.trim() ?? '');
  if (own) return eu === own ? null : `is not the community VAT number of the tax number ${taxcode!.trim()} (that is ${own})`;
  if (!eu.startsWith('HU')) return null;
  if (!/^HU\d{8}$/.test(eu)) return 'is not a Hungarian community VAT number (HU and the first 8 digits of the tax number, like HU12345676)';
  return isHungarianTaxNumber(`${eu.slice(2)}-1-01`) ? null : 'is not a Hungarian community VAT number: its check digit does not match';
}
