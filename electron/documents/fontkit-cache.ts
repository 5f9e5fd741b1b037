// Speed: pdfkit parses every font afresh for every document (fontkit.create on the font bytes), and decoding
// Roboto's tables (cmap, hmtx, GSUB, GPOS…) took ~60 % of a one-page invoice's render time (44 ms → 19 ms warm).
// pdfkit offers no way to pass in a parsed font and fontkit's `create` export cannot be replaced, so the caches sit
// on the font class, for our own font buffers only (by identity; any other fontkit use decodes as before):
//   - TTFFont#_decodeTable, which every table read goes through, is memoised per buffer and table tag. Decoded
//     tables are read-only to fontkit and pdfkit (the subsetter clones what it changes), and rendering is
//     synchronous per thread, so sharing them between documents is safe.
//   - TTFFont#layout (shaping a word: cmap, GSUB, GPOS) is memoised per buffer, text and options — labels and
//     common words recur in every invoice (−15 % CPU). pdfkit scales a run's positions in place, so the cache keeps
//     a pristine copy and hands out copies. Words with digits have a cache of their own (issue 41: they were three
//     fifths of the shaping left): the seller's tax number, bank account, postcode, dates, VAT rates and small
//     quantities recur on every invoice of a batch, while amounts are mostly new — kept apart, those cannot push
//     the recurring words out. Both caches are bounded, so a worker's heap stays small over a long batch.
//   - A word not in the cache is shaped by a font object of this module's own, one per buffer, not by the
//     document's: fontkit builds a font's shaping engine (its GSUB and GPOS processors, their script and feature
//     lists) on the font object's first layout, and pdfkit makes a new font object for every document, so each
//     document paid that set-up again for its one or two new words (its number; ~0.45 ms each, a twentieth of a warm
//     invoice). The tables are the same (they are this cache's), so is the shaped run; its glyph objects were shared
//     between documents through the cache already. Not a document's font: pdfkit's subsetting creates glyph objects
//     (the parts of "ő") without their characters, and a later run reusing such a glyph would lose its text.
//
// The class is taken from a font pdfkit actually parsed (engine.ts hands over the first document's font), so the
// patch lands on the fontkit copy pdfkit uses even when a bundler inlines it. Should a fontkit update rename the
// methods, nothing is patched and documents render exactly the same, only slower. Output is byte-identical with
// and without the caches (tests/documents/invoice-pdf.spec.ts compares hashes).
interface FontThis {
  stream?: { buffer?: Uint8Array };
}
type FontClass = new (stream: unknown) => FontThis;
type StreamClass = new (buffer: Uint8Array) => unknown;
type DecodeTable = (this: FontThis, table: { tag: string }) => unknown;
type Layout = (this: FontThis, text: string, ...options: unknown[]) => GlyphRun;
interface GlyphRun {
  glyphs: unknown[];
  positions: object[] | null;
}

const LAYOUT_CACHE_ENTRIES = 2000;

const ours = new WeakSet<Uint8Array>();
const decoded = new WeakMap<Uint8Array, Map<string, unknown>>();
const layouts = new WeakMap<Uint8Array, Map<string, GlyphRun>>();
const numberLayouts = new WeakMap<Uint8Array, Map<string, GlyphRun>>();
/** A font object of our own per buffer, used for shaping only: its shaping engine serves every document. */
const shapers = new WeakMap<Uint8Array, FontThis>();
const patched = new WeakSet<object>();

/** Marks font buffers as cacheable. */
export function registerCachedFontBuffers(buffers: Iterable<Uint8Array>): void {
  for (const buffer of buffers) ours.add(buffer);
}

/** Whether a font buffer is one of ours (registered above): the other caches share this one list. */
export function isCachedFontBuffer(buffer: Uint8Array): boolean {
  return ours.has(buffer);
}

/** Installs the table cache on the class of a fontkit font pdfkit has created; idempotent, never throws. */
export function installFontTableCache(fontkitFont: unknown): boolean {
  if (!fontkitFont || typeof fontkitFont !== 'object') return false;
  const proto = Object.getPrototypeOf(fontkitFont) as { _decodeTable?: DecodeTable; layout?: Layout } | null;
  if (!proto || patched.has(proto)) return Boolean(proto);
  const decodeTable = proto._decodeTable;
  if (typeof decodeTable !== 'function' || !Object.hasOwn(proto, '_decodeTable')) return false;
  proto._decodeTable = function (table) {
    const buffer = this.stream?.buffer;
    if (!buffer || !ours.has(buffer)) return decodeTable.call(this, table);
    let tables = decoded.get(buffer);
    if (!tables) decoded.set(buffer, (tables = new Map()));
    if (!tables.has(table.tag)) tables.set(table.tag, decodeTable.call(this, table));
    return tables.get(table.tag);
  };
  const layout = proto.layout;
  if (typeof layout === 'function' && Object.hasOwn(proto, 'layout')) {
    proto.layout = function (text, ...options) {
      const buffer = this.stream?.buffer;
      if (!buffer || !ours.has(buffer) || typeof text !== 'string') return layout.call(this, text, ...options);
      // Words with digits (amounts, dates, numbers) in a cache of their own: many of them are seen once only.
      const caches = /\d/.test(text) ? numberLayouts : layouts;
      let runs = caches.get(buffer);
      if (!runs) caches.set(buffer, (runs = new Map()));
      const key = `${text}\u0000${JSON.stringify(options)}`;
      let pristine = runs.get(key);
      if (!pristine) {
        pristine = copyRun(layout.call(shaperFor(this, buffer), text, ...options));
        if (runs.size >= LAYOUT_CACHE_ENTRIES) runs.clear();
        runs.set(key, pristine);
      }
      return copyRun(pristine);
    };
  }
  patched.add(proto);
  return true;
}

/** This buffer's shaping font, made like the document's (its class, its stream's class); the document's own font if
 * that fails, as before. */
function shaperFor(font: FontThis, buffer: Uint8Array): FontThis {
  let shaper = shapers.get(buffer);
  if (!shaper) {
    try {
      const Font = Object.getPrototypeOf(font).constructor as FontClass;
      const Stream = Object.getPrototypeOf(font.stream).constructor as StreamClass;
      shaper = new Font(new Stream(buffer));
      if (shaper.stream?.buffer !== buffer) shaper = font;
    } catch {
      shaper = font;
    }
    if (shaper !== font) shapers.set(buffer, shaper);
  }
  return shaper;
}

/** A run whose position objects can be scaled in place without touching the original (glyphs are read-only). */
function copyRun(run: GlyphRun): GlyphRun {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRun, run);
  copy.glyphs = run.glyphs.slice();
  copy.positions =
    run.positions?.map((p) => Object.assign(Object.create(Object.getPrototypeOf(p) as object) as object, p)) ?? null;
  return copy;
}
