// Operations of the bank statement area (issue 18): importing a statement file (camt.053, MT940, CSV) for one of the
// business's bank accounts, the entries with the invoices they seem to pay, confirming (through invoices.pay),
// undoing and setting aside an entry, the CSV mapping kept per account, and the receivables of the dashboard.
import { z } from 'zod';
import { get, op, post, put } from '../define';
import { bool, id, int, text } from '../fields';
import {
  BANK_CSV_ENCODINGS,
  BANK_CSV_SEPARATORS,
  BANK_ENTRY_STATES,
  BANK_STATEMENT_FORMATS,
  BANK_STATEMENT_MAX_BYTES,
  type BankCsvMapping,
  type BankEntry,
  type BankEntryPage,
  type BankImportResult,
  type BankStatementPreview,
  type BankStatementSummary,
  type Receivables,
} from './bank-types';

export * from './bank-types';

/** Content types a statement file may be sent as, as the whole body of POST /bank-statements. */
const STATEMENT_CONTENT_TYPES = [
  'application/xml',
  'text/xml',
  'text/csv',
  'text/plain',
  'application/octet-stream',
  // netbank spreadsheets (issue 37)
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
] as const;
const MAX_BASE64_CHARS = Math.ceil(BANK_STATEMENT_MAX_BYTES / 3) * 4;
/** The largest request body a statement import takes (its file, base64, and the rest). */
export const BANK_STATEMENT_MAX_BODY_BYTES = MAX_BASE64_CHARS + 64 * 1024;

const file = () =>
  z
    .string({ error: 'must be the statement file, base64-encoded' })
    .min(1, 'is empty')
    .refine((s) => s.length <= MAX_BASE64_CHARS, { message: `is larger than ${BANK_STATEMENT_MAX_BYTES / 1024 / 1024} MB` })
    .refine((s) => /^[A-Za-z0-9+/]*={0,2}$/.test(s), { message: 'must be the statement file, base64-encoded' });

const header = () => text(200).transform((s) => s.trim()).refine((s) => s.length > 0, { message: 'is required' });

const csvColumns = z.object({
  booking_date: header(),
  value_date: header().optional(),
  amount: header().optional(),
  credit: header().optional(),
  debit: header().optional(),
  currency: header().optional(),
  counterparty_name: header().optional(),
  counterparty_iban: header().optional(),
  remittance: z.union([header(), z.array(header()).max(5)]).transform((v) => ([] as string[]).concat(v)).optional(),
  reference: header().optional(),
  account: header().optional(),
  state: header().optional(),
  fee: header().optional(),
  direction: header().optional(),
}, { error: 'must name the file’s columns' });

export const bankCsvMappingInput = z
  .object({
    encoding: z.enum(BANK_CSV_ENCODINGS, { error: 'must be utf-8, windows-1250 or cp852' }).optional(),
    separator: z.enum(BANK_CSV_SEPARATORS, { error: 'must be ";", "," or a tab' }).optional(),
    columns: csvColumns,
  })
  .superRefine((m, ctx) => {
    if (!m.columns.amount && !m.columns.credit && !m.columns.debit) {
      ctx.addIssue({ code: 'custom', path: ['columns', 'amount'], message: 'needs a column (or credit and debit columns)' });
    }
  });

export const bankImportInput = z.object({
  account_id: id(),
  file: file(),
  file_name: text(255).optional(),
  format: z.enum(BANK_STATEMENT_FORMATS, { error: 'must be auto, camt053, mt940, csv or xlsx' }).default('auto'),
  /** for a CSV file: the columns (saved for the account); the account's saved mapping, or the header's words, otherwise */
  csv: bankCsvMappingInput.optional(),
  /** the file also holds statements of accounts the business does not have: leave them out (the user confirmed) */
  skip_unknown_accounts: bool().default(false),
  /** a statement whose entries do not add up to its closing balance is imported as it is, the difference noted */
  accept_difference: bool().default(false),
});
export type BankImportInput = z.output<typeof bankImportInput>;

export const bankPreviewInput = z.object({
  account_id: id(),
  file: file(),
  csv: bankCsvMappingInput.optional(),
});

export const bankEntriesInput = z.object({
  account_id: id().optional(),
  state: z.enum(BANK_ENTRY_STATES, { error: 'must be open, matched, ignored or all' }).default('open'),
  direction: z.enum(['credit', 'debit'], { error: 'must be credit or debit' }).optional(),
  page: int({ min: 1, max: 1_000_000 }).default(1),
  max_per_page: int({ min: 1, max: 2000 }).default(100),
});
export type BankEntriesInput = z.output<typeof bankEntriesInput>;

export const bankConfirmInput = z.object({
  id: id(),
  /** the invoices to settle, in order; the suggestion's when left out */
  invoice_ids: z.array(id(), { error: 'must be a list of invoice ids' }).min(1).max(50).optional(),
  /** for a debit: the unpaid expense it pays; the suggestion's when left out */
  expense_id: id().optional(),
});
export type BankConfirmInput = z.output<typeof bankConfirmInput>;

export const bankOperations = {
  'bankStatements.import': op<BankImportResult>()({
    name: 'bankStatements.import',
    summary: 'Imports a bank statement (camt.053, MT940, CSV or XLSX) into a bank account (or the accounts it names): each entry once, all or nothing',
    input: bankImportInput,
    // the statement file as the body (account_id and the rest in the query), or JSON with the file base64-encoded
    http: { ...post('/bank-statements', 'data', 'bank_statement'), fileBody: { field: 'file', types: STATEMENT_CONTENT_TYPES } },
  }),
  'bankStatements.preview': op<BankStatementPreview>()({
    name: 'bankStatements.preview',
    summary: "The first rows of a CSV or spreadsheet statement with its header found, for choosing the file's columns",
    input: bankPreviewInput,
    http: post('/bank-statements/preview', 'data', 'bank_statement_preview'),
  }),
  'bankStatements.list': op<BankStatementSummary[]>()({
    name: 'bankStatements.list',
    summary: 'The statements imported, newest first',
    input: z.object({ account_id: id().optional() }),
    http: get('/bank-statements', 'data', 'bank_statements'),
  }),
  'bankStatements.csvMapping': op<{ mapping: BankCsvMapping | null }>()({
    name: 'bankStatements.csvMapping',
    summary: "A bank account's saved CSV column mapping",
    input: z.object({ id: id() }),
    http: get('/bank_accounts/:id/csv-mapping', 'data', 'bank_csv_mapping'),
  }),
  'bankStatements.saveCsvMapping': op<{ mapping: BankCsvMapping }>()({
    name: 'bankStatements.saveCsvMapping',
    summary: "Saves a bank account's CSV column mapping",
    input: z.object({ id: id(), mapping: bankCsvMappingInput }),
    http: put('/bank_accounts/:id/csv-mapping', 'data', 'bank_csv_mapping'),
  }),
  'bankEntries.list': op<BankEntryPage>()({
    name: 'bankEntries.list',
    summary: 'Statement entries, newest first, each open credit with the invoices it seems to pay and why',
    input: bankEntriesInput,
    http: get('/bank-entries', 'list', 'bank_entries'),
  }),
  'bankEntries.confirm': op<BankEntry>()({
    name: 'bankEntries.confirm',
    summary: 'Records a credit as payment of its invoices (invoices.pay), or a debit as an expense paid, on the booking date',
    input: bankConfirmInput,
    http: post('/bank-entries/:id/confirm', 'data', 'bank_entry'),
  }),
  'bankEntries.confirmSuggested': op<{ confirmed: number; skipped: number }>()({
    name: 'bankEntries.confirmSuggested',
    summary: 'Confirms every open entry whose suggestion is exact and unambiguous',
    input: z.object({ account_id: id().optional() }),
    http: post('/bank-entries/confirm-suggested', 'data', 'bank_confirmations'),
  }),
  'bankEntries.undo': op<BankEntry>()({
    name: 'bankEntries.undo',
    summary: "Undoes a confirmation: removes the payments it recorded (only those) and opens the entry again",
    input: z.object({ id: id() }),
    http: post('/bank-entries/:id/undo', 'data', 'bank_entry'),
  }),
  'bankEntries.ignore': op<BankEntry>()({
    name: 'bankEntries.ignore',
    summary: 'Marks an open entry as not an invoice payment (or, with ignored=false, opens it again)',
    input: z.object({ id: id(), ignored: bool().default(true) }),
    http: post('/bank-entries/:id/ignore', 'data', 'bank_entry'),
  }),
  'receivables.summary': op<Receivables>()({
    name: 'receivables.summary',
    summary: 'Open receivables by age, the clients who owe most, and the cash expected in the next 30 days',
    input: z.object({}),
    http: get('/receivables', 'data', 'receivables'),
  }),
} as const;
