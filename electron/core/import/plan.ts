// The plan of an import, the same for the preview and for the run: each row of the file read into the kind's create
// input and judged by the create operation's own schema; duplicates found against the existing records and the
// earlier rows of the file, then skipped or merged as the user chose.
import type { FieldError } from '../../../shared/errors';
import { fieldErrors } from '../../../shared/contract/validate';
import type { DuplicateChoice, ImportAction, ImportDuplicate, ImportField } from '../../../shared/contract/areas/import';
import type { CsvTable } from './csv-read';
import { overlay, type ExistingRecord, type ImportMapping, type KindRules, type RawInput } from './kind';

export interface PlannedRow {
  row: number;
  raw: RawInput;
  errors: FieldError[];
  duplicate: ImportDuplicate | null;
  action: ImportAction;
}

/** One record the import writes: a new one (first seen at a row of the file) or an existing one merged into. */
export interface Target<I> {
  existing: ExistingRecord | null;
  /** the row that creates it, for a new record */
  row: number | null;
  name: string;
  input: I | null;
  /** whether the import changes it (a new record, or an existing one a row was merged into) */
  touched: boolean;
}

export interface Plan<I> {
  rows: PlannedRow[];
  /** what to write, new records in the order of their rows */
  targets: Array<Target<I>>;
}

export function planImport<I>(
  rules: KindRules<I>,
  table: CsvTable,
  mapping: ImportMapping,
  existing: ExistingRecord[],
  duplicates: DuplicateChoice,
): Plan<I> {
  const byKey = new Map<string, Target<I>>();
  for (const record of existing) {
    if (record.key !== null && !byKey.has(record.key)) byKey.set(record.key, { existing: record, row: null, name: record.name, input: null, touched: false });
  }
  const created: Array<Target<I>> = [];
  const rows: PlannedRow[] = [];

  const judge = (raw: RawInput) => {
    const parsed = rules.schema.safeParse(raw);
    if (parsed.success) return { input: parsed.data, errors: [] as FieldError[] };
    const errors = fieldErrors(parsed.error, raw).map((e) => ({ field: rules.errorField(e.field, mapping), message: e.message }));
    return { input: null, errors };
  };

  for (const { row, cells } of table.rows) {
    const cell = (field: ImportField) => {
      const column = mapping[field];
      return column === undefined ? '' : (cells[column] ?? '').trim();
    };
    const raw = rules.read(cell, mapping);
    const { input, errors } = judge(raw);
    if (!input) {
      rows.push({ row, raw, errors, duplicate: null, action: 'error' });
      continue;
    }
    const key = rules.key(input);
    const target = key === null ? undefined : byKey.get(key);
    if (!target) {
      const fresh: Target<I> = { existing: null, row, name: String(raw.name ?? ''), input, touched: true };
      if (key !== null) byKey.set(key, fresh);
      created.push(fresh);
      rows.push({ row, raw, errors: [], duplicate: null, action: 'create' });
      continue;
    }
    const duplicate: ImportDuplicate = target.existing
      ? { of: 'existing', id: target.existing.id, name: target.name }
      : { of: 'file', row: target.row!, name: target.name };
    if (duplicates === 'skip') {
      rows.push({ row, raw, errors: [], duplicate, action: 'skip' });
      continue;
    }
    // merge: the record so far, with this row's non-empty values over it, judged again as a whole
    const base = target.input ? (target.input as RawInput) : target.existing!.input();
    const merged = judge(overlay(base, raw));
    if (!merged.input) {
      rows.push({ row, raw, errors: merged.errors, duplicate, action: 'error' });
      continue;
    }
    target.input = merged.input;
    target.touched = true;
    rows.push({ row, raw: overlay(base, raw), errors: [], duplicate, action: 'merge' });
  }
  const merged = [...byKey.values()].filter((t) => t.existing && t.touched);
  return { rows, targets: [...created, ...merged] };
}
