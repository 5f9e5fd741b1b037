// Receipts (nyugta, docs/document-set.md "Receipts"): a receipt is an invoices row of type 5 with its own number
// kind, so it needs no table of its own. The one new column marks a draft made to become a receipt (Billingo v3's
// POST /documents/receipt with type draft): such a draft is issued as a receipt, not as an invoice. Drafts are never
// sealed, so the column needs no guard. Frozen in time like every migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('receipt_draft', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('receipt_draft').execute();
}
