// What the import needs to know of a kind of record (clients, products): how a row of the file becomes the input of
// its create operation, which schema judges that input (the operation's own), when two records are the same one, and
// how the row is written — through the kind's own row builder.
import type { z } from 'zod';
import type { ImportField } from '../../../shared/contract/areas/import';

export type ImportMapping = Partial<Record<ImportField, number>>;
export type RawInput = Record<string, unknown>;

/** An existing record a row may duplicate. */
export interface ExistingRecord {
  id: number;
  name: string;
  key: string | null;
  /** the record as the create operation's input (for merging the file's values into) */
  input: () => RawInput;
  /** the stored row (the update keeps what the import does not set) */
  row: unknown;
}

export interface KindRules<I> {
  /** the create operation's input schema: the same validation as creating one by hand */
  schema: z.ZodType<I, RawInput>;
  /** the create input a row's cells make; `cell(field)` is the mapped cell's text, trimmed ('' when not mapped) */
  read(cell: (field: ImportField) => string, mapping: ImportMapping): RawInput;
  /** what makes two records the same one; null when this one cannot be matched */
  key(input: I): string | null;
  /** the values as they will be stored, by import field, for the preview */
  values(input: RawInput): Partial<Record<ImportField, string>>;
  /** the import field a schema error's path is about */
  errorField(path: string, mapping: ImportMapping): string;
  /** the stored row of a new record */
  insertValues(input: I, now: string): Record<string, unknown>;
  /** the stored row of an existing record with merged values */
  updateValues(input: I, now: string, existing: ExistingRecord): Record<string, unknown>;
}

/** Drops empty strings and empty objects, so an unmapped or blank cell means "not given". */
export function compact(input: RawInput): RawInput {
  const out: RawInput = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === '' || v === undefined) continue;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const inner = compact(v as RawInput);
      if (Object.keys(inner).length) out[k] = inner;
      continue;
    }
    out[k] = v;
  }
  return out;
}

/** `base` with the non-empty values of `over` written over it, object fields one by one (a merge). */
export function overlay(base: RawInput, over: RawInput): RawInput {
  const out: RawInput = { ...base };
  for (const [k, v] of Object.entries(compact(over))) {
    const b = out[k];
    out[k] = v !== null && typeof v === 'object' && b !== null && typeof b === 'object' ? overlay(b as RawInput, v as RawInput) : v;
  }
  return out;
}

/** Text of a value for the preview ('' for nothing). */
export function shown(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}
