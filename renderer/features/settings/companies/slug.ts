// A short name proposed from a company's name: accents dropped, everything else that is not a letter or digit a
// hyphen, at most 40 characters (the server's rule: shared/directory.ts SLUG_PATTERN).
export function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}
