// vendor_id: the caller's own id of a document (Billingo API v3's `vendor_id`, a webshop's order number), given when
// the document is created and found again by GET /v3/documents/vendor/{vendor_id}. Written at creation only; on an
// issued invoice it is part of the legal record like the other columns, so it gets its own guard (the guards of
// 0001 and 0022 list the columns of their day). Frozen in time like every migration.
import { sql, type Kysely } from 'kysely';
import { isPostgres, pgSealGuard } from './dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('vendor_id', 'text').execute();
  await db.schema.createIndex('invoices_vendor').on('invoices').column('vendor_id').execute();
  if (isPostgres(db)) return pgSealGuard(db, 'invoices_sealed_vendor', 'UPDATE OF vendor_id', ['vendor_id']);
  await sql`CREATE TRIGGER invoices_sealed_vendor BEFORE UPDATE OF vendor_id ON invoices
     WHEN OLD.sealed = 1 AND NEW.vendor_id IS NOT OLD.vendor_id
     BEGIN SELECT RAISE(ABORT, 'issued invoices cannot be changed'); END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER invoices_sealed_vendor`.execute(db);
  await db.schema.dropIndex('invoices_vendor').execute();
  await db.schema.alterTable('invoices').dropColumn('vendor_id').execute();
}
