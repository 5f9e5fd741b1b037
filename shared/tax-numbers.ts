// Hungarian tax number checks. A company's tax number is 8 digits (the last a check digit), a VAT status digit
// (1–5) and a 2-digit county code: "12345676-2-41". A private person's tax id is 10 digits starting with 8.

const WEIGHTS = [9, 7, 3, 1, 9, 7, 3];

export function isHungarianTaxNumber(value: string): boolean {
  const m = /^(\d{8})-?([1-5])-?(\d{2})$/.exec(value.trim());
  if (!m) return false;
  const digits = m[1]!.split('').map(Number);
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * digits[i]!, 0);
  return (10 - (sum % 10)) % 10 === digits[7];
}

export function isHungarianPersonalTaxId(value: string): boolean {
  const v = value.trim();
  if (!/^8\d{9}$/.test(v)) return false;
  const digits = v.split('').map(Number);
  const sum = digits.slice(0, 9).reduce((acc, d, i) => acc + d * (i + 1), 0);
  return sum % 11 === digits[9];
}

/** "HU12345676", "DE123456789": a community VAT number (format only; VIES confirms it exists). */
export function isEuVatNumber(value: string): boolean {
  return /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z+*]{2,12}$/.test(
    value.replace(/[\s.-]/g, '').toUpperCase(),
  );
}

export function splitHungarianTaxNumber(value: string): { taxpayerId: string; vatCode: string; countyCode: string } | null {
  const m = /^(\d{8})-?([1-5])-?(\d{2})$/.exec(value.trim());
  return m ? { taxpayerId: m[1]!, vatCode: m[2]!, countyCode: m[3]! } : null;
}
