// The reports read a period by tax point. A year's VAT analysis over 100,000 invoices must answer within 200 ms,
// and joining every invoice (wide rows: the seller and buyer snapshots) to its lines takes seconds. So each sealed
// invoice gets, once, its VAT lines summed per VAT code in a narrow table with the facts the analysis selects on —
// its tax day (fulfillment date; a modifying or cancelling invoice's own issue date), whether it was issued on cash
// accounting (its seller snapshot), its currency and rate — filled by a trigger on the seal, the one moment every
// path that issues (the core, sync storing another node's invoice) passes. A sealed invoice never changes, so the
// rows never go stale. A covering index answers the period's sums per VAT code from the index alone.
// Payments (cash accounting, the cash view) are read by their date.
import { sql, type Kysely } from 'kysely';
import { INVOICE_TYPE } from '../shared/invoice-codes';
import { isPostgres, pgTrigger } from './dialect';

// invoices and receipts: a receipt is not reported to NAV, but its VAT is owed like an invoice's
const SALES_LIST = `(${INVOICE_TYPE.invoice}, ${INVOICE_TYPE.receipt})`;
const SALES = sql.raw(SALES_LIST);

/** The rows of the invoices `where` selects (an alias `i`), per VAT code. */
const linesOf = (where: ReturnType<typeof sql>) => sql`
  INSERT INTO report_vat_lines (invoice_id, vat_id, tax_day, cash, currency, exchange_rate, net_milli, vat_milli)
  SELECT i.id, it.vat_id,
    CASE WHEN i.is_cancel_invoice = 1 OR i.modifies_id IS NOT NULL OR i.original_invoice_no IS NOT NULL THEN i.date ELSE i.fulfillment_date END,
    coalesce(json_extract(i.seller_snapshot, '$.vat_status') = 'cash_accounting', 0),
    i.currency, i.exchange_rate, sum(it.net_milli), sum(it.vat_milli)
  FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
  WHERE ${where}
  GROUP BY i.id, it.vat_id`;

/**
 * `linesOf` in PostgreSQL: the seller snapshot read as jsonb, the comparison turned into SQLite's 0/1. Grouping by
 * i.id alone may select i's other columns: i.id is the invoices' primary key.
 */
const pgLinesOf = (where: string) => `
  INSERT INTO report_vat_lines (invoice_id, vat_id, tax_day, cash, currency, exchange_rate, net_milli, vat_milli)
  SELECT i.id, it.vat_id,
    CASE WHEN i.is_cancel_invoice = 1 OR i.modifies_id IS NOT NULL OR i.original_invoice_no IS NOT NULL THEN i.date ELSE i.fulfillment_date END,
    CASE WHEN i.seller_snapshot::jsonb ->> 'vat_status' = 'cash_accounting' THEN 1 ELSE 0 END,
    i.currency, i.exchange_rate, sum(it.net_milli), sum(it.vat_milli)
  FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
  WHERE ${where}
  GROUP BY i.id, it.vat_id`;

async function pgUp(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE report_vat_lines (
    invoice_id BIGINT NOT NULL REFERENCES invoices (id),
    vat_id TEXT NOT NULL,
    tax_day TEXT NOT NULL,
    cash BIGINT NOT NULL,
    currency TEXT NOT NULL,
    exchange_rate TEXT NOT NULL,
    net_milli BIGINT NOT NULL,
    vat_milli BIGINT NOT NULL,
    PRIMARY KEY (invoice_id, vat_id)
  )`.execute(db);
  await sql`CREATE INDEX report_vat_lines_code ON report_vat_lines (cash, currency, vat_id, tax_day, net_milli, vat_milli, invoice_id)`.execute(db);
  await sql.raw(pgLinesOf(`i.sealed = 1 AND i.type IN ${SALES_LIST}`)).execute(db);
  await pgTrigger(db, {
    name: 'report_vat_lines_seal',
    table: 'invoices',
    timing: 'AFTER',
    events: 'UPDATE OF sealed',
    when: `OLD.sealed = 0 AND NEW.sealed = 1 AND NEW.type IN ${SALES_LIST}`,
    body: `${pgLinesOf('i.id = NEW.id')};`,
  });
  await sql`CREATE INDEX invoice_payments_date ON invoice_payments (date)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return pgUp(db);
  await sql`CREATE TABLE report_vat_lines (
    invoice_id INTEGER NOT NULL REFERENCES invoices (id),
    vat_id TEXT NOT NULL,
    tax_day TEXT NOT NULL,
    cash INTEGER NOT NULL,
    currency TEXT NOT NULL,
    exchange_rate TEXT NOT NULL,
    net_milli INTEGER NOT NULL,
    vat_milli INTEGER NOT NULL,
    PRIMARY KEY (invoice_id, vat_id)
  )`.execute(db);
  // per VAT code a range of tax days, read in index order (no sorting for a GROUP BY) and from the index alone
  await sql`CREATE INDEX report_vat_lines_code ON report_vat_lines (cash, currency, vat_id, tax_day, net_milli, vat_milli, invoice_id)`.execute(db);
  await linesOf(sql`i.sealed = 1 AND i.type IN ${SALES}`).execute(db);
  await sql`CREATE TRIGGER report_vat_lines_seal AFTER UPDATE OF sealed ON invoices
    WHEN OLD.sealed = 0 AND NEW.sealed = 1 AND NEW.type IN ${SALES}
    BEGIN
      ${linesOf(sql`i.id = NEW.id`)};
    END`.execute(db);
  await sql`CREATE INDEX invoice_payments_date ON invoice_payments (date)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX invoice_payments_date`.execute(db);
  await sql`DROP TRIGGER report_vat_lines_seal`.execute(db);
  await sql`DROP TABLE report_vat_lines`.execute(db);
}
