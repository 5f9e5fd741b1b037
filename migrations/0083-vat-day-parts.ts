// report_vat_days (0074) in parts of at most 128 invoice ids. 0074 kept one row per tax day and VAT code whose id
// list grew by one id at every seal and was rewritten whole each time: a busy day's row passed SQLite's page (a chain
// of overflow pages written again per invoice) and PostgreSQL's TOAST threshold (compressed again per invoice), so
// issuing got slower as the day filled — ~45 µs more per invoice on SQLite at 10,000 invoices of a day, a tenth of
// PostgreSQL's CPU per create at 2,000. Issue 41.
//
// The key gains the part: the invoice id divided by 128 (whole division). Ids only grow, so a day's invoices fill
// one part after another, and a part's list never passes 128 ids (~1 kB) whatever the day's size; no lookup of the
// day's count is needed to choose it. A year is a few rows more than days × codes (a day's invoices cross a part's
// edge at most a few times), still read by the key's range; the report sums the rows and merges their ids as before.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/** How many invoice ids a part's list holds at most: ids 0–127 are part 0, 128–255 part 1, and so on. */
export const IDS_PER_PART = 128;

/** The lines the roll-up counts, as a condition on a report_vat_lines row or relation `r` (as 0074). */
const COUNTED = (r: string) => `${r}.cash = 0 AND ${r}.currency = 'HUF'`;

function createTable(pg: boolean, name: string, parts: boolean): string {
  const int = pg ? 'BIGINT' : 'INTEGER';
  return `CREATE TABLE ${name} (
      tax_day TEXT NOT NULL,
      vat_id TEXT NOT NULL,${parts ? `\n      part ${int} NOT NULL,` : ''}
      invoice_count ${int} NOT NULL,
      net_milli ${int} NOT NULL,
      vat_milli ${int} NOT NULL,
      invoice_ids TEXT NOT NULL,
      PRIMARY KEY (tax_day, vat_id${parts ? ', part' : ''})
    )`;
}

/** Adds the lines of `rows` (a relation of report_vat_lines rows, alias r) to their days' parts, per VAT code. */
function addLines(rows: string, pg: boolean): string {
  const ids = pg ? `string_agg(r.invoice_id::text, ',')` : 'group_concat(r.invoice_id)';
  return `INSERT INTO report_vat_days (tax_day, vat_id, part, invoice_count, net_milli, vat_milli, invoice_ids)
    SELECT r.tax_day, r.vat_id, r.invoice_id / ${IDS_PER_PART}, count(*), sum(r.net_milli), sum(r.vat_milli), ${ids}
    FROM ${rows} r
    WHERE ${COUNTED('r')}
    GROUP BY r.tax_day, r.vat_id, r.invoice_id / ${IDS_PER_PART}
    ON CONFLICT (tax_day, vat_id, part) DO UPDATE SET invoice_count = report_vat_days.invoice_count + excluded.invoice_count,
      net_milli = report_vat_days.net_milli + excluded.net_milli,
      vat_milli = report_vat_days.vat_milli + excluded.vat_milli,
      invoice_ids = report_vat_days.invoice_ids || ',' || excluded.invoice_ids`;
}

/** 0074's form, for `down`: one row per day and code. */
function addLinesWhole(rows: string, pg: boolean): string {
  const ids = pg ? `string_agg(r.invoice_id::text, ',')` : 'group_concat(r.invoice_id)';
  return `INSERT INTO report_vat_days (tax_day, vat_id, invoice_count, net_milli, vat_milli, invoice_ids)
    SELECT r.tax_day, r.vat_id, count(*), sum(r.net_milli), sum(r.vat_milli), ${ids}
    FROM ${rows} r
    WHERE ${COUNTED('r')}
    GROUP BY r.tax_day, r.vat_id
    ON CONFLICT (tax_day, vat_id) DO UPDATE SET invoice_count = report_vat_days.invoice_count + excluded.invoice_count,
      net_milli = report_vat_days.net_milli + excluded.net_milli,
      vat_milli = report_vat_days.vat_milli + excluded.vat_milli,
      invoice_ids = report_vat_days.invoice_ids || ',' || excluded.invoice_ids`;
}

async function dropTrigger(db: Kysely<any>, pg: boolean): Promise<void> {
  if (pg) {
    await sql.raw('DROP TRIGGER report_vat_days_add ON report_vat_lines').execute(db);
    await sql.raw('DROP FUNCTION report_vat_days_add()').execute(db);
  } else {
    await sql.raw('DROP TRIGGER report_vat_days_add').execute(db);
  }
}

/** The table made anew and filled from the lines, then its trigger: `add` is the statement adding a relation's lines. */
async function rebuild(db: Kysely<any>, parts: boolean, add: (rows: string, pg: boolean) => string, rowTrigger: string): Promise<void> {
  const pg = isPostgres(db);
  await dropTrigger(db, pg);
  await sql.raw('DROP TABLE report_vat_days').execute(db);
  await sql.raw(createTable(pg, 'report_vat_days', parts)).execute(db);
  await sql.raw(add('report_vat_lines', pg)).execute(db);
  if (pg) {
    await sql
      .raw(`CREATE FUNCTION report_vat_days_add() RETURNS trigger LANGUAGE plpgsql AS $folio$\nBEGIN\n${add('new_lines', true)};\nRETURN NULL;\nEND\n$folio$`)
      .execute(db);
    await sql
      .raw('CREATE TRIGGER report_vat_days_add AFTER INSERT ON report_vat_lines REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION report_vat_days_add()')
      .execute(db);
    return;
  }
  await sql.raw(`CREATE TRIGGER report_vat_days_add AFTER INSERT ON report_vat_lines WHEN ${COUNTED('NEW')}\n      BEGIN\n${rowTrigger}\n      END`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  // one line at a time on SQLite (a row trigger): VALUES needs no GROUP BY
  await rebuild(
    db,
    true,
    addLines,
    `        INSERT INTO report_vat_days (tax_day, vat_id, part, invoice_count, net_milli, vat_milli, invoice_ids)
        VALUES (NEW.tax_day, NEW.vat_id, NEW.invoice_id / ${IDS_PER_PART}, 1, NEW.net_milli, NEW.vat_milli, NEW.invoice_id)
        ON CONFLICT (tax_day, vat_id, part) DO UPDATE SET invoice_count = report_vat_days.invoice_count + 1,
          net_milli = report_vat_days.net_milli + excluded.net_milli,
          vat_milli = report_vat_days.vat_milli + excluded.vat_milli,
          invoice_ids = report_vat_days.invoice_ids || ',' || excluded.invoice_ids;`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(
    db,
    false,
    addLinesWhole,
    `        INSERT INTO report_vat_days (tax_day, vat_id, invoice_count, net_milli, vat_milli, invoice_ids)
        VALUES (NEW.tax_day, NEW.vat_id, 1, NEW.net_milli, NEW.vat_milli, NEW.invoice_id)
        ON CONFLICT (tax_day, vat_id) DO UPDATE SET invoice_count = report_vat_days.invoice_count + 1,
          net_milli = report_vat_days.net_milli + excluded.net_milli,
          vat_milli = report_vat_days.vat_milli + excluded.vat_milli,
          invoice_ids = report_vat_days.invoice_ids || ',' || excluded.invoice_ids;`,
  );
}
