// Order confirmations and completion certificates (issue 40) share the delivery notes' table: each is a numbered
// document around an invoice that is not one. `kind` says which (Billingo v3's names: waybill = szállítólevél,
// order_form = megrendelés-visszaigazolás, cert_of_completion = teljesítésigazolás); each kind numbers in its own
// sequence, so the unique number index takes the kind. `quote_id`: the quote the document was made from, if any.
// Frozen in time like every migration.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('delivery_notes')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('waybill').check(sql`kind in ('waybill', 'order_form', 'cert_of_completion')`))
    .execute();
  await db.schema.alterTable('delivery_notes').addColumn('quote_id', 'integer', (c) => c.references('quotes.id')).execute();
  await db.schema.dropIndex('delivery_notes_number').execute();
  await db.schema.createIndex('delivery_notes_number').unique().on('delivery_notes').columns(['kind', 'number_series', 'number_year', 'number_seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('delivery_notes_number').execute();
  await db.schema.createIndex('delivery_notes_number').unique().on('delivery_notes').columns(['number_series', 'number_year', 'number_seq']).execute();
  await db.schema.alterTable('delivery_notes').dropColumn('quote_id').execute();
  await db.schema.alterTable('delivery_notes').dropColumn('kind').execute();
}
