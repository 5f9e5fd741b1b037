// Reading invoices: one by id, the paged list, the interface's query (dates, number ranges, filters) and the share
// code's invoice. Rows become the interface's resource in ./mapping.ts.
// A page is found in two steps (docs/million.md "The invoice list and search"): its ids along an index, then its rows.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { InvoiceQueryInput } from '../../../shared/contract/schemas';
import { notFound } from '../../../shared/errors';
import { INVOICE_TYPE, isV2Type } from '../../../shared/invoice-codes';
import { firstDayOfMonth } from '../../../shared/dates';
import type { InvoiceRow } from '../../db/schema';
import type { Db } from '../../db/types';
import type { CoreContext } from '../context';
import { today } from '../context';
import { pageWindow, toPage, type PageWindow } from '../paging';
import { loadInvoices } from './mapping';
import { inIdOrder, invoiceFilter, orderKey, whereOf, type Condition, type CountCondition, type InvoiceFilter } from './list-filter';
import { anyReading, searchReadings, searchUnion } from './search';

/** The stored row of an invoice, in `db` (a transaction reads its own writes); not found is the caller's 404. */
export async function invoiceRow(db: Db, id: number): Promise<InvoiceRow> {
  const r = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound(`Invoice ${id}`);
  return r;
}

export function createInvoiceQueries(ctx: CoreContext) {
  const { db } = ctx;

  async function read(id: number) {
    const [res] = await loadInvoices(db, [await invoiceRow(db, id)]);
    return res!;
  }

  /** One invoice; for the v2 door (`v2_only`) a receipt is not there, as v2 knows no receipts. */
  async function get(input: { id: number; v2_only?: number | undefined }) {
    const row = await invoiceRow(db, input.id);
    if (input.v2_only && !isV2Type(row.type)) throw notFound(`Invoice ${input.id}`);
    const [res] = await loadInvoices(db, [row]);
    return res!;
  }

  /**
   * A page of invoices, newest first, as resources: `ids` selects the page's ids (perPage + 1 of them, the page's
   * offset skipped where they are found — in index entries), then only those invoice rows are read.
   */
  async function pageOf(ids: Expression<unknown>, w: PageWindow) {
    const rows = await db.selectFrom('invoices').selectAll().where(sql<SqlBool>`id in (${ids})`).orderBy('id', 'desc').execute();
    const page = toPage(rows, w, (r) => r);
    return { ...page, items: await loadInvoices(db, page.items) };
  }

  const window = (w: PageWindow) => sql`limit ${w.perPage + 1} offset ${w.offset}`;

  async function list(input: { page?: number | undefined; max_per_page?: number | undefined; v2_only?: number | undefined }) {
    const w = pageWindow(input);
    const conditions: Condition[] = input.v2_only ? [(c) => sql<SqlBool>`${c('type')} <> ${INVOICE_TYPE.receipt}`] : [];
    return pageOf(sql`select id from invoices where ${whereOf(db, conditions, 'walk')} order by id desc ${window(w)}`, w);
  }

  async function query(input: InvoiceQueryInput) {
    const w = pageWindow(input);
    const filter = await invoiceFilter(db, input, { start: firstDayOfMonth(today(ctx)), end: today(ctx) });
    const readings = input.search?.trim() ? await searchReadings(db, input.search) : null;
    let ids: Expression<unknown>;
    let matching: Expression<unknown>;
    if (readings && filter.driver === 'walk') {
      // each reading along its own index, cut at the page's end (./search.ts)
      ids = sql`select id from (${searchUnion(db, readings, filter.conditions, w.offset + w.perPage + 1)}) as readings order by id desc ${window(w)}`;
      matching = sql`select count(*) as n from (${searchUnion(db, readings, filter.conditions, null)}) as readings`;
    } else {
      const where = whereOf(db, readings ? [...filter.conditions, anyReading(db, readings)] : filter.conditions, filter.driver);
      ids = sql`select id from invoices where ${where} order by ${orderKey(db, inIdOrder(filter.driver))} desc ${window(w)}`;
      matching = countOf(filter, readings ? [anyReading(db, readings)] : []);
    }
    const page = await pageOf(ids, w);
    if (input.with_total !== 1) return page;
    const counted = await sql<{ n: number | string }>`${matching}`.execute(db);
    return { ...page, total: Number(counted.rows[0]!.n) };
  }

  /**
   * The count of a filter's matches, in one statement (one snapshot): when every invoice is dated in the range asked
   * for (the list's "any date" is 1900-01-01 … 9999-12-31), the count without the range — the sum of the counts
   * migration 0076 keeps when the other conditions are equalities on their key (no filter, a block, a type, …: a
   * few hundred rows at most), else the invoices counted along an index.
   */
  function countOf(filter: InvoiceFilter, more: Condition[]): Expression<unknown> {
    const all = whereOf(db, [...filter.conditions, ...more], filter.driver);
    const { start, end } = filter.dates;
    if (!start && !end) return sql`select count(*) as n from invoices where ${all}`;
    const undated = [...filter.undated, ...more];
    const rest = undated.length ? sql` where ${whereOf(db, undated, filter.driver)}` : sql``;
    const covers = sql.join([
      ...(start ? [sql`(select min(date) from invoices) >= ${start}`] : []),
      ...(end ? [sql`(select max(date) from invoices) <= ${end}`] : []),
    ], sql` and `);
    const whole = filter.counted && !more.length ? sql`(select coalesce(sum(invoice_count), 0) from invoice_counts${countsWhere(filter.counted)})` : sql`(select count(*) from invoices${rest})`;
    return sql`select case when ${covers} then ${whole} else (select count(*) from invoices where ${all}) end as n`;
  }

  /** invoice_counts' rows a filter's equalities name, as a WHERE (none: every row). */
  function countsWhere(counted: CountCondition[]): Expression<unknown> {
    if (!counted.length) return sql``;
    return sql` where ${sql.join(counted.map((c) => sql`${sql.ref(c.column)} ${sql.raw(c.not ? '<>' : '=')} ${c.value}`), sql` and `)}`;
  }

  async function byShareCode(code: string) {
    const r = await db.selectFrom('invoices').selectAll().where('share_code', '=', code).executeTakeFirst();
    if (!r) return undefined;
    const [res] = await loadInvoices(db, [r]);
    return res;
  }

  return { read, get, list, query, byShareCode };
}
