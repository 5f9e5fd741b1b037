// The e-invoice a client wants (none, UBL, CII or Factur-X) and its buyer reference (EN 16931 BT-10; a German public
// buyer's Leitweg-ID). Plain client columns: the change-capture triggers of 0008 record whole rows, so sync carries
// them like every other client field. Frozen in time like every migration.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('clients')
    .addColumn('einvoice_format', 'text', (c) => c.notNull().defaultTo('none').check(sql`einvoice_format IN ('none', 'ubl', 'cii', 'facturx')`))
    .execute();
  await db.schema.alterTable('clients').addColumn('buyer_reference', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('buyer_reference').execute();
  await db.schema.alterTable('clients').dropColumn('einvoice_format').execute();
}
