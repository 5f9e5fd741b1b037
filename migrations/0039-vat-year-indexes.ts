// Indexes for a VAT year at a million invoices (issue 24). The VAT analysis and the revenue report select a period's
// expenses by the day each belongs to (electron/core/reports/input-vat.ts expenseDay): its fulfillment date, else the
// supplier's invoice date, else the day it was recorded; on cash accounting its payment date when paid. Both are
// expressions over several columns, so no column index served them and a year's report read every expense ever
// recorded (100,000 at a million invoices). An index on each expression, written exactly as the queries write it,
// turns the period into a range of the index. The index also carries what the VAT analysis reads of each expense
// (its currency, VAT code and amounts), so a year's 10,000 expenses come from the index alone, not from 10,000 rows
// spread over the file. Nothing is stored beside the rows, so nothing can drift from them.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

// The expressions as expenseDay writes them: SQLite uses an expression index only for the same expression.
const ACCRUAL_DAY = sql.raw('coalesce(fulfillment_date, invoice_date, substr(created_at, 1, 10))');
const CASH_DAY = sql.raw('(case when paid = 1 then payment_date end)');

// what input-vat.ts reads of an expense (storedAmounts), after the day
const VAT_COLUMNS = sql.raw('currency, vat_id, net_price_milli, vat_amount_milli, gross_price_milli');

// The VAT lines in other currencies than the forint (2 % of them), per tax day, with all the analysis reads of them.
// report_vat_lines_code (migration 0032) puts the VAT code between the currency and the tax day, so a range of
// currencies ("not HUF") read every foreign line of every year and then each row for its rate.
const FOREIGN_LINES = sql.raw(
  "report_vat_lines (cash, tax_day, vat_id, exchange_rate, net_milli, vat_milli, invoice_id, currency) WHERE currency <> 'HUF'",
);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX report_vat_lines_foreign ON ${FOREIGN_LINES}`.execute(db);
  // PostgreSQL wants an expression in an index in its own parentheses; coalesce, substr and case are immutable there
  const wrap = isPostgres(db) ? (e: ReturnType<typeof sql.raw>) => sql`(${e})` : (e: ReturnType<typeof sql.raw>) => e;
  await sql`CREATE INDEX expenses_accrual_day ON expenses (${wrap(ACCRUAL_DAY)}, ${VAT_COLUMNS})`.execute(db);
  await sql`CREATE INDEX expenses_cash_day ON expenses (${wrap(CASH_DAY)}, ${VAT_COLUMNS})`.execute(db);
  // expenses_accrual_day begins with the same day as 0038's expenses_day and serves its readers (expenses.totals) too
  await sql`DROP INDEX expenses_day`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX report_vat_lines_foreign`.execute(db);
  await sql`DROP INDEX expenses_cash_day`.execute(db);
  await sql`DROP INDEX expenses_accrual_day`.execute(db);
  await sql`CREATE INDEX expenses_day ON expenses (${isPostgres(db) ? sql`(${ACCRUAL_DAY})` : ACCRUAL_DAY})`.execute(db);
}
