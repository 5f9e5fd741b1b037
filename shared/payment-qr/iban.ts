// IBANs for the payment codes: a Hungarian account number ("11773016-11111018-00000000", or the 16-digit form) gives
// its IBAN by the ISO 13616 check digits (mod 97), so a business that typed only its account number still gets a code;
// an IBAN is checked the same way before it is printed in a code a bank app will trust.

/** Letters become 10..35, as ISO 13616 counts them. */
function digitsOf(text: string): string {
  return text.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
}

/** The remainder mod 97 of a long digit string, a few digits at a time (no big integers needed). */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest;
}

/** An IBAN as one word, upper case, without the spaces people print in it. */
export function compactIban(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

export function isValidIban(text: string): boolean {
  const iban = compactIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  return mod97(digitsOf(iban.slice(4) + iban.slice(0, 4))) === 1;
}

/**
 * The HU IBAN of a Hungarian account number (16 or 24 digits, with or without hyphens or spaces); null when the text
 * is not one. A 16-digit number is the 24-digit one with eight zeros at its end.
 */
export function hungarianIban(accountNo: string): string | null {
  const digits = accountNo.replace(/[\s-]/g, '');
  if (!/^\d{16}(\d{8})?$/.test(digits)) return null;
  const bban = digits.padEnd(24, '0');
  const check = 98 - mod97(digitsOf(`${bban}HU00`));
  return `HU${String(check).padStart(2, '0')}${bban}`;
}
