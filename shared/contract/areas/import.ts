// Operations of the import area: bringing clients and products over from the program used until now, as CSV.
// The file travels with every call (base64), so each step reads it afresh and nothing is kept between calls: analyze
// reads the file's shape and proposes a mapping, preview shows what would be stored, run stores it all or nothing.
import { z } from 'zod';
import type { FieldError } from '../../errors';
import { op } from '../define';

export const IMPORT_KINDS = ['clients', 'products'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_ENCODINGS = ['utf-8', 'windows-1250'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

export const IMPORT_SEPARATORS = [';', ',', '\t'] as const;
export type ImportSeparator = (typeof IMPORT_SEPARATORS)[number];

/** The largest file Folio reads, in bytes (a 20 MB export holds a couple of hundred thousand clients). */
export const IMPORT_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** The HTTP body an import call may have: the file in base64 (4/3 of its size) and the rest of the input. */
export const IMPORT_MAX_BODY_BYTES = Math.ceil((IMPORT_MAX_FILE_BYTES * 4) / 3) + 1024 * 1024;

/** What a column of the file may hold for a client: the client's fields, the address as parts or as one line. */
export const CLIENT_IMPORT_FIELDS = [
  'name',
  'tax_type',
  'taxcode',
  'eu_taxcode',
  'email',
  'phone',
  'postcode',
  'city',
  'address',
  'street_name',
  'street_type',
  'house_nr',
  'country',
  'bank_account_no',
  'iban',
  'swift',
  'fokonyv_szam',
  'due_days',
] as const;

export const PRODUCT_IMPORT_FIELDS = ['name', 'price', 'unit', 'vat', 'currency', 'product_code', 'barcode', 'comment'] as const;

export type ClientImportField = (typeof CLIENT_IMPORT_FIELDS)[number];
export type ProductImportField = (typeof PRODUCT_IMPORT_FIELDS)[number];
export type ImportField = ClientImportField | ProductImportField;

/** The fields an import cannot go without: a column must be mapped to each. */
export const REQUIRED_IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  clients: ['name'],
  products: ['name', 'price', 'vat'],
};

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  clients: CLIENT_IMPORT_FIELDS,
  products: PRODUCT_IMPORT_FIELDS,
};

export const DUPLICATE_CHOICES = ['skip', 'merge'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];

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

export interface ImportAnalysis {
  kind: ImportKind;
  encoding: ImportEncoding;
  detected_encoding: ImportEncoding;
  separator: ImportSeparator;
  detected_separator: ImportSeparator;
  headers: string[];
  /** the first rows of the file, as text */
  sample: string[][];
  /** data rows (the header not counted) */
  row_count: number;
  /** the proposed mapping: Folio field → column index */
  mapping: Partial<Record<ImportField, number>>;
  /** whether the proposal comes (at least in part) from the mapping remembered from the last import of this kind */
  remembered: boolean;
}

export type ImportAction = 'create' | 'merge' | 'skip' | 'error';

export interface ImportDuplicate {
  /** an existing client or product, or an earlier row of the file */
  of: 'existing' | 'file';
  id?: number;
  /** the earlier row's number, when a duplicate within the file */
  row?: number;
  name: string;
}

export interface ImportPreviewRow {
  /** the row's number as a spreadsheet shows it (the header is row 1) */
  row: number;
  /** the values as they will be stored, by Folio field */
  values: Partial<Record<ImportField, string>>;
  /** what is wrong, by Folio field (the core's own validation) */
  errors: FieldError[];
  duplicate: ImportDuplicate | null;
  action: ImportAction;
}

export interface ImportCounts {
  rows: number;
  create: number;
  merge: number;
  skip: number;
  errors: number;
  duplicates: number;
}

export interface ImportPreview {
  counts: ImportCounts;
  /** the first rows, and every row with an error or a duplicate (up to a thousand), in file order */
  rows: ImportPreviewRow[];
}

export interface ImportResult {
  created: number;
  merged: number;
  /** duplicates left out */
  skipped: number;
  /** rows with errors left out (only with skip_errors) */
  excluded: number;
}

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
