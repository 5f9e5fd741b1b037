// The initial schema. Frozen in time: later changes are new migrations, never edits here.
import { sql, type Kysely } from 'kysely';
import { isPostgres, pgChanged, pgRefuse, pgTrigger } from './dialect';

// Columns of an invoice that may still change once it is sealed (issued): its payment state, its links to the
// invoices made from it, its share code. Everything else is the legal record and the triggers below guard it.
const MUTABLE_INVOICE_COLUMNS = ['status', 'total_paid_milli', 'cancelled_by_id', 'generated_invoice_id', 'share_code', 'updated_at'];

export async function up(db: Kysely<any>): Promise<void> {
  const ts = (b: any) => b.notNull();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invoice_blocks')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('created_at', 'text', ts)
    .addColumn('updated_at', 'text', ts)
    .execute();

  await db.schema
    .createTable('number_counters')
    .addColumn('block_id', 'integer', (c) => c.notNull().references('invoice_blocks.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('last_no', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('number_counters_pk', ['block_id', 'year', 'kind'])
    .execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('taxcode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('eu_taxcode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fokonyv_szam', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tax_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('bank', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('defaults', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', ts)
    .addColumn('updated_at', 'text', ts)
    .execute();
  await db.schema.createIndex('clients_name').on('clients').column('name').execute();

  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('account_no_iban', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('account_swift', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('HUF'))
    .addColumn('created_at', 'text', ts)
    .addColumn('updated_at', 'text', ts)
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vat_id', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull().defaultTo('HUF'))
    .addColumn('entitlement', 'text')
    .addColumn('attrs', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', ts)
    .addColumn('updated_at', 'text', ts)
    .execute();

  await db.schema
    .createTable('expenses')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('categories_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('invoice_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id'))
    .addColumn('gross_price_milli', 'integer', (c) => c.notNull())
    .addColumn('vat_id', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('HUF'))
    .addColumn('due_date', 'text')
    .addColumn('created_at', 'text', ts)
    .addColumn('updated_at', 'text', ts)
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('sealed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('block_id', 'integer', (c) => c.notNull().references('invoice_blocks.id'))
    .addColumn('number_kind', 'text')
    .addColumn('number_year', 'integer')
    .addColumn('number_seq', 'integer')
    .addColumn('invoice_no', 'text')
    .addColumn('prefix', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('fulfillment_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('client_snapshot', 'text', (c) => c.notNull())
    .addColumn('seller_snapshot', 'text', (c) => c.notNull())
    .addColumn('payment_method_id', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('exchange_rate', 'text', (c) => c.notNull())
    .addColumn('exchange_rate_source', 'text', (c) => c.notNull().defaultTo('given'))
    .addColumn('round_to', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('net_milli', 'integer', (c) => c.notNull())
    .addColumn('vat_milli', 'integer', (c) => c.notNull())
    .addColumn('gross_milli', 'integer', (c) => c.notNull())
    .addColumn('rounding_milli', 'integer', (c) => c.notNull())
    .addColumn('total_milli', 'integer', (c) => c.notNull())
    .addColumn('total_paid_milli', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('template_lang_code', 'text', (c) => c.notNull().defaultTo('hu'))
    .addColumn('electronic_invoice', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bank_account_id', 'integer', (c) => c.references('bank_accounts.id'))
    .addColumn('is_cancel_invoice', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancels_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('cancelled_by_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('proforma_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('generated_invoice_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('recurring_id', 'integer')
    .addColumn('period_start', 'text')
    .addColumn('period_end', 'text')
    .addColumn('share_code', 'text')
    .addColumn('issued_at', 'text')
    .addColumn('created_at', 'text', ts)
    .addColumn('updated_at', 'text', ts)
    .execute();
  // Gapless and unique numbering rests on this index as much as on the counter row (docs/design.md §4).
  await db.schema
    .createIndex('invoices_number')
    .unique()
    .on('invoices')
    .columns(['block_id', 'number_kind', 'number_year', 'number_seq'])
    .execute();
  await db.schema.createIndex('invoices_share_code').unique().on('invoices').column('share_code').execute();
  await db.schema.createIndex('invoices_date').on('invoices').columns(['date', 'id']).execute();
  await db.schema.createIndex('invoices_client').on('invoices').column('client_id').execute();
  await db.schema.createIndex('invoices_year_seq').on('invoices').columns(['number_year', 'number_seq']).execute();
  await db.schema.createIndex('invoices_proforma').unique().on('invoices').column('proforma_id').execute();
  await db.schema.createIndex('invoices_cancels').unique().on('invoices').column('cancels_id').execute();

  await db.schema
    .createTable('invoice_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('qty', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('net_unit_price', 'text', (c) => c.notNull())
    .addColumn('gross_unit_price', 'text')
    .addColumn('vat_id', 'text', (c) => c.notNull())
    .addColumn('vat_rate', 'text', (c) => c.notNull())
    .addColumn('entitlement', 'text')
    .addColumn('item_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('net_milli', 'integer', (c) => c.notNull())
    .addColumn('vat_milli', 'integer', (c) => c.notNull())
    .addColumn('gross_milli', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_items_invoice').on('invoice_items').columns(['invoice_id', 'position']).execute();

  await db.schema
    .createTable('invoice_payments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('amount_milli', 'integer', (c) => c.notNull())
    .addColumn('payment_method_id', 'integer', (c) => c.notNull())
    .addColumn('conversion_rate', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', ts)
    .execute();
  await db.schema.createIndex('invoice_payments_invoice').on('invoice_payments').column('invoice_id').execute();

  await db.schema
    .createTable('recurring_profiles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('base_invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('due_days', 'integer', (c) => c.notNull().defaultTo(8))
    .addColumn('fulfillment_shift', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_invoice', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_qty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_qty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stopped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_recurring_date', 'text')
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('resume_after', 'text')
    .addColumn('owner', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('created_at', 'text', ts)
    .addColumn('updated_at', 'text', ts)
    .execute();

  // One row per occurrence, issued or skipped: the primary key makes each period happen exactly once.
  await db.schema
    .createTable('recurring_runs')
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('recurring_profiles.id'))
    .addColumn('occurrence_date', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', ts)
    .addPrimaryKeyConstraint('recurring_runs_pk', ['profile_id', 'occurrence_date'])
    .execute();

  if (isPostgres(db)) await createPgImmutabilityTriggers(db);
  else await createImmutabilityTriggers(db);
}

async function createImmutabilityTriggers(db: Kysely<any>): Promise<void> {
  const columns = (await sql<{ name: string }>`select name from pragma_table_info('invoices')`.execute(db)).rows
    .map((r) => r.name)
    .filter((n) => !MUTABLE_INVOICE_COLUMNS.includes(n));
  const changed = columns.map((c) => `NEW.${c} IS NOT OLD.${c}`).join(' OR ');
  const statements = [
    `CREATE TRIGGER invoices_sealed_update BEFORE UPDATE ON invoices
       WHEN OLD.sealed = 1 AND (${changed})
       BEGIN SELECT RAISE(ABORT, 'issued invoices cannot be changed'); END`,
    `CREATE TRIGGER invoices_sealed_delete BEFORE DELETE ON invoices
       WHEN OLD.sealed = 1
       BEGIN SELECT RAISE(ABORT, 'issued invoices cannot be deleted'); END`,
    `CREATE TRIGGER invoices_sealed_replace BEFORE INSERT ON invoices
       WHEN (SELECT sealed FROM invoices WHERE id = NEW.id) = 1
       BEGIN SELECT RAISE(ABORT, 'issued invoices cannot be changed'); END`,
    `CREATE TRIGGER invoice_items_sealed_replace BEFORE INSERT ON invoice_items
       WHEN (SELECT i.sealed FROM invoice_items t JOIN invoices i ON i.id = t.invoice_id WHERE t.id = NEW.id) = 1
       BEGIN SELECT RAISE(ABORT, 'issued invoices cannot be changed'); END`,
    `CREATE TRIGGER invoice_items_sealed_insert BEFORE INSERT ON invoice_items
       WHEN (SELECT sealed FROM invoices WHERE id = NEW.invoice_id) = 1
       BEGIN SELECT RAISE(ABORT, 'issued invoices cannot be changed'); END`,
    `CREATE TRIGGER invoice_items_sealed_update BEFORE UPDATE ON invoice_items
       WHEN (SELECT sealed FROM invoices WHERE id = OLD.invoice_id) = 1
         OR (SELECT sealed FROM invoices WHERE id = NEW.invoice_id) = 1
       BEGIN SELECT RAISE(ABORT, 'issued invoices cannot be changed'); END`,
    `CREATE TRIGGER invoice_items_sealed_delete BEFORE DELETE ON invoice_items
       WHEN (SELECT sealed FROM invoices WHERE id = OLD.invoice_id) = 1
       BEGIN SELECT RAISE(ABORT, 'issued invoices cannot be changed'); END`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** The guards above as PL/pgSQL: the same columns (those of this migration's day), conditions and error texts. */
async function createPgImmutabilityTriggers(db: Kysely<any>): Promise<void> {
  const columns = (
    await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'invoices' ORDER BY ordinal_position`.execute(db)
  ).rows
    .map((r) => r.name)
    .filter((n) => !MUTABLE_INVOICE_COLUMNS.includes(n));
  const changed = pgRefuse('issued invoices cannot be changed');
  const sealedInvoice = (id: string) => `(SELECT sealed FROM invoices WHERE id = ${id}) = 1`;
  await pgTrigger(db, {
    name: 'invoices_sealed_update',
    table: 'invoices',
    timing: 'BEFORE',
    events: 'UPDATE',
    when: `OLD.sealed = 1 AND (${columns.map(pgChanged).join(' OR ')})`,
    body: changed,
  });
  await pgTrigger(db, { name: 'invoices_sealed_delete', table: 'invoices', timing: 'BEFORE', events: 'DELETE', when: 'OLD.sealed = 1', body: pgRefuse('issued invoices cannot be deleted') });
  // SQLite's REPLACE deletes the row it replaces; PostgreSQL has none, but an insert over a sealed id stays refused
  // with the guard's words rather than a key violation.
  await pgTrigger(db, { name: 'invoices_sealed_replace', table: 'invoices', timing: 'BEFORE', events: 'INSERT', body: `IF ${sealedInvoice('NEW.id')} THEN ${changed} END IF;` });
  await pgTrigger(db, {
    name: 'invoice_items_sealed_replace',
    table: 'invoice_items',
    timing: 'BEFORE',
    events: 'INSERT',
    body: `IF (SELECT i.sealed FROM invoice_items t JOIN invoices i ON i.id = t.invoice_id WHERE t.id = NEW.id) = 1 THEN ${changed} END IF;`,
  });
  await pgTrigger(db, { name: 'invoice_items_sealed_insert', table: 'invoice_items', timing: 'BEFORE', events: 'INSERT', body: `IF ${sealedInvoice('NEW.invoice_id')} THEN ${changed} END IF;` });
  await pgTrigger(db, {
    name: 'invoice_items_sealed_update',
    table: 'invoice_items',
    timing: 'BEFORE',
    events: 'UPDATE',
    body: `IF ${sealedInvoice('OLD.invoice_id')} OR ${sealedInvoice('NEW.invoice_id')} THEN ${changed} END IF;`,
  });
  await pgTrigger(db, { name: 'invoice_items_sealed_delete', table: 'invoice_items', timing: 'BEFORE', events: 'DELETE', body: `IF ${sealedInvoice('OLD.invoice_id')} THEN ${changed} END IF;` });
}

export async function down(): Promise<void> {
  throw new Error('the initial schema cannot be rolled back');
}
