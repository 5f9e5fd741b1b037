// The totals of the invoice list (issue 41): the v3 door asks `with_total` on every GET /documents, and counting the
// invoices a filter names walked an index entry per invoice — every invoice with no filter, a block's ~750,000 with
// one (46 and 127 ms at a million on SQLite; 578 ms at the median on PostgreSQL).
//
// invoice_counts holds how many invoices there are of each combination of the columns the list filters on by
// equality (block, type, state, payment method, cancelling, advance, modifying), kept by triggers in the invoice's
// own statement, as the dashboard's sums are (0038): a count whose filter names only these columns, over a date range
// every invoice is in, is the sum of a few hundred rows at most (docs/million.md). Rows are not removed when they
// count nothing: there are few combinations, and a row that comes and goes would be a write of its own each time.
// The writes that change a key column are rare (an issue, a payment changing the state, a cancellation) and run
// under the write lock on PostgreSQL, as every write that is not a create does; creates in different blocks, which
// overlap there (per-block writes), add to rows of their own blocks.
import { sql, type Kysely } from 'kysely';
import { isPostgres, pgTrigger } from './dialect';

/** The key: the invoice's columns, and `modifying` (a modification index set) as 1 or 0. */
export const INVOICE_COUNT_KEY = ['block_id', 'type', 'status', 'payment_method_id', 'is_cancel_invoice', 'is_advance', 'modifying'] as const;

/** The columns of `invoices` the key is made of: an update of any other leaves the counts as they are. */
const COUNTED = ['block_id', 'type', 'status', 'payment_method_id', 'is_cancel_invoice', 'is_advance', 'modification_index'];

/** The key's values of row `r` (NEW, OLD or a table alias). */
export const countKeyOf = (r: string) => [
  `${r}.block_id`,
  `${r}.type`,
  `${r}.status`,
  `${r}.payment_method_id`,
  `${r}.is_cancel_invoice`,
  `${r}.is_advance`,
  `CASE WHEN ${r}.modification_index IS NULL THEN 0 ELSE 1 END`,
];

/** Adds row `r` to its count (sign 1) or takes it out (sign -1). SELECT without FROM, with WHERE, for SQLite's upsert. */
function add(r: string, sign: 1 | -1): string {
  return `INSERT INTO invoice_counts (${INVOICE_COUNT_KEY.join(', ')}, invoice_count)
      SELECT ${countKeyOf(r).join(', ')}, ${sign} WHERE true
      ON CONFLICT (${INVOICE_COUNT_KEY.join(', ')}) DO UPDATE SET invoice_count = invoice_counts.invoice_count + excluded.invoice_count`;
}

const TRIGGERS = ['invoice_counts_insert', 'invoice_counts_delete', 'invoice_counts_update'];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'BIGINT' : 'INTEGER';
  await sql
    .raw(`CREATE TABLE invoice_counts (
      ${INVOICE_COUNT_KEY.map((c) => `${c} ${int} NOT NULL`).join(',\n      ')},
      invoice_count ${int} NOT NULL,
      PRIMARY KEY (${INVOICE_COUNT_KEY.join(', ')})
    )${pg ? '' : ' WITHOUT ROWID'}`)
    .execute(db);
  // what the invoices hold now
  await sql
    .raw(`INSERT INTO invoice_counts (${INVOICE_COUNT_KEY.join(', ')}, invoice_count)
      SELECT ${countKeyOf('i').join(', ')}, count(*) FROM invoices i GROUP BY ${countKeyOf('i').join(', ')}`)
    .execute(db);
  const changed = COUNTED.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
  if (pg) {
    await pgTrigger(db, { name: 'invoice_counts_insert', table: 'invoices', timing: 'AFTER', events: 'INSERT', body: `${add('NEW', 1)};` });
    await pgTrigger(db, { name: 'invoice_counts_delete', table: 'invoices', timing: 'AFTER', events: 'DELETE', body: `${add('OLD', -1)};` });
    await pgTrigger(db, {
      name: 'invoice_counts_update',
      table: 'invoices',
      timing: 'AFTER',
      events: `UPDATE OF ${COUNTED.join(', ')}`,
      when: changed,
      body: `${add('OLD', -1)};\n${add('NEW', 1)};`,
    });
    return;
  }
  const trigger = (name: string, event: string, statements: string[], when = '') =>
    sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON invoices${when ? ` WHEN ${when}` : ''}\n  BEGIN\n    ${statements.join(';\n    ')};\n  END`).execute(db);
  await trigger('invoice_counts_insert', 'INSERT', [add('NEW', 1)]);
  await trigger('invoice_counts_delete', 'DELETE', [add('OLD', -1)]);
  // SQLite's IS NOT is PostgreSQL's IS DISTINCT FROM
  await trigger('invoice_counts_update', `UPDATE OF ${COUNTED.join(', ')}`, [add('OLD', -1), add('NEW', 1)], changed.replaceAll('IS DISTINCT FROM', 'IS NOT'));
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of TRIGGERS) {
    await sql.raw(isPostgres(db) ? `DROP TRIGGER ${t} ON invoices` : `DROP TRIGGER ${t}`).execute(db);
    if (isPostgres(db)) await sql.raw(`DROP FUNCTION ${t}()`).execute(db);
  }
  await sql`DROP TABLE invoice_counts`.execute(db);
}
