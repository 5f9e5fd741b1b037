// The statement tables (migrations/0030), known to this module only: `withBankTables` gives a handle that sees them.
import type { Generated } from 'kysely';
import type { Db } from '../../db/types';

export type EntryState = 'open' | 'matched' | 'ignored';
export type Direction = 'credit' | 'debit';

export type BankTables = {
  bank_statements: {
    id: Generated<number>;
    bank_account_id: number;
    format: string;
    file_name: string;
    statement_ref: string;
    period_from: string | null;
    period_to: string | null;
    entry_count: number;
    added_count: number;
    imported_at: string;
    /** migration 0046: closing − (opening + entries) when imported although it did not add up */
    balance_difference_milli: number | null;
    left_out_count: Generated<number>;
  };
  bank_entries: {
    id: Generated<number>;
    bank_account_id: number;
    statement_id: number;
    entry_key: string;
    bank_ref: string;
    booking_date: string;
    value_date: string | null;
    direction: Direction;
    amount_milli: number;
    currency: string;
    counterparty_name: string;
    counterparty_iban: string;
    remittance: string;
    state: EntryState;
    created_at: string;
    updated_at: string;
  };
  bank_matches: {
    id: Generated<number>;
    entry_id: number;
    invoice_id: number | null;
    expense_id: number | null;
    payment_id: number | null;
    amount_milli: number;
    currency: string;
    conversion_rate: string | null;
    created_at: string;
  };
  bank_csv_mappings: { bank_account_id: number; mapping: string; updated_at: string };
};

export const withBankTables = (db: Db) => db.withTables<BankTables>();
export type BankDb = ReturnType<typeof withBankTables>;
