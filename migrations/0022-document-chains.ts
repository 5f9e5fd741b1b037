// The Hungarian document set (docs/document-set.md): modifying invoices, advance and final invoices. A modifying invoice
// names its original — a Folio invoice (modifies_id) or one the previous program issued (external_original, the
// original as the user gave it) — by number and date, and takes the next modification index of that original's chain.
// An advance invoice is marked is_advance; a final invoice's deduction lines name the advance they deduct.
// current_total_milli is the one new column that changes on a sealed invoice: the original's total as its
// modifications left it (null while it has none), which its payment state follows.
import { sql, type Kysely } from 'kysely';
import { isPostgres, pgSealGuard } from './dialect';

const CHAIN_COLUMNS = ['modifies_id', 'original_invoice_no', 'original_date', 'external_original', 'modification_index', 'modification_reason', 'is_advance'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('modifies_id', 'integer', (c) => c.references('invoices.id')).execute();
  await db.schema.alterTable('invoices').addColumn('original_invoice_no', 'text').execute();
  await db.schema.alterTable('invoices').addColumn('original_date', 'text').execute();
  await db.schema.alterTable('invoices').addColumn('external_original', 'text').execute();
  await db.schema.alterTable('invoices').addColumn('modification_index', 'integer').execute();
  await db.schema.alterTable('invoices').addColumn('modification_reason', 'text').execute();
  await db.schema.alterTable('invoices').addColumn('is_advance', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('invoices').addColumn('current_total_milli', 'integer').execute();
  await db.schema.alterTable('invoice_items').addColumn('modifies_line', 'integer').execute();
  await db.schema.alterTable('invoice_items').addColumn('advance_invoice_id', 'integer', (c) => c.references('invoices.id')).execute();
  await db.schema.createIndex('invoices_modifies').on('invoices').column('modifies_id').execute();
  await db.schema.createIndex('invoices_original_no').on('invoices').column('original_invoice_no').execute();
  await db.schema.createIndex('invoice_items_advance').on('invoice_items').column('advance_invoice_id').execute();
  // The triggers of 0001 guard the columns that existed then; the chain columns are part of the legal record too.
  if (isPostgres(db)) return pgSealGuard(db, 'invoices_sealed_chain_update', 'UPDATE', CHAIN_COLUMNS);
  const changed = CHAIN_COLUMNS.map((c) => `NEW.${c} IS NOT OLD.${c}`).join(' OR ');
  await sql
    .raw(
      `CREATE TRIGGER invoices_sealed_chain_update BEFORE UPDATE ON invoices
         WHEN OLD.sealed = 1 AND (${changed})
         BEGIN SELECT RAISE(ABORT, 'issued invoices cannot be changed'); END`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER invoices_sealed_chain_update`.execute(db);
  await db.schema.dropIndex('invoice_items_advance').execute();
  await db.schema.dropIndex('invoices_original_no').execute();
  await db.schema.dropIndex('invoices_modifies').execute();
  await db.schema.alterTable('invoice_items').dropColumn('advance_invoice_id').execute();
  await db.schema.alterTable('invoice_items').dropColumn('modifies_line').execute();
  for (const c of ['current_total_milli', ...CHAIN_COLUMNS.slice().reverse()]) await db.schema.alterTable('invoices').dropColumn(c).execute();
}
