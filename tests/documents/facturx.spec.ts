// The Factur-X PDF read back as a receiving program reads it: the embedded factur-x.xml (pdfjs attachments), the
// XMP metadata with the PDF/A identification and the Factur-X profile (pdfjs metadata, and the raw packet parsed as
// XML), the PDF/A structures in the file itself (/AF, /AFRelationship, /OutputIntents, embedded fonts) — and the
// page text, which must read exactly like the plain PDF's.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderInvoicePdf } from '../../electron/documents';
import { FACTURX_FILE_NAME, renderFacturX } from '../../electron/documents/facturx';
import { eurInvoice, huInvoice } from './fixtures';
import { pdfText } from './pdf-text';

// The documents layer packs whatever CII it is given; an official example stands in for Folio's own XML here
// (tests/api/einvoice-facturx.spec.ts embeds the XML Folio writes and runs the EN 16931 rules on it).
const EXAMPLE_CII = readFileSync(resolve(import.meta.dirname, '../../../shared/reference/en16931/examples/cii/CII_example1.xml'), 'utf8');

interface ReadBack {
  attachments: Record<string, { filename: string; content: Uint8Array; description?: string }>;
  metadata: Map<string, unknown>;
  xmp: string;
  info: Record<string, unknown>;
}

async function readBack(pdf: Uint8Array): Promise<ReadBack> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const attachments = ((await doc.getAttachments()) ?? {}) as ReadBack['attachments'];
    const { info, metadata } = await doc.getMetadata();
    if (!metadata) throw new Error('no XMP metadata');
    return { attachments, metadata: new Map([...metadata] as [string, unknown][]), xmp: metadata.getRaw(), info: info as Record<string, unknown> };
  } finally {
    await doc.destroy();
  }
}

test.describe('Factur-X PDF', () => {
  test('carries factur-x.xml, byte for byte, with its description', async () => {
    const pdf = await renderFacturX(huInvoice(), EXAMPLE_CII);
    const { attachments } = await readBack(pdf);
    expect(Object.keys(attachments)).toEqual([FACTURX_FILE_NAME]);
    const file = attachments[FACTURX_FILE_NAME]!;
    expect(file.filename).toBe('factur-x.xml');
    expect(Buffer.from(file.content).toString('utf8')).toBe(EXAMPLE_CII);
    expect(file.description).toContain('EN 16931');
  });

  test('names PDF/A-3b and the Factur-X EN 16931 profile in its XMP, with the fx extension schema described', async () => {
    const { metadata, xmp, info } = await readBack(await renderFacturX(huInvoice(), EXAMPLE_CII));
    expect(info.PDFFormatVersion).toBe('1.7');
    expect(metadata.get('pdfaid:part')).toBe('3');
    expect(metadata.get('pdfaid:conformance')).toBe('B');
    expect(metadata.get('fx:documenttype')).toBe('INVOICE');
    expect(metadata.get('fx:documentfilename')).toBe('factur-x.xml');
    expect(metadata.get('fx:version')).toBe('1.0');
    expect(metadata.get('fx:conformancelevel')).toBe('EN 16931');

    // The packet itself: well-formed, and the extension schema declares prefix fx for the namespace fx is bound to.
    expect(XMLValidator.validate(xmp)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, removeNSPrefix: false }).parse(xmp);
    const descriptions = [parsed['x:xmpmeta']['rdf:RDF']['rdf:Description']].flat() as Record<string, unknown>[];
    const fxDescription = descriptions.find((d) => 'fx:DocumentType' in d)!;
    const extension = descriptions.find((d) => 'pdfaExtension:schemas' in d) as Record<string, any>;
    const schema = extension['pdfaExtension:schemas']['rdf:Bag']['rdf:li'];
    expect(schema['pdfaSchema:prefix']).toBe('fx');
    expect(schema['pdfaSchema:namespaceURI']).toBe(fxDescription['@_xmlns:fx']);
    expect(schema['pdfaSchema:namespaceURI']).toBe('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
    const declared = (schema['pdfaSchema:property']['rdf:Seq']['rdf:li'] as Record<string, string>[]).map((p) => p['pdfaProperty:name']);
    expect(declared.sort()).toEqual(['ConformanceLevel', 'DocumentFileName', 'DocumentType', 'Version']);
    for (const name of declared) expect(fxDescription).toHaveProperty(`fx:${name}`);
  });

  test('the file holds the PDF/A-3 structures: associated file, output intent, embedded fonts only', async () => {
    const raw = (await renderFacturX(huInvoice(), EXAMPLE_CII)).toString('latin1');
    expect(raw.startsWith('%PDF-1.7\n%\xff\xff\xff\xff')).toBe(true);
    // the file specification: associated with the document, an alternative form of its content, MIME text/xml
    expect(raw).toMatch(/\/Type \/Filespec\s+\/AFRelationship \/Alternative\s+\/F \(factur-x\.xml\)/);
    expect(raw).toMatch(/\/UF \(factur-x\.xml\)/);
    expect(raw).toMatch(/\/Type \/EmbeddedFile\s+\/Params <<[^>]*\/ModDate[^>]*>>\s+\/Subtype \/text#2Fxml/);
    const filespec = /(\d+) 0 obj\s*<<\s*\/Type \/Filespec/.exec(raw)!;
    expect(raw).toContain(`/AF [${filespec[1]} 0 R]`);
    expect(raw).toMatch(new RegExp(`/EmbeddedFiles <<\\s*/Names \\[\\s*\\(factur-x\\.xml\\) ${filespec[1]} 0 R`));
    // the sRGB output intent for PDF/A, with its ICC profile
    expect(raw).toMatch(/\/OutputIntents \[\d+ 0 R\]/);
    expect(raw).toMatch(/\/Type \/OutputIntent\s+\/S \/GTS_PDFA1\s+\/Info \(sRGB IEC61966-2\.1\)/);
    expect(raw).toMatch(/\/DestOutputProfile \d+ 0 R/);
    // every font descriptor has its font program embedded; no unembedded standard font is referenced
    const descriptors = raw.match(/\/Type \/FontDescriptor[\s\S]*?>>/g) ?? [];
    expect(descriptors.length).toBeGreaterThan(0);
    for (const d of descriptors) expect(d).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(raw).not.toMatch(/\/Subtype \/Type1/);
    // the trailer carries the file identifier PDF/A asks for
    expect(raw).toMatch(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/);
  });

  test('reads exactly like the plain PDF, in every language', async () => {
    for (const invoice of [huInvoice(), eurInvoice(), huInvoice({ lang: 'de' }), huInvoice({ lang: 'hu-en' })]) {
      const plain = await pdfText(await renderInvoicePdf(invoice));
      const facturx = await pdfText(await renderFacturX(invoice, EXAMPLE_CII));
      expect(facturx.pages).toEqual(plain.pages);
      expect(facturx.text).toContain(invoice.prefixed_invoice_no ?? invoice.invoice_no ?? '');
    }
  });

  test('a party name with XML characters keeps the metadata well-formed and equal to the document information', async () => {
    const invoice = eurInvoice(); // the client is "Müller & Söhne GmbH – Straßenbau"
    invoice.seller = { ...invoice.seller, name: 'Kiss & Fia <Bt.>' };
    const { metadata, xmp, info } = await readBack(await renderFacturX(invoice, EXAMPLE_CII));
    expect(XMLValidator.validate(xmp)).toBe(true);
    expect(info.Author).toBe('Kiss & Fia <Bt.>');
    expect(metadata.get('dc:creator')).toEqual(['Kiss & Fia <Bt.>']);
    expect(metadata.get('dc:description')).toBe(info.Subject);
    expect(String(info.Subject)).toContain('Müller & Söhne');
    expect(metadata.get('dc:title')).toBe(info.Title);
  });

  test('the same invoice renders the same bytes', async () => {
    const a = await renderFacturX(huInvoice(), EXAMPLE_CII);
    const b = await renderFacturX(huInvoice(), EXAMPLE_CII);
    expect(a.equals(b)).toBe(true);
  });

  test('refuses XML that is not a CII invoice', async () => {
    await expect(renderFacturX(huInvoice(), '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')).rejects.toThrow(/CII/);
  });
});
