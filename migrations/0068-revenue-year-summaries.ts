// The revenue report of a year at a million invoices (issue 41). The sums of 0056 (accrual) and 0062 (cash) are kept
// per month and client, and per month and product: a year of ~100,000 invoices over 5,000 clients and 2,000
// products is ~56,000 client-month and ~24,000 product-month rows, read and grouped on every opening of the report
// (twice: the year beside the one before), and the months' totals grouped from the client rows again.
//
// Here the same sums rolled up, kept by triggers on those month tables (so whatever writes a month row — 0056's and
// 0062's triggers, or statement triggers replacing them — also writes its roll-ups, in the same statement):
// - summary_revenue_client_years / summary_cash_client_years: per year and client (~5,000 rows a year);
// - summary_revenue_product_years / summary_cash_product_years: per year and product key (~2,000 rows a year);
// - summary_revenue_months / summary_cash_months: per month, every client together (12 rows a year).
// Each row is the sum of its month rows, counts included (a month's count is what 0056 and 0062 count in it), so a
// report of whole years reads the year rows and gives exactly what the month rows give (revenue-sums.ts). A change
// of a month row adds its difference (as it is less as it was) to its roll-ups: sums commute, so the order the
// rows of one statement are changed in does not matter. On PostgreSQL one statement trigger per table and event adds
// the differences of all the statement's rows from its transition tables at once.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

interface Rollup {
  /** the roll-up table, its key columns (first the period) and how each is made from a month row `r` */
  table: string;
  key: Array<{ column: string; type: 'text' | 'int'; of: (r: string) => string }>;
}

const year = { column: 'year', type: 'text' as const, of: (r: string) => `substr(${r}.month, 1, 4)` };
const month = { column: 'month', type: 'text' as const, of: (r: string) => `${r}.month` };
const client = { column: 'client_id', type: 'int' as const, of: (r: string) => `${r}.client_id` };
const product = { column: 'product_key', type: 'text' as const, of: (r: string) => `${r}.product_key` };

/** Each month table of 0056 and 0062 and what is rolled up from it. */
const SOURCES: Array<{ table: string; rollups: Rollup[] }> = [
  {
    table: 'summary_revenue_clients',
    rollups: [
      { table: 'summary_revenue_client_years', key: [year, client] },
      { table: 'summary_revenue_months', key: [month] },
    ],
  },
  { table: 'summary_revenue_products', rollups: [{ table: 'summary_revenue_product_years', key: [year, product] }] },
  {
    table: 'summary_cash_clients',
    rollups: [
      { table: 'summary_cash_client_years', key: [year, client] },
      { table: 'summary_cash_months', key: [month] },
    ],
  },
  { table: 'summary_cash_products', rollups: [{ table: 'summary_cash_product_years', key: [year, product] }] },
];

const EVENTS = [
  { event: 'INSERT', suffix: 'add', plus: 'NEW', minus: null },
  { event: 'UPDATE', suffix: 'change', plus: 'NEW', minus: 'OLD' },
  { event: 'DELETE', suffix: 'remove', plus: null, minus: 'OLD' },
] as const;

/** The trigger of a month table for an event: `<month table>_<add|change|remove>`, the same name on both databases. */
const triggerName = (source: string, suffix: string) => `${source}_${suffix}`;

/** Adds to a roll-up the month rows of `rows` (a relation of month rows, with a sign column `s`). */
function addTo(r: Rollup, rows: string): string {
  const keys = r.key.map((k) => k.column);
  return `INSERT INTO ${r.table} (${keys.join(', ')}, invoice_count, net_milli)
    SELECT ${r.key.map((k) => `${k.of('d')}`).join(', ')}, sum(d.s * d.invoice_count), sum(d.s * d.net_milli) FROM (${rows}) d
    WHERE true
    GROUP BY ${r.key.map((k) => k.of('d')).join(', ')}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET invoice_count = ${r.table}.invoice_count + excluded.invoice_count,
      net_milli = ${r.table}.net_milli + excluded.net_milli`;
}

/** The month rows `plus` (a row or relation) counted in, `minus` counted out, as one relation with a sign. */
function signed(columns: string, plus: string | null, minus: string | null, row: boolean): string {
  const part = (rel: string, s: number) => (row ? `SELECT ${s} AS s, ${columns.split(', ').map((c) => `${rel}.${c} AS ${c}`).join(', ')}` : `SELECT ${s} AS s, ${columns} FROM ${rel}`);
  return [...(plus ? [part(plus, 1)] : []), ...(minus ? [part(minus, -1)] : [])].join(' UNION ALL ');
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'BIGINT' : 'INTEGER';
  const keyed = pg ? '' : ' WITHOUT ROWID';
  for (const source of SOURCES) {
    const keyColumn = source.table.endsWith('clients') ? 'client_id' : 'product_key';
    const columns = `month, ${keyColumn}, invoice_count, net_milli`;
    for (const r of source.rollups) {
      const keys = r.key.map((k) => `${k.column} ${k.type === 'int' ? int : 'TEXT'} NOT NULL`);
      await sql
        .raw(`CREATE TABLE ${r.table} (
          ${keys.join(',\n          ')},
          invoice_count ${int} NOT NULL,
          net_milli ${int} NOT NULL,
          PRIMARY KEY (${r.key.map((k) => k.column).join(', ')})
        )${keyed}`)
        .execute(db);
      // what the month rows hold now
      await sql.raw(addTo(r, `SELECT 1 AS s, ${columns} FROM ${source.table}`)).execute(db);
    }
    for (const e of EVENTS) {
      const name = triggerName(source.table, e.suffix);
      if (pg) {
        const referencing = [...(e.plus ? ['NEW TABLE AS new_rows'] : []), ...(e.minus ? ['OLD TABLE AS old_rows'] : [])].join(' ');
        const rows = signed(columns, e.plus ? 'new_rows' : null, e.minus ? 'old_rows' : null, false);
        await sql
          .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $folio$\nBEGIN\n${source.rollups.map((r) => `${addTo(r, rows)};`).join('\n')}\nRETURN NULL;\nEND\n$folio$`)
          .execute(db);
        await sql.raw(`CREATE TRIGGER ${name} AFTER ${e.event} ON ${source.table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`).execute(db);
      } else {
        const rows = signed(columns, e.plus, e.minus, true);
        await sql
          .raw(`CREATE TRIGGER ${name} AFTER ${e.event} ON ${source.table}
            BEGIN
              ${source.rollups.map((r) => `${addTo(r, rows)};`).join('\n              ')}
            END`)
          .execute(db);
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const source of SOURCES) {
    for (const e of EVENTS) {
      const name = triggerName(source.table, e.suffix);
      await sql.raw(pg ? `DROP TRIGGER ${name} ON ${source.table}` : `DROP TRIGGER ${name}`).execute(db);
      if (pg) await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
    }
    for (const r of source.rollups) await sql.raw(`DROP TABLE ${r.table}`).execute(db);
  }
}

/** The roll-ups and the month table each is the sum of (the tests' recount compares them). */
export const REVENUE_ROLLUPS = SOURCES.flatMap((s) => s.rollups.map((r) => ({ table: r.table, from: s.table, key: r.key.map((k) => k.column) })));
