// The files embedded in a PDF (its EmbeddedFiles name tree, and the catalog's /AF list that PDF/A-3 adds), read
// without a PDF library: Factur-X / ZUGFeRD carry the invoice as such an attachment, and reading it needs only the
// objects, the name tree and zlib. The objects are found by scanning for "N G obj" rather than trusting the
// cross-reference table, so an incrementally updated or slightly damaged file still reads (the last definition of
// an object wins, as in an update); objects packed in object streams (PDF 1.5) are unpacked too. An encrypted PDF
// is refused: its strings and streams cannot be read without the key.
import { inflateSync } from 'node:zlib';

export interface PdfAttachment {
  name: string;
  bytes: Buffer;
}

export class PdfReadError extends Error {
  constructor(
    readonly reason: 'not_pdf' | 'encrypted' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

type PdfValue = null | boolean | number | string | PdfName | PdfRef | PdfValue[] | PdfDict | PdfStream;
class PdfName {
  constructor(readonly name: string) {}
}
class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
type PdfDict = Map<string, PdfValue>;
interface PdfStream {
  dict: PdfDict;
  raw: Buffer;
}
const isDict = (v: PdfValue | undefined): v is PdfDict => v instanceof Map;
const isStream = (v: PdfValue | undefined): v is PdfStream => typeof v === 'object' && v !== null && 'raw' in v && 'dict' in v;

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/** A reader of PDF values (the object syntax of ISO 32000-1 §7.3) over the file's bytes. */
class Lexer {
  pos: number;
  constructor(
    readonly buf: Buffer,
    start = 0,
  ) {
    this.pos = start;
  }

  private skipSpace() {
    const b = this.buf;
    while (this.pos < b.length) {
      if (WHITESPACE.has(b[this.pos]!)) this.pos++;
      else if (b[this.pos] === 0x25) while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
      else break;
    }
  }

  private word(): string {
    const start = this.pos;
    while (this.pos < this.buf.length && !WHITESPACE.has(this.buf[this.pos]!) && !DELIMITERS.has(this.buf[this.pos]!)) this.pos++;
    return this.buf.toString('latin1', start, this.pos);
  }

  /** The next value; `length` resolves an indirect /Length when a stream follows a dictionary. */
  value(length?: (v: PdfValue | undefined) => number | undefined): PdfValue {
    this.skipSpace();
    const b = this.buf;
    if (this.pos >= b.length) throw new Error('unexpected end of file');
    const c = b[this.pos]!;
    if (c === 0x2f) {
      this.pos++;
      return new PdfName(this.word().replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
    }
    if (c === 0x28) return this.literalString();
    if (c === 0x3c && b[this.pos + 1] === 0x3c) return this.dictOrStream(length);
    if (c === 0x3c) return this.hexString();
    if (c === 0x5b) {
      this.pos++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (b[this.pos] === 0x5d) {
          this.pos++;
          return this.refsIn(items);
        }
        if (this.pos >= b.length) throw new Error('unterminated array');
        items.push(this.value());
      }
    }
    const w = this.word();
    if (w === '') throw new Error(`unexpected byte ${c} at ${this.pos}`);
    if (w === 'true' || w === 'false') return w === 'true';
    if (w === 'null') return null;
    if (w === 'R') return new PdfName('\u0000R'); // folded into a reference by refsIn
    const n = Number(w);
    if (Number.isNaN(n)) throw new Error(`unknown keyword ${w}`);
    return n;
  }

  /** "12 0 R" reads as three values; fold them into references. */
  private refsIn(items: PdfValue[]): PdfValue[] {
    const out: PdfValue[] = [];
    for (const item of items) {
      if (item instanceof PdfName && item.name === '\u0000R') {
        const gen = out.pop();
        const num = out.pop();
        if (typeof num !== 'number' || typeof gen !== 'number') throw new Error('a reference without its numbers');
        out.push(new PdfRef(num, gen));
      } else out.push(item);
    }
    return out;
  }

  private dictOrStream(length?: (v: PdfValue | undefined) => number | undefined): PdfDict | PdfStream {
    this.pos += 2;
    const flat: PdfValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.buf[this.pos] === 0x3e && this.buf[this.pos + 1] === 0x3e) {
        this.pos += 2;
        break;
      }
      if (this.pos >= this.buf.length) throw new Error('unterminated dictionary');
      flat.push(this.value());
    }
    const items = this.refsIn(flat);
    const dict: PdfDict = new Map();
    for (let i = 0; i + 1 < items.length; i += 2) {
      const key = items[i];
      if (key instanceof PdfName) dict.set(key.name, items[i + 1]!);
    }
    const save = this.pos;
    this.skipSpace();
    if (this.buf.toString('latin1', this.pos, this.pos + 6) !== 'stream') {
      this.pos = save;
      return dict;
    }
    this.pos += 6;
    if (this.buf[this.pos] === 0x0d) this.pos++;
    if (this.buf[this.pos] === 0x0a) this.pos++;
    const start = this.pos;
    const declared = length?.(dict.get('Length'));
    let end: number;
    if (declared !== undefined && this.buf.toString('latin1', start + declared, start + declared + 30).trimStart().startsWith('endstream')) {
      end = start + declared;
    } else {
      // a wrong or unreadable /Length: the data ends before the keyword
      end = this.buf.indexOf('endstream', start, 'latin1');
      if (end < 0) throw new Error('unterminated stream');
      while (end > start && (this.buf[end - 1] === 0x0a || this.buf[end - 1] === 0x0d)) end--;
    }
    this.pos = this.buf.indexOf('endstream', end, 'latin1') + 9;
    return { dict, raw: this.buf.subarray(start, end) };
  }

  private literalString(): string {
    const b = this.buf;
    this.pos++;
    const out: number[] = [];
    let depth = 1;
    while (this.pos < b.length) {
      const c = b[this.pos++]!;
      if (c === 0x5c) {
        const e = b[this.pos++]!;
        const simple: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c, 0x28: 0x28, 0x29: 0x29, 0x5c: 0x5c };
        if (e in simple) out.push(simple[e]!);
        else if (e >= 0x30 && e <= 0x37) {
          let oct = String.fromCharCode(e);
          while (oct.length < 3 && b[this.pos]! >= 0x30 && b[this.pos]! <= 0x37) oct += String.fromCharCode(b[this.pos++]!);
          out.push(parseInt(oct, 8) & 0xff);
        } else if (e === 0x0d) {
          if (b[this.pos] === 0x0a) this.pos++;
        } else if (e !== 0x0a) out.push(e);
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (--depth === 0) break;
        out.push(c);
      } else out.push(c);
    }
    return Buffer.from(out).toString('latin1');
  }

  private hexString(): string {
    const end = this.buf.indexOf(0x3e, this.pos);
    if (end < 0) throw new Error('unterminated hex string');
    let hex = this.buf.toString('latin1', this.pos + 1, end).replace(/[^0-9A-Fa-f]/g, '');
    this.pos = end + 1;
    if (hex.length % 2) hex += '0';
    return Buffer.from(hex, 'hex').toString('latin1');
  }
}

/** A PDF text string: UTF-16BE with its byte order mark, or PDFDocEncoding (Latin-1 is close enough for file names). */
function textString(s: string): string {
  if (s.startsWith('\u00fe\u00ff')) return Buffer.from(s.slice(2), 'latin1').swap16().toString('utf16le');
  if (s.startsWith('\u00ef\u00bb\u00bf')) return Buffer.from(s.slice(3), 'latin1').toString('utf8');
  return s;
}

class PdfFile {
  private readonly objects = new Map<number, PdfValue>();

  constructor(private readonly buf: Buffer) {
    const text = buf.toString('latin1');
    const re = /(\d+)\s+(\d+)\s+obj\b/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      // an object header inside another object's stream data is not an object: skip past what was read
      const lexer = new Lexer(buf, m.index + m[0].length);
      try {
        const v = lexer.value((l) => this.lengthOf(l));
        this.objects.set(Number(m[1]), v);
        re.lastIndex = Math.max(re.lastIndex, lexer.pos);
      } catch {
        // an unreadable object is left out; the ones needed are looked for by reference
      }
    }
    for (const v of [...this.objects.values()]) if (isStream(v) && nameOf(v.dict.get('Type')) === 'ObjStm') this.unpack(v);
  }

  private lengthOf(v: PdfValue | undefined): number | undefined {
    const r = v instanceof PdfRef ? this.objects.get(v.num) : v;
    return typeof r === 'number' ? r : undefined;
  }

  /** The objects of an object stream: "num offset" pairs, then the objects from /First on. */
  private unpack(stream: PdfStream) {
    try {
      const data = this.decode(stream);
      const n = Number(stream.dict.get('N'));
      const first = Number(stream.dict.get('First'));
      const header = data.toString('latin1', 0, first).trim().split(/\s+/).map(Number);
      for (let i = 0; i < n; i++) {
        const num = header[2 * i]!;
        // a definition outside the stream (an update) is newer
        if (this.objects.has(num)) continue;
        this.objects.set(num, new Lexer(data, first + header[2 * i + 1]!).value());
      }
    } catch {
      // an unreadable object stream: its objects stay unknown
    }
  }

  resolve(v: PdfValue | undefined, depth = 0): PdfValue | undefined {
    if (v instanceof PdfRef) return depth > 32 ? undefined : this.resolve(this.objects.get(v.num), depth + 1);
    return v;
  }

  dict(v: PdfValue | undefined): PdfDict | undefined {
    const r = this.resolve(v);
    if (isDict(r)) return r;
    if (isStream(r)) return r.dict;
    return undefined;
  }

  decode(stream: PdfStream): Buffer {
    const filters = ([] as PdfValue[]).concat(this.resolve(stream.dict.get('Filter')) ?? []).map(nameOf);
    let data = stream.raw;
    for (const f of filters) {
      if (f === 'FlateDecode' || f === 'Fl') data = inflateSync(data, { finishFlush: 2 /* Z_SYNC_FLUSH: tolerate a missing end */ });
      else throw new Error(`a stream filter Folio does not read: ${f}`);
    }
    const params = this.dict(stream.dict.get('DecodeParms'));
    const predictor = Number(params?.get('Predictor') ?? 1);
    if (predictor >= 10) data = unpredictPng(data, Number(params?.get('Columns') ?? 1));
    return data;
  }

  catalog(): PdfDict | undefined {
    for (const v of this.objects.values()) {
      const d = isDict(v) ? v : undefined;
      if (d && nameOf(d.get('Type')) === 'Catalog') return d;
    }
    return undefined;
  }

  encrypted(): boolean {
    return /\/Encrypt\s/.test(this.buf.toString('latin1', Math.max(0, this.buf.length - 4096))) ||
      [...this.objects.values()].some((v) => isStream(v) && nameOf(v.dict.get('Type')) === 'XRef' && v.dict.has('Encrypt'));
  }

  /** The file specifications of the name tree, leaves and kids alike (depth-limited against loops). */
  nameTreeValues(node: PdfDict | undefined, depth = 0): PdfValue[] {
    if (!node || depth > 16) return [];
    const out: PdfValue[] = [];
    const names = this.resolve(node.get('Names'));
    if (Array.isArray(names)) for (let i = 1; i < names.length; i += 2) out.push(names[i]!);
    const kids = this.resolve(node.get('Kids'));
    if (Array.isArray(kids)) for (const k of kids) out.push(...this.nameTreeValues(this.dict(k), depth + 1));
    return out;
  }
}

function nameOf(v: PdfValue | undefined): string | undefined {
  return v instanceof PdfName ? v.name : undefined;
}

/** The PNG row filter types (RFC 2083 §6): 0 none, then these. */
const PNG_SUB = 1;
const PNG_UP = 2;
const PNG_AVERAGE = 3;
const PNG_PAETH = 4;

/** PNG row filters (predictor ≥ 10), which some writers apply to embedded streams as to cross-reference streams. */
function unpredictPng(data: Buffer, columns: number): Buffer {
  const rows: Buffer[] = [];
  let prev = Buffer.alloc(columns);
  for (let i = 0; i + columns < data.length + 1 && i < data.length; i += columns + 1) {
    const filter = data[i]!;
    const row = Buffer.from(data.subarray(i + 1, i + 1 + columns));
    for (let j = 0; j < row.length; j++) {
      const left = j > 0 ? row[j - 1]! : 0;
      const up = prev[j] ?? 0;
      const ul = j > 0 ? (prev[j - 1] ?? 0) : 0;
      if (filter === PNG_SUB) row[j] = (row[j]! + left) & 0xff;
      else if (filter === PNG_UP) row[j] = (row[j]! + up) & 0xff;
      else if (filter === PNG_AVERAGE) row[j] = (row[j]! + ((left + up) >> 1)) & 0xff;
      else if (filter === PNG_PAETH) {
        const p = left + up - ul;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - ul)];
        row[j] = (row[j]! + (pa <= pb && pa <= pc ? left : pb <= pc ? up : ul)) & 0xff;
      }
    }
    rows.push(row);
    prev = row;
  }
  return Buffer.concat(rows);
}

/** Every embedded file of the PDF, by its name (the Unicode /UF name when given), in the order the PDF lists them. */
export function pdfAttachments(bytes: Uint8Array): PdfAttachment[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.toString('latin1', 0, 1024).indexOf('%PDF-') < 0) throw new PdfReadError('not_pdf', 'The file is not a PDF');
  const pdf = new PdfFile(buf);
  if (pdf.encrypted()) throw new PdfReadError('encrypted', 'The PDF is encrypted, so its attachments cannot be read');
  const catalog = pdf.catalog();
  if (!catalog) throw new PdfReadError('unreadable', 'The PDF has no readable document catalog');

  const specs: PdfValue[] = pdf.nameTreeValues(pdf.dict(pdf.dict(catalog.get('Names'))?.get('EmbeddedFiles')));
  const af = pdf.resolve(catalog.get('AF'));
  if (Array.isArray(af)) specs.push(...af);

  const seen = new Set<PdfDict>();
  const out: PdfAttachment[] = [];
  for (const ref of specs) {
    const spec = pdf.dict(ref);
    if (!spec || seen.has(spec)) continue;
    seen.add(spec);
    const ef = pdf.dict(spec.get('EF'));
    const stream = pdf.resolve(ef?.get('UF') ?? ef?.get('F'));
    if (!isStream(stream)) continue;
    const rawName = pdf.resolve(spec.get('UF')) ?? pdf.resolve(spec.get('F'));
    const name = typeof rawName === 'string' ? textString(rawName) : '';
    try {
      out.push({ name, bytes: pdf.decode(stream) });
    } catch {
      // an attachment Folio cannot decode is not the invoice it looks for
    }
  }
  return out;
}
