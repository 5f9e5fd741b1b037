// Speed: pdfkit parses every font afresh for every document (fontkit.create on the font bytes), and decoding
// Roboto's tables (cmap, hmtx, GSUB, GPOS…) took ~60 % of a one-page invoice's render time (44 ms → 19 ms warm).
// fontkit's public `create` export is a non-configurable getter, and pdfkit offers no way to pass in a parsed font,
// so the cache sits one level down: TTFFont#_decodeTable, which every table read goes through, is memoised per
// font buffer and table tag. Decoded tables are read-only to fontkit and pdfkit (the subsetter clones what it
// changes), and rendering is synchronous per thread, so sharing them between documents is safe. Only our own font
// buffers (by identity) are cached; any other fontkit use in the process decodes as before. Should a fontkit update
// rename the method, the patch is skipped and documents render exactly the same, only slower.
import { createRequire } from 'node:module';

interface FontkitModule {
  create(buffer: Uint8Array): object;
}
type DecodeTable = (this: { stream: { buffer: Uint8Array } }, table: { tag: string }) => unknown;

const ours = new WeakSet<Uint8Array>();
const decoded = new WeakMap<Uint8Array, Map<string, unknown>>();
let installed = false;

export function cacheDecodedFontTables(buffers: Iterable<Uint8Array>): void {
  const list = [...buffers];
  for (const buffer of list) ours.add(buffer);
  if (installed || list.length === 0) return;
  installed = true;
  // The fontkit copy pdfkit itself resolves, whichever that is.
  const requireHere = createRequire(import.meta.url);
  const fontkit = createRequire(requireHere.resolve('pdfkit'))('fontkit') as FontkitModule;
  const proto = Object.getPrototypeOf(fontkit.create(list[0]!)) as { _decodeTable?: DecodeTable };
  const original = proto._decodeTable;
  if (typeof original !== 'function' || !Object.hasOwn(proto, '_decodeTable')) return;
  proto._decodeTable = function (table) {
    const buffer = this.stream?.buffer;
    if (!buffer || !ours.has(buffer)) return original.call(this, table);
    let tables = decoded.get(buffer);
    if (!tables) decoded.set(buffer, (tables = new Map()));
    if (!tables.has(table.tag)) tables.set(table.tag, original.call(this, table));
    return tables.get(table.tag);
  };
}
