// An XML document from xmlbuilder2's object notation ({ Root: { '@attr': …, child: …, '#': text } }), written as
// xmlbuilder2's `create({ version: '1.0', encoding: 'UTF-8' }, doc).end({ prettyPrint: true })` writes it, byte for
// byte. xmlbuilder2 builds a DOM first (with its namespace algorithm) and serializes that: ~1 ms per invoice, which a
// year's accountant package pays twice per invoice (NAV XML and e-invoice), ~15 CPU-seconds for 5,000 invoices.
// The documents Folio builds this way use a small part of the notation; that part is written straight to text here.
// Anything else — a character that needs escaping or that xmlbuilder2 would check (&, <, >, quotes, control
// characters, line breaks, surrogates), mixed content, an undeclared prefix, a function, a Map — goes to xmlbuilder2
// itself, so the answer is xmlbuilder2's in every case (tests/unit/object-xml.spec.ts compares the two).
import { create } from 'xmlbuilder2';

type Value = unknown;

/** Text and attribute values written as they are: nothing to escape, nothing xmlbuilder2 would decode or refuse. */
const PLAIN = /^[^&<>"'\u0000-\u001f\u007f-\u009f\ud800-\udfff\ufffe\uffff]*$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*(?::[A-Za-z_][A-Za-z0-9_.-]*)?$/;
const INDENT = '  ';

class NotPlain extends Error {}

/** The document as xmlbuilder2 writes it pretty-printed, with the XML declaration (version 1.0, UTF-8). */
export function objectToXml(doc: Record<string, Value>): string {
  return plainObjectXml(doc) ?? create({ version: '1.0', encoding: 'UTF-8' }, doc).end({ prettyPrint: true });
}

/** The document written here, or null when it is left to xmlbuilder2 (exported for the tests). */
export function plainObjectXml(doc: Record<string, Value>): string | null {
  try {
    return plainXml(doc);
  } catch (e) {
    if (e instanceof NotPlain) return null;
    throw e;
  }
}

function plainXml(doc: Record<string, Value>): string {
  if (!isPlainObject(doc)) throw new NotPlain();
  const keys = Object.keys(doc);
  const root = keys[0];
  if (keys.length !== 1 || root === undefined || !NAME.test(root) || !isPlainObject(doc[root])) throw new NotPlain();
  const body = doc[root] as Record<string, Value>;
  // the namespace prefixes the root declares; a prefixed name without one is left to xmlbuilder2
  const prefixes = new Set<string>();
  for (const key of Object.keys(body)) if (key.startsWith('@xmlns:')) prefixes.add(key.slice('@xmlns:'.length));
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  element(out, root, body, 0, prefixes, true);
  return out.join('\n');
}

function element(out: string[], name: string, value: Value, depth: number, prefixes: Set<string>, isRoot = false): void {
  checkName(name, prefixes, false);
  const pad = INDENT.repeat(depth);
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (Array.isArray(item)) throw new NotPlain();
      element(out, name, item, depth, prefixes);
    }
    return;
  }
  if (!isPlainObject(value)) {
    if (typeof value === 'function' || typeof value === 'object' || typeof value === 'symbol') throw new NotPlain();
    const text = String(value);
    out.push(text === '' ? `${pad}<${name}/>` : `${pad}<${name}>${plain(text)}</${name}>`);
    return;
  }
  const obj = value as Record<string, Value>;
  let attrs = '';
  let text: string | null = null;
  const children: Array<[string, Value]> = [];
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (typeof v === 'function') throw new NotPlain();
    if (key.startsWith('@')) {
      const attr = key.slice(1);
      if (attr === '' || v === null || v === undefined || typeof v === 'object') throw new NotPlain();
      if ((attr === 'xmlns' || attr.startsWith('xmlns:')) && !isRoot) throw new NotPlain();
      checkName(attr, prefixes, true);
      attrs += ` ${attr}="${plain(String(v))}"`;
    } else if (key === '#') {
      if (v === null || v === undefined || typeof v === 'object' || text !== null) throw new NotPlain();
      text = plain(String(v));
      if (text === '') throw new NotPlain();
    } else if (key.startsWith('#') || key.startsWith('!') || key.startsWith('$') || key.startsWith('?')) {
      throw new NotPlain();
    } else {
      // a list of nothing but missing values writes no element, as an empty list (xmlbuilder2 skips each one)
      if (v !== null && v !== undefined && !(Array.isArray(v) && v.every((item) => item === null || item === undefined))) children.push([key, v]);
    }
  }
  if (text !== null) {
    // an element with text and elements both is mixed content, written another way
    if (children.length) throw new NotPlain();
    out.push(`${pad}<${name}${attrs}>${text}</${name}>`);
    return;
  }
  if (!children.length) {
    out.push(`${pad}<${name}${attrs}/>`);
    return;
  }
  out.push(`${pad}<${name}${attrs}>`);
  for (const [key, v] of children) element(out, key, v, depth + 1, prefixes);
  out.push(`${pad}</${name}>`);
}

function checkName(name: string, prefixes: Set<string>, attribute: boolean): void {
  if (!NAME.test(name)) throw new NotPlain();
  const colon = name.indexOf(':');
  if (colon < 0) return;
  const prefix = name.slice(0, colon);
  if (attribute && prefix === 'xmlns') return;
  if (!prefixes.has(prefix)) throw new NotPlain();
}

function plain(text: string): string {
  if (!PLAIN.test(text)) throw new NotPlain();
  return text;
}

function isPlainObject(v: Value): v is Record<string, Value> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
