// Splitting a finished ZIP (one writeZip wrote) into smaller ZIPs that are each complete on their own: an entry's
// bytes (local header, compressed data, data descriptor) are copied as they are, and each part gets its own central
// directory pointing at the new offsets. Nothing is inflated or compressed again, so a split costs one read and one
// write of the archive, and every file in a part is byte for byte the one in the whole.
import { open, rename, rm } from 'node:fs/promises';

export interface ZipListing {
  /** in archive order */
  entries: ZipSpan[];
}

export interface ZipSpan {
  name: string;
  /** where its local header starts */
  offset: number;
  /** local header + data + descriptor: the bytes a part copies */
  length: number;
  /** its central directory record (46 bytes + name + extra + comment) */
  central: Buffer;
}

const END = 0x06054b50;
const CENTRAL = 0x02014b50;
const END_SIZE = 22;

/** Reads the central directory of `path`; refuses a ZIP64 archive or one with a comment (writeZip writes neither). */
export async function listZip(path: string): Promise<ZipListing> {
  const handle = await open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    const end = Buffer.alloc(END_SIZE);
    await handle.read(end, 0, END_SIZE, size - END_SIZE);
    if (end.readUInt32LE(0) !== END) throw new Error(`${path}: not a ZIP written by Folio (no end record at the end)`);
    const count = end.readUInt16LE(10);
    const directorySize = end.readUInt32LE(12);
    const directoryAt = end.readUInt32LE(16);
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryAt);
    const found: Array<Omit<ZipSpan, 'length'>> = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (directory.readUInt32LE(at) !== CENTRAL) throw new Error(`${path}: bad central directory record ${i}`);
      const recordLength = 46 + directory.readUInt16LE(at + 28) + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
      const name = directory.subarray(at + 46, at + 46 + directory.readUInt16LE(at + 28)).toString('utf8');
      found.push({ name, offset: directory.readUInt32LE(at + 42), central: Buffer.from(directory.subarray(at, at + recordLength)) });
      at += recordLength;
    }
    // An entry runs up to the next one's local header (or the directory): its descriptor included, whatever its form.
    const sorted = [...found].sort((a, b) => a.offset - b.offset);
    const lengthOf = new Map(sorted.map((e, i) => [e, (sorted[i + 1]?.offset ?? directoryAt) - e.offset]));
    return { entries: found.map((e) => ({ ...e, length: lengthOf.get(e)! })) };
  } finally {
    await handle.close();
  }
}

/** The size a ZIP of these entries has. */
export function zipSize(entries: ZipSpan[]): number {
  return entries.reduce((sum, e) => sum + e.length + e.central.length, END_SIZE);
}

/** Writes the entries (copied from `source`) into `out` as a ZIP of their own (via "<out>.partial", then renamed). */
export async function writeZipPart(source: string, entries: ZipSpan[], out: string): Promise<number> {
  const input = await open(source, 'r');
  const partial = `${out}.partial`;
  const output = await open(partial, 'w');
  try {
    let offset = 0;
    const central: Buffer[] = [];
    for (const e of entries) {
      const bytes = Buffer.alloc(e.length);
      await input.read(bytes, 0, e.length, e.offset);
      await output.write(bytes);
      const record = Buffer.from(e.central);
      record.writeUInt32LE(offset, 42);
      central.push(record);
      offset += e.length;
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(END_SIZE);
    end.writeUInt32LE(END, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    await output.write(Buffer.concat([directory, end]));
    await output.sync();
    await output.close();
    await rename(partial, out);
    return offset + directory.length + END_SIZE;
  } catch (e) {
    await output.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw e;
  } finally {
    await input.close();
  }
}
