// The column mapping of the last import of each kind (clients, products), offered again for the next file: the
// business's old program exports the same columns every time. Kept per kind as JSON {normalised header: Folio field};
// a local preference of this device, so sync does not carry it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_mappings')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_mappings').execute();
}
