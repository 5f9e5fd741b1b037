// Country codes for NAV addresses (CountryCodeType: two capital letters, ISO 3166-1 alpha-2). Folio's address
// `country` may hold a code ("HU") or a localized name ("Magyarország", "Germany", "Deutschland"); names are
// matched through the platform's own region names (ICU), in every language Folio speaks, so no list to maintain.

const LANGS = ['hu', 'en', 'de'] as const;
const ALIASES: Record<string, string> = { UK: 'GB', EL: 'GR' }; // VAT-number prefixes that are not ISO codes
/** Codes ICU names that are no countries (or not ISO's): a name must lead to the ISO code. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', ...Object.keys(ALIASES)]);

let byName: Map<string, string> | undefined;

/** The region a code stands for today ("TP" → "TL"); the code itself when the platform cannot say. */
function canonicalRegion(code: string): string {
  try {
    return new Intl.Locale(`und-${code}`).region ?? code;
  } catch {
    return code;
  }
}

function fold(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function namesIndex(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const lang of LANGS) {
    const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    for (const a of letters) {
      for (const b of letters) {
        const code = a + b;
        // a deprecated code (TP, BU, YU…) has the name of the code that replaced it: the name leads to the current one
        if (NOT_COUNTRIES.has(code) || canonicalRegion(code) !== code) continue;
        let name: string | undefined;
        try {
          name = names.of(code);
        } catch {
          name = undefined;
        }
        if (name && name !== code) byName.set(fold(name), code);
      }
    }
  }
  return byName;
}

/**
 * The names already looked up: an invoice's two addresses are read on every answer that shows it (a /v3 document),
 * and folding a name (Unicode decomposition) cost more than the rest of the lookup. Few distinct names occur; the
 * memory is emptied when it fills, so odd input cannot grow it.
 */
const looked = new Map<string, string | undefined>();
const LOOKED_MOST = 512;

/** An empty country is Hungary (Folio's home); an unknown name gives undefined. */
export function countryCode(value: string | null | undefined): string | undefined {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return 'HU';
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const upper = trimmed.toUpperCase();
    return ALIASES[upper] ?? upper;
  }
  if (looked.has(trimmed)) return looked.get(trimmed);
  const code = namesIndex().get(fold(trimmed));
  if (looked.size >= LOOKED_MOST) looked.clear();
  looked.set(trimmed, code);
  return code;
}
