// The reports read a period by tax point: ordinary invoices by fulfillment date, payments (cash accounting, the cash
// view) by their date. Without these indexes a year's VAT analysis scans every invoice and payment.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX invoices_fulfillment ON invoices (fulfillment_date)`.execute(db);
  await sql`CREATE INDEX invoice_payments_date ON invoice_payments (date)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX invoice_payments_date`.execute(db);
  await sql`DROP INDEX invoices_fulfillment`.execute(db);
}
