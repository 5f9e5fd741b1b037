// The VAT analysis of a year at a million invoices (issue 41). Its forint output side read report_vat_lines (0032)
// one VAT code at a time: every line of the year (~130,000 at a million), their sums and their invoice ids joined
// into one text per code, then split, sorted and merged in JavaScript — ~260 ms on either database. The report shows
// each code's documents, so the ids cannot be left out; but they need not be gathered line by line on every opening.
//
// report_vat_days keeps, per tax day and VAT code, the forint lines issued on the accrual basis (cash = 0, currency
// HUF: what the report sums by SQL; the foreign ones are converted per invoice at its own rate and stay read from
// their lines): how many invoices, the sums of their net and VAT, and the invoice ids as a comma-separated list. A
// year is ~365 × the codes in use rows (~730 at a million), read by the key's range.
//
// It is a roll-up of report_vat_lines, kept by a trigger on that table's inserts, so whatever fills it (the seal
// trigger of 0032, sync storing another node's invoice, the million builder) fills this in the same statement and
// transaction: a rolled back or killed write takes its sums with it. A sealed invoice's VAT lines are written once,
// at the seal, and never changed or deleted (a sealed invoice never changes, a correction is an invoice of its own),
// so the sums are only ever added to. On PostgreSQL one statement trigger adds all of a statement's lines at once
// (from its transition table), whatever writes them, row by row or in bulk.
//
// The list grows by one id (~7 bytes) per invoice and code of the day, rewritten with the day's row on each seal: a
// day of 300 invoices is a ~2 kB row.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/** The lines the roll-up counts, as a condition on a report_vat_lines row or relation `r`. */
const COUNTED = (r: string) => `${r}.cash = 0 AND ${r}.currency = 'HUF'`;

/** Adds the lines of `rows` (a relation of report_vat_lines rows, alias r) to their days, per VAT code. */
function addLines(rows: string, pg: boolean): string {
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

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'BIGINT' : 'INTEGER';
  // a rowid table: its rows are a few kB, too wide for WITHOUT ROWID's key order to pay
  await sql
    .raw(`CREATE TABLE report_vat_days (
      tax_day TEXT NOT NULL,
      vat_id TEXT NOT NULL,
      invoice_count ${int} NOT NULL,
      net_milli ${int} NOT NULL,
      vat_milli ${int} NOT NULL,
      invoice_ids TEXT NOT NULL,
      PRIMARY KEY (tax_day, vat_id)
    )`)
    .execute(db);
  // what the lines hold now
  await sql.raw(addLines('report_vat_lines', pg)).execute(db);
  if (pg) {
    await sql
      .raw(`CREATE FUNCTION report_vat_days_add() RETURNS trigger LANGUAGE plpgsql AS $folio$\nBEGIN\n${addLines('new_lines', true)};\nRETURN NULL;\nEND\n$folio$`)
      .execute(db);
    await sql
      .raw('CREATE TRIGGER report_vat_days_add AFTER INSERT ON report_vat_lines REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION report_vat_days_add()')
      .execute(db);
    return;
  }
  // one line at a time (a row trigger): VALUES needs no GROUP BY, and an upsert after a SELECT would need `WHERE true`
  await sql
    .raw(`CREATE TRIGGER report_vat_days_add AFTER INSERT ON report_vat_lines WHEN ${COUNTED('NEW')}
      BEGIN
        INSERT INTO report_vat_days (tax_day, vat_id, invoice_count, net_milli, vat_milli, invoice_ids)
        VALUES (NEW.tax_day, NEW.vat_id, 1, NEW.net_milli, NEW.vat_milli, NEW.invoice_id)
        ON CONFLICT (tax_day, vat_id) DO UPDATE SET invoice_count = report_vat_days.invoice_count + 1,
          net_milli = report_vat_days.net_milli + excluded.net_milli,
          vat_milli = report_vat_days.vat_milli + excluded.vat_milli,
          invoice_ids = report_vat_days.invoice_ids || ',' || excluded.invoice_ids;
      END`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER report_vat_days_add ON report_vat_lines').execute(db);
    await sql.raw('DROP FUNCTION report_vat_days_add()').execute(db);
  } else {
    await sql.raw('DROP TRIGGER report_vat_days_add').execute(db);
  }
  await sql.raw('DROP TABLE report_vat_days').execute(db);
}
