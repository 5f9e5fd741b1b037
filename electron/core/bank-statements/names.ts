// Comparing what a bank writes with what Folio holds: a payer's name against clients' names ("PELDA UGYFEL KFT" is
// "Példa Ügyfél Kft."), and account numbers in their IBAN and Hungarian forms ("HU42 1177 3016 …" is
// "11773016-12345678").

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
