// The rules for NAV's technical user as typed on the settings screen, in one place: the contract's input schema
// checks with them, and the screen re-checks a field with them as it is corrected, so its message clears exactly
// when the core would accept the value. Messages are the core's English; the UI translates them by pattern.

export const NAV_SIGNATURE_KEY_LENGTH = 32;
export const NAV_EXCHANGE_KEY_LENGTH = 16;

/** Checksum of the taxpayer id's 8th digit (the same rule as a whole Hungarian tax number's). */
function taxpayerIdOk(digits: string): boolean {
  const weights = [9, 7, 3, 1, 9, 7, 3];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  return (10 - (sum % 10)) % 10 === Number(digits[7]);
}

/** "12345676", "12345676-2-41" or "12345676241" → "12345676"; undefined when it is none of these. */
export function navTaxpayerId(value: string): string | undefined {
  const m = /^(\d{8})(?:-?[1-5]-?\d{2})?$/.exec(value.replace(/\s/g, ''));
  return m && taxpayerIdOk(m[1]!) ? m[1]! : undefined;
}

/** Login: 6–15 letters and digits (NAV's LoginType). */
export function navLoginProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return 'is required';
  return /^[a-zA-Z0-9]{6,15}$/.test(v) ? null : 'must be 6 to 15 letters and digits';
}

export function navTaxNumberProblem(value: string): string | null {
  if (!value.trim()) return 'is required';
  return navTaxpayerId(value) ? null : 'must be the 8-digit taxpayer id (12345678) or the whole tax number (12345678-1-12)';
}

/** A key as NAV issued it, blanks around it dropped; empty is no problem (it keeps the stored key). */
export function navKeyProblem(value: string, length: number): string | null {
  const v = value.trim();
  if (v === '') return null;
  if (/\s/.test(v)) return 'must not contain spaces';
  return v.length === length ? null : `must be ${length} characters, as NAV issued it`;
}
