// The VAT analysis and the revenue report select a period's expenses by the day each belongs to
// (electron/core/reports/input-vat.ts expenseDay): its fulfillment date, else the supplier's invoice date, else the
// day it was recorded; on cash accounting its payment date when paid. Both are expressions over several columns, so
// no column index served them and a year's report read every expense ever recorded (issue 24: 100,000 expenses at a
// million invoices). An index on each expression, written exactly as the queries write it, turns the period into a
// range of the index. Nothing is stored beside the rows, so nothing can drift from them.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

// The expressions as expenseDay writes them: SQLite uses an expression index only for the same expression.
const ACCRUAL_DAY = sql.raw('coalesce(fulfillment_date, invoice_date, substr(created_at, 1, 10))');
const CASH_DAY = sql.raw('(case when paid = 1 then payment_date end)');

export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL wants an expression in an index in its own parentheses; coalesce, substr and case are immutable there
  const wrap = isPostgres(db) ? (e: ReturnType<typeof sql.raw>) => sql`(${e})` : (e: ReturnType<typeof sql.raw>) => e;
  await sql`CREATE INDEX expenses_accrual_day ON expenses (${wrap(ACCRUAL_DAY)})`.execute(db);
  await sql`CREATE INDEX expenses_cash_day ON expenses (${wrap(CASH_DAY)})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX expenses_cash_day`.execute(db);
  await sql`DROP INDEX expenses_accrual_day`.execute(db);
}
