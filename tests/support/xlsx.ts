// Reads an XLSX workbook back for the tests: its sheets by name, each as rows of cell values (numbers as numbers,
// text as text). Only what Folio's export writes: shared or inline strings and plain numbers.
import { XMLParser } from 'fast-xml-parser';
import { unzip } from '../backup/unzip';

type Row = Array<string | number | null>;

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, parseAttributeValue: false, isArray: (name) => ['sheet', 'row', 'c', 'si', 'Relationship', 'r'].includes(name) });

const textOf = (node: unknown): string => {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  const n = node as { t?: unknown; r?: Array<{ t?: unknown }> };
  if (n.t !== undefined) return typeof n.t === 'object' ? String((n.t as { '#text'?: unknown })['#text'] ?? '') : String(n.t);
  return (n.r ?? []).map((r) => textOf(r)).join('');
};

/** Column letters of a cell reference ("AB12" → 27, zero-based). */
const columnOf = (ref: string) => [...ref.replace(/\d+$/, '')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

export function readXlsx(file: Buffer): Map<string, Row[]> {
  const entries = unzip(file);
  const xml = (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw new Error(`no ${name} in the workbook; it has ${[...entries.keys()].join(', ')}`);
    return parser.parse(entry.toString('utf8'));
  };
  const shared: string[] = entries.has('xl/sharedStrings.xml') ? (xml('xl/sharedStrings.xml').sst.si ?? []).map(textOf) : [];
  const rels = new Map<string, string>(
    (xml('xl/_rels/workbook.xml.rels').Relationships.Relationship as Array<Record<string, string>>).map((r) => [r['@Id']!, r['@Target']!]),
  );
  const out = new Map<string, Row[]>();
  for (const sheet of xml('xl/workbook.xml').workbook.sheets.sheet as Array<Record<string, string>>) {
    const target = rels.get(sheet['@r:id']!)!.replace(/^\/?(xl\/)?/, 'xl/');
    const rows: Row[] = [];
    for (const row of (xml(target).worksheet.sheetData?.row ?? []) as Array<{ c?: Array<Record<string, unknown>> }>) {
      const cells: Row = [];
      for (const c of row.c ?? []) {
        const i = columnOf(String(c['@r']));
        const type = c['@t'];
        const v = c.v as string | number | undefined;
        cells[i] = type === 's' ? shared[Number(v)]! : type === 'inlineStr' ? textOf(c.is) : type === 'str' ? String(v ?? '') : v === undefined ? null : Number(v);
      }
      rows.push(Array.from(cells, (x) => (x === undefined ? null : x)));
    }
    out.set(sheet['@name']!, rows);
  }
  return out;
}
