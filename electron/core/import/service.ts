// Importing clients and products from the CSV export of the program used until now: analyze (the file's shape and a
// proposed mapping), preview (what would be stored, row by row, with errors and duplicates) and run (all of it in one
// write transaction, or nothing). Each call reads the file afresh; the mapping used by a run is remembered per kind.
import { FolioError, invalid } from '../../../shared/errors';
import type {
  ImportAnalysis,
  ImportEncoding,
  ImportField,
  ImportKind,
  ImportPreview,
  ImportPreviewInput,
  ImportResult,
  ImportRunInput,
  ImportSeparator,
} from '../../../shared/contract/areas/import';
import { writeTransaction } from '../../db/transaction';
import type { CoreContext } from '../context';
import { nowStamp } from '../context';
import { parseJson } from '../json';
import type { CsvTable } from './csv-read';
import { mappingToMemory, proposeMapping } from './headers';
import type { ImportMapping } from './kind';
import { planImport, type PlannedRow } from './plan';
import { kinds } from './kinds';
import { saveMapping, withImportTables } from './statements';

const SAMPLE_ROWS = 5;
/** The preview shows at most this many rows (the first ones, then those with errors or duplicates). */
const MAX_PREVIEW_ROWS = 1000;
/** A refused run lists this many rows' errors (the preview shows them all). */
const MAX_LISTED_ERRORS = 100;

interface ReadFile {
  table: CsvTable;
  encoding: ImportEncoding;
  detected_encoding: ImportEncoding;
  separator: ImportSeparator;
  detected_separator: ImportSeparator;
}

/** The CSV reader (csv-parse) is loaded by the first import, not with the core. */
async function readFile(input: { file: string; encoding?: ImportEncoding | undefined; separator?: ImportSeparator | undefined }): Promise<ReadFile> {
  const { decode, detectEncoding, detectSeparator, fileBytes, readTable } = await import('./csv-read');
  const bytes = fileBytes(input.file);
  const detectedEncoding = detectEncoding(bytes);
  const encoding = input.encoding ?? detectedEncoding;
  const text = decode(bytes, encoding);
  const detectedSeparator = detectSeparator(text);
  const separator = input.separator ?? detectedSeparator;
  return { table: readTable(text, separator), encoding, detected_encoding: detectedEncoding, separator, detected_separator: detectedSeparator };
}

function checkColumns(mapping: ImportMapping, table: CsvTable): void {
  for (const [field, column] of Object.entries(mapping)) {
    if (column >= table.headers.length) throw invalid(`mapping.${field}`, 'is not a column of the file');
  }
}

export function createImportService(ctx: CoreContext) {
  const { db } = ctx;

  async function remembered(kind: ImportKind): Promise<Record<string, ImportField> | null> {
    const row = await withImportTables(db).selectFrom('import_mappings').select('columns').where('kind', '=', kind).executeTakeFirst();
    return row ? parseJson<Record<string, ImportField>>(row.columns, {}) : null;
  }

  return {
    async analyze(input: { kind: ImportKind; file: string; encoding?: ImportEncoding | undefined; separator?: ImportSeparator | undefined }): Promise<ImportAnalysis> {
      const read = await readFile(input);
      const { headers, rows } = read.table;
      const { mapping, remembered: fromMemory } = proposeMapping(input.kind, headers, await remembered(input.kind));
      return {
        kind: input.kind,
        encoding: read.encoding,
        detected_encoding: read.detected_encoding,
        separator: read.separator,
        detected_separator: read.detected_separator,
        headers,
        sample: rows.slice(0, SAMPLE_ROWS).map((r) => headers.map((_h, i) => (r.cells[i] ?? '').trim())),
        row_count: rows.length,
        mapping,
        remembered: fromMemory,
      };
    },

    async preview(input: ImportPreviewInput): Promise<ImportPreview> {
      const { table } = await readFile(input);
      checkColumns(input.mapping, table);
      const kind = kinds[input.kind];
      const existing = (await kind.readExisting(db)).map(kind.existing);
      const plan = planImport(kind.rules, table, input.mapping, existing, input.duplicates);
      const shownRows = plan.rows.filter((r, i) => i < input.limit || r.action === 'error' || r.duplicate).slice(0, MAX_PREVIEW_ROWS);
      return {
        counts: countsOf(plan.rows),
        rows: shownRows.map((r) => ({ row: r.row, values: kind.rules.values(r.raw), errors: r.errors, duplicate: r.duplicate, action: r.action })),
      };
    },

    async run(input: ImportRunInput): Promise<ImportResult> {
      const { table } = await readFile(input);
      checkColumns(input.mapping, table);
      const kind = kinds[input.kind];
      const now = nowStamp(ctx);
      // One transaction: the existing records are read, the plan made and every row written inside it, so nothing can
      // slip in between, and any failure (a refused row, a failed write) leaves the database as it was.
      return writeTransaction(db, async (trx) => {
        const existing = (await kind.liveExisting(trx)).map(kind.existing);
        const plan = planImport(kind.rules, table, input.mapping, existing, input.duplicates);
        const failed = plan.rows.filter((r) => r.action === 'error');
        if (failed.length && !input.skip_errors) throw refusal(failed);
        for (const { existing: record, input: values } of plan.targets) {
          if (record) await kind.update(trx, kind.rules.updateValues(values, now, record));
          else await kind.insert(trx, kind.rules.insertValues(values, now));
        }
        await kind.written(trx);
        await saveMapping.run(trx, { kind: input.kind, columns: JSON.stringify(mappingToMemory(table.headers, input.mapping)), updated_at: now });
        const counts = countsOf(plan.rows);
        return { created: counts.create, merged: counts.merge, skipped: counts.skip, excluded: counts.errors };
      });
    },
  };
}

function countsOf(rows: PlannedRow[]) {
  const count = (action: PlannedRow['action']) => rows.filter((r) => r.action === action).length;
  return {
    rows: rows.length,
    create: count('create'),
    merge: count('merge'),
    skip: count('skip'),
    errors: count('error'),
    duplicates: rows.filter((r) => r.duplicate).length,
  };
}

/** A run with rows in error imports nothing: it answers with the rows' errors, each at "rows.<row>.<field>". */
function refusal(failed: PlannedRow[]): FolioError {
  const errors = failed
    .slice(0, MAX_LISTED_ERRORS)
    .flatMap((r) => r.errors.map((e) => ({ field: `rows.${r.row}.${e.field}`, message: e.message })));
  return new FolioError(
    'rule_violation',
    `${failed.length} row(s) of the file have errors, so nothing was imported; correct them, or choose to leave out the rows with errors`,
    errors,
  );
}
