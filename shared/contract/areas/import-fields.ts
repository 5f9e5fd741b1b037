// The import area's fields, choices and answers: plain values and types, free of zod, so the renderer can use them
// (the operations themselves are declared in ./import.ts).
import type { FieldError } from '../../errors';

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
