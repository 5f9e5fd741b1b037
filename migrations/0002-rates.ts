// Exchange-rate cache: the daily rates fetched from the central banks, kept so an invoice can be issued offline with
// the newest rate published on or before its tax point. Frozen in time like every migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exchange_rates')
    // 'MNB' or 'ECB': the two sources never mix, a rate is always recorded with the source it came from
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // the day the rate was published for (a bank holiday or weekend has no row)
    .addColumn('date', 'text', (c) => c.notNull())
    // HUF for ONE unit of the currency, an exact decimal string (MNB's per-100 JPY quote is already divided)
    .addColumn('rate', 'text', (c) => c.notNull())
    // the figure as published and the number of units it was quoted for, kept for audit
    .addColumn('quoted', 'text', (c) => c.notNull())
    .addColumn('unit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exchange_rates_pk', ['source', 'currency', 'date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exchange_rates').execute();
}
