// report_vat_days.invoice_ids kept uncompressed on PostgreSQL (issue 41, branch pgw: the team server's creates).
//
// Each seal appends its invoice's id to the one row of its day and VAT code (0074), so the text grows with the
// day's invoices and the row is written whole again at every seal. Past ~2 kB PostgreSQL compresses a text column
// (pglz) each time it writes it: on a day of 2,000 invoices that was a tenth of PostgreSQL's CPU per issued invoice,
// growing with the day (tests/bench/pg-create-ab.ts `@external`: 2.2 against 2.4–2.7 ms per invoice). Stored out of
// line uncompressed (STORAGE EXTERNAL), the text is only copied. It takes a little more room (digits and commas).
// The setting applies to rows written from then on: nothing is rewritten, so the migration is instant at any size.
// SQLite stores the text as it is already: nothing changes there.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`ALTER TABLE report_vat_days ALTER COLUMN invoice_ids SET STORAGE EXTERNAL`.execute(db);
}

// Back to the default of a text column (EXTENDED: compressed, then out of line).
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`ALTER TABLE report_vat_days ALTER COLUMN invoice_ids SET STORAGE EXTENDED`.execute(db);
}
