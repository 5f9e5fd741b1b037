// The NAV reporting queue: one row per issued invoice to report, added in the transaction that seals the invoice.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('nav_reports')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('invoice_id', 'integer', (c) => c.notNull().unique().references('invoices.id'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('waiting'))
    // Built on the first attempt from the sealed invoice and kept, so every retry sends the same bytes.
    .addColumn('operation', 'text')
    .addColumn('invoice_number', 'text')
    .addColumn('invoice_data', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('submitted_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('messages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('nav_reports_due').on('nav_reports').columns(['state', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('nav_reports').execute();
}
