// The revenue report (reports.revenue, accrual basis) of a year at a million invoices read every line of the period
// (300,000 rows, ~2 s). So the forint revenue is summed as invoices are issued, per month of the tax point, in two
// tables kept by a trigger on the seal — the one moment every path that issues passes (the core, sync storing another
// node's invoice, the million builder's raw statements), as report_vat_lines (0032) is. A sealed invoice changes no
// line, no date, no currency and no client (its triggers refuse it) and is never deleted, so a sum is only ever added
// to, in the sealing transaction: a rolled back or killed write takes its sums with it.
//
// - summary_revenue_clients: per month and client, the sealed forint sales (invoices and receipts) — how many, and
//   the net of their lines.
// - summary_revenue_products: per month and product (`p<id>`, or `d:<description>` for a line without a product, the
//   report's own keys), how many of those invoices have such lines, and their lines' net.
// The month is that of the tax point (electron/core/reports/tax-point.ts): a cancelling or modifying invoice's issue
// date, any other's fulfillment date. Invoices in another currency (each line converted at the invoice's own rate and
// rounded to whole forints) stay out of the sums; the report reads those few (~2 %) from the invoices through the two
// partial indexes made here. Amounts are thousandths of a forint, integers, as everywhere.
import { sql, type Kysely } from 'kysely';
import { INVOICE_TYPE } from '../shared/invoice-codes';
import { isPostgres, pgTrigger } from './dialect';

const SALES = `(${INVOICE_TYPE.invoice}, ${INVOICE_TYPE.receipt})`;

/** the month of the tax point of the invoices row `i` */
const MONTH = `substr(CASE WHEN i.is_cancel_invoice = 1 OR i.modifies_id IS NOT NULL OR i.original_invoice_no IS NOT NULL THEN i.date ELSE i.fulfillment_date END, 1, 7)`;
/** the report's key of a line: its product, or its text when it has none */
const PRODUCT_KEY = `CASE WHEN it.product_id IS NOT NULL THEN 'p' || it.product_id ELSE 'd:' || it.description END`;
const counted = `i.type IN ${SALES} AND i.sealed = 1 AND i.currency = 'HUF'`;

/** Adds the invoices `where` selects (alias `i`, its lines `it`) to both tables. */
const add = (where: string) => [
  `INSERT INTO summary_revenue_clients (month, client_id, invoice_count, net_milli)
    SELECT ${MONTH}, i.client_id, count(DISTINCT i.id), sum(it.net_milli)
    FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
    WHERE ${where}
    GROUP BY ${MONTH}, i.client_id
    ON CONFLICT (month, client_id) DO UPDATE SET invoice_count = summary_revenue_clients.invoice_count + excluded.invoice_count,
      net_milli = summary_revenue_clients.net_milli + excluded.net_milli`,
  `INSERT INTO summary_revenue_products (month, product_key, invoice_count, net_milli)
    SELECT ${MONTH}, ${PRODUCT_KEY}, count(DISTINCT i.id), sum(it.net_milli)
    FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
    WHERE ${where}
    GROUP BY ${MONTH}, ${PRODUCT_KEY}
    ON CONFLICT (month, product_key) DO UPDATE SET invoice_count = summary_revenue_products.invoice_count + excluded.invoice_count,
      net_milli = summary_revenue_products.net_milli + excluded.net_milli`,
];

// the foreign-currency sales of a period, by either tax day; the literal condition is what the report writes
const INDEXES = [
  `CREATE INDEX invoices_foreign_fulfillment ON invoices (fulfillment_date) WHERE currency <> 'HUF'`,
  `CREATE INDEX invoices_foreign_date ON invoices (date) WHERE currency <> 'HUF'`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'BIGINT' : 'INTEGER';
  // SQLite: WITHOUT ROWID, so a range of months is read from the table's own key order, nothing else visited
  const keyed = pg ? '' : ' WITHOUT ROWID';
  await sql
    .raw(`CREATE TABLE summary_revenue_clients (
      month TEXT NOT NULL,
      client_id ${int} NOT NULL,
      invoice_count ${int} NOT NULL,
      net_milli ${int} NOT NULL,
      PRIMARY KEY (month, client_id)
    )${keyed}`)
    .execute(db);
  await sql
    .raw(`CREATE TABLE summary_revenue_products (
      month TEXT NOT NULL,
      product_key TEXT NOT NULL,
      invoice_count ${int} NOT NULL,
      net_milli ${int} NOT NULL,
      PRIMARY KEY (month, product_key)
    )${keyed}`)
    .execute(db);
  for (const q of add(counted)) await sql.raw(q).execute(db);
  for (const q of INDEXES) await sql.raw(q).execute(db);

  const when = `OLD.sealed = 0 AND NEW.sealed = 1 AND NEW.type IN ${SALES} AND NEW.currency = 'HUF'`;
  if (pg) {
    await pgTrigger(db, {
      name: 'summary_revenue_seal',
      table: 'invoices',
      timing: 'AFTER',
      events: 'UPDATE OF sealed',
      when,
      body: add('i.id = NEW.id').map((q) => `${q};`).join('\n'),
    });
    return;
  }
  await sql.raw(`CREATE TRIGGER summary_revenue_seal AFTER UPDATE OF sealed ON invoices WHEN ${when}
    BEGIN
      ${add('i.id = NEW.id').join(';\n      ')};
    END`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(isPostgres(db) ? 'DROP TRIGGER summary_revenue_seal ON invoices' : 'DROP TRIGGER summary_revenue_seal').execute(db);
  if (isPostgres(db)) await sql.raw('DROP FUNCTION summary_revenue_seal()').execute(db);
  for (const i of ['invoices_foreign_date', 'invoices_foreign_fulfillment']) await sql.raw(`DROP INDEX ${i}`).execute(db);
  for (const t of ['summary_revenue_products', 'summary_revenue_clients']) await sql.raw(`DROP TABLE ${t}`).execute(db);
}
