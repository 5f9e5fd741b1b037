// Bank statements (issue 18): each imported file, the entries it brought, and the payments a confirmed entry recorded (on invoices, or an expense marked paid).
// An entry is stored once per bank account under its key (the bank's own reference, or a digest of its contents when
// the bank gives none), so importing the same or an overlapping statement again adds nothing twice. A confirmed
// match names the invoice_payments rows it made, so undoing it removes those payments only. The CSV column mapping
// is kept per bank account. Local to this device: sync carries the payments (through the invoices), not the
// statements (docs/bank-statements.md). Frozen in time like every migration.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bank_statements')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('bank_account_id', 'integer', (c) => c.notNull().references('bank_accounts.id'))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('statement_ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('period_from', 'text')
    .addColumn('period_to', 'text')
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('added_count', 'integer', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bank_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('bank_account_id', 'integer', (c) => c.notNull().references('bank_accounts.id'))
    .addColumn('statement_id', 'integer', (c) => c.notNull().references('bank_statements.id'))
    .addColumn('entry_key', 'text', (c) => c.notNull())
    .addColumn('bank_ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('booking_date', 'text', (c) => c.notNull())
    .addColumn('value_date', 'text')
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('credit', 'debit')`))
    .addColumn('amount_milli', 'integer', (c) => c.notNull().check(sql`amount_milli > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('counterparty_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('counterparty_iban', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remittance', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open').check(sql`state in ('open', 'matched', 'ignored')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_entries_key').unique().on('bank_entries').columns(['bank_account_id', 'entry_key']).execute();
  await db.schema.createIndex('bank_entries_state').on('bank_entries').columns(['state', 'booking_date']).execute();
  await db.schema
    .createTable('bank_matches')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('bank_entries.id'))
    // a credit pays an invoice (a payment row), a debit pays an expense (marked paid)
    .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('expense_id', 'integer', (c) => c.references('expenses.id'))
    // no foreign key: an invoice's payments may be removed by hand (invoices.unpay), which leaves this row stale
    .addColumn('payment_id', 'integer')
    .addColumn('amount_milli', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('conversion_rate', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('bank_matches_one_target', sql`(invoice_id is null) != (expense_id is null)`)
    .execute();
  await db.schema.createIndex('bank_matches_entry').on('bank_matches').column('entry_id').execute();
  await db.schema
    .createTable('bank_csv_mappings')
    .addColumn('bank_account_id', 'integer', (c) => c.primaryKey().references('bank_accounts.id'))
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bank_csv_mappings').execute();
  await db.schema.dropTable('bank_matches').execute();
  await db.schema.dropTable('bank_entries').execute();
  await db.schema.dropTable('bank_statements').execute();
}
