// Delivery notes (szállítólevél, issue 40): the paper that travels with the goods, numbered SZL-YYYY-NNNNNN in a
// sequence of their own (per node series, as quotes). Not invoices: no counter row, no seal, never reported to NAV,
// not in the VAT analysis. Issued at once and never deleted: a mistaken one is cancelled (status), and one that an
// invoice covers names it (invoice_id) — set once, by the one write that made the invoice. Frozen in time.
import { sql, type Kysely } from 'kysely';
import { isPostgres, pgTrigger } from './dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('delivery_notes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('note_no', 'text', (c) => c.notNull().unique())
    .addColumn('number_series', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('number_year', 'integer', (c) => c.notNull())
    .addColumn('number_seq', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('client_snapshot', 'text', (c) => c.notNull())
    .addColumn('seller_snapshot', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    // where the goods go (JSON address): the client's billing address unless another is given
    .addColumn('delivery_address', 'text', (c) => c.notNull())
    // 0: the note is printed without prices ("hide prices"); the prices stay for the invoice
    .addColumn('show_prices', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('template_lang_code', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('issued', 'cancelled', 'invoiced')`))
    .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('delivery_notes_number').unique().on('delivery_notes').columns(['number_series', 'number_year', 'number_seq']).execute();
  await db.schema.createIndex('delivery_notes_client').on('delivery_notes').columns(['client_id', 'status']).execute();
  await db.schema.createIndex('delivery_notes_invoice').on('delivery_notes').column('invoice_id').execute();
  await db.schema
    .createTable('delivery_note_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('note_id', 'integer', (c) => c.notNull().references('delivery_notes.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('qty', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    // the price and VAT code the invoice will take; null: the note carries none (the invoice's editor prices it)
    .addColumn('net_unit_price', 'text')
    .addColumn('vat_id', 'text')
    .execute();
  await db.schema.createIndex('delivery_note_items_note').on('delivery_note_items').columns(['note_id', 'position']).execute();

  // A note once invoiced stays invoiced by that invoice, and a note is never deleted: the database says so too.
  if (isPostgres(db)) {
    // named as SQLite's triggers, one for one (tests/pg/schema-parity.spec.ts)
    await pgTrigger(db, {
      name: 'delivery_notes_no_delete',
      table: 'delivery_notes',
      timing: 'BEFORE',
      events: 'DELETE',
      body: `RAISE EXCEPTION 'delivery notes are cancelled, not deleted';`,
    });
    await pgTrigger(db, {
      name: 'delivery_notes_invoiced_once',
      table: 'delivery_notes',
      timing: 'BEFORE',
      events: 'UPDATE OF invoice_id',
      when: 'OLD.invoice_id IS NOT NULL AND NEW.invoice_id IS DISTINCT FROM OLD.invoice_id',
      body: `RAISE EXCEPTION 'the delivery note was already invoiced';`,
    });
    return;
  }
  await sql`CREATE TRIGGER delivery_notes_no_delete BEFORE DELETE ON delivery_notes
     BEGIN SELECT RAISE(ABORT, 'delivery notes are cancelled, not deleted'); END`.execute(db);
  await sql`CREATE TRIGGER delivery_notes_invoiced_once BEFORE UPDATE OF invoice_id ON delivery_notes
     WHEN OLD.invoice_id IS NOT NULL AND NEW.invoice_id IS NOT OLD.invoice_id
     BEGIN SELECT RAISE(ABORT, 'the delivery note was already invoiced'); END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivery_note_items').execute();
  // the triggers go with their table; PostgreSQL's trigger functions stay behind unless dropped
  await db.schema.dropTable('delivery_notes').execute();
  if (isPostgres(db)) for (const f of ['delivery_notes_no_delete', 'delivery_notes_invoiced_once']) await sql.raw(`DROP FUNCTION ${f}()`).execute(db);
}
