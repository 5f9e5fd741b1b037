// The bank screen's two remaining reads at a million invoices (issue 41), each by an index of what is still owed:
// - the open invoices of a credit's payers (bank-statements/open-invoices.ts) walked the unpaid invoices' index of 0069
//   (by due date) whole and kept those of the payers: 85,809 entries for ~540 payers' 10,233 at a million, 154 ms.
//   invoices_unpaid_client holds the same unpaid invoices by client, with every column the read takes, so each
//   payer's are one seek and no invoice row is read;
// - the unpaid expenses a debit may pay (bank-statements/expenses.ts) were a scan of every expense (100,000 at a
//   million, 30 ms); expenses_unpaid holds the unpaid ones only.
// Both are partial indexes: written only while an invoice is unpaid, an expense not paid. A partial index is used only
// by a statement that names its condition as written (a literal, not a bound value): the reads write it so.
import { sql, type Kysely } from 'kysely';

export const UNPAID_EXPENSE = sql.raw('paid = 0');

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX invoices_unpaid_client ON invoices (client_id, due_date, id, type, is_cancel_invoice, modifies_id,
    generated_invoice_id, invoice_no, prefix, currency, exchange_rate, current_total_milli, total_milli, total_paid_milli) WHERE status = 2`.execute(db);
  await sql`CREATE INDEX expenses_unpaid ON expenses (due_date, id) WHERE ${UNPAID_EXPENSE}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX expenses_unpaid`.execute(db);
  await sql`DROP INDEX invoices_unpaid_client`.execute(db);
}
