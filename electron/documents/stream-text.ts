// Speed (issue 41): pdfkit writes a page's drawing operators one line at a time into the page's content stream
// (PDFReference#write), and turned each line into a Buffer of its own (Buffer.from(line + '\n', 'binary')), to join
// them all when the stream is finished: some 5,000 small buffers for a one-page invoice, a tenth of all it allocated
// and much of its garbage collection.
//
// For text lines the patched write keeps the strings and hands pdfkit one Buffer made of them all when the stream is
// finished, or before bytes are written into the same stream, so the order of the bytes is kept. The bytes are the
// same ('binary' encodes each character as one byte, joined or not), and so is the stream's dictionary: the first
// text line sets its Length (and Filter) at once, as pdfkit's own write would, so the keys keep their order, and the
// Length ends as the sum of the lines' lengths. Streams written with bytes only are untouched.
interface ReferenceThis {
  compress: boolean;
  data: { Length?: number; Filter?: string };
  [PENDING]?: string[];
}
type Write = (this: ReferenceThis, chunk: unknown) => unknown;
type Finalize = (this: ReferenceThis) => unknown;

const PENDING = Symbol('folio.pendingText');
const patched = new WeakSet<object>();

/** Installs the text buffering on the class of a pdfkit indirect object; idempotent, never throws. */
export function installStreamText(reference: unknown): boolean {
  if (!reference || typeof reference !== 'object') return false;
  const proto = Object.getPrototypeOf(reference) as { write?: Write; finalize?: Finalize } | null;
  if (!proto) return false;
  if (patched.has(proto)) return true;
  const write = proto.write;
  const finalize = proto.finalize;
  if (typeof write !== 'function' || !Object.hasOwn(proto, 'write') || typeof finalize !== 'function' || !Object.hasOwn(proto, 'finalize')) return false;
  const flush = (ref: ReferenceThis) => {
    const pending = ref[PENDING];
    if (!pending?.length) return;
    ref[PENDING] = [];
    write.call(ref, Buffer.from(pending.join(''), 'binary'));
  };
  proto.write = function (chunk) {
    if (chunk instanceof Uint8Array) {
      flush(this);
      return write.call(this, chunk);
    }
    // pdfkit's bookkeeping of a first write, in its order: Length first, then Filter.
    if (this.data.Length == null) this.data.Length = 0;
    if (this.compress) this.data.Filter = 'FlateDecode';
    (this[PENDING] ??= []).push((chunk as string) + '\n');
    return undefined;
  };
  proto.finalize = function () {
    flush(this);
    return finalize.call(this);
  };
  patched.add(proto);
  return true;
}
