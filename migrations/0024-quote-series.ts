// Quote numbers that stay unique across the nodes of a sync (docs/sync.md "Quotes"). A quote is not a tax document,
// but two quotes must never show the same number: once this installation joins a remote, it numbers its quotes in a
// series of its own, named by its device's block prefix ("AJ-LAP-2026-000001"), as invoices are numbered only in a
// block the node owns. The remote (and a device not joined) numbers in the plain series '' ("AJ-2026-000001").
// A quote's number is unique per (series, year, sequence); the number text stays unique too. Frozen in time like
// every migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quotes').addColumn('number_series', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.dropIndex('quotes_number').execute();
  await db.schema.createIndex('quotes_number').unique().on('quotes').columns(['number_series', 'number_year', 'number_seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('quotes_number').execute();
  await db.schema.createIndex('quotes_number').unique().on('quotes').columns(['number_year', 'number_seq']).execute();
  await db.schema.alterTable('quotes').dropColumn('number_series').execute();
}
