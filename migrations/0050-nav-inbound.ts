// The invoices NAV holds for this business as buyer (docs/nav-inbound.md): one row per received invoice, keyed by
// the supplier's taxpayer id and its invoice number (the same invoice is never fetched into two rows), with its
// state (new: fetched, not booked yet; booked: an expense; ignored: not the business's cost), the expense it became
// (for a modification or storno also the expense of its chain's original), what NAV said of it and the fields'
// sources; and the one-row cursor of the fetch: the start date the first run was given, the insertion-date window
// being read and its next page, and the last error in NAV's words. Frozen in time like every migration.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('nav_inbound')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('supplier_taxpayer_id', 'text', (c) => c.notNull())
    .addColumn('invoice_number', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('original_invoice_number', 'text')
    .addColumn('modification_index', 'integer')
    .addColumn('supplier_name', 'text', (c) => c.notNull())
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('ins_date', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('new').check(sql`state in ('new', 'booked', 'ignored')`))
    .addColumn('expense_id', 'integer', (c) => c.references('expenses.id').onDelete('set null'))
    .addColumn('chain_expense_id', 'integer', (c) => c.references('expenses.id').onDelete('set null'))
    .addColumn('payment_method', 'text')
    .addColumn('currency', 'text')
    .addColumn('exchange_rate', 'text')
    .addColumn('net_milli', 'integer')
    .addColumn('vat_milli', 'integer')
    .addColumn('gross_milli', 'integer')
    .addColumn('vat_huf_milli', 'integer')
    .addColumn('lines', 'text')
    .addColumn('parts', 'text')
    .addColumn('sources', 'text')
    .addColumn('problem', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('nav_inbound_invoice').unique().on('nav_inbound').columns(['supplier_taxpayer_id', 'invoice_number']).execute();
  await db.schema.createIndex('nav_inbound_state').on('nav_inbound').columns(['state', 'issue_date']).execute();
  await db.schema.createIndex('nav_inbound_issue').on('nav_inbound').columns(['issue_date']).execute();
  await db.schema.createIndex('nav_inbound_expense').on('nav_inbound').columns(['expense_id']).execute();

  await db.schema
    .createTable('nav_inbound_cursor')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('window_from', 'text', (c) => c.notNull())
    .addColumn('next_page', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_run_at', 'text')
    .addColumn('last_done_at', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('error_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('nav_inbound_cursor').execute();
  await db.schema.dropTable('nav_inbound').execute();
}
