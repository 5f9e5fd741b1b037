// The reader of a PDF's embedded files (electron/core/einvoice/receive/pdf-attachments.ts): a Factur-X-style file
// made with pdfkit reads back byte for byte, as pdfjs-dist reads it too; a PDF 1.5 file with its catalog and file
// specification packed in a compressed object stream, a name tree with kids, a UTF-16 file name and an incremental
// update that replaces the attachment reads the newest attachment; an encrypted PDF and a non-PDF are refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, test } from '@playwright/test';
import { pdfAttachments, PdfReadError } from '../../electron/core/einvoice/receive/pdf-attachments';
import { openEinvoice } from '../../electron/core/einvoice/receive/open';
import { EN16931_EXAMPLES } from './reference';

const CII = readFileSync(join(EN16931_EXAMPLES, 'cii', 'CII_example1.xml'));

function pdfkitWith(files: Array<{ name: string; bytes: Buffer }>): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4', pdfVersion: '1.7' });
    const parts: Buffer[] = [];
    doc.on('data', (c: Buffer) => parts.push(c));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.text('Rechnung 12115118');
    for (const f of files) doc.file(f.bytes, { name: f.name, type: 'text/xml' });
    doc.end();
  });
}

test('a pdfkit attachment reads back byte for byte, as pdfjs-dist reads it', async () => {
  const pdf = await pdfkitWith([
    { name: 'notes.txt', bytes: Buffer.from('hello') },
    { name: 'factur-x.xml', bytes: CII },
  ]);
  const mine = pdfAttachments(pdf);
  expect(mine.map((a) => a.name).sort()).toEqual(['factur-x.xml', 'notes.txt']);
  const xml = mine.find((a) => a.name === 'factur-x.xml')!;
  expect(xml.bytes.equals(CII)).toBe(true);

  const theirs = (await (await getDocument({ data: new Uint8Array(pdf) }).promise).getAttachments()) as Record<string, { filename: string; content: Uint8Array }>;
  const other = Object.values(theirs).find((a) => a.filename === 'factur-x.xml')!;
  expect(Buffer.from(other.content).equals(xml.bytes)).toBe(true);

  const opened = openEinvoice(pdf);
  expect(opened).toMatchObject({ syntax: 'cii', container: 'pdf' });
  expect(opened.xml).toBe(CII.toString('utf8'));
});

/** A UTF-16BE PDF text string with its byte order mark, as a hex string. */
const utf16 = (s: string) => `<FEFF${Buffer.from(s, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

/** A hand-made PDF 1.5: objects 2–5 in a compressed object stream, the rest plain, then an incremental update. */
function packedPdf(oldXml: Buffer, newXml: Buffer): Buffer {
  const packed: Array<[number, string]> = [
    [2, '<< /Type /Catalog /Pages 3 0 R /Names << /EmbeddedFiles 4 0 R >> >>'],
    [3, '<< /Type /Pages /Kids [] /Count 0 >>'],
    [4, '<< /Kids [ 6 0 R ] >>'],
    [5, `<< /Type /Filespec /F (factur-x.xml) /UF ${utf16('factur-x.xml')} /EF << /F 8 0 R /UF 8 0 R >> /AFRelationship /Alternative >>`],
  ];
  let offsets = '';
  let body = '';
  for (const [num, text] of packed) {
    offsets += `${num} ${body.length} `;
    body += `${text}\n`;
  }
  const objstm = deflateSync(Buffer.from(offsets + body, 'latin1'));
  const first = Buffer.byteLength(offsets, 'latin1');
  const oldStream = deflateSync(oldXml);
  const newStream = deflateSync(newXml);
  const parts: Buffer[] = [
    Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
    Buffer.from(`1 0 obj\n<< /Type /ObjStm /N ${packed.length} /First ${first} /Filter /FlateDecode /Length ${objstm.length} >>\nstream\n`, 'latin1'),
    objstm,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
    // a name tree leaf whose key is UTF-16 and whose value is the file specification in the object stream
    Buffer.from(`6 0 obj\n<< /Limits [ ${utf16('factur-x.xml')} ${utf16('factur-x.xml')} ] /Names [ ${utf16('factur-x.xml')} 5 0 R ] >>\nendobj\n`, 'latin1'),
    // the first version of the attachment, its /Length an indirect object defined after it
    Buffer.from('8 0 obj\n<< /Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode /Length 9 0 R >>\nstream\n', 'latin1'),
    oldStream,
    Buffer.from(`\nendstream\nendobj\n9 0 obj\n${oldStream.length}\nendobj\n`, 'latin1'),
    Buffer.from('trailer\n<< /Root 2 0 R /Size 10 >>\n%%EOF\n', 'latin1'),
    // an incremental update replacing the attachment (an object header in binary data must not confuse the reader)
    Buffer.from(`8 0 obj\n<< /Type /EmbeddedFile /Filter [ /FlateDecode ] /Length ${newStream.length} >>\nstream\n`, 'latin1'),
    newStream,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 2 0 R /Size 10 /Prev 0 >>\n%%EOF\n', 'latin1'),
  ];
  return Buffer.concat(parts);
}

test('objects in a compressed object stream, a name tree with kids, a UTF-16 name and an update: the newest file', () => {
  const old = Buffer.from('<old/>');
  const files = pdfAttachments(packedPdf(old, CII));
  expect(files).toHaveLength(1);
  expect(files[0]!.name).toBe('factur-x.xml');
  expect(files[0]!.bytes.equals(CII)).toBe(true);
});

test('an encrypted PDF and a file that is no PDF are refused with their reasons', async () => {
  const pdf = await pdfkitWith([{ name: 'factur-x.xml', bytes: CII }]);
  const encrypted = Buffer.concat([pdf, Buffer.from('\ntrailer\n<< /Root 1 0 R /Encrypt 99 0 R >>\n%%EOF\n', 'latin1')]);
  expect(() => pdfAttachments(encrypted)).toThrow(PdfReadError);
  try {
    pdfAttachments(encrypted);
  } catch (e) {
    expect((e as PdfReadError).reason).toBe('encrypted');
  }
  expect(() => pdfAttachments(CII)).toThrow(/not a PDF/);
  // a PDF with no attachments has none
  expect(pdfAttachments(await pdfkitWith([]))).toEqual([]);
});
