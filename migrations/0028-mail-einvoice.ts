// E-invoices by e-mail: a client may want its invoices as an e-invoice (clients.einvoice_format, migration 0026).
// Factur-X travels in the PDF's place (the same `attachment` column, a PDF/A-3 with the XML inside); UBL and CII XML
// travel beside the PDF, in the columns added here. Like the PDF, the XML is stored when the message is queued (every
// retry sends the same bytes) and dropped once sent, its hash kept. Frozen in time like every migration.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // what the message carries besides the plain PDF: 'none', 'facturx' (instead of it), 'ubl' or 'cii' (beside it)
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('einvoice_format', 'text', (c) => c.notNull().defaultTo('none').check(sql`einvoice_format in ('none', 'ubl', 'cii', 'facturx')`))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('xml_name', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('xml_attachment', 'blob').execute();
  await db.schema.alterTable('mail_outbox').addColumn('xml_sha256', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('xml_size', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['xml_size', 'xml_sha256', 'xml_attachment', 'xml_name', 'einvoice_format']) {
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  }
}
