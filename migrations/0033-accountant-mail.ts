// The accountant package by e-mail (docs/reports.md): an outbox message may now carry a part of the package, which
// belongs to neither an invoice nor a quote. Such a message is marked `purpose = 'accountant'` and has neither id;
// every other message still carries exactly one document. SQLite cannot change a CHECK in place, so the table is
// rebuilt from its own stored definition (as migration 0023 did), keeping whatever columns it has. PostgreSQL (the
// team server) changes the check in place. Frozen in time.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const ONE_DOCUMENT = `CHECK (("invoice_id" IS NULL) <> ("quote_id" IS NULL))`;
const ONE_DOCUMENT_OR_ACCOUNTANT = `CHECK (CASE WHEN "purpose" = 'accountant' THEN "invoice_id" IS NULL AND "quote_id" IS NULL ELSE ("invoice_id" IS NULL) <> ("quote_id" IS NULL) END)`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return pgReplaceCheck(db, 'quote_id IS NULL', ONE_DOCUMENT_OR_ACCOUNTANT);
  await rebuildOutbox(db, ONE_DOCUMENT, ONE_DOCUMENT_OR_ACCOUNTANT);
}

/** Back to one document per message: the accountant's messages go (an older Folio could not tell what they carry). */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM mail_outbox WHERE purpose = 'accountant'`.execute(db);
  if (isPostgres(db)) return pgReplaceCheck(db, 'accountant', ONE_DOCUMENT);
  await rebuildOutbox(db, ONE_DOCUMENT_OR_ACCOUNTANT, ONE_DOCUMENT);
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * PostgreSQL: the outbox's check that mentions `marker` (migration 0023 added it unnamed, so it is found by what it
 * says) is replaced by `check`.
 */
async function pgReplaceCheck(db: Kysely<any>, marker: string, check: string): Promise<void> {
  const found = await sql<{ name: string }>`SELECT conname AS name FROM pg_constraint
    WHERE conrelid = 'mail_outbox'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE ${`%${marker}%`}`.execute(db);
  if (found.rows.length !== 1) throw new Error(`mail_outbox: expected one check mentioning ${marker}, found ${found.rows.length}`);
  await sql`ALTER TABLE mail_outbox DROP CONSTRAINT ${sql.id(found.rows[0]!.name)}`.execute(db);
  await sql.raw(`ALTER TABLE mail_outbox ADD ${check}`).execute(db);
}

async function rebuildOutbox(db: Kysely<any>, from: string, to: string): Promise<void> {
  const table = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'mail_outbox'`.execute(db);
  const definition = table.rows[0]!.sql;
  if (!definition.includes(from)) throw new Error(`mail_outbox: ${from} not found in its definition`);
  const rebuilt = definition.replace(from, to).replace(/^create table\s+"?mail_outbox"?/i, 'CREATE TABLE "mail_outbox_new"');
  const columns = (await sql<{ name: string }>`SELECT name FROM pragma_table_info('mail_outbox')`.execute(db)).rows.map((r) => `"${r.name}"`).join(', ');
  const indexes = (await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'mail_outbox' AND sql IS NOT NULL`.execute(db)).rows;
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`INSERT INTO mail_outbox_new (${columns}) SELECT ${columns} FROM mail_outbox`).execute(db);
  await sql`DROP TABLE mail_outbox`.execute(db);
  await sql`ALTER TABLE mail_outbox_new RENAME TO mail_outbox`.execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
}
