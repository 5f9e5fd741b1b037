// What every statement reader gives: the file's statements (one per account and period), each with its own facts and
// its entries, amounts as exact decimal text, and how many rows were left out as not booked.
import type { Direction } from '../tables';

export type StatementFormat = 'camt053' | 'mt940' | 'csv' | 'xlsx';

export interface ParsedEntry {
  /** the bank's own reference of the entry; '' when the file gives none */
  bank_ref: string;
  booking_date: string;
  value_date: string | null;
  direction: Direction;
  /** positive, exact decimal text */
  amount: string;
  currency: string;
  counterparty_name: string;
  counterparty_iban: string;
  remittance: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  /** the statement's id in the file (camt Stmt/Id, MT940 :20:), '' for CSV */
  statement_ref: string;
  /** the account as the file names it (IBAN or the bank's account number), '' when absent */
  account: string;
  period_from: string | null;
  period_to: string | null;
  entries: ParsedEntry[];
  /**
   * closing balance − (opening balance + entries), exact decimal text, when the file gives both balances and they do
   * not add up; null when they do (or the file gives none). `balance_problem` says it in words.
   */
  balance_difference: string | null;
  balance_problem: string;
}

/** Rows of the file that are not booked entries, left out and counted (issue 37). */
export interface LeftOut {
  /** a state column that says pending, reverted, declined… */
  pending: number;
  /** rows the bank hid in the spreadsheet */
  hidden: number;
  /** rows without a booking date */
  unbooked: number;
}

export interface ParsedFile {
  format: StatementFormat;
  statements: ParsedStatement[];
  left_out: LeftOut;
}

export const noneLeftOut = (): LeftOut => ({ pending: 0, hidden: 0, unbooked: 0 });

/** A reason the file was refused; the service turns it into a field error on `file`. */
export class StatementError extends Error {}

export const refuse = (reason: string): never => {
  throw new StatementError(reason);
};
