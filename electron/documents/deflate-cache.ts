// Speed (issue 41): pdfkit compresses every stream of a document with zlib at the end (PDFReference#finalize,
// zlib.deflateSync at the default level), and a quarter of that went to data that is the same from one invoice to
// the next: each font's subset file (subset-cache.ts hands back the same bytes object for the same glyphs) and its
// ToUnicode map (the text of the map is the same for the same glyphs). Their compressed bytes are kept here, by the
// identity of the subset's bytes and by the text of the map, and written instead of compressing them again.
//
// The output is the same byte for byte: the compressed bytes are what zlib.deflateSync made of the same input, with
// the same options, and pdfkit writes the object as it would have (its Length is the compressed length; Filter was
// set when the data was written). Page contents are compressed as before: they differ in every document. Encrypted
// documents (pdfkit's security handler encrypts after compressing) and streams written in several pieces are left
// to pdfkit. Bounded: the maps are emptied when full, so a batch's worker keeps a few hundred kilobytes at most.
import { deflateSync } from 'node:zlib';

interface ReferenceThis {
  compress: boolean;
  buffer: Uint8Array[] | Uint8Array;
  document: { _security?: unknown };
}
type Finalize = (this: ReferenceThis) => void;
type ToUnicodeCmap = (this: unknown) => unknown;

const MAP_ENTRIES = 64;

/** Subset files that will recur (subset-cache.ts keeps them), and what they compress to once known. */
const recurring = new WeakMap<Uint8Array, Buffer | null>();
/** ToUnicode maps by their text. */
const maps = new Map<string, Buffer>();
let inToUnicodeMap = 0;
const patched = new WeakSet<object>();

/** Marks bytes that are written as a stream again and again (the same object each time). */
export function markRecurring(bytes: Uint8Array): void {
  if (!recurring.has(bytes)) recurring.set(bytes, null);
}

/**
 * Installs the cache on the class of a pdfkit indirect object (any of a finished document's, e.g. a font's
 * dictionary) and on the embedded font class's ToUnicode map; idempotent, never throws.
 */
export function installDeflateCache(reference: unknown, embeddedFont: unknown): boolean {
  if (!reference || typeof reference !== 'object' || !embeddedFont || typeof embeddedFont !== 'object') return false;
  const proto = Object.getPrototypeOf(reference) as { finalize?: Finalize } | null;
  const fontProto = Object.getPrototypeOf(embeddedFont) as { toUnicodeCmap?: ToUnicodeCmap } | null;
  if (!proto || !fontProto) return false;
  if (patched.has(proto)) return true;
  const finalize = proto.finalize;
  const toUnicodeCmap = fontProto.toUnicodeCmap;
  if (typeof finalize !== 'function' || !Object.hasOwn(proto, 'finalize')) return false;
  if (typeof toUnicodeCmap !== 'function' || !Object.hasOwn(fontProto, 'toUnicodeCmap')) return false;
  proto.finalize = function () {
    const compressed = this.compress && !this.document._security ? keptCompressed(this.buffer) : null;
    if (!compressed) return finalize.call(this);
    // pdfkit's own path with the compression already done: the Length becomes the compressed bytes' length.
    this.buffer = [compressed];
    this.compress = false;
    try {
      return finalize.call(this);
    } finally {
      this.compress = true;
    }
  };
  // The map is written (and its object finalized) inside toUnicodeCmap: mark that moment.
  fontProto.toUnicodeCmap = function () {
    inToUnicodeMap++;
    try {
      return toUnicodeCmap.call(this);
    } finally {
      inToUnicodeMap--;
    }
  };
  patched.add(proto);
  return true;
}

function keptCompressed(chunks: Uint8Array[] | Uint8Array): Buffer | null {
  if (!Array.isArray(chunks) || chunks.length !== 1) return null;
  const bytes = chunks[0]!;
  const known = recurring.get(bytes);
  if (known !== undefined) {
    if (known) return known;
    const compressed = deflateSync(bytes);
    recurring.set(bytes, compressed);
    return compressed;
  }
  if (inToUnicodeMap === 0) return null;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let compressed = maps.get(text);
  if (!compressed) {
    compressed = deflateSync(bytes);
    if (maps.size >= MAP_ENTRIES) maps.clear();
    maps.set(text, compressed);
  }
  return compressed;
}
