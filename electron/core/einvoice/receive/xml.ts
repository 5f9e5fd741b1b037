// Walking a parsed XML document by namespace URI and local name, never by prefix: a supplier may call the UBL
// namespaces cbc/cac, or anything else, or make one the default namespace. Parsed with xmlbuilder2 (a runtime
// dependency), which expands no entities from a DTD, so a file cannot reach outside itself.
import { create } from 'xmlbuilder2';

export const NS = {
  ublInvoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  ublCreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/** The part of the DOM this module reads (xmlbuilder2's DOM implements it). */
export interface XmlElement {
  nodeType: number;
  namespaceURI: string | null;
  localName: string;
  textContent: string | null;
  childNodes: ArrayLike<XmlElement>;
  getAttribute(name: string): string | null;
}

/** A step of a path: a namespace URI and a local name. */
export type Step = readonly [ns: string, name: string];

export function parseXml(text: string): XmlElement {
  const root = create(text).root().node as unknown as XmlElement;
  return root;
}

export function children(el: XmlElement | undefined, step: Step): XmlElement[] {
  if (!el) return [];
  const out: XmlElement[] = [];
  for (let i = 0; i < el.childNodes.length; i++) {
    const c = el.childNodes[i]!;
    if (c.nodeType === 1 && c.localName === step[1] && c.namespaceURI === step[0]) out.push(c);
  }
  return out;
}

/** The first element at the end of the path (each step: the first child that matches). */
export function first(el: XmlElement | undefined, ...path: Step[]): XmlElement | undefined {
  let at = el;
  for (const step of path) {
    at = children(at, step)[0];
    if (!at) return undefined;
  }
  return at;
}

/** Every element at the end of the path, following every match at each step. */
export function all(el: XmlElement | undefined, ...path: Step[]): XmlElement[] {
  let at = el ? [el] : [];
  for (const step of path) at = at.flatMap((e) => children(e, step));
  return at;
}

/** The trimmed text at the path, or null when the element is missing or empty. */
export function text(el: XmlElement | undefined, ...path: Step[]): string | null {
  const t = first(el, ...path)?.textContent?.trim();
  return t ? t : null;
}

/** An identifier element's text and its schemeID, trimmed ("" when no scheme is named); null when empty or missing. */
export function schemedId(el: XmlElement | undefined): { id: string; scheme: string } | null {
  const id = el?.textContent?.trim();
  return id ? { id, scheme: el!.getAttribute('schemeID')?.trim() ?? '' } : null;
}

export const cbc = (name: string): Step => [NS.cbc, name];
export const cac = (name: string): Step => [NS.cac, name];
export const ram = (name: string): Step => [NS.ram, name];
export const rsm = (name: string): Step => [NS.rsm, name];
export const udt = (name: string): Step => [NS.udt, name];
