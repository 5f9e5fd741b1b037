// Operations of the import area: bringing clients and products over from the program used until now, as CSV.
// The file travels with every call (base64), so each step reads it afresh and nothing is kept between calls: analyze
// reads the file's shape and proposes a mapping, preview shows what would be stored, run stores it all or nothing.
import { z } from 'zod';
import { op } from '../define';
import {
  DUPLICATE_CHOICES,
  IMPORT_ENCODINGS,
  IMPORT_FIELDS,
  IMPORT_KINDS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_SEPARATORS,
  REQUIRED_IMPORT_FIELDS,
  type ImportAnalysis,
  type ImportKind,
  type ImportPreview,
  type ImportResult,
} from './import-fields';

export * from './import-fields';

// Roughly how many base64 characters the largest file takes; checked before decoding so a huge body is refused early.
const MAX_BASE64_CHARS = Math.ceil(IMPORT_MAX_FILE_BYTES / 3) * 4;

const file = () =>
  z
    .string({ error: 'must be the file, base64-encoded' })
    .min(1, 'is empty')
    .refine((s) => s.length <= MAX_BASE64_CHARS, { message: `is larger than ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB` })
    .refine((s) => /^[A-Za-z0-9+/]*={0,2}$/.test(s), { message: 'must be the file, base64-encoded' });

const kind = () => z.enum(IMPORT_KINDS, { error: 'must be clients or products' });
const encoding = () => z.enum(IMPORT_ENCODINGS, { error: 'must be utf-8 or windows-1250' });
const separator = () => z.enum(IMPORT_SEPARATORS, { error: 'must be ";", "," or a tab' });

/** Folio field → the index of the file's column that holds it (fields not imported are left out). */
const mapping = () =>
  z.record(z.string(), z.number().int().min(0).max(10_000), { error: 'must map fields to column numbers' });

export const importAnalyzeInput = z.object({
  kind: kind(),
  file: file(),
  /** the user's choice; detected when absent */
  encoding: encoding().optional(),
  separator: separator().optional(),
});

const planInput = {
  kind: kind(),
  file: file(),
  encoding: encoding(),
  separator: separator(),
  mapping: mapping(),
  duplicates: z.enum(DUPLICATE_CHOICES, { error: 'must be skip or merge' }).default('skip'),
};

/** Each field of the kind at most once, each column to one field, and a column for every field it cannot go without. */
function checkMapping(input: { kind: ImportKind; mapping: Record<string, number> }, ctx: z.RefinementCtx): void {
  const known = IMPORT_FIELDS[input.kind] as readonly string[];
  const seen = new Map<number, string>();
  for (const [field, column] of Object.entries(input.mapping)) {
    if (!known.includes(field)) {
      ctx.addIssue({ code: 'custom', path: ['mapping', field], message: `is not a field of ${input.kind}` });
      continue;
    }
    const other = seen.get(column);
    if (other !== undefined) ctx.addIssue({ code: 'custom', path: ['mapping', field], message: `uses the same column as ${other}` });
    seen.set(column, field);
  }
  for (const field of REQUIRED_IMPORT_FIELDS[input.kind]) {
    if (input.mapping[field] === undefined) ctx.addIssue({ code: 'custom', path: ['mapping', field], message: 'needs a column of the file' });
  }
}

export const importPreviewInput = z
  .object({
    ...planInput,
    /** how many of the file's first rows to show (rows with errors or duplicates are shown besides) */
    limit: z.number().int().min(1).max(500).default(20),
  })
  .superRefine(checkMapping);

export const importRunInput = z
  .object({
    ...planInput,
    /** leave out the rows with errors and import the rest; otherwise any error stops the whole import */
    skip_errors: z.boolean().default(false),
  })
  .superRefine(checkMapping);

export type ImportPreviewInput = z.output<typeof importPreviewInput>;
export type ImportRunInput = z.output<typeof importRunInput>;

export const importOperations = {
  'import.analyze': op<ImportAnalysis>()({
    name: 'import.analyze',
    summary: "Reads a CSV file's encoding, separator and header, and proposes which column holds which field",
    input: importAnalyzeInput,
  }),
  'import.preview': op<ImportPreview>()({
    name: 'import.preview',
    summary: 'Shows the rows as they would be stored, with each row’s errors and duplicates; changes nothing',
    input: importPreviewInput,
  }),
  'import.run': op<ImportResult>()({
    name: 'import.run',
    summary: 'Imports the file in one transaction: all of it, or (with any error left) nothing',
    input: importRunInput,
  }),
} as const;
