// Speed (issue 41): at the end of every document pdfkit embeds each font as a subset of the glyphs it used
// (fontkit's TTFSubset#encode), and that took about a fifth of a one-page invoice's CPU: every glyph decoded again
// from a font parsed for this document only, then the whole font file rebuilt through fontkit's generic table
// encoder — including the hinting programs (cvt, prep, fpgm) and the head table, which are the same every time.
//
// For our own font buffers (fontkit-cache.ts registers them), TTFSubset#encode is replaced by one that writes the
// same bytes from parts kept between documents:
//   - per glyph: its glyf bytes, its components when it is composite, its advance and left bearing;
//   - per font: the bytes of every table that does not depend on the glyphs (head, cvt, prep, fpgm), and hhea and
//     maxp, in which only the glyph count changes.
// Only loca, glyf and hmtx are written per document, in fontkit's layout (its table order, no padding, check sums
// left zero). Before the first use for a font, the fast encoder's output is compared with fontkit's own for a
// subset holding simple and composite glyphs; if a fontkit update changed the layout, they differ and that font
// keeps fontkit's encoder (slower, never different). tests/documents/invoice-pdf.spec.ts compares whole PDFs too.
//
// Invoices of one business mostly use the same glyphs in the same order (labels, the seller, digits), so the file
// of a subset is also kept whole, by its glyph list: the same list gives back the same bytes object, whose compressed
// form deflate-cache.ts then keeps too. The components a composite glyph adds to the subset are added again on a hit,
// as encoding them would, so the subset ends in the same state.

import { markRecurring } from './deflate-cache';

interface GlyphLike {
  advanceWidth: number;
  _decode(): { numberOfContours: number; components?: Array<{ glyphID: number; pos: number }> } | null;
  _getMetrics(): { leftBearing: number };
}
interface FontLike {
  stream?: { buffer?: Uint8Array };
  loca: { offsets: number[]; version: number };
  _variationProcessor?: unknown;
  getGlyph(gid: number): GlyphLike;
  glyphForCodePoint(codePoint: number): { id: number };
  _getTableStream(tag: string): { pos: number; readBuffer(length: number): Uint8Array };
  createSubset(): SubsetLike;
}
interface SubsetLike {
  font: FontLike;
  glyphs: number[];
  includeGlyph(gid: number): number;
  encode(): Uint8Array;
}
type Encode = (this: SubsetLike) => Uint8Array;

/** A whole subset file and the glyphs encoding it added to the subset (composites' parts), by the glyph list. */
interface EncodedSubset {
  bytes: Buffer;
  added: number[];
}
const FILE_ENTRIES = 32;

interface GlyphData {
  bytes: Uint8Array;
  /** Composite glyphs only: the glyphs it is built of and where their ids sit in `bytes`. */
  components: Array<{ glyphID: number; pos: number }> | null;
  advance: number;
  bearing: number;
}

/** The font-wide parts of a subset: fontkit's tables in fontkit's order, the glyph-dependent ones left empty. */
interface FontParts {
  tags: string[];
  fixed: Map<string, Uint8Array>;
  locaLong: boolean;
}

const GLYPH_DEPENDENT = new Set(['loca', 'glyf', 'hmtx']);
/** Where the glyph count sits: hhea.numberOfMetrics and maxp.numGlyphs (OpenType spec). */
const COUNT_AT: Record<string, number> = { hhea: 34, maxp: 4 };

let cacheable: (buffer: Uint8Array) => boolean = () => false;
const glyphs = new WeakMap<Uint8Array, Map<number, GlyphData>>();
const parts = new WeakMap<Uint8Array, FontParts | null>();
const files = new WeakMap<Uint8Array, Map<string, EncodedSubset>>();
const patched = new WeakSet<object>();

/** Installs the fast encoder on the class of a subset pdfkit created; idempotent, never throws. */
export function installSubsetCache(subset: unknown, isOurs: (buffer: Uint8Array) => boolean): boolean {
  if (!subset || typeof subset !== 'object') return false;
  const proto = Object.getPrototypeOf(subset) as { encode?: Encode } | null;
  if (!proto || patched.has(proto)) return Boolean(proto);
  const encode = proto.encode;
  if (typeof encode !== 'function' || !Object.hasOwn(proto, 'encode')) return false;
  cacheable = isOurs;
  proto.encode = function () {
    const buffer = this.font?.stream?.buffer;
    if (!buffer || !cacheable(buffer) || this.font._variationProcessor) return encode.call(this);
    const font = fontParts(this.font, buffer, encode);
    return font ? keptEncode(this, buffer, font) : encode.call(this);
  };
  patched.add(proto);
  return true;
}

function glyphData(font: FontLike, buffer: Uint8Array, gid: number): GlyphData {
  let byGid = glyphs.get(buffer);
  if (!byGid) glyphs.set(buffer, (byGid = new Map()));
  let data = byGid.get(gid);
  if (!data) {
    // As TTFSubset#_addGlyph reads it.
    const glyph = font.getGlyph(gid);
    const glyf = glyph._decode();
    const start = font.loca.offsets[gid]!;
    const stream = font._getTableStream('glyf');
    stream.pos += start;
    const bytes = Uint8Array.from(stream.readBuffer(font.loca.offsets[gid + 1]! - start));
    const components = glyf && glyf.numberOfContours < 0 ? (glyf.components ?? []).map((c) => ({ glyphID: c.glyphID, pos: c.pos })) : null;
    data = { bytes, components, advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing };
    byGid.set(gid, data);
  }
  return data;
}

/** fastEncode, or the same bytes object as last time for the same glyph list. */
function keptEncode(subset: SubsetLike, buffer: Uint8Array, font: FontParts): Uint8Array {
  let kept = files.get(buffer);
  if (!kept) files.set(buffer, (kept = new Map()));
  const key = subset.glyphs.join(',');
  const hit = kept.get(key);
  if (hit) {
    for (const gid of hit.added) subset.includeGlyph(gid);
    return hit.bytes;
  }
  const before = subset.glyphs.length;
  const bytes = fastEncode(subset, buffer, font);
  if (kept.size >= FILE_ENTRIES) kept.clear();
  kept.set(key, { bytes, added: subset.glyphs.slice(before) });
  markRecurring(bytes);
  return bytes;
}

function fastEncode(subset: SubsetLike, buffer: Uint8Array, font: FontParts): Buffer {
  const glyf: Uint8Array[] = [];
  const offsets: number[] = [];
  const metrics: number[] = [];
  let offset = 0;
  // includeGlyph may append components while we walk: no cached length.
  for (let i = 0; i < subset.glyphs.length; i++) {
    const data = glyphData(subset.font, buffer, subset.glyphs[i]!);
    let bytes = data.bytes;
    if (data.components) {
      bytes = Uint8Array.from(bytes);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (const c of data.components) view.setUint16(c.pos, subset.includeGlyph(c.glyphID));
    }
    glyf.push(bytes);
    offsets.push(offset);
    metrics.push(data.advance, data.bearing);
    offset += bytes.length;
  }
  offsets.push(offset);
  const count = glyf.length;

  const loca = Buffer.alloc(offsets.length * (font.locaLong ? 4 : 2));
  offsets.forEach((o, i) => (font.locaLong ? loca.writeUInt32BE(o, i * 4) : loca.writeUInt16BE(o >>> 1, i * 2)));
  const hmtx = Buffer.alloc(count * 4);
  for (let i = 0; i < count; i++) {
    hmtx.writeUInt16BE(metrics[i * 2]!, i * 4);
    hmtx.writeInt16BE(metrics[i * 2 + 1]!, i * 4 + 2);
  }
  const tables = font.tags.map((tag): Uint8Array[] => {
    if (tag === 'loca') return [loca];
    if (tag === 'glyf') return glyf;
    if (tag === 'hmtx') return [hmtx];
    const fixed = font.fixed.get(tag)!;
    const at = COUNT_AT[tag];
    if (at === undefined) return [fixed];
    const copy = Buffer.from(fixed);
    copy.writeUInt16BE(count, at);
    return [copy];
  });
  return assemble(font.tags, tables);
}

/** The sfnt file as fontkit's Directory writes it: tag "true", the table records, then the tables back to back. */
function assemble(tags: string[], tables: Uint8Array[][]): Buffer {
  const n = tags.length;
  const power = 2 ** Math.floor(Math.log2(n));
  const head = Buffer.alloc(12 + 16 * n);
  head.write('true', 0, 'latin1');
  head.writeUInt16BE(n, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(n * 16 - power * 16, 10);
  let offset = head.length;
  tags.forEach((tag, i) => {
    const length = tables[i]!.reduce((sum, part) => sum + part.length, 0);
    const at = 12 + 16 * i;
    head.write(tag, at, 'latin1');
    head.writeUInt32BE(0, at + 4);
    head.writeUInt32BE(offset, at + 8);
    head.writeUInt32BE(length, at + 12);
    offset += length;
  });
  return Buffer.concat([head, ...tables.flat()], offset);
}

/** The font-wide parts, read from fontkit's own encoding of a small subset and checked against it once. */
function fontParts(font: FontLike, buffer: Uint8Array, encode: Encode): FontParts | null {
  if (parts.has(buffer)) return parts.get(buffer)!;
  let found: FontParts | null = null;
  try {
    const sample = Buffer.from(encode.call(font.createSubset()));
    const n = sample.readUInt16BE(4);
    const tags: string[] = [];
    const fixed = new Map<string, Uint8Array>();
    for (let i = 0; i < n; i++) {
      const at = 12 + 16 * i;
      const tag = sample.toString('latin1', at, at + 4);
      tags.push(tag);
      if (!GLYPH_DEPENDENT.has(tag)) fixed.set(tag, Uint8Array.from(sample.subarray(sample.readUInt32BE(at + 8), sample.readUInt32BE(at + 8) + sample.readUInt32BE(at + 12))));
    }
    const candidate: FontParts = { tags, fixed, locaLong: font.loca.version !== 0 };
    // Simple and composite glyphs (á, ő, € are built of parts in many fonts), compared with fontkit's own bytes.
    const fill = (s: SubsetLike) => [...'AzáőŰ€5 ,'].forEach((ch) => s.includeGlyph(font.glyphForCodePoint(ch.codePointAt(0)!).id));
    const theirs = font.createSubset();
    fill(theirs);
    const ours = font.createSubset();
    fill(ours);
    if (Buffer.from(encode.call(theirs)).equals(fastEncode(ours, buffer, candidate))) found = candidate;
  } catch {
    found = null;
  }
  parts.set(buffer, found);
  return found;
}

/** Whether the fast encoder is in use for a font buffer (false before its first document, or if the check failed). */
export function subsetCacheActive(buffer: Uint8Array): boolean {
  return Boolean(parts.get(buffer));
}
