// An expense read from a supplier's e-invoice (UBL, CII or Factur-X): the syntax it came in, the supplier's payment
// account (BT-84), the VAT breakdown per category and rate (BT-116…BT-120: an expense has one VAT code, an invoice
// may have several rates), and the key that recognises the same invoice imported again: the supplier (its tax
// number, else its name) and its invoice number, unique among imported expenses. The breakdown and the key stay on
// this computer like the original file (expense_attachments); sync carries the expense itself. Frozen in time like
// every migration.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('expenses').addColumn('einvoice_syntax', 'text').execute();
  await db.schema.alterTable('expenses').addColumn('einvoice_supplier_key', 'text').execute();
  await db.schema.alterTable('expenses').addColumn('supplier_iban', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`CREATE UNIQUE INDEX expenses_einvoice_key ON expenses (einvoice_supplier_key, invoice_no) WHERE einvoice_supplier_key IS NOT NULL`.execute(db);
  // the recognition also looks at expenses typed in by hand (or synced) with the same supplier and number
  await db.schema.createIndex('expenses_invoice_no').on('expenses').column('invoice_no').execute();
  await db.schema
    .createTable('expense_vat_rates')
    .addColumn('expense_id', 'integer', (c) => c.notNull().references('expenses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('rate', 'text')
    .addColumn('net_milli', 'integer', (c) => c.notNull())
    .addColumn('vat_milli', 'integer', (c) => c.notNull())
    .addColumn('exemption_reason', 'text')
    .addPrimaryKeyConstraint('expense_vat_rates_pk', ['expense_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('expense_vat_rates').execute();
  await db.schema.dropIndex('expenses_invoice_no').execute();
  await sql`DROP INDEX expenses_einvoice_key`.execute(db);
  for (const c of ['supplier_iban', 'einvoice_supplier_key', 'einvoice_syntax']) await db.schema.alterTable('expenses').dropColumn(c).execute();
}
