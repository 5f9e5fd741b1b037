// Continuing the numbering of the program used before Folio: per block and year, "the next number is N", set while
// the block has no invoice of that year. The row records the number, when and by whom (this computer, or the device
// that set it before its first invoice reached the remote); the counter itself starts at N-1 in number_counters.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('number_continuations')
    .addColumn('block_id', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('next_no', 'integer', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addColumn('set_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('number_continuations_pk', ['block_id', 'year', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('number_continuations').execute();
}
