// The keys a bank's text is compared with Folio's by (issue 37, issue 41): a payer's name against clients' names
// ("PELDA UGYFEL KFT" is "Példa Ügyfél Kft."), and account numbers in their IBAN and Hungarian forms ("HU42 1177 3016
// …" is "11773016-12345678"). Worked out from text stored as given, never written back over it.
//
// A client's keys are kept beside it (client_match_keys, migration 0072, electron/core/clients/match-keys.ts), so the
// bank screen finds a payer among thousands of clients by a seek. Changing what a key is changes the kept keys'
// meaning: such a change comes with a migration that sets every kept name_key to NULL, and they are worked out anew.

const LEGAL_FORMS = new Set(['kft', 'bt', 'zrt', 'nyrt', 'rt', 'kkt', 'ev', 'e v', 'egyeni vallalkozo', 'gmbh', 'ag', 'kg', 'ltd', 'llc', 'inc', 'sro', 'spzoo', 'sa', 'srl', 'bv', 'plc', 'co']);

/** Lower case, no accents, no punctuation, without the legal form at the end: the name's core words. */
export function nameKey(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

/**
 * An account's digits as a Hungarian bank keeps them: a HU IBAN without "HUkk", and a 24-digit number ending in eight
 * zeros shortened to its 16 (the same account written both ways). Other IBANs stay whole.
 */
export function accountKey(raw: string): string {
  const s = raw.replace(/[\s-]/g, '').toUpperCase();
  if (!s) return '';
  let digits = /^HU\d{2}(\d{24})$/.exec(s)?.[1] ?? (/^\d{16}(\d{8})?$/.test(s) ? s : null);
  if (digits === null) return s;
  if (digits.length === 24 && digits.endsWith('00000000')) digits = digits.slice(0, 16);
  return digits;
}

/** A client's keys: of its name, and of the IBAN and the account number of its bank details ('' where none). */
export interface ClientMatchKeys {
  name_key: string;
  iban_key: string;
  account_no_key: string;
}

/** The keys of a client row's name and bank column (JSON text; text that is not a JSON object has no numbers). */
export function clientMatchKeys(name: string, bank: string | null): ClientMatchKeys {
  const details = bankDetails(bank);
  return { name_key: nameKey(name), iban_key: accountKey(details.iban), account_no_key: accountKey(details.account_no) };
}

function bankDetails(text: string | null): { iban: string; account_no: string } {
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  const of = (k: string) => {
    const v = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[k] : undefined;
    return typeof v === 'string' ? v : '';
  };
  return { iban: of('iban'), account_no: of('account_no') };
}
