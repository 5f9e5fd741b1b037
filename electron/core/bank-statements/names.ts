// Comparing what a bank writes with what Folio holds: a payer's name against clients' names ("PELDA UGYFEL KFT" is
// "Példa Ügyfél Kft."), and account numbers in their IBAN and Hungarian forms ("HU42 1177 3016 …" is
// "11773016-12345678"). A name's and a number's own key are shared/bank-match-keys.ts (clients keep theirs).
import { accountKey } from '../../../shared/bank-match-keys';

const CURRENCY = /^[A-Z]{3}$/;
const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

/**
 * The keys an account is known by, whatever a bank writes around its number (issue 37): "BIC/account/currency",
 * "IBAN HUF", "BLZ/Kontonummer" ("20090500/0006853030"), a HU IBAN or its 16/24 digits. A German IBAN is also its
 * "BLZ/Kontonummer", so the two forms of one account meet; a number's leading zeros do not count.
 */
export function accountKeys(raw: string): string[] {
  const upper = raw.toUpperCase().trim();
  if (!upper) return [];
  const keys = new Set<string>();
  const whole = upper.replace(/[\s-]/g, '');
  if (IBAN.test(whole) || /^\d{16}(\d{8})?$/.test(whole)) keys.add(accountKey(whole));
  // the parts a bank puts around the number: a BIC, a currency code
  const parts = upper
    .split(/[/\s]+/)
    .map((p) => p.replace(/-/g, ''))
    .filter((p) => p && !CURRENCY.test(p) && !(BIC.test(p) && !IBAN.test(p)));
  const rest = parts.join('');
  if (parts.length === 1 || IBAN.test(rest) || /^\d{16}(\d{8})?$/.test(rest)) keys.add(accountKey(rest));
  const digits = parts.filter((p) => /^\d+$/.test(p));
  if (parts.length === 2 && digits.length === 2) keys.add(`${digits[0]}/${digits[1]!.replace(/^0+/, '')}`);
  const de = /^DE\d{2}(\d{8})(\d{10})$/.exec(rest);
  if (de) keys.add(`${de[1]}/${de[2]!.replace(/^0+/, '')}`);
  if (!keys.size) keys.add(whole);
  return [...keys];
}

/** Two texts naming one account, by the keys above. */
export function sameAccount(a: string, b: string): boolean {
  const theirs = new Set(accountKeys(b));
  return accountKeys(a).some((k) => theirs.has(k));
}
