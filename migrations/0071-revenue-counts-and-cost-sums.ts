// The revenue report of a year on the cash basis (issue 41) counts an invoice paid in several months of the year once
// per client and product, where the month sums of 0062 count it once in each month. It took the difference off
// invoice by invoice: every row of the year in summary_cash_split (an invoice paid in more than one month), and every
// line of those invoices for their product keys — ~5,000 invoices and ~15,000 lines a year at a million, read twice
// (the year beside the one before).
//
// Here that difference is kept per year, by triggers on summary_cash_split (so whatever writes a row there — 0062's
// and 0070's triggers — also writes this, in the same statement):
// - summary_cash_split_client_years: per year and client, the sum over its invoices of (the months of the year the
//   invoice was paid in − 1), for the invoices paid in at least one month of that year;
// - summary_cash_split_product_years: the same per year and product key (`p<id>` or `d:<description>`), each
//   invoice counted once for each key its lines have.
// A report of one whole year takes these off its client and product counts (revenue-sums.ts); any other period works
// the difference out from summary_cash_split as before (an invoice paid in December and January is one invoice in a
// period of both years, two in two single years).
//
// And the costs of the report (expenses in forints, per month and category, on either basis), which it summed from
// the expenses of the period (~10,000 a year at a million invoices, 100–200 ms on PostgreSQL): kept in
// summary_cost_months (accrual: the expense's day — fulfillment, else invoice date, else the day it was recorded)
// and summary_cost_cash_months (the day it was paid, when paid), how many expenses and their net, by row triggers on
// expenses (an expense is changed and deleted freely: its row as it was counted out, as it is counted in). An
// expense recorded before net and VAT were stored (its net worked out from its gross by the core) stays out; the
// report reads those few from the expenses, through two partial indexes of them made here.
//
// A change of split rows changes the count of an (invoice, year) from n to n' and its extra from max(n − 1, 0) to
// max(n' − 1, 0); n' is read from the table after the change, n is n' less the rows the change added, plus those it
// took. On SQLite a row trigger sees one row at a time; on PostgreSQL a statement trigger sees all of a statement's
// rows in its transition tables (0062's triggers delete all of an invoice's rows at once) and the table after them.
import { sql, type Kysely } from 'kysely';
import { isPostgres, pgTrigger } from './dialect';

const PRODUCT_KEY = `CASE WHEN it.product_id IS NOT NULL THEN 'p' || it.product_id ELSE 'd:' || it.description END`;

/** max(n − 1, 0) */
const extraOf = (n: string) => `(CASE WHEN ${n} > 1 THEN ${n} - 1 ELSE 0 END)`;

/**
 * Per (invoice, year, client) the rows `changed` touch (a relation of split rows with a sign column `s`), with how
 * much its extra changes: `delta`.
 */
function deltas(changed: string): string {
  const now = `(SELECT count(*) FROM summary_cash_split x WHERE x.invoice_id = e.invoice_id AND x.month BETWEEN e.year || '-01' AND e.year || '-12')`;
  return `SELECT d.invoice_id, d.year, d.client_id, ${extraOf('d.now')} - ${extraOf('d.now - d.moved')} AS delta
    FROM (SELECT e.invoice_id, e.year, e.client_id, e.moved, ${now} AS now
      FROM (SELECT c.invoice_id, substr(c.month, 1, 4) AS year, c.client_id, sum(c.s) AS moved FROM (${changed}) c
        GROUP BY c.invoice_id, substr(c.month, 1, 4), c.client_id) e) d`;
}

/** The two upserts adding the deltas `rows` (invoice_id, year, client_id, delta) to the year tables. */
function addTo(rows: string, invoices: string): string[] {
  return [
    `INSERT INTO summary_cash_split_client_years (year, client_id, extra)
      SELECT z.year, z.client_id, sum(z.delta) FROM (${rows}) z WHERE true
      GROUP BY z.year, z.client_id HAVING sum(z.delta) <> 0
      ON CONFLICT (year, client_id) DO UPDATE SET extra = summary_cash_split_client_years.extra + excluded.extra`,
    `INSERT INTO summary_cash_split_product_years (year, product_key, extra)
      SELECT z.year, k.product_key, sum(z.delta)
      FROM (${rows}) z JOIN (SELECT DISTINCT it.invoice_id, ${PRODUCT_KEY} AS product_key FROM invoice_items it WHERE it.invoice_id IN (${invoices})) k
        ON k.invoice_id = z.invoice_id
      WHERE true
      GROUP BY z.year, k.product_key HAVING sum(z.delta) <> 0
      ON CONFLICT (year, product_key) DO UPDATE SET extra = summary_cash_split_product_years.extra + excluded.extra`,
  ];
}

const EVENTS = [
  { event: 'INSERT', suffix: 'add', plus: 'NEW', minus: null },
  { event: 'UPDATE', suffix: 'change', plus: 'NEW', minus: 'OLD' },
  { event: 'DELETE', suffix: 'remove', plus: null, minus: 'OLD' },
] as const;

const COLUMNS = ['invoice_id', 'month', 'client_id'];

/** The two cost tables and the day each counts an expense row `e` (NEW or OLD) on (input-vat.ts expenseDay). */
const COSTS = [
  { table: 'summary_cost_months', day: (e: string) => `coalesce(${e}.fulfillment_date, ${e}.invoice_date, substr(${e}.created_at, 1, 10))` },
  { table: 'summary_cost_cash_months', day: (e: string) => `(CASE WHEN ${e}.paid = 1 THEN ${e}.payment_date END)` },
];

/** Adds `sign` × the expense row `e` (NEW, OLD, or a table's alias) to a cost table, when it is one the sums take. */
function addCost(c: (typeof COSTS)[number], e: string, sign: 1 | -1, from = ''): string {
  return `INSERT INTO ${c.table} (month, category, expense_count, net_milli)
      SELECT substr(${c.day(e)}, 1, 7), ${e}.categories_id, ${sign} * count(*), ${sign} * sum(${e}.net_price_milli)${from}
      WHERE ${e}.currency = 'HUF' AND ${e}.net_price_milli IS NOT NULL AND ${e}.vat_amount_milli IS NOT NULL AND ${c.day(e)} IS NOT NULL
      GROUP BY substr(${c.day(e)}, 1, 7), ${e}.categories_id
      ON CONFLICT (month, category) DO UPDATE SET expense_count = ${c.table}.expense_count + excluded.expense_count,
        net_milli = ${c.table}.net_milli + excluded.net_milli`;
}

const COST_TRIGGERS = [
  { name: 'summary_cost_add', event: 'INSERT', rows: [['NEW', 1]] },
  { name: 'summary_cost_change', event: 'UPDATE', rows: [['OLD', -1], ['NEW', 1]] },
  { name: 'summary_cost_remove', event: 'DELETE', rows: [['OLD', -1]] },
] as const;

/**
 * The expenses the cost sums leave out (net or VAT not stored) by the day of either basis, for the report to read (as
 * a rule none): the expense-day indexes of 0039 would have it walk the whole period's expenses to find them. The
 * expressions and the condition are written as the report writes them (input-vat.ts expenseDay, revenue-rows.ts).
 */
const UNSTORED_INDEXES = [
  `CREATE INDEX expenses_unstored_accrual_day ON expenses (coalesce(fulfillment_date, invoice_date, substr(created_at, 1, 10))) WHERE (net_price_milli IS NULL OR vat_amount_milli IS NULL)`,
  `CREATE INDEX expenses_unstored_cash_day ON expenses ((case when paid = 1 then payment_date end)) WHERE (net_price_milli IS NULL OR vat_amount_milli IS NULL)`,
];

async function costSums(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'BIGINT' : 'INTEGER';
  const keyed = pg ? '' : ' WITHOUT ROWID';
  for (const c of COSTS) {
    await sql
      .raw(`CREATE TABLE ${c.table} (month TEXT NOT NULL, category TEXT NOT NULL, expense_count ${int} NOT NULL, net_milli ${int} NOT NULL, PRIMARY KEY (month, category))${keyed}`)
      .execute(db);
    await sql.raw(addCost(c, 'e', 1, ' FROM expenses e')).execute(db);
  }
  for (const t of COST_TRIGGERS) {
    const body = t.rows.flatMap(([row, sign]) => COSTS.map((c) => addCost(c, row, sign)));
    if (pg) await pgTrigger(db, { name: t.name, table: 'expenses', timing: 'AFTER', events: t.event, body: body.map((q) => `${q};`).join('\n') });
    else await sql.raw(`CREATE TRIGGER ${t.name} AFTER ${t.event} ON expenses BEGIN\n${body.map((q) => `${q};`).join('\n')}\nEND`).execute(db);
  }
  for (const q of UNSTORED_INDEXES) await sql.raw(q).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'BIGINT' : 'INTEGER';
  const keyed = pg ? '' : ' WITHOUT ROWID';
  await sql
    .raw(`CREATE TABLE summary_cash_split_client_years (year TEXT NOT NULL, client_id ${int} NOT NULL, extra ${int} NOT NULL, PRIMARY KEY (year, client_id))${keyed}`)
    .execute(db);
  await sql
    .raw(`CREATE TABLE summary_cash_split_product_years (year TEXT NOT NULL, product_key TEXT NOT NULL, extra ${int} NOT NULL, PRIMARY KEY (year, product_key))${keyed}`)
    .execute(db);
  // what the split rows say now: every row counted in, against a table holding them all already
  for (const q of addTo(deltas(`SELECT 1 AS s, ${COLUMNS.join(', ')} FROM summary_cash_split`), 'SELECT invoice_id FROM summary_cash_split')) await sql.raw(q).execute(db);

  for (const e of EVENTS) {
    const name = `summary_cash_split_${e.suffix}`;
    if (pg) {
      const part = (rel: string, s: number) => `SELECT ${s} AS s, ${COLUMNS.join(', ')} FROM ${rel}`;
      const changed = [...(e.plus ? [part('new_rows', 1)] : []), ...(e.minus ? [part('old_rows', -1)] : [])].join(' UNION ALL ');
      const invoices = [...(e.plus ? ['SELECT invoice_id FROM new_rows'] : []), ...(e.minus ? ['SELECT invoice_id FROM old_rows'] : [])].join(' UNION ');
      const referencing = [...(e.plus ? ['NEW TABLE AS new_rows'] : []), ...(e.minus ? ['OLD TABLE AS old_rows'] : [])].join(' ');
      await sql
        .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $folio$\nBEGIN\n${addTo(deltas(changed), invoices).map((q) => `${q};`).join('\n')}\nRETURN NULL;\nEND\n$folio$`)
        .execute(db);
      await sql.raw(`CREATE TRIGGER ${name} AFTER ${e.event} ON summary_cash_split REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`).execute(db);
    } else {
      const part = (row: string, s: number) => `SELECT ${s} AS s, ${COLUMNS.map((c) => `${row}.${c} AS ${c}`).join(', ')}`;
      const changed = [...(e.plus ? [part('NEW', 1)] : []), ...(e.minus ? [part('OLD', -1)] : [])].join(' UNION ALL ');
      const invoices = [...(e.plus ? ['NEW.invoice_id'] : []), ...(e.minus ? ['OLD.invoice_id'] : [])].join(', ');
      await sql
        .raw(`CREATE TRIGGER ${name} AFTER ${e.event} ON summary_cash_split
          BEGIN
            ${addTo(deltas(changed), invoices).join(';\n            ')};
          END`)
        .execute(db);
    }
  }
  await costSums(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of COST_TRIGGERS) {
    await sql.raw(pg ? `DROP TRIGGER ${t.name} ON expenses` : `DROP TRIGGER ${t.name}`).execute(db);
    if (pg) await sql.raw(`DROP FUNCTION ${t.name}()`).execute(db);
  }
  for (const c of COSTS) await sql.raw(`DROP TABLE ${c.table}`).execute(db);
  for (const i of ['expenses_unstored_accrual_day', 'expenses_unstored_cash_day']) await sql.raw(`DROP INDEX ${i}`).execute(db);
  for (const e of EVENTS) {
    const name = `summary_cash_split_${e.suffix}`;
    await sql.raw(pg ? `DROP TRIGGER ${name} ON summary_cash_split` : `DROP TRIGGER ${name}`).execute(db);
    if (pg) await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
  }
  for (const t of ['summary_cash_split_product_years', 'summary_cash_split_client_years']) await sql.raw(`DROP TABLE ${t}`).execute(db);
}
