// Speed: pdfkit parses every font afresh for every document (fontkit.create on the font bytes), and decoding
// Roboto's tables (cmap, hmtx, GSUB, GPOS…) took ~60 % of a one-page invoice's render time (44 ms → 19 ms warm).
// pdfkit offers no way to pass in a parsed font and fontkit's `create` export cannot be replaced, so the cache sits
// one level down: TTFFont#_decodeTable, which every table read goes through, is memoised per font buffer and table
// tag. Decoded tables are read-only to fontkit and pdfkit (the subsetter clones what it changes), and rendering is
// synchronous per thread, so sharing them between documents is safe. Only our own font buffers (by identity) are
// cached; any other fontkit use in the process decodes as before.
//
// The class is taken from a font pdfkit actually parsed (engine.ts hands over the first document's font), so the
// patch lands on the fontkit copy pdfkit uses even when a bundler inlines it. Should a fontkit update rename the
// method, nothing is patched and documents render exactly the same, only slower.
type DecodeTable = (this: { stream?: { buffer?: Uint8Array } }, table: { tag: string }) => unknown;

const ours = new WeakSet<Uint8Array>();
const decoded = new WeakMap<Uint8Array, Map<string, unknown>>();
const patched = new WeakSet<object>();

/** Marks font buffers as cacheable. */
export function registerCachedFontBuffers(buffers: Iterable<Uint8Array>): void {
  for (const buffer of buffers) ours.add(buffer);
}

/** Installs the table cache on the class of a fontkit font pdfkit has created; idempotent, never throws. */
export function installFontTableCache(fontkitFont: unknown): boolean {
  if (!fontkitFont || typeof fontkitFont !== 'object') return false;
  const proto = Object.getPrototypeOf(fontkitFont) as { _decodeTable?: DecodeTable } | null;
  if (!proto || patched.has(proto)) return Boolean(proto);
  const original = proto._decodeTable;
  if (typeof original !== 'function' || !Object.hasOwn(proto, '_decodeTable')) return false;
  proto._decodeTable = function (table) {
    const buffer = this.stream?.buffer;
    if (!buffer || !ours.has(buffer)) return original.call(this, table);
    let tables = decoded.get(buffer);
    if (!tables) decoded.set(buffer, (tables = new Map()));
    if (!tables.has(table.tag)) tables.set(table.tag, original.call(this, table));
    return tables.get(table.tag);
  };
  patched.add(proto);
  return true;
}
