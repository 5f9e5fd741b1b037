// report_vat_days (0074) in parts of about 128 invoice ids. 0074 kept one row per tax day and VAT code whose id list
// grew by one id at every seal and was rewritten whole each time: a busy day's row passed SQLite's page (a chain of
// overflow pages written again per invoice) and PostgreSQL's TOAST threshold (compressed again per invoice), so
// issuing got slower as the day filled — ~45 µs more per invoice on SQLite at 10,000 invoices of a day, a tenth of
// PostgreSQL's CPU per create at 2,000. Issue 41.
//
// The key gains a part number. A seal adds its invoice to the day's last part while that holds fewer than 128 ids,
// else it opens the next part, so a list a seal rewrites stays under ~1 kB however busy the day. (On PostgreSQL a
// statement's lines of one day and code go to one part together: a bulk write such as sync's may fill a part past
// 128 once, but it is not rewritten again and again.) The rows kept so far become part 0 as they are: a past day is
// rarely added to, and a year still reads ~730 rows, plus one per 128 invoices of a busy day.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import { up as upWhole } from './0074-vat-day-summaries';

/** A day and code's last part takes new ids while it holds fewer than this many. */
export const IDS_PER_PART = 128;

/** The lines the roll-up counts, as a condition on a report_vat_lines row or relation `r` (as 0074). */
const COUNTED = (r: string) => `${r}.cash = 0 AND ${r}.currency = 'HUF'`;

const SUMS = `invoice_count = report_vat_days.invoice_count + excluded.invoice_count,
      net_milli = report_vat_days.net_milli + excluded.net_milli,
      vat_milli = report_vat_days.vat_milli + excluded.vat_milli,
      invoice_ids = report_vat_days.invoice_ids || ',' || excluded.invoice_ids`;

function createTable(pg: boolean): string {
  const int = pg ? 'BIGINT' : 'INTEGER';
  return `CREATE TABLE report_vat_days (
      tax_day TEXT NOT NULL,
      vat_id TEXT NOT NULL,
      part ${int} NOT NULL,
      invoice_count ${int} NOT NULL,
      net_milli ${int} NOT NULL,
      vat_milli ${int} NOT NULL,
      invoice_ids TEXT NOT NULL,
      PRIMARY KEY (tax_day, vat_id, part)
    )`;
}

/** The part the next ids of a day (`day`) and code (`code`) go to: the last part while it has room, else the next. */
function nextPart(day: string, code: string, pg: boolean): string {
  const full = pg ? `(d.invoice_count >= ${IDS_PER_PART})::int` : `(d.invoice_count >= ${IDS_PER_PART})`;
  return `coalesce((SELECT d.part + ${full} FROM report_vat_days d
      WHERE d.tax_day = ${day} AND d.vat_id = ${code} ORDER BY d.part DESC LIMIT 1), 0)`;
}

/** PostgreSQL's statement trigger: a statement's lines (`new_lines`) summed per day and code, each added to its part. */
function addStatementLines(): string {
  return `INSERT INTO report_vat_days (tax_day, vat_id, part, invoice_count, net_milli, vat_milli, invoice_ids)
    SELECT g.tax_day, g.vat_id, ${nextPart('g.tax_day', 'g.vat_id', true)}, g.n, g.net, g.vat, g.ids
    FROM (SELECT r.tax_day, r.vat_id, count(*) AS n, sum(r.net_milli) AS net, sum(r.vat_milli) AS vat,
        string_agg(r.invoice_id::text, ',') AS ids
      FROM new_lines r WHERE ${COUNTED('r')} GROUP BY r.tax_day, r.vat_id) g
    ON CONFLICT (tax_day, vat_id, part) DO UPDATE SET ${SUMS}`;
}

/** SQLite's row trigger: one line (`NEW`) added to its part. */
const ADD_ROW = `INSERT INTO report_vat_days (tax_day, vat_id, part, invoice_count, net_milli, vat_milli, invoice_ids)
        VALUES (NEW.tax_day, NEW.vat_id, ${nextPart('NEW.tax_day', 'NEW.vat_id', false)}, 1, NEW.net_milli, NEW.vat_milli, NEW.invoice_id)
        ON CONFLICT (tax_day, vat_id, part) DO UPDATE SET ${SUMS};`;

async function dropTrigger(db: Kysely<any>, pg: boolean): Promise<void> {
  if (pg) {
    await sql.raw('DROP TRIGGER report_vat_days_add ON report_vat_lines').execute(db);
    await sql.raw('DROP FUNCTION report_vat_days_add()').execute(db);
  } else {
    await sql.raw('DROP TRIGGER report_vat_days_add').execute(db);
  }
}

async function createTrigger(db: Kysely<any>, pg: boolean, statementBody: string, rowBody: string): Promise<void> {
  if (pg) {
    await sql
      .raw(`CREATE FUNCTION report_vat_days_add() RETURNS trigger LANGUAGE plpgsql AS $folio$\nBEGIN\n${statementBody};\nRETURN NULL;\nEND\n$folio$`)
      .execute(db);
    await sql
      .raw('CREATE TRIGGER report_vat_days_add AFTER INSERT ON report_vat_lines REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION report_vat_days_add()')
      .execute(db);
  } else {
    await sql.raw(`CREATE TRIGGER report_vat_days_add AFTER INSERT ON report_vat_lines WHEN ${COUNTED('NEW')}\n      BEGIN\n        ${rowBody}\n      END`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await dropTrigger(db, pg);
  await sql.raw('ALTER TABLE report_vat_days RENAME TO report_vat_days_0074').execute(db);
  if (pg) await sql.raw('ALTER TABLE report_vat_days_0074 RENAME CONSTRAINT report_vat_days_pkey TO report_vat_days_0074_pkey').execute(db);
  await sql.raw(createTable(pg)).execute(db);
  await sql
    .raw(`INSERT INTO report_vat_days (tax_day, vat_id, part, invoice_count, net_milli, vat_milli, invoice_ids)
      SELECT tax_day, vat_id, 0, invoice_count, net_milli, vat_milli, invoice_ids FROM report_vat_days_0074`)
    .execute(db);
  await sql.raw('DROP TABLE report_vat_days_0074').execute(db);
  await createTrigger(db, pg, addStatementLines(), ADD_ROW);
}

export async function down(db: Kysely<any>): Promise<void> {
  // back to 0074's one row per day and code, made again from the lines as 0074 first made it
  await dropTrigger(db, isPostgres(db));
  await sql.raw('DROP TABLE report_vat_days').execute(db);
  await upWhole(db);
}
