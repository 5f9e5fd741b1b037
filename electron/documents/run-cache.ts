// Speed (issue 41): pdfkit shapes every word of a document through its font's layoutRun (fontkit's shaping, then
// the positions scaled to 1/1000 em) and keeps the scaled runs for that document only. The same words recur in
// every invoice — labels, the seller's details, dates, VAT rates — so for our own font buffers (fontkit-cache.ts
// registers them) the scaled runs are kept between documents too, per font file, text and features.
//
// Safe to share: pdfkit already hands the same run object to every use of a word within a document (its own
// layoutCached), so nothing downstream changes a run; the glyph objects inside are shared by fontkit-cache.ts's
// layout cache already. The scale is the font's (1000 / unitsPerEm), the same for every document. Bounded: a long
// batch of invoices with ever new amounts starts the cache afresh now and then instead of growing.
interface EmbeddedFontThis {
  font?: { stream?: { buffer?: Uint8Array } };
}
type LayoutRun = (this: EmbeddedFontThis, text: string, features?: unknown) => unknown;

const RUN_CACHE_ENTRIES = 4000;
const runs = new WeakMap<Uint8Array, Map<string, unknown>>();
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
  patched.add(proto);
  return true;
}
