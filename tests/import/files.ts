// Test files for the import: CSV text written as the bytes old Hungarian programs save (Windows-1250) or as UTF-8,
// and generated client lists. The Windows-1250 bytes come from a hand-made table of the letters Hungarian needs,
// checked against Node's own Windows-1250 decoder, so the test does not lean on the code it tests.

// Windows-1250 code points of the Hungarian accented letters (and a few signs business names use).
const CP1250: Record<string, number> = {
  á: 0xe1, é: 0xe9, í: 0xed, ó: 0xf3, ö: 0xf6, ő: 0xf5, ú: 0xfa, ü: 0xfc, ű: 0xfb,
  Á: 0xc1, É: 0xc9, Í: 0xcd, Ó: 0xd3, Ö: 0xd6, Ő: 0xd5, Ú: 0xda, Ü: 0xdc, Ű: 0xdb,
  '€': 0x80, '„': 0x84, '”': 0x94, '–': 0x96, '§': 0xa7, '°': 0xb0,
};

export function windows1250(text: string): Buffer {
  const bytes = [...text].map((ch) => {
    const code = ch.charCodeAt(0);
    if (code < 0x80) return code;
    const byte = CP1250[ch];
    if (byte === undefined) throw new Error(`no Windows-1250 byte for ${JSON.stringify(ch)} in this table`);
    return byte;
  });
  const buffer = Buffer.from(bytes);
  const back = new TextDecoder('windows-1250').decode(buffer);
  if (back !== text) throw new Error('the Windows-1250 table does not agree with the decoder');
  return buffer;
}

export const utf8 = (text: string, bom = false): Buffer => Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]);

/** A CSV line: fields with the separator, a quote or a line break quoted, quotes doubled. */
export function csvLine(fields: string[], separator: string): string {
  return fields.map((f) => (f.includes(separator) || /["\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(separator);
}

export const csv = (rows: string[][], separator: string): string => `${rows.map((r) => csvLine(r, separator)).join('\r\n')}\r\n`;

/** A valid Hungarian company tax number from its first seven digits: the check digit is computed. */
export function taxNumber(seven: number, vat = 2, county = 41): string {
  const digits = String(seven).padStart(7, '0').split('').map(Number);
  const weights = [9, 7, 3, 1, 9, 7, 3];
  const check = (10 - (digits.reduce((s, d, i) => s + d * weights[i]!, 0) % 10)) % 10;
  return `${digits.join('')}${check}-${vat}-${String(county).padStart(2, '0')}`;
}

const CITIES = [
  ['1051', 'Budapest'], ['6720', 'Szeged'], ['4025', 'Debrecen'], ['7621', 'Pécs'], ['9021', 'Győr'],
  ['3525', 'Miskolc'], ['8000', 'Székesfehérvár'], ['2600', 'Vác'], ['9700', 'Szombathely'], ['5000', 'Szolnok'],
];
const STREETS = ['Fő utca', 'Kossuth Lajos utca', 'Petőfi Sándor út', 'Árpád tér', 'Széchenyi körút', 'Rákóczi út', 'Dózsa György út', 'Bartók Béla utca'];
const FORMS = ['Kft.', 'Bt.', 'Zrt.', 'Kkt.', 'e.v.'];
const WORDS = ['Hőszigetelő', 'Építő', 'Kertépítő', 'Könyvelő', 'Fuvarozó', 'Szépségápoló', 'Ügyviteli', 'Nyomdaipari', 'Üvegező', 'Műszaki'];

export const CLIENT_HEADER = ['Név', 'Adószám', 'Irányítószám', 'Város', 'Cím', 'E-mail', 'Telefon', 'Vevő típusa'];

/** The i-th client of a generated list: a valid, distinct Hungarian company, as an old program exports it. */
export function clientRow(i: number): string[] {
  const [postcode, city] = CITIES[i % CITIES.length]!;
  const word = WORDS[i % WORDS.length]!;
  return [
    `${word} ${i + 1} ${FORMS[i % FORMS.length]}`,
    taxNumber(1_000_000 + i * 7),
    postcode!,
    city!,
    `${STREETS[i % STREETS.length]} ${(i % 120) + 1}.`,
    `iroda${i + 1}@ugyfel${i + 1}.hu`,
    `+36 30 ${String(1_000_000 + i).slice(-7)}`,
    'Belföldi cég',
  ];
}
