// The bank statement area's shapes (issue 18): what an import reports, an entry with its suggestion, the CSV column
// mapping kept per bank account, and the receivables the dashboard shows. Amounts are 3-decimal strings.

export const BANK_STATEMENT_FORMATS = ['auto', 'camt053', 'mt940', 'csv', 'xlsx'] as const;
export type BankStatementFormat = (typeof BANK_STATEMENT_FORMATS)[number];
export const BANK_ENTRY_STATES = ['open', 'matched', 'ignored', 'all'] as const;
export const BANK_CSV_ENCODINGS = ['utf-8', 'windows-1250', 'cp852'] as const;
export const BANK_CSV_SEPARATORS = [';', ',', '\t'] as const;
/** A statement of a year of a busy business fits; bigger files are split by month at the bank. */
export const BANK_STATEMENT_MAX_BYTES = 20 * 1024 * 1024;

/** The file's column (by its header text) for each field; amount, or credit and debit. */
export interface BankCsvColumns {
  booking_date: string;
  value_date?: string;
  amount?: string;
  credit?: string;
  debit?: string;
  currency?: string;
  counterparty_name?: string;
  counterparty_iban?: string;
  remittance?: string[];
  reference?: string;
  /** the business's own account, in a sheet of several accounts */
  account?: string;
  /** a state column (Revolut's State): only rows it calls booked/completed are entries */
  state?: string;
  /** a fee column (Revolut's Fee): a fee is a debit entry of its own */
  fee?: string;
  /** a credit/debit mark column ("Be/Ki"), for a file whose amounts carry no sign */
  direction?: string;
}

export interface BankCsvMapping {
  encoding?: (typeof BANK_CSV_ENCODINGS)[number];
  separator?: (typeof BANK_CSV_SEPARATORS)[number];
  columns: BankCsvColumns;
}

export interface BankImportResult {
  statement_id: number;
  format: Exclude<BankStatementFormat, 'auto'>;
  statement_ref: string;
  period_from: string | null;
  period_to: string | null;
  /** entries in the file */
  entries: number;
  /** entries stored now; the rest were there from an earlier import */
  added: number;
  duplicates: number;
  /** the CSV mapping used (saved for the account), null for camt.053 and MT940 */
  csv_mapping: BankCsvMapping | null;
  /** each of the business's accounts the file put entries on (a file may hold several accounts) */
  accounts: Array<{ bank_account_id: number; statement_id: number; entries: number; added: number; balance_difference: string | null }>;
  /** statements of accounts the business does not have, left out because the user said so */
  skipped_accounts: Array<{ account: string; entries: number }>;
  /** rows of the file that are not booked entries, left out: pending (a state column), hidden rows, no booking date */
  left_out: { pending: number; hidden: number; unbooked: number };
}

/** The first rows of a CSV or spreadsheet statement, for the column form's pickers. */
export interface BankStatementPreview {
  format: 'csv' | 'xlsx';
  /** the row the header was found in (1-based, as a spreadsheet shows it), null when the file has no rows */
  header_row: number | null;
  /** whether the header's words (or the mapping given) were recognised there */
  header_found: boolean;
  headers: string[];
  /** a few rows under the header, as text, one cell per header */
  rows: string[][];
  /** the mapping the header's words suggest */
  proposed: BankCsvColumns;
}

export interface BankStatementSummary {
  id: number;
  bank_account_id: number;
  format: string;
  file_name: string;
  statement_ref: string;
  period_from: string | null;
  period_to: string | null;
  entries: number;
  added: number;
  imported_at: string;
  /** closing balance − (opening + entries) of a statement imported although it did not add up; null when it did */
  balance_difference: string | null;
  /** rows left out as not booked */
  left_out: number;
}

/** Why an entry was matched to its invoices, in the order matching tries them. */
export type MatchReason = 'invoice_number' | 'amount_and_payer' | 'sum_of_invoices' | 'expense_invoice_number' | 'expense_amount_and_payee';
/** exact: the amount settles the invoices; partial: less than they owe; overpayment: more. */
export type MatchKind = 'exact' | 'partial' | 'overpayment';

export interface MatchedInvoice {
  invoice_id: number;
  invoice_no: string;
  client_name: string;
  currency: string;
  /** what the invoice still owes, in its currency */
  outstanding: string;
  /** what this entry pays on it, in the invoice's currency */
  pays: string;
  /** forint per unit of the invoice's currency, when a HUF credit pays a foreign-currency invoice */
  rate: string | null;
}

export interface MatchedExpense {
  expense_id: number;
  name: string;
  supplier_name: string;
  invoice_no: string;
  amount: string;
  currency: string;
}

export interface BankSuggestion {
  reason: MatchReason;
  kind: MatchKind;
  /** exact and unambiguous: confirmed by "confirm all suggested" */
  confident: boolean;
  invoices: MatchedInvoice[];
  /** for a debit: the unpaid expense it pays (then `invoices` is empty) */
  expense: MatchedExpense | null;
  /** the entry's amount beyond what the invoices owe (overpayment), or short of it (partial), in the entry's currency */
  difference: string;
}

export interface BankEntryMatch {
  /** the invoice paid, or null for an expense */
  invoice_id: number | null;
  expense_id: number | null;
  /** the invoice's number, or the expense's supplier invoice number and name */
  invoice_no: string;
  payment_id: number | null;
  amount: string;
  currency: string;
  rate: string | null;
}

export interface BankEntry {
  id: number;
  bank_account_id: number;
  statement_id: number;
  bank_ref: string;
  booking_date: string;
  value_date: string | null;
  direction: 'credit' | 'debit';
  amount: string;
  currency: string;
  counterparty_name: string;
  counterparty_iban: string;
  remittance: string;
  state: 'open' | 'matched' | 'ignored';
  /** for an open credit: the invoices it seems to pay, and why */
  suggestion: BankSuggestion | null;
  /** for a matched entry: the payments its confirmation recorded */
  matches: BankEntryMatch[];
}

export interface BankEntryPage {
  items: BankEntry[];
  page: number;
  max_per_page: number;
  has_more: boolean;
}

export const AGE_BUCKETS = ['not_due', 'days_1_30', 'days_31_60', 'days_61_90', 'days_90_plus'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

/** Open receivables in HUF (foreign invoices at their own rate), by age past the due date. */
export interface Receivables {
  today: string;
  total: string;
  count: number;
  buckets: Array<{ bucket: AgeBucket; total: string; count: number }>;
  top_debtors: Array<{ client_id: number; name: string; total: string; count: number; overdue: string }>;
  /** open invoices due in the next 30 days (today included) */
  expected_30_days: { total: string; count: number };
}
