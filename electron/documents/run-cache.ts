// Speed (issue 41): pdfkit shapes every word of a document through its font's layoutRun (fontkit's shaping, then
// the positions scaled to 1/1000 em) and keeps the scaled runs for that document only. The same words recur in
// every invoice — labels, the seller's details, dates, VAT rates — so for our own font buffers (fontkit-cache.ts
// registers them) the scaled runs are kept between documents too, per font file, text and features.
//
// Safe to share: pdfkit already hands the same run object to every use of a word within a document (its own
// layoutCached), so nothing downstream changes a run; the glyph objects inside are shared by fontkit-cache.ts's
// layout cache already. The scale is the font's (1000 / unitsPerEm), the same for every document. Bounded: a long
// batch of invoices with ever new amounts starts the cache afresh now and then instead of growing.
//
// Measuring (pdfmake asks pdfkit's widthOfString for every word and cell it lays out, before drawing) went through
// the same path each time: split the text at spaces, look each piece up, sum the glyphs' advances. The advance width
// of a whole text is kept per font file too: the same number pdfkit computes (the same sum in the same order), so
// the layout does not change; the document's own run cache still fills when the text is drawn.
interface EmbeddedFontThis {
  font?: { stream?: { buffer?: Uint8Array } };
}
type LayoutRun = (this: EmbeddedFontThis, text: string, features?: unknown) => unknown;
type Layout = (this: EmbeddedFontThis, text: string, features?: unknown, onlyWidth?: boolean) => { advanceWidth: number };
type WidthOfString = (this: EmbeddedFontThis, text: string, size: number, features?: unknown) => number;

const RUN_CACHE_ENTRIES = 4000;
const WIDTH_CACHE_ENTRIES = 8000;
const runs = new WeakMap<Uint8Array, Map<string, unknown>>();
const widths = new WeakMap<Uint8Array, Map<string, number>>();
const patched = new WeakSet<object>();

/** Installs the run cache on the class of a font pdfkit embedded in a document; idempotent, never throws. */
export function installRunCache(embeddedFont: unknown, isOurs: (buffer: Uint8Array) => boolean): boolean {
  if (!embeddedFont || typeof embeddedFont !== 'object') return false;
  const proto = Object.getPrototypeOf(embeddedFont) as { layoutRun?: LayoutRun } | null;
  if (!proto || patched.has(proto)) return Boolean(proto);
  const layoutRun = proto.layoutRun;
  if (typeof layoutRun !== 'function' || !Object.hasOwn(proto, 'layoutRun')) return false;
  proto.layoutRun = function (text, features) {
    const buffer = this.font?.stream?.buffer;
    if (!buffer || !isOurs(buffer) || typeof text !== 'string') return layoutRun.call(this, text, features);
    let cache = runs.get(buffer);
    if (!cache) runs.set(buffer, (cache = new Map()));
    const key = features === undefined ? text : `${text}\u0000${JSON.stringify(features)}`;
    let run = cache.get(key);
    if (run === undefined) {
      run = layoutRun.call(this, text, features);
      if (cache.size >= RUN_CACHE_ENTRIES) cache.clear();
      cache.set(key, run);
    }
    return run;
  };
  const proto2 = proto as { layout?: Layout; widthOfString?: WidthOfString };
  const layout = proto2.layout;
  const widthOfString = proto2.widthOfString;
  if (typeof layout === 'function' && typeof widthOfString === 'function' && Object.hasOwn(proto, 'widthOfString')) {
    // pdfkit: layout(text, features, onlyWidth).advanceWidth * size / 1000; only the advance (in 1/1000 em) is kept.
    proto2.widthOfString = function (text, size, features) {
      const buffer = this.font?.stream?.buffer;
      if (features || !buffer || !isOurs(buffer) || typeof text !== 'string') return widthOfString.call(this, text, size, features);
      let cache = widths.get(buffer);
      if (!cache) widths.set(buffer, (cache = new Map()));
      let advance = cache.get(text);
      if (advance === undefined) {
        advance = layout.call(this, text, features, true).advanceWidth;
        if (cache.size >= WIDTH_CACHE_ENTRIES) cache.clear();
        cache.set(text, advance);
      }
      const scale = size / 1000;
      return advance * scale;
    };
  }
  patched.add(proto);
  return true;
}
