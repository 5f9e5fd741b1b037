// objectToXml (electron/xml/object-xml.ts) writes what xmlbuilder2 writes, byte for byte: random documents in the
// object notation — namespaces, attributes, arrays, empty and missing values, numbers, and text that needs escaping
// or is refused — each compared with xmlbuilder2's own answer (or its error), over several seeds. And the documents
// Folio builds (plain text) are written by the fast path, not handed back to xmlbuilder2.
import { expect, test } from '@playwright/test';
import { create } from 'xmlbuilder2';
import { objectToXml, plainObjectXml } from '../../electron/xml/object-xml';
import { seedFrom } from '../fault/support/procs';

type Doc = Record<string, unknown>;

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const TEXTS = ['x', 'Fejlesztés', '1270.000', 'Minta Eladó Kft.', 'a & b', '<b>', 'say "hi"', "it's", 'line\nbreak', 'tab\there', '', ' ', '  spaced  ', '\u0001', 'HU', 'árvíztűrő tükörfúrógép', '𝄞', 'a > b'];
const NAMES = ['a', 'b', 'cbc:ID', 'cac:Party', 'common:taxpayerId', 'base:x', 'line', 'Amount', 'undeclared:x'];

function randomDoc(next: () => number, plainOnly: boolean): Doc {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const text = () => (plainOnly ? pick(TEXTS.slice(0, 4)) : pick(TEXTS));
  const name = () => (plainOnly ? pick(NAMES.slice(0, 8)) : pick(NAMES));
  const value = (depth: number): unknown => {
    const r = next();
    if (r < 0.3 || depth > 3) return text();
    if (r < 0.35) return plainOnly ? 7 : pick([null, undefined, 0, 12.5, true, false]);
    if (r < 0.45) return Array.from({ length: Math.floor(next() * 3) }, () => value(depth + 1));
    if (r < 0.5) return {};
    const obj: Doc = {};
    const n = 1 + Math.floor(next() * 4);
    for (let i = 0; i < n; i++) {
      const k = next();
      if (k < 0.15) obj[`@${pick(['id', 'currencyID', 'schemeID', 'unitCode'])}`] = text();
      else if (k < 0.22 && !Object.keys(obj).some((key) => !key.startsWith('@'))) obj['#'] = text();
      else if (!plainOnly || !('#' in obj)) obj[name()] = value(depth + 1);
    }
    return obj;
  };
  const root: Doc = { '@xmlns': 'urn:a', '@xmlns:cbc': 'urn:cbc', '@xmlns:cac': 'urn:cac', '@xmlns:common': 'urn:common', '@xmlns:base': 'urn:base' };
  for (let i = 0; i < 1 + Math.floor(next() * 6); i++) root[name()] = value(0);
  return { Root: root };
}

function xmlbuilder2(doc: Doc): string {
  return create({ version: '1.0', encoding: 'UTF-8' }, doc).end({ prettyPrint: true });
}

function outcome(f: () => string): { xml?: string; error?: string } {
  try {
    return { xml: f() };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

for (const offset of [0, 1, 2]) {
  test(`random documents are written as xmlbuilder2 writes them (seed set ${offset})`, () => {
    const seed = seedFrom('FOLIO_OBJECT_XML_SEED') + offset;
    const next = rng(seed);
    let fast = 0;
    let plain = 0;
    for (let i = 0; i < 400; i++) {
      const doc = randomDoc(next, i % 2 === 0);
      if (i % 2 === 0) plain++;
      const expected = outcome(() => xmlbuilder2(doc));
      expect(outcome(() => objectToXml(doc)), `seed ${seed}, document ${i}: ${JSON.stringify(doc)}`).toEqual(expected);
      if (plainObjectXml(doc) !== null) fast++;
    }
    // every plain document takes the fast path
    expect(fast, `seed ${seed}`).toBeGreaterThanOrEqual(plain);
  });
}

test('an invoice-shaped document takes the fast path, and characters to escape go to xmlbuilder2', () => {
  const doc = (name: string): Doc => ({
    Invoice: {
      '@xmlns': 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
      '@xmlns:cac': 'urn:cac',
      '@xmlns:cbc': 'urn:cbc',
      'cbc:ID': 'A-2026-000001',
      'cbc:Note': undefined,
      'cac:AccountingCustomerParty': { 'cac:Party': { 'cac:PartyName': { 'cbc:Name': name } } },
      'cac:InvoiceLine': [1, 2].map((n) => ({ 'cbc:ID': n, 'cbc:InvoicedQuantity': { '@unitCode': 'C62', '#': '1' }, 'cbc:Extra': [] })),
      'cac:Empty': {},
    },
  });
  const plain = doc('Alfa Kft.');
  expect(plainObjectXml(plain)).toBe(xmlbuilder2(plain));
  const escaped = doc('Alfa & Társa <Kft.>');
  expect(plainObjectXml(escaped)).toBeNull();
  expect(objectToXml(escaped)).toBe(xmlbuilder2(escaped));
  expect(objectToXml(escaped)).toContain('Alfa &amp; Társa &lt;Kft.&gt;');
});
