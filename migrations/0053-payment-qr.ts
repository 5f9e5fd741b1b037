// Payment QR codes (issue 40): whether a document prints the payment code (the MNB's HCT code for HUF, the EPC code
// for EUR). Decided when the document is created (the request's flag, else the company's setting) and part of what
// an issued invoice prints, so it is guarded like the other columns once sealed (the guards of 0001, 0022, 0025 list
// the columns of their day). Invoices from before this migration keep NULL: they print no code, and so render to the
// same bytes as before. Frozen in time like every migration.
import { sql, type Kysely } from 'kysely';
import { isPostgres, pgSealGuard } from './dialect';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('payment_qr', 'integer').execute();
  if (isPostgres(db)) return pgSealGuard(db, 'invoices_sealed_payment_qr', 'UPDATE OF payment_qr', ['payment_qr']);
  await sql`CREATE TRIGGER invoices_sealed_payment_qr BEFORE UPDATE OF payment_qr ON invoices
     WHEN OLD.sealed = 1 AND NEW.payment_qr IS NOT OLD.payment_qr
     BEGIN SELECT RAISE(ABORT, 'issued invoices cannot be changed'); END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER invoices_sealed_payment_qr ON invoices`.execute(db);
    await sql`DROP FUNCTION invoices_sealed_payment_qr()`.execute(db);
  } else {
    await sql`DROP TRIGGER invoices_sealed_payment_qr`.execute(db);
  }
  await db.schema.alterTable('invoices').dropColumn('payment_qr').execute();
}
