// A ZIP file (PKWARE APPNOTE 6.3, deflate or store, UTF-8 names) written as a stream, so an export of any size never
// sits in memory. A file up to 1 MiB is read and packed whole, its sizes and CRC in its header; a larger one is read,
// compressed and written in chunks, its sizes and CRC in a data descriptor after it (bit 3), as they are known only
// then. The central directory at the end repeats them, and that is what unzip tools read. No ZIP64: an export for an
// accountant stays far below 4 GiB and 65,535 files.
//
// An entry made in memory (an XML, a PDF a worker drew) need not become a file of its own to be read back: a ZipSpool
// packs it at once, exactly as a small file is packed, and appends its packed bytes to one spool file; writeZip copies
// them from there in the archive's order. Thousands of small files cost more to create and read than to draw.
import { closeSync, createReadStream, openSync, readSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export type ZipEntry = FileEntry | SpooledEntry;

export interface FileEntry {
  /** the name inside the archive ("invoices.csv", "A_2026-000001.xml") */
  name: string;
  /** the file on disk to put there */
  path: string;
}

/** An entry packed already, its bytes in a spool (ZipSpool.add). */
export interface SpooledEntry {
  name: string;
  spooled: { spool: ZipSpool; offset: number; method: number; crc: number; size: number; compressed: number };
}

const UTF8 = 0x0800; // bit 11: the name is UTF-8
const UTF8_AND_DESCRIPTOR = 0x0808; // and bit 3: sizes follow the data
const STORE = 0;
const DEFLATE = 8;
/** Files up to this size are read whole and packed in memory (a short block of the event loop); larger ones are streamed. */
const WHOLE_FILE_BYTES = 1024 * 1024;
const LIMIT = 0xffff_ffff;
/** writeZip gathers its small writes up to this size. */
const WRITE_BYTES = 1024 * 1024;

/**
 * Entries made in memory, packed as writeZip packs a small file (deflated at level 6 unless compressed already, the
 * CRC of the data) the moment they are added; their packed bytes go to one file, `path`, appended in turn. An entry
 * larger than writeZip's whole-file size is kept as a file of its own beside the spool instead, so that writeZip
 * streams it as it streams any large file. `remove()` when the archive is written.
 */
export class ZipSpool {
  private fd: number | null;
  private end = 0;
  private large = 0;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'w+');
  }

  add(name: string, data: Uint8Array): ZipEntry {
    if (data.length > WHOLE_FILE_BYTES) {
      const path = `${this.path}.${++this.large}`;
      writeFileSync(path, data);
      return { name, path };
    }
    const method = isCompressedAlready(name) ? STORE : DEFLATE;
    const packed = method === STORE ? data : deflateRawSync(data, { level: 6 });
    const offset = this.end;
    for (let at = 0; at < packed.length; ) at += writeSync(this.handle(), packed, at, packed.length - at, offset + at);
    this.end += packed.length;
    return { name, spooled: { spool: this, offset, method, crc: crc32(data), size: data.length, compressed: packed.length } };
  }

  /** The packed bytes of an entry (what writeZip copies). */
  read(offset: number, length: number): Buffer {
    const out = Buffer.allocUnsafe(length);
    for (let at = 0; at < length; ) {
      const n = readSync(this.handle(), out, at, length - at, offset + at);
      if (n === 0) throw new Error('The ZIP spool ended early');
      at += n;
    }
    return out;
  }

  remove(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    rmSync(this.path, { force: true });
    for (let i = 1; i <= this.large; i++) rmSync(`${this.path}.${i}`, { force: true });
  }

  private handle(): number {
    if (this.fd === null) throw new Error('The ZIP spool is closed');
    return this.fd;
  }
}

/** Writes `entries` into `out` (via "<out>.partial", fsynced, then renamed); returns the archive's size. */
export async function writeZip(out: string, entries: ZipEntry[], at: Date = new Date()): Promise<number> {
  if (entries.length > 0xffff) throw new Error('Too many files for one ZIP');
  const partial = `${out}.partial`;
  const handle = await open(partial, 'w');
  let offset = 0;
  // small pieces gathered into one write of ~1 MiB: one write per entry is a thread-pool round trip each
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await handle.write(chunk);
  };
  const write = async (buf: Buffer) => {
    pending.push(buf);
    pendingBytes += buf.length;
    offset += buf.length;
    if (pendingBytes >= WRITE_BYTES) await flush();
  };
  const central: Buffer[] = [];
  const { time, date } = dosTime(at);
  try {
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const start = offset;
      const spooled = 'spooled' in entry ? entry.spooled : null;
      const whole = spooled !== null || (await stat((entry as FileEntry).path)).size <= WHOLE_FILE_BYTES;
      const stored = spooled ? spooled.method === STORE : whole && isCompressedAlready(entry.name);
      const method = stored ? STORE : DEFLATE;
      const flags = whole ? UTF8 : UTF8_AND_DESCRIPTOR;
      let crc = 0;
      let size = 0;
      let compressed = 0;
      if (spooled) {
        ({ crc, size, compressed } = spooled);
        await write(localHeader(flags, method, time, date, name, { crc, compressed, size }));
        await write(spooled.spool.read(spooled.offset, compressed));
      } else if (whole) {
        // A small file is read and packed in one go: a stream per file costs more than the file itself when a
        // package holds thousands of 30 KB PDFs. Its sizes are known before its data, so no descriptor follows.
        const data = await readFile((entry as FileEntry).path);
        const packed = stored ? data : deflateRawSync(data, { level: 6 });
        crc = crc32(data);
        size = data.length;
        compressed = packed.length;
        await write(Buffer.concat([localHeader(flags, method, time, date, name, { crc, compressed, size }), packed]));
      } else {
        await write(localHeader(flags, method, time, date, name));
        await flush();
        const measure = new Transform({
          transform(chunk: Buffer, _enc, done) {
            crc = crc32(chunk, crc);
            size += chunk.length;
            done(null, chunk);
          },
        });
        const sink = new Writable({
          write(chunk: Buffer, _enc, done) {
            compressed += chunk.length;
            offset += chunk.length;
            handle.write(chunk).then(() => done(), done);
          },
        });
        await pipeline(createReadStream((entry as FileEntry).path), measure, createDeflateRaw({ level: 6 }), sink);
      }
      if (size >= LIMIT || compressed >= LIMIT || offset >= LIMIT) throw new Error('The export is too large for a ZIP without ZIP64');
      if (!whole) {
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(crc >>> 0, 4);
        descriptor.writeUInt32LE(compressed, 8);
        descriptor.writeUInt32LE(size, 12);
        await write(descriptor);
      }

      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(flags, 8);
      header.writeUInt16LE(method, 10);
      header.writeUInt16LE(time, 12);
      header.writeUInt16LE(date, 14);
      header.writeUInt32LE(crc >>> 0, 16);
      header.writeUInt32LE(compressed, 20);
      header.writeUInt32LE(size, 24);
      header.writeUInt16LE(name.length, 28);
      header.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
      header.writeUInt32LE(start, 42);
      central.push(header, name);
    }
    const directory = Buffer.concat(central);
    const directoryAt = offset;
    await write(directory);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(directoryAt, 16);
    await write(end);
    await flush();
    await handle.sync();
    await handle.close();
    await rename(partial, out);
    return offset;
  } catch (e) {
    await handle.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw e;
  }
}

/** The local file header; crc and sizes are zero when a data descriptor carries them after the data. */
function localHeader(flags: number, method: number, time: number, date: number, name: Buffer, known?: { crc: number; compressed: number; size: number }): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
  local.writeUInt16LE(flags, 6);
  local.writeUInt16LE(method, 8);
  local.writeUInt16LE(time, 10);
  local.writeUInt16LE(date, 12);
  if (known) {
    local.writeUInt32LE(known.crc >>> 0, 14);
    local.writeUInt32LE(known.compressed, 18);
    local.writeUInt32LE(known.size, 22);
  }
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name]);
}

/**
 * Files whose content is compressed already (a PDF's streams, the zipped XML of an XLSX, images): deflating them again
 * costs CPU and saves a percent or two, so they are stored as they are.
 */
function isCompressedAlready(name: string): boolean {
  return /\.(pdf|xlsx|docx|odt|ods|zip|gz|png|jpe?g|gif|webp)$/i.test(name);
}

/** MS-DOS date and time (local time, two-second steps), what ZIP headers carry. */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getFullYear());
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}
