// The file's text turned into what Folio's fields take: the way older Hungarian programs and spreadsheets write an
// address, a price, a VAT rate or a type of buyer. Only reading: whether a value is acceptable is decided by the same
// schemas clients.create and products.create use, so a value read here that makes no sense is passed on as written
// and refused there, in the same words.
import { VAT_CODES } from '../../../shared/reference/vat-codes';
import { isHungarianPersonalTaxId, isHungarianTaxNumber } from '../../../shared/tax-numbers';
import type { TaxType } from '../../../shared/resources';
import { normalizeHeader } from './headers';

// Street types (közterület jellege) as written in full, and the abbreviations older programs use for the common ones.
const STREET_TYPES = new Set([
  'utca', 'út', 'útja', 'tér', 'tere', 'körút', 'köz', 'sor', 'sétány', 'fasor', 'park', 'lakótelep', 'dűlő', 'liget',
  'rakpart', 'sugárút', 'sziget', 'udvar', 'lépcső', 'telep', 'tanya', 'major', 'puszta', 'part', 'határút', 'kert',
  'kertsor', 'körtér', 'lejtő', 'lejáró', 'mélyút', 'ösvény', 'sikátor', 'sétaút', 'dűlőút', 'körönd', 'zug', 'átjáró',
  'street', 'road', 'avenue', 'straße', 'strasse',
]);
const ABBREVIATIONS: Record<string, string> = { u: 'utca', krt: 'körút', ltp: 'lakótelep', rkp: 'rakpart', 'sgt': 'sugárút', 'stny': 'sétány' };

/**
 * "Kossuth Lajos u. 12/A." → street name "Kossuth Lajos", type "utca", house number "12/A": the split the interface
 * matches clients by. A line with no recognisable street type goes whole into the street name.
 */
export function splitStreet(line: string): { street_name: string; street_type: string; house_nr: string } {
  const tokens = line.trim().split(/\s+/).filter(Boolean);
  for (let i = tokens.length - 2; i >= 1; i--) {
    const word = tokens[i]!.toLowerCase();
    const type = STREET_TYPES.has(word) ? word : ABBREVIATIONS[word.replace(/\.$/, '')];
    if (!type) continue;
    const rest = tokens.slice(i + 1);
    // "12." is how Hungarian writes house number 12; a lone number keeps no trailing dot
    const house = rest.length === 1 ? rest[0]!.replace(/\.$/, '') : rest.join(' ');
    return { street_name: tokens.slice(0, i).join(' '), street_type: type, house_nr: house };
  }
  return { street_name: tokens.join(' '), street_type: '', house_nr: '' };
}

const HUNGARY = new Set(['', 'magyarorszag', 'hungary', 'hu', 'hun', 'ungarn']);

export function isHungary(country: string): boolean {
  return HUNGARY.has(normalizeHeader(country));
}

// A type of buyer written in words; "nincs adószám" and "nem adóalany" are looked at before "adó…" words.
const TAX_TYPE_WORDS: Array<[RegExp, TaxType]> = [
  [/^(no_tax_number|notaxnumber)$|nincs|^nem|magan|termeszetes|private|privat|person/, 'NO_TAX_NUMBER'],
  [/^foreign$|kulfold|ausland|foreign|harmadikorszag|eutagallam|^eu$/, 'FOREIGN'],
  [/^(has_tax_number|hastaxnumber)$|belfold|adoalany|adoszamos|ceg|tarsasag|vallalkoz|company|business|firma|unternehmen|gmbh/, 'HAS_TAX_NUMBER'],
];

/**
 * The client's tax status: from the file's words when it has them (unknown words are passed on, to be refused);
 * else from the tax number: none → unspecified, a personal tax id → private person, a foreign country → foreign,
 * anything else is taken for a Hungarian company's number (and checked as one).
 */
export function taxTypeOf(word: string, taxcode: string, country: string): string {
  const w = normalizeHeader(word.replace(/_/g, ''));
  if (w) {
    for (const [re, type] of TAX_TYPE_WORDS) if (re.test(w) || re.test(word.trim().toLowerCase())) return type;
    return word.trim();
  }
  if (!taxcode) return '';
  if (isHungarianPersonalTaxId(taxcode)) return 'NO_TAX_NUMBER';
  if (!isHungarianTaxNumber(taxcode) && !isHungary(country)) return 'FOREIGN';
  return 'HAS_TAX_NUMBER';
}

/** "12345676241" → "12345676-2-41", the way Folio shows Hungarian tax numbers; anything else as written. */
export function taxcodeText(taxcode: string, taxType: string): string {
  const m = /^(\d{8})(\d)(\d{2})$/.exec(taxcode);
  return m && taxType !== 'FOREIGN' && taxType !== 'NO_TAX_NUMBER' ? `${m[1]}-${m[2]}-${m[3]}` : taxcode;
}

/**
 * A number as Hungarian files write it — "1 234,50", "1.234,50 Ft", "12000" — as a decimal string "1234.50";
 * what cannot be read is passed on as written.
 */
export function decimalText(text: string): string {
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(/(ft|huf|eur|€|\$)\.?$/i, '');
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) return s.replace(/\./g, '').replace(',', '.');
  if (/^-?\d+,\d+$/.test(s)) return s.replace(',', '.');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) return s.replace(/,/g, '');
  return s === '' ? text.trim() : s;
}

const HUNGARIAN_CODES = VAT_CODES.filter((c) => c.country === 'HU');

/**
 * The VAT code a file's VAT column means: a rate ("27%", "27", "0,27") is the Hungarian code of that rate; a code
 * ("AAM", "TAM", "F.AFA") or its words ("alanyi adómentes") is that code. Unknown text is passed on (so the schema
 * refuses it as an unknown VAT code); an unknown rate as "20%", never as a bare number that could pass for a code id.
 */
export function vatIdText(text: string): string {
  const t = text.trim();
  if (!t) return '';
  const rate = /^(\d+(?:[.,]\d+)?)\s*%?$/.exec(t);
  if (rate) {
    let percent = Number(rate[1]!.replace(',', '.'));
    if (percent > 0 && percent < 1 && !t.includes('%')) percent *= 100; // 0,27 → 27 %
    const code = HUNGARIAN_CODES.find((c) => c.treatment === 'rate' && Math.abs(Number(c.value) * 100 - percent) < 1e-9);
    return code ? code.id : `${rate[1]}%`;
  }
  const key = normalizeHeader(t);
  const code = HUNGARIAN_CODES.find((c) => normalizeHeader(c.description) === key || (c.infoText && normalizeHeader(c.infoText) === key));
  return code ? code.id : t;
}
