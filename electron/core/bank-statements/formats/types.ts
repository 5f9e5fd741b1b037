// What every statement reader gives: the statement's own facts and its entries, amounts as exact decimal text.
import type { Direction } from '../tables';

export type StatementFormat = 'camt053' | 'mt940' | 'csv';

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
}

/** A reason the file was refused; the service turns it into a field error on `file`. */
export class StatementError extends Error {}

export const refuse = (reason: string): never => {
  throw new StatementError(reason);
};
