// A document may be referred to by more than one follower: two devices that cancelled the same invoice while apart
// both issued a numbered storno, and neither may vanish. "Refers to" (cancels_id, proforma_id on the follower) is
// therefore no longer unique; "is cancelled by" (cancelled_by_id, generated_invoice_id on the original) stays the one
// link that counts, set by the first follower only.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invoices_cancels').execute();
  await db.schema.dropIndex('invoices_proforma').execute();
  await db.schema.createIndex('invoices_cancels').on('invoices').column('cancels_id').execute();
  await db.schema.createIndex('invoices_proforma').on('invoices').column('proforma_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invoices_cancels').execute();
  await db.schema.dropIndex('invoices_proforma').execute();
  await db.schema.createIndex('invoices_cancels').unique().on('invoices').column('cancels_id').execute();
  await db.schema.createIndex('invoices_proforma').unique().on('invoices').column('proforma_id').execute();
}
