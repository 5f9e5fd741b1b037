// Quotes (árajánlat): an offer to a client that is not an invoice. A quote is never reported to NAV and never
// sealed: it may change until the client accepts it; then the proforma or draft made from it carries `quote_id`
// and the quote names that document. Quotes are this installation's own documents: they are outside change capture
// (sync carries invoices and master data only). Frozen in time like every migration.
import { sql, type Kysely } from 'kysely';
import { isPostgres, pgSealGuard } from './dialect';

export async function up(db: Kysely<any>): Promise<void> {
  const ts = (c: any) => c.notNull();
  await db.schema
    .createTable('quotes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // "AJ-2026-000001": its own sequence per year, gapless (MAX + 1 inside the write transaction)
    .addColumn('quote_no', 'text', (c) => c.notNull().unique())
    .addColumn('number_year', 'integer', (c) => c.notNull())
    .addColumn('number_seq', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('client_snapshot', 'text', (c) => c.notNull())
    // the seller as the quote was last saved (its PDF shows it), with the bank account's details
    .addColumn('seller_snapshot', 'text', (c) => c.notNull())
    .addColumn('bank_account_id', 'integer')
    .addColumn('currency', 'text', (c) => c.notNull())
    // only the rate the user gave; the document made from the quote asks for the day's rate as any invoice does
    .addColumn('exchange_rate', 'text')
    .addColumn('payment_method_id', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    // what the resulting invoice takes; empty: today and today + the client's payment terms at acceptance
    .addColumn('fulfillment_date', 'text')
    .addColumn('due_date', 'text')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('template_lang_code', 'text', (c) => c.notNull())
    .addColumn('round_to', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('net_milli', 'integer', (c) => c.notNull())
    .addColumn('vat_milli', 'integer', (c) => c.notNull())
    .addColumn('gross_milli', 'integer', (c) => c.notNull())
    .addColumn('rounding_milli', 'integer', (c) => c.notNull())
    .addColumn('total_milli', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'sent', 'accepted', 'declined')`))
    .addColumn('accepted_invoice_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('accepted_at', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', ts)
    .addColumn('updated_at', 'text', ts)
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('quotes_number').unique().on('quotes').columns(['number_year', 'number_seq']).execute();

  // The same line columns as invoice_items: lines are priced by the invoices' own code.
  await db.schema
    .createTable('quote_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('quote_id', 'integer', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
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
  await db.schema.createIndex('quote_items_quote').on('quote_items').columns(['quote_id', 'position']).execute();

  // The link back from the document made from a quote. It is written when that document is inserted, before any
  // seal; the guard of migration 0001 lists the columns of its day, so this one gets its own.
  await db.schema.alterTable('invoices').addColumn('quote_id', 'integer', (c) => c.references('quotes.id')).execute();
  await db.schema.createIndex('invoices_quote').on('invoices').column('quote_id').execute();
  if (isPostgres(db)) {
    await pgSealGuard(db, 'invoices_sealed_quote', 'UPDATE OF quote_id', ['quote_id']);
    await pgOutboxForQuotes(db);
    return;
  }
  await sql`CREATE TRIGGER invoices_sealed_quote BEFORE UPDATE OF quote_id ON invoices
     WHEN OLD.sealed = 1 AND NEW.quote_id IS NOT OLD.quote_id
     BEGIN SELECT RAISE(ABORT, 'issued invoices cannot be changed'); END`.execute(db);

  await outboxForQuotes(db);
}

/**
 * The mail outbox carried invoices only (invoice_id NOT NULL). A message now belongs to an invoice or to a quote,
 * exactly one. SQLite cannot relax a NOT NULL in place, so the table is rebuilt from its own stored definition:
 * whatever columns other migrations gave it are kept as they are.
 */
async function outboxForQuotes(db: Kysely<any>): Promise<void> {
  await rebuildOutbox(
    db,
    (definition) => {
      const relaxed = definition.replace(/("invoice_id"\s+integer)\s+not null/i, '$1');
      if (relaxed === definition) throw new Error('mail_outbox: invoice_id NOT NULL not found in its definition');
      return relaxed.replace(/\)\s*$/, `${QUOTE_CLAUSE})`);
    },
    () => true,
  );
  await db.schema.createIndex('mail_outbox_quote').on('mail_outbox').columns(['quote_id', 'id']).execute();
}

/** PostgreSQL relaxes the NOT NULL in place: the same columns, in the same order, and the same check. */
async function pgOutboxForQuotes(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE mail_outbox ALTER COLUMN invoice_id DROP NOT NULL`.execute(db);
  await db.schema.alterTable('mail_outbox').addColumn('quote_id', 'integer', (c) => c.references('quotes.id')).execute();
  await sql`ALTER TABLE mail_outbox ADD CHECK ((invoice_id IS NULL) <> (quote_id IS NULL))`.execute(db);
  await db.schema.createIndex('mail_outbox_quote').on('mail_outbox').columns(['quote_id', 'id']).execute();
}

const QUOTE_CLAUSE = `, "quote_id" integer references "quotes" ("id"), CHECK (("invoice_id" IS NULL) <> ("quote_id" IS NULL))`;

/** Rebuilds mail_outbox from its stored definition, changed by `change`, copying the columns `keep` allows. */
async function rebuildOutbox(db: Kysely<any>, change: (definition: string) => string, keep: (column: string) => boolean): Promise<void> {
  const table = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'mail_outbox'`.execute(db);
  const rebuilt = change(table.rows[0]!.sql).replace(/^create table\s+"?mail_outbox"?/i, 'CREATE TABLE "mail_outbox_new"');
  const columns = (await sql<{ name: string }>`SELECT name FROM pragma_table_info('mail_outbox')`.execute(db)).rows
    .map((r) => r.name)
    .filter(keep)
    .map((n) => `"${n}"`)
    .join(', ');
  const indexes = (await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'mail_outbox' AND sql IS NOT NULL`.execute(db)).rows;
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`INSERT INTO mail_outbox_new (${columns}) SELECT ${columns} FROM mail_outbox`).execute(db);
  await sql`DROP TABLE mail_outbox`.execute(db);
  await sql`ALTER TABLE mail_outbox_new RENAME TO mail_outbox`.execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
}

/** Back to invoices only: the quotes' messages go with the quotes (an older Folio could not show them). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_quote').execute();
  await sql`DELETE FROM mail_outbox WHERE quote_id IS NOT NULL`.execute(db);
  await rebuildOutbox(
    db,
    (definition) => {
      if (!definition.includes(QUOTE_CLAUSE)) throw new Error('mail_outbox: the quote column of migration 0023 not found');
      return definition.replace(QUOTE_CLAUSE, '').replace(/("invoice_id"\s+integer)/i, '$1 not null');
    },
    (column) => column !== 'quote_id',
  );
  await sql`DROP TRIGGER invoices_sealed_quote`.execute(db);
  await db.schema.dropIndex('invoices_quote').execute();
  await db.schema.alterTable('invoices').dropColumn('quote_id').execute();
  await db.schema.dropTable('quote_items').execute();
  await db.schema.dropTable('quotes').execute();
}
