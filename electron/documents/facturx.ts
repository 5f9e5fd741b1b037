// Factur-X (= ZUGFeRD 2.x), EN 16931 profile: the invoice's own PDF, made a PDF/A-3b, with the invoice's CII XML
// embedded as "factur-x.xml". A person reads the PDF, a program reads the XML, and both are one file.
//
// What makes the file a Factur-X, and who provides it:
//   - PDF/A-3b (PDF 1.7): pdfkit's `subset` option writes the pdfaid identification into the XMP metadata and an
//     sRGB output intent (its ICC profile is read from pdfkit's data folder; the builds copy it beside the bundle).
//     Fonts are already embedded subsets (FontFile2), as in every Folio PDF.
//   - the XML: an embedded file with MIME type text/xml, named in the catalog's EmbeddedFiles and /AF, with
//     /AFRelationship /Alternative — the XML is an equivalent form of what the PDF shows (the EN 16931 profile);
//   - the XMP names the Factur-X document, its file name, version and conformance level, and, because PDF/A allows
//     only schemas it knows or that describe themselves, the description of the fx schema (pdfaExtension).
// The CII XML itself comes from electron/core/einvoice (checked against the EN 16931 rules there); this module
// only packs it.
import type { InvoiceAttributes } from '../../shared/resources';
import { renderDocDefinition, type PdfkitDocument } from './engine';
import { invoiceDocDefinition } from './layout';
import type { RenderOptions } from './render';

export const FACTURX_FILE_NAME = 'factur-x.xml';
/** The conformance level this module declares; the embedded CII must follow the EN 16931 profile (urn:cen.eu:en16931:2017). */
export const FACTURX_CONFORMANCE = 'EN 16931';
const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The parts of pdfkit's document used here (pdfkit 0.19: AttachmentsMixin.file, MetadataMixin). */
interface PdfaDocument {
  file(src: Buffer, options: FileOptions): unknown;
  appendXML(xml: string, newline?: boolean): void;
  info: Record<string, unknown>;
  endMetadata(): void;
  subset?: number;
}

interface FileOptions {
  name: string;
  type: string;
  relationship: 'Alternative' | 'Data' | 'Source';
  description: string;
  creationDate: Date;
  modifiedDate: Date;
}

/** Renders the invoice as a Factur-X PDF carrying `ciiXml`. */
export async function renderFacturX(invoice: InvoiceAttributes, ciiXml: string, opts: RenderOptions = {}): Promise<Buffer> {
  if (!/<(\w+:)?CrossIndustryInvoice[\s>]/.test(ciiXml)) throw new Error('Factur-X carries a CII invoice (rsm:CrossIndustryInvoice)');
  const def = invoiceDocDefinition(invoice, opts);
  def.version = '1.7';
  def.subset = 'PDF/A-3b';
  const created = def.info?.creationDate instanceof Date ? def.info.creationDate : new Date(0);
  return renderDocDefinition(def, (doc) => embed(asPdfa(doc), Buffer.from(ciiXml, 'utf8'), created));
}

function asPdfa(doc: PdfkitDocument): PdfaDocument {
  const d = doc as unknown as Partial<PdfaDocument>;
  // A pdfkit update that renamed these would otherwise produce a PDF without its XML or with broken metadata.
  if (typeof d.file !== 'function' || typeof d.appendXML !== 'function' || typeof d.endMetadata !== 'function' || !d.info) {
    throw new Error('Factur-X: this pdfkit lacks file(), appendXML() or endMetadata()');
  }
  if (d.subset !== 3) throw new Error('Factur-X: pdfkit did not take up the PDF/A-3 subset');
  return d as PdfaDocument;
}

function embed(doc: PdfaDocument, xml: Buffer, created: Date): void {
  doc.file(xml, {
    name: FACTURX_FILE_NAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X invoice (EN 16931, UN/CEFACT CII)',
    // the invoice's own timestamp, as for the PDF: the same invoice renders the same bytes
    creationDate: created,
    modifiedDate: created,
  });
  doc.appendXML(facturxXmp());
  escapeInfoInXmp(doc);
}

/** The fx properties and the extension schema that describes them to a PDF/A reader. */
function facturxXmp(): string {
  const property = (name: string, description: string) =>
    `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name>` +
    `<pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category>` +
    `<pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;
  return [
    '<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"',
    ' xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">',
    '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">',
    '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>',
    `<pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>`,
    '<pdfaSchema:prefix>fx</pdfaSchema:prefix>',
    '<pdfaSchema:property><rdf:Seq>',
    property('DocumentFileName', 'The name of the embedded XML document'),
    property('DocumentType', 'The type of the hybrid document: INVOICE'),
    property('Version', 'The version of the Factur-X XML schema'),
    property('ConformanceLevel', 'The Factur-X profile the embedded XML follows'),
    '</rdf:Seq></pdfaSchema:property>',
    '</rdf:li></rdf:Bag></pdfaExtension:schemas>',
    '</rdf:Description>',
    `<rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">`,
    '<fx:DocumentType>INVOICE</fx:DocumentType>',
    `<fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>`,
    '<fx:Version>1.0</fx:Version>',
    `<fx:ConformanceLevel>${FACTURX_CONFORMANCE}</fx:ConformanceLevel>`,
    '</rdf:Description>',
  ].join('\n');
}

/**
 * pdfkit copies the title, author and subject into the XMP as they are; a seller named "Kiss & Fia Kft." would make
 * the metadata malformed XML and the file no PDF/A. The document-information dictionary is written before the
 * metadata, so the XMP alone gets escaped copies (the two still say the same once the XML is read).
 */
function escapeInfoInXmp(doc: PdfaDocument): void {
  const endMetadata = doc.endMetadata;
  doc.endMetadata = function (this: PdfaDocument) {
    const raw = this.info;
    this.info = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? escapeXml(v) : v]));
    try {
      endMetadata.call(this);
    } finally {
      this.info = raw;
    }
  };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
