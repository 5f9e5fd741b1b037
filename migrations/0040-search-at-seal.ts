// The invoice search's document (migration 0037) written once when an invoice is issued, not once per line.
//
// 0037's triggers wrote an invoice's FTS5 document afresh on its insert and again on each line's insert: issuing a
// 3-line invoice deleted and wrote it four times inside the issuing transaction, which cost ~0.2 ms of the ~1.2 ms an
// invoice takes (`npm run bench`, issue_core_per_s). An invoice that is being issued has its number from its insert
// on, and is sealed after its lines; a draft has no number. So the insert and line triggers now keep the documents of
// unnumbered invoices (drafts, whose lines change while they are edited), and the seal writes the document of an
// issued invoice once, lines and buyer complete — also for a draft issued later, and for a record a device pushed
// (stored unsealed, then sealed). Sealed invoices change no line nor buyer (their triggers refuse it), so a sealed
// invoice's document stays as the seal wrote it. PostgreSQL's text search is its own GIN indexes: nothing to change.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import { rewrite } from './0037-invoice-list-search';

/** The invoice whose line this is has no number yet (a draft). */
const unnumbered = (invoiceId: string) => `(SELECT invoice_no FROM invoices WHERE id = ${invoiceId}) IS NULL`;

const TRIGGERS = {
  insert: `CREATE TRIGGER invoice_search_insert AFTER INSERT ON invoices WHEN NEW.invoice_no IS NULL BEGIN ${rewrite('NEW.id')} END`,
  buyer: `CREATE TRIGGER invoice_search_buyer AFTER UPDATE OF client_snapshot ON invoices
     WHEN NEW.client_snapshot IS NOT OLD.client_snapshot AND NEW.invoice_no IS NULL BEGIN ${rewrite('NEW.id')} END`,
  line_insert: `CREATE TRIGGER invoice_search_line_insert AFTER INSERT ON invoice_items WHEN ${unnumbered('NEW.invoice_id')}
     BEGIN ${rewrite('NEW.invoice_id')} END`,
  seal: `CREATE TRIGGER invoice_search_seal AFTER UPDATE OF sealed ON invoices WHEN OLD.sealed = 0 AND NEW.sealed = 1
     BEGIN ${rewrite('NEW.id')} END`,
};

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const name of ['insert', 'buyer', 'line_insert']) await sql.raw(`DROP TRIGGER invoice_search_${name}`).execute(db);
  for (const ddl of Object.values(TRIGGERS)) await sql.raw(ddl).execute(db);
  // Unsealed numbered invoices are only ever inside an issuing transaction: every document is already complete.
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const name of ['insert', 'buyer', 'line_insert', 'seal']) await sql.raw(`DROP TRIGGER invoice_search_${name}`).execute(db);
  await sql.raw(`CREATE TRIGGER invoice_search_insert AFTER INSERT ON invoices BEGIN ${rewrite('NEW.id')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER invoice_search_buyer AFTER UPDATE OF client_snapshot ON invoices
     WHEN NEW.client_snapshot IS NOT OLD.client_snapshot BEGIN ${rewrite('NEW.id')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER invoice_search_line_insert AFTER INSERT ON invoice_items BEGIN ${rewrite('NEW.invoice_id')} END`).execute(db);
}
