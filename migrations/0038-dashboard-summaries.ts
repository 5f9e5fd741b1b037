// The dashboard and the receivables at a million invoices (issue 24): summing every open invoice and a year of sales
// on each visit read the whole invoices table (2.4 s). So the sums are kept as the invoices are written: three
// summary tables, changed by triggers on invoices in the same statement as the invoice itself, so every writer —
// issuing, paying, cancelling, modifying, sync storing another device's rows, imports — keeps them, and a rolled back
// or killed write takes its summary change with it. Never a cache that can drift: a row is added to its sums as it
// is inserted, taken out as it was and added as it is when updated, taken out when deleted.
//
// Each sum depends on the invoice row alone (its own columns, never another row), so the order in which triggers of
// one statement run (PostgreSQL runs row AFTER triggers at the statement's end) cannot matter. What depends on
// another row — a modification of a cancelled original does not stand — and invoices in another currency (each
// converted at its own rate and rounded to whole forints one by one, shared/money.ts hufMilli) are left out of the
// tables; the readers take those few rows from the invoices through the partial indexes made here.
//
// - summary_revenue_days: per issue date, the forint sales (invoices and receipts) that stand by themselves: not
//   cancelled, not a cancelling invoice, not a modification. invoices.summary's twelve months read ~365 rows.
// - summary_open_days: per due date, the forint invoices still unpaid, split by whether the receivables count them
//   (`receivable`: not a cancelling invoice and something still owed). What is late depends on today, hence the date.
// - summary_open_clients: the receivable part per client and due date: what a top debtor has overdue;
//   summary_open_client_totals the same per client: the top debtors, from the top of an index.
// Besides: an index on the day expenses.totals reads a month of expenses by (a scan of every expense before).
// Amounts are thousandths of a forint, integers, as everywhere.
import { sql, type Kysely } from 'kysely';
import { INVOICE_STATUS, INVOICE_TYPE } from '../shared/invoice-codes';
import { isPostgres, pgTrigger } from './dialect';

const { invoice: INVOICE, receipt: RECEIPT } = INVOICE_TYPE;
const { unpaid: UNPAID, cancelled: CANCELLED } = INVOICE_STATUS;

/** The columns the sums read: an update of any other column leaves them as they are. */
const SUMMED = [
  'type',
  'status',
  'currency',
  'date',
  'due_date',
  'client_id',
  'net_milli',
  'total_milli',
  'current_total_milli',
  'total_paid_milli',
  'is_cancel_invoice',
  'modifies_id',
];

// `r` is the row: NEW, OLD, or a table alias in the backfill.
/** what an invoice still owes: an original's modifications change what is owed (its current total) */
const owed = (r: string) => `(coalesce(${r}.current_total_milli, ${r}.total_milli) - ${r}.total_paid_milli)`;
const revenue = (r: string) =>
  `${r}.type IN (${INVOICE}, ${RECEIPT}) AND ${r}.status <> ${CANCELLED} AND ${r}.is_cancel_invoice = 0 AND ${r}.currency = 'HUF' AND ${r}.modifies_id IS NULL`;
const unpaid = (r: string) => `${r}.type = ${INVOICE} AND ${r}.status = ${UNPAID} AND ${r}.currency = 'HUF'`;
const receivable = (r: string) => `${r}.is_cancel_invoice = 0 AND ${owed(r)} > 0`;

/** Each table's key and its sums. */
const TABLES = {
  summary_revenue_days: { key: ['date'], sums: ['invoice_count', 'net_milli'] },
  summary_open_days: { key: ['receivable', 'due_date'], sums: ['invoice_count', 'open_milli'] },
  summary_open_clients: { key: ['client_id', 'due_date'], sums: ['invoice_count', 'open_milli'] },
  summary_open_client_totals: { key: ['client_id'], sums: ['invoice_count', 'open_milli'] },
} as const;
type Table = keyof typeof TABLES;

/**
 * Adds one row's values to its sum, making the sum when it is the first: `values` are the key's then the sums'
 * (SELECT without FROM, with its WHERE, so that SQLite reads ON CONFLICT as the upsert's). PostgreSQL wants the
 * table's own columns named with the table in DO UPDATE (excluded has the same names).
 */
function upsert(table: Table, values: string[], where: string): string {
  const { key, sums } = TABLES[table];
  return `INSERT INTO ${table} (${[...key, ...sums].join(', ')})
      SELECT ${values.join(', ')} WHERE ${where}
      ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${sums.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;
}

/**
 * A sum that counts nothing any more is removed. Only when its money is 0 too: a row with no invoices and money
 * left would be drift, and stays to be found.
 */
function dropEmpty(table: Table, keyValues: string[]): string {
  const { key, sums } = TABLES[table];
  return `DELETE FROM ${table} WHERE ${key.map((c, i) => `${c} = ${keyValues[i]}`).join(' AND ')} AND ${sums.map((c) => `${c} = 0`).join(' AND ')}`;
}

/** The statements that add row `r` to (sign 1) or take it out of (sign -1) each sum it belongs to. */
function apply(r: string, sign: 1 | -1): string[] {
  const s = sign === 1 ? '' : '-';
  const isReceivable = `CASE WHEN ${receivable(r)} THEN 1 ELSE 0 END`;
  const rows: Array<[Table, string[], string[], string]> = [
    ['summary_revenue_days', [`${r}.date`], [`${s}1`, `${s}${r}.net_milli`], revenue(r)],
    ['summary_open_days', [isReceivable, `${r}.due_date`], [`${s}1`, `${s}${owed(r)}`], unpaid(r)],
    ['summary_open_clients', [`${r}.client_id`, `${r}.due_date`], [`${s}1`, `${s}${owed(r)}`], `${unpaid(r)} AND ${receivable(r)}`],
    ['summary_open_client_totals', [`${r}.client_id`], [`${s}1`, `${s}${owed(r)}`], `${unpaid(r)} AND ${receivable(r)}`],
  ];
  return rows.flatMap(([table, key, sums, where]) => [upsert(table, [...key, ...sums], where), ...(sign === 1 ? [] : [dropEmpty(table, key)])]);
}

const changed = SUMMED.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');

const BACKFILL = [
  `INSERT INTO summary_revenue_days (date, invoice_count, net_milli)
    SELECT i.date, count(*), sum(i.net_milli) FROM invoices i WHERE ${revenue('i')} GROUP BY i.date`,
  `INSERT INTO summary_open_days (receivable, due_date, invoice_count, open_milli)
    SELECT CASE WHEN ${receivable('i')} THEN 1 ELSE 0 END, i.due_date, count(*), sum(${owed('i')}) FROM invoices i WHERE ${unpaid('i')} GROUP BY 1, 2`,
  `INSERT INTO summary_open_clients (client_id, due_date, invoice_count, open_milli)
    SELECT i.client_id, i.due_date, count(*), sum(${owed('i')}) FROM invoices i WHERE ${unpaid('i')} AND ${receivable('i')} GROUP BY 1, 2`,
  `INSERT INTO summary_open_client_totals (client_id, invoice_count, open_milli)
    SELECT client_id, sum(invoice_count), sum(open_milli) FROM summary_open_clients GROUP BY client_id`,
];

// The rows the summaries leave out, for their readers: foreign-currency invoices (~2 %) and modifications (~1 %) by
// date, and foreign-currency invoices by status (the open ones). Each index holds every column its reader reads, so
// the wide invoice rows are not visited. The literal conditions are what the readers write, so that SQLite sees the
// index applies.
const INDEXES = [
  `CREATE INDEX invoices_revenue_rest ON invoices (date, type, status, is_cancel_invoice, currency, exchange_rate, net_milli, modifies_id)
    WHERE currency <> 'HUF' OR modifies_id IS NOT NULL`,
  `CREATE INDEX invoices_foreign_status ON invoices (status, type, client_id, due_date, is_cancel_invoice, currency, exchange_rate,
    current_total_milli, total_milli, total_paid_milli) WHERE currency <> 'HUF'`,
  // expenses.totals (the dashboard's month of expenses) reads a period by this day, as it writes it
  `CREATE INDEX expenses_day ON expenses (coalesce(fulfillment_date, invoice_date, substr(created_at, 1, 10)))`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'BIGINT' : 'INTEGER';
  await sql
    .raw(`CREATE TABLE summary_revenue_days (
      date TEXT NOT NULL PRIMARY KEY,
      invoice_count ${int} NOT NULL,
      net_milli ${int} NOT NULL
    )`)
    .execute(db);
  await sql
    .raw(`CREATE TABLE summary_open_days (
      receivable ${int} NOT NULL,
      due_date TEXT NOT NULL,
      invoice_count ${int} NOT NULL,
      open_milli ${int} NOT NULL,
      PRIMARY KEY (receivable, due_date)
    )`)
    .execute(db);
  await sql
    .raw(`CREATE TABLE summary_open_clients (
      client_id ${int} NOT NULL,
      due_date TEXT NOT NULL,
      invoice_count ${int} NOT NULL,
      open_milli ${int} NOT NULL,
      PRIMARY KEY (client_id, due_date)
    )`)
    .execute(db);
  await sql
    .raw(`CREATE TABLE summary_open_client_totals (
      client_id ${int} NOT NULL PRIMARY KEY,
      invoice_count ${int} NOT NULL,
      open_milli ${int} NOT NULL
    )`)
    .execute(db);
  // the top debtors: the clients owing most, read from the top of this index
  await sql`CREATE INDEX summary_open_client_totals_owed ON summary_open_client_totals (open_milli DESC, client_id)`.execute(db);
  for (const q of BACKFILL) await sql.raw(q).execute(db);
  for (const q of INDEXES) await sql.raw(q).execute(db);

  if (pg) {
    const body = (statements: string[]) => statements.map((q) => `${q};`).join('\n');
    await pgTrigger(db, { name: 'summary_invoices_insert', table: 'invoices', timing: 'AFTER', events: 'INSERT', body: body(apply('NEW', 1)) });
    await pgTrigger(db, { name: 'summary_invoices_delete', table: 'invoices', timing: 'AFTER', events: 'DELETE', body: body(apply('OLD', -1)) });
    await pgTrigger(db, {
      name: 'summary_invoices_update',
      table: 'invoices',
      timing: 'AFTER',
      events: `UPDATE OF ${SUMMED.join(', ')}`,
      when: changed,
      body: body([...apply('OLD', -1), ...apply('NEW', 1)]),
    });
    return;
  }
  const trigger = (name: string, event: string, statements: string[], when = '') =>
    sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON invoices${when ? ` WHEN ${when}` : ''}\n  BEGIN\n    ${statements.join(';\n    ')};\n  END`).execute(db);
  await trigger('summary_invoices_insert', 'INSERT', apply('NEW', 1));
  await trigger('summary_invoices_delete', 'DELETE', apply('OLD', -1));
  // SQLite's IS NOT is PostgreSQL's IS DISTINCT FROM
  await trigger('summary_invoices_update', `UPDATE OF ${SUMMED.join(', ')}`, [...apply('OLD', -1), ...apply('NEW', 1)], changed.replaceAll('IS DISTINCT FROM', 'IS NOT'));
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['summary_invoices_update', 'summary_invoices_delete', 'summary_invoices_insert']) {
    await sql.raw(isPostgres(db) ? `DROP TRIGGER ${t} ON invoices` : `DROP TRIGGER ${t}`).execute(db);
    if (isPostgres(db)) await sql.raw(`DROP FUNCTION ${t}()`).execute(db);
  }
  for (const i of ['expenses_day', 'invoices_foreign_status', 'invoices_revenue_rest']) await sql.raw(`DROP INDEX ${i}`).execute(db);
  for (const t of ['summary_open_client_totals', 'summary_open_clients', 'summary_open_days', 'summary_revenue_days']) await sql.raw(`DROP TABLE ${t}`).execute(db);
}
