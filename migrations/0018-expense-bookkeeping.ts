// Expenses as a bookkeeper records them: the supplier and its tax number, the supplier's dates (invoice, fulfillment,
// payment), paid or not, a supplier's credit note as its own kind, net and VAT beside the gross, and the supplier's
// document itself (a PDF or an image) in a table of its own, so listing expenses never reads the files. Rows from before keep a null net and VAT until
// they are next saved; reads derive both from the gross at the row's VAT code.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const add = (name: string, type: 'text' | 'integer', build?: (c: any) => any) =>
    db.schema.alterTable('expenses').addColumn(name, type, build ?? ((c) => c)).execute();
  await add('kind', 'text', (c) => c.notNull().defaultTo('invoice'));
  await add('supplier_name', 'text', (c) => c.notNull().defaultTo(''));
  await add('supplier_taxcode', 'text', (c) => c.notNull().defaultTo(''));
  await add('invoice_date', 'text');
  await add('fulfillment_date', 'text');
  await add('payment_date', 'text');
  await add('paid', 'integer', (c) => c.notNull().defaultTo(0));
  await add('net_price_milli', 'integer');
  await add('vat_amount_milli', 'integer');
  await db.schema
    .createTable('expense_attachments')
    .addColumn('expense_id', 'integer', (c) => c.primaryKey().references('expenses.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('expense_attachments').execute();
  for (const c of ['vat_amount_milli', 'net_price_milli', 'paid', 'payment_date', 'fulfillment_date', 'invoice_date', 'supplier_taxcode', 'supplier_name', 'kind']) {
    await db.schema.alterTable('expenses').dropColumn(c).execute();
  }
}
