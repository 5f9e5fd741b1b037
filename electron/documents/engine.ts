// The one place pdfmake is driven. Documents are rendered fully offline: the renderer may read nothing but the fonts
// in its in-memory file system. Invoices carry client-supplied text, and a future template or logo feature must not be
// able to turn a document definition into a way to read the user's files or call out to the network, so:
//   1. pdfmake's own policies deny every URL and every local path (fonts are served from the virtual file system,
//      which pdfmake consults before asking the policy);
//   2. before rendering, the definition is walked and refused if it names an image that is not an inline data: URL,
//      or uses the features that bypass pdfmake's policy (SVG <image> is opened by pdfkit directly) or embed files.
// A private pdfmake instance holds the policies: the module's default instance is process-wide and anyone could
// loosen it with setUrlAccessPolicy(undefined).
import pdfmakeModule from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { FONT_FAMILY, FONT_FILES, fontFiles } from './fonts';
import { installDeflateCache } from './deflate-cache';
import { installFontTableCache, isCachedFontBuffer, registerCachedFontBuffers } from './fontkit-cache';
import { installRunCache } from './run-cache';
import { installStreamText } from './stream-text';
import { installStyleLookup } from './style-lookup';
import { installSubsetCache } from './subset-cache';

export class UnsafeDocumentError extends Error {
  override name = 'UnsafeDocumentError';
}

interface PdfmakeInstance {
  virtualfs: { writeFileSync(name: string, content: Buffer): void; existsSync(name: string): boolean };
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  setFonts(fonts: Record<string, Record<string, string>>): void;
  createPdf(def: TDocumentDefinitions): { getStream(): Promise<PdfkitDocument>; getBuffer(): Promise<Buffer> };
}

/** The parts of pdfmake's pdfkit document we look at: its per-document cache of embedded fonts. */
export interface PdfkitDocument {
  fontCache?: Record<string, Record<string, { font?: unknown; subset?: unknown; layoutRun?: unknown; dictionary?: unknown } | undefined>>;
}

/**
 * Runs on the laid-out pdfkit document just before it is closed: the one way to add what pdfmake's definition cannot
 * carry safely (facturx.ts embeds the e-invoice XML here). Code, not data: a definition still cannot embed files.
 */
export type FinishDocument = (doc: PdfkitDocument) => void;

let engine: PdfmakeInstance | null = null;
let fontCacheInstalled = false;
let subsetCacheInstalled = false;
let runCacheInstalled = false;
let deflateCacheInstalled = false;
let streamTextInstalled = false;
let styleLookupInstalled = false;

function lockedEngine(): PdfmakeInstance {
  if (engine) return engine;
  const shared = pdfmakeModule as unknown as PdfmakeInstance & { constructor: new () => PdfmakeInstance };
  const instance = new shared.constructor();
  const files = fontFiles();
  // Always (re)write: the virtual file system is pdfmake's module-wide singleton, and the font cache below is keyed
  // on the identity of exactly these buffers.
  for (const [name, data] of files) instance.virtualfs.writeFileSync(name, data);
  registerCachedFontBuffers(files.values());
  instance.setUrlAccessPolicy((url) => deny('URL', url));
  instance.setLocalAccessPolicy((path) => deny('local file', path));
  instance.setFonts({ [FONT_FAMILY]: { ...FONT_FILES } });
  engine = instance;
  return instance;
}

function deny(kind: string, target: string): false {
  // pdfmake turns `false` into its own "denied by resource access policy" error; say what was asked for, too.
  if (process.env.FOLIO_DEBUG_PDF) console.warn(`documents: refused ${kind} access: ${target}`);
  return false;
}

/** Whether documents share decoded font tables (fontkit-cache.ts), shaped words and their widths (run-cache.ts),
 * font subsets' parts (subset-cache.ts) and their compressed bytes (deflate-cache.ts), and the lighter ways of
 * writing page text (stream-text.ts) and of looking up styles (style-lookup.ts) are in use; false only before the
 * first render or if a fontkit, pdfkit or pdfmake update removed a hook — a speed matter, checked by the tests so an
 * upgrade cannot lose it silently. */
export function fontTableCacheActive(): boolean {
  return fontCacheInstalled && subsetCacheInstalled && runCacheInstalled && deflateCacheInstalled && streamTextInstalled && styleLookupInstalled;
}

/** Renders a document definition to PDF bytes, refusing anything that would reach outside the process. */
export async function renderDocDefinition(def: TDocumentDefinitions, finish?: FinishDocument): Promise<Buffer> {
  assertSelfContained(def);
  guardDynamicContent(def);
  return renderWithPdfmakePolicies(def, finish);
}

/**
 * The inner layer alone: pdfmake with its URL and local-file policies denying everything, without the definition
 * check. Exported so the tests can prove this layer holds on its own; callers use renderDocDefinition.
 */
export async function renderWithPdfmakePolicies(def: TDocumentDefinitions, finish?: FinishDocument): Promise<Buffer> {
  const output = lockedEngine().createPdf(def);
  let firstFaces: Array<{ font?: unknown; subset?: unknown; dictionary?: unknown } | undefined> = [];
  if (!fontTableCacheActive()) {
    // The first document hands over a font pdfkit parsed; from then on parsed tables are shared (fontkit-cache.ts).
    const doc = await output.getStream();
    firstFaces = Object.values(doc.fontCache?.[FONT_FAMILY] ?? {});
    fontCacheInstalled ||= firstFaces.some((face) => installFontTableCache(face?.font));
    // Shaped words kept between documents (run-cache.ts), from this document's next word on.
    runCacheInstalled ||= firstFaces.some((face) => installRunCache(face, isCachedFontBuffer));
  }
  // getStream() hands back the same, not yet ended, document every time; getBuffer() ends it.
  if (finish) finish(await output.getStream());
  const pdf = await output.getBuffer();
  // Subsets are written from kept parts from the second document on (subset-cache.ts): the first one's fonts are
  // encoded by fontkit alone, so a test can compare the two (tests/documents/render-twice.ts).
  if (!subsetCacheInstalled) subsetCacheInstalled = firstFaces.some((face) => installSubsetCache(face?.subset, isCachedFontBuffer));
  // Compressed subsets and ToUnicode maps kept (deflate-cache.ts): hooked on the classes of a font this document embedded.
  if (!deflateCacheInstalled) deflateCacheInstalled = firstFaces.some((face) => installDeflateCache(face?.dictionary, face));
  // Page text joined once per stream (stream-text.ts). After the deflate cache, so its finalize runs first and hands
  // the joined bytes to the cache's check.
  if (!streamTextInstalled) streamTextInstalled = firstFaces.some((face) => installStreamText(face?.dictionary));
  // pdfmake's style look-ups without their garbage (style-lookup.ts), checked to give the same answers before use.
  styleLookupInstalled ||= installStyleLookup();
  return pdf;
}

const FORBIDDEN_NODE_KEYS = ['svg', 'attachment'] as const;

/** Throws UnsafeDocumentError when the definition references anything but inline data. */
export function assertSelfContained(def: TDocumentDefinitions): void {
  const record = def as unknown as Record<string, unknown>;
  for (const key of ['attachments', 'files'] as const) {
    const value = record[key];
    if (value && typeof value === 'object' && Object.keys(value).length > 0) {
      throw new UnsafeDocumentError(`documents may not embed ${key}`);
    }
  }
  const images = (record.images ?? {}) as Record<string, unknown>;
  for (const [name, src] of Object.entries(images)) {
    if (!isDataUrl(src)) throw new UnsafeDocumentError(`image "${name}" is not an inline data: URL`);
  }
  walk(record.content, images);
  for (const key of ['header', 'footer', 'background', 'watermark'] as const) {
    if (typeof record[key] !== 'function') walk(record[key], images);
  }
}

/** Header, footer and background may be functions; check what they return, page by page. */
function guardDynamicContent(def: TDocumentDefinitions): void {
  const record = def as unknown as Record<string, unknown>;
  const images = (record.images ?? {}) as Record<string, unknown>;
  for (const key of ['header', 'footer', 'background'] as const) {
    const original = record[key];
    if (typeof original !== 'function') continue;
    record[key] = (...args: unknown[]) => {
      const result = (original as (...a: unknown[]) => unknown)(...args);
      walk(result, images);
      return result;
    };
  }
}

function walk(node: unknown, images: Record<string, unknown>, seen = new Set<object>()): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const child of node) walk(child, images, seen);
    return;
  }
  const obj = node as Record<string, unknown>;
  for (const key of FORBIDDEN_NODE_KEYS) {
    if (key in obj) throw new UnsafeDocumentError(`documents may not contain ${key} nodes`);
  }
  if ('image' in obj) {
    const src = obj.image;
    const known = typeof src === 'string' && Object.hasOwn(images, src);
    if (!known && !isDataUrl(src)) {
      throw new UnsafeDocumentError(`image ${JSON.stringify(src)} is neither an inline data: URL nor a declared image`);
    }
  }
  for (const value of Object.values(obj)) walk(value, images, seen);
}

function isDataUrl(src: unknown): boolean {
  return typeof src === 'string' && /^data:image\/(png|jpeg|jpg);base64,/i.test(src.trim());
}
