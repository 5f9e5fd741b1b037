// The open invoices at a million (issue 41): the reminder pass's invoices due in its window and the bank screen's
// invoices a credit may pay both asked for the unpaid invoices (status 2), which no index named: SQLite walked the
// index of modifies_id (its "is null" matches nearly every row) and read the whole table, 1.5–2.5 s at a million.
// Unpaid invoices are a few percent of all: an index of them alone, by due date, is small and is written only while
// an invoice is unpaid. It carries what the reminder pass decides on, so the pass reads its window from the index.
// A partial index is used only by a statement that names its condition as written (status = 2, a literal, not a
// bound value): electron/core/reminders/open-invoices.ts and bank-statements/open-invoices.ts write it so.
import { sql, type Kysely } from 'kysely';

export const UNPAID = sql.raw('status = 2');

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX invoices_unpaid ON invoices (due_date, id, sealed, type, is_cancel_invoice, modifies_id, cancelled_by_id,
    client_id, current_total_milli, total_milli, total_paid_milli) WHERE ${UNPAID}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX invoices_unpaid`.execute(db);
}
