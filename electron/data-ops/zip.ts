// A ZIP file (PKWARE APPNOTE 6.3, deflate or store, UTF-8 names) written as a stream, so an export of any size never
// sits in memory. A file up to 1 MiB is read and packed whole, its sizes and CRC in its header; a larger one is read,
// compressed and written in chunks, its sizes and CRC in a data descriptor after it (bit 3), as they are known only
// then. The central directory at the end repeats them, and that is what unzip tools read. No ZIP64: an export for an
// accountant stays far below 4 GiB and 65,535 files.
import { createReadStream } from 'node:fs';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  /** the name inside the archive ("invoices.csv", "A_2026-000001.xml") */
  name: string;
  /** the file on disk to put there */
  path: string;
}

const UTF8 = 0x0800; // bit 11: the name is UTF-8
const UTF8_AND_DESCRIPTOR = 0x0808; // and bit 3: sizes follow the data
const STORE = 0;
const DEFLATE = 8;
/** Files up to this size are read whole and packed in memory (a short block of the event loop); larger ones are streamed. */
const WHOLE_FILE_BYTES = 1024 * 1024;
const LIMIT = 0xffff_ffff;

/** Writes `entries` into `out` (via "<out>.partial", fsynced, then renamed); returns the archive's size. */
export async function writeZip(out: string, entries: ZipEntry[], at: Date = new Date()): Promise<number> {
  if (entries.length > 0xffff) throw new Error('Too many files for one ZIP');
  const partial = `${out}.partial`;
  const handle = await open(partial, 'w');
  let offset = 0;
  const write = async (buf: Buffer) => {
    await handle.write(buf);
    offset += buf.length;
  };
  const central: Buffer[] = [];
  const { time, date } = dosTime(at);
  try {
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const start = offset;
      const whole = (await stat(entry.path)).size <= WHOLE_FILE_BYTES;
      const stored = whole && isCompressedAlready(entry.name);
      const method = stored ? STORE : DEFLATE;
      const flags = whole ? UTF8 : UTF8_AND_DESCRIPTOR;
      let crc = 0;
      let size = 0;
      let compressed = 0;
      if (whole) {
        // A small file is read and packed in one go: a stream per file costs more than the file itself when a
        // package holds thousands of 30 KB PDFs. Its sizes are known before its data, so no descriptor follows.
        const data = await readFile(entry.path);
        const packed = stored ? data : deflateRawSync(data, { level: 6 });
        crc = crc32(data);
        size = data.length;
        compressed = packed.length;
        await write(Buffer.concat([localHeader(flags, method, time, date, name, { crc, compressed, size }), packed]));
      } else {
        await write(localHeader(flags, method, time, date, name));
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
            write(chunk).then(() => done(), done);
          },
        });
        await pipeline(createReadStream(entry.path), measure, createDeflateRaw({ level: 6 }), sink);
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
