// What a v3 client says of a spending that Folio's expense had no place for, kept as given: its payment method
// (v3's SpendingPaymentMethod, e.g. `wire_transfer`; Folio's expense kept none) and its category word (v3's Category;
// Folio's 16 categories map onto v3's seven, so `tangible_assets` has no category of its own and would come back as
// `other`). Both empty for an expense that never came through v3. Frozen in time like every migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('expenses').addColumn('payment_method', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('expenses').addColumn('category_v3', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('expenses').dropColumn('category_v3').execute();
  await db.schema.alterTable('expenses').dropColumn('payment_method').execute();
}
