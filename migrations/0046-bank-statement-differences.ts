// Bank statements that did not add up, imported anyway (issue 37): the statement keeps the difference its file had
// between opening balance + entries and closing balance (thousandths, null when it added up), and how many rows the
// file held that were left out as not booked (pending, hidden, without a booking date), so the list can say so.
// Frozen in time like every migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bank_statements').addColumn('balance_difference_milli', 'integer').execute();
  await db.schema.alterTable('bank_statements').addColumn('left_out_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bank_statements').dropColumn('left_out_count').execute();
  await db.schema.alterTable('bank_statements').dropColumn('balance_difference_milli').execute();
}
