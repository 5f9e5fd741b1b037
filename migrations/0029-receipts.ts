// Receipts (nyugta, docs/document-set.md "Receipts"): a receipt is an invoices row of type 5 with its own number
// kind, so it needs no table of its own. The one new column marks a draft made to become a receipt (Billingo v3's
// POST /documents/receipt with type draft): such a draft is issued as a receipt, not as an invoice. On an issued
// document it is part of the sealed row like every other column, so it gets its own guard (the guards of 0001, 0022
// and 0025 list the columns of their day). Frozen in time like every migration.
import { sql, type Kysely } from 'kysely';
import { isPostgres, pgSealGuard } from './dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('receipt_draft', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  if (isPostgres(db)) return pgSealGuard(db, 'invoices_sealed_receipt_draft', 'UPDATE OF receipt_draft', ['receipt_draft']);
  await sql`CREATE TRIGGER invoices_sealed_receipt_draft BEFORE UPDATE OF receipt_draft ON invoices
     WHEN OLD.sealed = 1 AND NEW.receipt_draft IS NOT OLD.receipt_draft
     BEGIN SELECT RAISE(ABORT, 'issued invoices cannot be changed'); END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER invoices_sealed_receipt_draft`.execute(db);
  await db.schema.alterTable('invoices').dropColumn('receipt_draft').execute();
}
