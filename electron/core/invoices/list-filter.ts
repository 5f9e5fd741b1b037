// The invoice query's filters as conditions over `invoices`, and which index finds a page of them.
//
// SQLite has no statistics to choose an index with (the app never runs ANALYZE), and left to itself it takes any
// index an equality names — invoices_number for `block_id = 0`, 750,000 rows of the default block read and sorted
// for each page. So the query says which index drives it (the "driver"): every other column is written `+column`,
// which SQLite never reads through an index. Mostly that is the walk: invoices_list (migration 0037) holds every
// filter column in id order, so a page is found by stepping newest first through narrow index entries, skipping the
// earlier pages' entries without reading one invoice row (a whole walk of a million entries is tens of
// milliseconds). A filter that always names few invoices drives through its own index instead. PostgreSQL keeps
// statistics and plans itself: there the columns are written plainly.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { InvoiceQueryInput } from '../../../shared/contract/schemas';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../../shared/invoice-codes';
import { isPostgres } from '../../../migrations/dialect';
import type { Db } from '../../db/types';
import { containsInsensitive } from '../../db/portable';
import { INVOICE_COUNT_KEY } from '../../../migrations/0076-invoice-counts';

/** What finds a page: the walk, or the index of a filter that names few invoices. */
export type Driver = 'walk' | 'number' | 'vendor' | 'client' | 'final' | 'date' | 'amount';

/** The columns each driver reads through its index; `id` (the rowid) is always one. */
const DRIVER_COLUMNS: Record<Driver, readonly string[]> = {
  walk: [],
  number: ['number_year', 'number_seq'],
  vendor: ['vendor_id'],
  client: ['client_id'],
  final: [],
  date: ['date'],
  amount: ['total_milli'],
};

/** A column of `invoices` (or of the alias `table`) as a condition writes it. */
export type Col = (column: string) => Expression<unknown>;
export type Condition = (col: Col) => Expression<SqlBool>;

/** The columns as written for `driver`: on SQLite, `+column` for every column the driver does not read. */
export function columnsFor(db: Db, driver: Driver, table?: string): Col {
  const plain = isPostgres(db);
  return (column) => {
    const ref = sql.ref(table ? `${table}.${column}` : column);
    return plain || column === 'id' || DRIVER_COLUMNS[driver].includes(column) ? ref : sql`+${ref}`;
  };
}

/**
 * What a page is ordered by: `id` where the driver's index is in id order already (the walk; one client's, one
 * vendor's invoices), else on SQLite `+id`, which no index gives in order: SQLite then sorts the driver's few rows
 * rather than walking the whole list to avoid sorting them.
 */
export function orderKey(db: Db, inIdOrder: boolean): Expression<unknown> {
  return inIdOrder || isPostgres(db) ? sql.ref('id') : sql`+${sql.ref('id')}`;
}

/** Whether the driver's index gives its invoices in id order. */
export function inIdOrder(driver: Driver): boolean {
  return driver === 'walk' || driver === 'vendor' || driver === 'client' || driver === 'final';
}

export interface InvoiceFilter {
  conditions: Condition[];
  driver: Driver;
  /** the date range asked for, and the conditions without it (a count skips a range every invoice is in) */
  dates: { start?: string; end?: string };
  undated: Condition[];
  /**
   * The undated conditions as equalities on invoice_counts' key (migration 0076), or null when one of them is not:
   * such a filter's total over every date is a sum of those counts (./queries.ts countOf).
   */
  counted: CountCondition[] | null;
}

/** `column = value` (or `<>` when `not`) over invoice_counts' key: an invoice column, or `modifying` (1 or 0). */
export interface CountCondition {
  column: (typeof INVOICE_COUNT_KEY)[number];
  value: number;
  not?: true;
}

/**
 * Where one path gives way to another: a date range naming at most `narrowDates` invoices is found through
 * invoices_date (then sorted) rather than walked, and so is a range alone that names fewer than are dated after it;
 * a search name matching more than `fewClients` clients is walked rather than read client by client (./search.ts).
 * Every path gives the same page; tests set these low or high to take each path on a small database.
 */
export const listTuning = { narrowDates: 2000, fewClients: 20 };

/** The filters of `input` (the search box apart: ./search.ts) and the driver of its page. */
export async function invoiceFilter(db: Db, input: InvoiceQueryInput, defaults: { start: string; end: string }): Promise<InvoiceFilter> {
  const undated: Condition[] = [];
  let counted: CountCondition[] | null = [];
  // a condition the counts of migration 0076 cannot answer
  const where = (c: Condition) => {
    undated.push(c);
    counted = null;
  };
  // one they can: `column = value` (`<>` when `not`) over invoice_counts' key, besides the condition itself
  const countable = (c: Condition, count: CountCondition) => {
    undated.push(c);
    counted?.push(count);
  };
  const byNumber = input.num_start !== undefined || input.num_end !== undefined;
  // Dates default to this month only when no number range is asked for: a number range names its own invoices.
  const start = input.start_date ?? (byNumber ? undefined : defaults.start);
  const end = input.end_date ?? (byNumber ? undefined : defaults.end);
  if (byNumber) {
    where((c) => sql<SqlBool>`${c('number_kind')} = ${'invoice'}`);
    // Row-value comparisons let SQLite use the (number_year, number_seq) index; an OR of years scans the table.
    if (input.num_start !== undefined) {
      const [y, n] = [input.year_start!, input.num_start];
      where((c) => sql<SqlBool>`(${c('number_year')}, ${c('number_seq')}) >= (${y}, ${n})`);
    }
    if (input.num_end !== undefined) {
      const [y, n] = [input.year_end!, input.num_end];
      where((c) => sql<SqlBool>`(${c('number_year')}, ${c('number_seq')}) <= (${y}, ${n})`);
    }
  }
  const equal = (column: string, value: unknown) => {
    const condition: Condition = (c) => sql<SqlBool>`${c(column)} = ${value}`;
    const key = INVOICE_COUNT_KEY.find((k) => k === column);
    if (key && typeof value === 'number') countable(condition, { column: key, value });
    else where(condition);
  };
  if (input.payment_method !== undefined) equal('payment_method_id', input.payment_method);
  if (input.block !== undefined) equal('block_id', input.block);
  if (input.status !== undefined) equal('status', input.status);
  if (input.type !== undefined) equal('type', input.type);
  if (input.v2_only) countable((c) => sql<SqlBool>`${c('type')} <> ${INVOICE_TYPE.receipt}`, { column: 'type', value: INVOICE_TYPE.receipt, not: true });
  if (input.client_uid !== undefined) equal('client_id', input.client_uid);
  if (input.kind === 'cancelling') equal('is_cancel_invoice', 1);
  if (input.kind === 'modifying') {
    countable((c) => sql<SqlBool>`${c('modification_index')} is not null`, { column: 'modifying', value: 1 });
    equal('is_cancel_invoice', 0);
  }
  if (input.kind === 'advance') {
    equal('is_advance', 1);
    equal('is_cancel_invoice', 0);
    equal('type', INVOICE_TYPE.invoice);
  }
  if (input.kind === 'final') {
    equal('is_cancel_invoice', 0);
    where((c) => sql<SqlBool>`${c('id')} in (select invoice_id from invoice_items where advance_invoice_id is not null)`);
  }
  const vendor = input.vendor_id?.trim();
  if (vendor) equal('vendor_id', vendor);
  if (input.payment_state === 'overdue') {
    equal('status', INVOICE_STATUS.unpaid);
    where((c) => sql<SqlBool>`${c('type')} <> ${INVOICE_TYPE.draft}`);
    where((c) => sql<SqlBool>`${c('due_date')} < ${defaults.end}`);
  }
  if (input.payment_state === 'partially_paid') {
    equal('status', INVOICE_STATUS.unpaid);
    where((c) => sql<SqlBool>`${c('total_paid_milli')} > 0`);
  }
  const name = input.client?.trim();
  if (name) where((c) => sql<SqlBool>`${c('client_id')} in (select id from clients where ${containsInsensitive(db, 'name', name)})`);

  const conditions: Condition[] = [
    ...(start ? [(c: Col) => sql<SqlBool>`${c('date')} >= ${start}`] : []),
    ...(end ? [(c: Col) => sql<SqlBool>`${c('date')} <= ${end}`] : []),
    ...undated,
  ];
  const driver: Driver = byNumber
    ? 'number'
    : vendor
      ? 'vendor'
      : input.client_uid !== undefined
        ? 'client'
        : input.kind === 'final'
          ? 'final'
          : (start || end) && !isPostgres(db) && (await datesDrive(db, start, end, undated.length === 0 && !input.search?.trim()))
            ? 'date'
            : 'walk';
  return { conditions, driver, dates: { ...(start ? { start } : {}), ...(end ? { end } : {}) }, undated, counted };
}

/**
 * Whether invoices_date finds the page better than the walk. A range of at most `narrowDates` invoices: always (its
 * few rows are read and sorted; the count stops there). When the dates are the only filter, invoices_date holds all
 * a page needs; it is taken when the range holds fewer invoices than are dated after it — about the entries a walk
 * from the newest would pass first. Both are estimated from ids, which grow about in date order: the first invoice
 * dated in the range and the first after it, each one step along invoices_date. An estimate only chooses the path;
 * every path gives the same page.
 */
async function datesDrive(db: Db, start: string | undefined, end: string | undefined, onlyDates: boolean): Promise<boolean> {
  const inRange = sql.join([start ? sql`date >= ${start}` : sql`1`, end ? sql`date <= ${end}` : sql`1`], sql` and `);
  const few = await sql<{ n: number }>`select count(*) as n from (select 1 from invoices where ${inRange} limit ${listTuning.narrowDates + 1})`.execute(db);
  if (Number(few.rows[0]!.n) <= listTuning.narrowDates) return true;
  if (!onlyDates || !end) return false;
  const r = await sql<{ first: number | null; after: number | null; last: number | null }>`select
      (select id from invoices where ${start ? sql`date >= ${start}` : sql`1`} order by date, id limit 1) as first,
      (select id from invoices where date > ${end} order by date, id limit 1) as after,
      (select max(id) from invoices) as last`.execute(db);
  const { first, after, last } = r.rows[0]!;
  if (first === null || after === null || last === null) return false;
  return Number(after) - Number(first) < Number(last) - Number(after);
}

/** The filter's conditions written for `driver` (over the alias `table` when given), joined with AND. */
export function whereOf(db: Db, conditions: Condition[], driver: Driver, table?: string): Expression<SqlBool> {
  const col = columnsFor(db, driver, table);
  return conditions.length ? sql<SqlBool>`${sql.join(conditions.map((c) => sql`(${c(col)})`), sql` and `)}` : sql<SqlBool>`1 = 1`;
}
