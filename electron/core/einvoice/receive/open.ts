// From a received file's bytes to the e-invoice inside: an XML file is the invoice itself, a PDF (Factur-X /
// ZUGFeRD / a PDF carrying an XRechnung) holds it as an embedded file. Which syntax it is follows from the root
// element's namespace and name, never from the file's name. What is not an e-invoice is an OpenError with a reason
// the interface can put into words.
import { pdfAttachments, PdfReadError } from './pdf-attachments';
import type { EinvoiceSyntax } from './received';
import { NS, parseXml, type XmlElement } from './xml';

export type OpenFailure = 'not_xml' | 'doctype' | 'unknown_root' | 'pdf_unreadable' | 'pdf_encrypted' | 'pdf_without_einvoice';

export class OpenError extends Error {
  constructor(
    readonly reason: OpenFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface OpenedEinvoice {
  syntax: EinvoiceSyntax;
  /** the XML document as text (what the rules check) */
  xml: string;
  root: XmlElement;
  /** the file as received: the XML itself, or the PDF it came in */
  container: 'xml' | 'pdf';
  content_type: 'application/xml' | 'application/pdf';
}

/** The names Factur-X, ZUGFeRD (1 and 2, any case) and XRechnung give the embedded invoice, in order of preference. */
const EMBEDDED_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

/** The text of an XML file: UTF-8 (EN 16931's encoding), or UTF-16 when it starts with that byte order mark. */
function xmlText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function syntaxOf(root: XmlElement): EinvoiceSyntax | null {
  if ((root.namespaceURI === NS.ublInvoice && root.localName === 'Invoice') || (root.namespaceURI === NS.ublCreditNote && root.localName === 'CreditNote')) {
    return 'ubl';
  }
  if (root.namespaceURI === NS.rsm && root.localName === 'CrossIndustryInvoice') return 'cii';
  return null;
}

function tryParse(text: string): XmlElement | null {
  if (!/^\s*</.test(text)) return null;
  try {
    return parseXml(text);
  } catch {
    return null;
  }
}

function openXml(bytes: Buffer): Omit<OpenedEinvoice, 'container' | 'content_type'> {
  const xml = xmlText(bytes);
  // No e-invoice has a DTD, and a DTD's entities are how an XML file is made to swell in a parser's memory: refused
  // before any parser (the rules' included) sees it.
  if (/<!DOCTYPE/i.test(xml)) throw new OpenError('doctype', 'The XML declares a DTD (<!DOCTYPE …>), which no e-invoice has');
  const root = tryParse(xml);
  if (!root) throw new OpenError('not_xml', 'The file is neither XML nor a PDF');
  const syntax = syntaxOf(root);
  if (!syntax) {
    throw new OpenError(
      'unknown_root',
      `The XML is not an e-invoice: its root element is {${root.namespaceURI ?? ''}}${root.localName}, not a UBL Invoice or CreditNote or a CII CrossIndustryInvoice`,
    );
  }
  return { syntax, xml, root };
}

function openPdf(bytes: Buffer): Omit<OpenedEinvoice, 'container' | 'content_type'> {
  let files;
  try {
    files = pdfAttachments(bytes);
  } catch (e) {
    if (e instanceof PdfReadError && e.reason === 'encrypted') throw new OpenError('pdf_encrypted', e.message);
    throw new OpenError('pdf_unreadable', `The PDF cannot be read: ${(e as Error).message}`);
  }
  const rank = (name: string) => {
    const i = EMBEDDED_NAMES.indexOf(name.toLowerCase());
    return i < 0 ? EMBEDDED_NAMES.length : i;
  };
  // the named invoice first, then any other embedded XML that turns out to be one
  let other: { name: string; root: XmlElement } | null = null;
  for (const f of [...files].sort((a, b) => rank(a.name) - rank(b.name))) {
    const xml = xmlText(f.bytes);
    if (/<!DOCTYPE/i.test(xml)) continue;
    const root = tryParse(xml);
    const syntax = root && syntaxOf(root);
    if (root && syntax) return { syntax, xml, root };
    if (root && !other && rank(f.name) < EMBEDDED_NAMES.length) other = { name: f.name, root };
  }
  // an invoice under a known name but of another standard (ZUGFeRD 1's CrossIndustryDocument predates EN 16931)
  if (other) {
    throw new OpenError(
      'unknown_root',
      `The PDF's ${other.name} is not an EN 16931 invoice: its root element is {${other.root.namespaceURI ?? ''}}${other.root.localName} (ZUGFeRD 1 and other older forms are not read)`,
    );
  }
  throw new OpenError('pdf_without_einvoice', 'The PDF carries no e-invoice (no embedded factur-x.xml, zugferd-invoice.xml or xrechnung.xml)');
}

export function openEinvoice(bytes: Buffer): OpenedEinvoice {
  // readers accept a PDF header within the first kilobyte (some writers put bytes before it)
  if (bytes.toString('latin1', 0, 1024).includes('%PDF-')) return { ...openPdf(bytes), container: 'pdf', content_type: 'application/pdf' };
  return { ...openXml(bytes), container: 'xml', content_type: 'application/xml' };
}
