// The invoice list and its search at a million invoices (issue 24; docs/million.md "The invoice list and search").
//
// invoices_list: the list's filter columns in id order, one narrow entry per invoice. A page of the list, filtered
// by any of them, is found by walking this index newest first: the entries a deep page skips are index entries, not
// the invoice rows with their snapshots (which made page 2,000 of a block read and sort 750,000 rows).
//
// The search box also finds an invoice by its buyer's tax number and by the words of its lines:
// - SQLite: invoice_search, an FTS5 index of one document per invoice (rowid = the invoice's id): the buyer's tax
//   numbers from the invoice's client snapshot, and its lines' descriptions. It stores no copy of the text
//   (contentless, with deletes); the triggers below keep it in the transaction that writes the invoice or a line.
//   Letters fold case; accents are kept, as PostgreSQL's 'simple' text search keeps them.
// - PostgreSQL: its own text search, GIN indexes over to_tsvector('simple', …) of the same texts, kept by
//   PostgreSQL itself. Their expressions are repeated exactly in electron/core/invoices/search-text.ts (the planner
//   uses an expression index only for the same expression).
// tests/pg/schema-parity.spec.ts leaves the invoice_search_* objects out: each database has its own.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

const LIST_COLUMNS = [
  'id',
  'block_id',
  'status',
  'type',
  'payment_method_id',
  'date',
  'client_id',
  'is_cancel_invoice',
  'is_advance',
  'modification_index',
  'due_date',
  'total_paid_milli',
];

/** The buyer's tax numbers of a client snapshot, as one text ('' when the snapshot holds none). */
export const sqliteBuyer = (snapshot: string) =>
  `CASE WHEN json_valid(${snapshot}) THEN trim(coalesce(json_extract(${snapshot}, '$.taxcode'), '') || ' ' || coalesce(json_extract(${snapshot}, '$.eu_taxcode'), '')) ELSE '' END`;

/** Writes the search document of invoice `id` afresh (nothing when the invoice is gone). */
export const rewrite = (id: string) => `
  DELETE FROM invoice_search WHERE rowid = ${id};
  INSERT INTO invoice_search (rowid, buyer, lines)
    SELECT i.id, ${sqliteBuyer('i.client_snapshot')},
      coalesce((SELECT group_concat(it.description, char(10)) FROM invoice_items it WHERE it.invoice_id = i.id), '')
    FROM invoices i WHERE i.id = ${id};`;

/** Writes the search document of every invoice there (none may have one yet); also the million builder's fill. */
export const SEARCH_BACKFILL = `INSERT INTO invoice_search (rowid, buyer, lines)
  SELECT i.id, ${sqliteBuyer('i.client_snapshot')}, coalesce(l.lines, '')
  FROM invoices i LEFT JOIN (SELECT invoice_id, group_concat(description, char(10)) AS lines FROM invoice_items GROUP BY invoice_id) l
    ON l.invoice_id = i.id`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`CREATE INDEX invoices_list ON invoices (${LIST_COLUMNS.join(', ')})`).execute(db);
  if (isPostgres(db)) {
    await sql`CREATE INDEX invoice_search_buyer ON invoices USING gin (to_tsvector('simple'::regconfig,
      coalesce(client_snapshot::jsonb ->> 'taxcode', '') || ' ' || coalesce(client_snapshot::jsonb ->> 'eu_taxcode', '')))`.execute(db);
    await sql`CREATE INDEX invoice_search_lines ON invoice_items USING gin (to_tsvector('simple'::regconfig, description))`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE invoice_search USING fts5(buyer, lines, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
  const triggers = [
    `CREATE TRIGGER invoice_search_insert AFTER INSERT ON invoices BEGIN ${rewrite('NEW.id')} END`,
    `CREATE TRIGGER invoice_search_buyer AFTER UPDATE OF client_snapshot ON invoices
     WHEN NEW.client_snapshot IS NOT OLD.client_snapshot BEGIN ${rewrite('NEW.id')} END`,
    `CREATE TRIGGER invoice_search_delete AFTER DELETE ON invoices BEGIN DELETE FROM invoice_search WHERE rowid = OLD.id; END`,
    `CREATE TRIGGER invoice_search_line_insert AFTER INSERT ON invoice_items BEGIN ${rewrite('NEW.invoice_id')} END`,
    `CREATE TRIGGER invoice_search_line_delete AFTER DELETE ON invoice_items BEGIN ${rewrite('OLD.invoice_id')} END`,
    `CREATE TRIGGER invoice_search_line_update AFTER UPDATE OF description, invoice_id ON invoice_items
     WHEN NEW.description IS NOT OLD.description OR NEW.invoice_id IS NOT OLD.invoice_id
     BEGIN ${rewrite('OLD.invoice_id')} ${rewrite('NEW.invoice_id')} END`,
  ];
  for (const t of triggers) await sql.raw(t).execute(db);
  // The invoices already there: one statement.
  await sql.raw(SEARCH_BACKFILL).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX invoice_search_lines`.execute(db);
    await sql`DROP INDEX invoice_search_buyer`.execute(db);
  } else {
    for (const t of ['insert', 'buyer', 'delete', 'line_insert', 'line_delete', 'line_update']) await sql.raw(`DROP TRIGGER invoice_search_${t}`).execute(db);
    await sql`DROP TABLE invoice_search`.execute(db);
  }
  await sql`DROP INDEX invoices_list`.execute(db);
}
