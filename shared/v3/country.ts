// v3 addresses carry ISO 3166-1 alpha-2 codes ("HU"); Folio stores the country as a name, the way the app's address
// form shows it, in Hungarian first. The other direction (a stored name or code → ISO code) is electron/nav/country.ts.
const huNames = new Intl.DisplayNames(['hu'], { type: 'region', fallback: 'none' });

/** "HU" → "Magyarország"; empty stays empty (Folio reads an empty country as Hungary); an unknown code is kept as given. */
export function countryNameOf(code: string | null | undefined): string {
  const c = (code ?? '').trim().toUpperCase();
  if (!c) return '';
  if (!/^[A-Z]{2}$/.test(c)) return code!.trim();
  try {
    return huNames.of(c) ?? c;
  } catch {
    return c;
  }
}
