// Which column holds which field, guessed from the header's words (Hungarian, English, German, as older programs and
// spreadsheets name them), and the mapping remembered from the last import taking precedence where it applies.
import type { ImportField, ImportKind } from '../../../shared/contract/areas/import';

/** "E-mail cím" → "emailcim": lower case, no accents, letters and digits only. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9%]/g, '');
}

// Normalised header names per field, most specific first. A header matching none exactly is tried for containing
// one of these (longest first), so "Vevő adószáma" still finds the tax number.
const CLIENT_WORDS: Partial<Record<ImportField, string[]>> = {
  name: ['nev', 'vevonev', 'vevoneve', 'vevo', 'ugyfelnev', 'ugyfelneve', 'ugyfel', 'partnernev', 'partner', 'cegnev', 'name', 'clientname', 'customername', 'customer', 'company', 'firma', 'kunde'],
  tax_type: ['adozasitipus', 'vevotipus', 'vevotipusa', 'ugyfeltipus', 'adoalanytipus', 'tipus', 'taxtype', 'customertype', 'steuerart'],
  taxcode: ['adoszam', 'adoszama', 'adoazonosito', 'adoazonositojel', 'taxnumber', 'taxcode', 'taxid', 'steuernummer'],
  eu_taxcode: ['kozossegiadoszam', 'euadoszam', 'kozossegi', 'euvatnumber', 'vatnumber', 'vatid', 'ustidnr', 'ustid'],
  email: ['email', 'emailcim', 'mail', 'emailaddress', 'emailadresse'],
  phone: ['telefon', 'telefonszam', 'tel', 'mobil', 'phone', 'phonenumber', 'telephone'],
  postcode: ['iranyitoszam', 'irsz', 'irszam', 'postcode', 'postalcode', 'zip', 'zipcode', 'plz'],
  city: ['varos', 'telepules', 'helyseg', 'city', 'town', 'ort', 'stadt'],
  address: ['cim', 'utcahazszam', 'utca', 'szamlazasicim', 'address', 'street', 'streetaddress', 'adresse', 'strasse'],
  street_name: ['kozteruletneve', 'kozteruletnev', 'streetname'],
  street_type: ['kozteruletjellege', 'kozteulettipus', 'kozterulettipus', 'streettype'],
  house_nr: ['hazszam', 'housenumber', 'housenr', 'hausnummer'],
  country: ['orszag', 'country', 'land'],
  bank_account_no: ['bankszamlaszam', 'bankszamla', 'szamlaszam', 'bankaccount', 'accountnumber', 'kontonummer'],
  iban: ['iban'],
  swift: ['swift', 'bic', 'swiftbic', 'swiftkod'],
  fokonyv_szam: ['fokonyviszam', 'fokonyv', 'ledgernumber', 'ledger'],
  due_days: ['fizetesihatarido', 'hatarido', 'fizetesihataridonap', 'duedays', 'paymentterms', 'zahlungsziel'],
};

const PRODUCT_WORDS: Partial<Record<ImportField, string[]>> = {
  name: ['megnevezes', 'termeknev', 'termekneve', 'termek', 'nev', 'name', 'productname', 'product', 'item', 'bezeichnung', 'artikel'],
  price: ['egysegar', 'nettoegysegar', 'nettoar', 'ar', 'eladasiar', 'price', 'unitprice', 'netprice', 'preis', 'nettopreis'],
  unit: ['mennyisegiegyseg', 'egyseg', 'me', 'unit', 'einheit'],
  vat: ['afa', 'afakulcs', 'adokulcs', 'afa%', 'afaszazalek', 'vat', 'vatrate', 'tax', 'mwst', 'ust'],
  currency: ['penznem', 'deviza', 'currency', 'wahrung'],
  product_code: ['cikkszam', 'termekkod', 'kod', 'sku', 'productcode', 'itemcode', 'artikelnummer'],
  barcode: ['vonalkod', 'ean', 'barcode'],
  comment: ['megjegyzes', 'leiras', 'comment', 'note', 'notes', 'description', 'bemerkung'],
};

const WORDS: Record<ImportKind, Partial<Record<ImportField, string[]>>> = { clients: CLIENT_WORDS, products: PRODUCT_WORDS };

/** The field each column's header suggests; each field and each column at most once. */
export function guessMapping(kind: ImportKind, headers: string[]): Partial<Record<ImportField, number>> {
  const words = Object.entries(WORDS[kind]) as Array<[ImportField, string[]]>;
  const normalized = headers.map(normalizeHeader);
  const mapping: Partial<Record<ImportField, number>> = {};
  const taken = new Set<number>();
  const assign = (field: ImportField, column: number) => {
    if (mapping[field] !== undefined || taken.has(column)) return;
    mapping[field] = column;
    taken.add(column);
  };
  // exact names first, then a header containing a longer name ("vevoadoszama" holds "adoszam")
  for (const [field, names] of words) {
    const column = normalized.findIndex((h, i) => !taken.has(i) && names.includes(h));
    if (column >= 0) assign(field, column);
  }
  const byLength = words.flatMap(([field, names]) => names.filter((n) => n.length >= 4).map((n) => [field, n] as const));
  byLength.sort((a, b) => b[1].length - a[1].length);
  for (const [field, name] of byLength) {
    const column = normalized.findIndex((h, i) => !taken.has(i) && h.includes(name));
    if (column >= 0) assign(field, column);
  }
  return mapping;
}

/**
 * The remembered mapping (normalised header → field) applied to this file's headers; the guess fills in the rest.
 * `remembered` says whether anything came from memory.
 */
export function proposeMapping(
  kind: ImportKind,
  headers: string[],
  memory: Record<string, ImportField> | null,
): { mapping: Partial<Record<ImportField, number>>; remembered: boolean } {
  const mapping: Partial<Record<ImportField, number>> = {};
  const taken = new Set<number>();
  headers.forEach((h, i) => {
    const field = memory?.[normalizeHeader(h)];
    if (field && mapping[field] === undefined) {
      mapping[field] = i;
      taken.add(i);
    }
  });
  const remembered = taken.size > 0;
  for (const [field, column] of Object.entries(guessMapping(kind, headers)) as Array<[ImportField, number]>) {
    if (mapping[field] === undefined && !taken.has(column)) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return { mapping, remembered };
}

/** What to remember: the mapping in terms of the headers' names, which the next export will repeat. */
export function mappingToMemory(headers: string[], mapping: Partial<Record<ImportField, number>>): Record<string, ImportField> {
  const memory: Record<string, ImportField> = {};
  for (const [field, column] of Object.entries(mapping) as Array<[ImportField, number]>) {
    const header = headers[column];
    if (header !== undefined && normalizeHeader(header)) memory[normalizeHeader(header)] = field;
  }
  return memory;
}
