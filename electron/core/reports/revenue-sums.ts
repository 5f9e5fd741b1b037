// The revenue of a period summed by month, client and product, each with how many documents it holds. The whole
// months of the period come from the summary tables the triggers keep — on the accrual basis per month of the tax
// point (migration 0056), on the cash basis per month of the payment day (0062), foreign-currency sales converted in
// them (0070) — the rare foreign-currency documents of a rate the summaries do not convert from their rows (converted
// line by line at their own rate), and the days of a month the period takes only in part from the lines of those
// days (revenue-rows.ts, which says what each basis counts).
import { sql } from 'kysely';
import type { ReportPeriod, RevenueBasis } from '../../../shared/reports';
import type { Db } from '../../db/types';
import { SALE_TYPES } from '../../../shared/invoice-codes';
import { forintsExact } from './output-vat';
import { lineOf, paidShare, revenueLines, revenueItemColumns, type RevenueItemRow, type RevenueLine } from './revenue-rows';
import { accrualDay, isChainMember } from './tax-point';
import { plainRate } from '../../../migrations/0070-revenue-foreign-summaries';
import { isPostgres } from '../../../migrations/dialect';

/** An amount in thousandths of a forint and how many documents make it. */
export interface Sum {
  amount: number;
  count: number;
}

export interface RevenueSums {
  byMonth: Map<string, Sum>;
  byClient: Map<string, Sum>;
  byProduct: Map<string, Sum>;
  total: number;
  /** the labels of the client (`c<id>`) and product keys met */
  names: Map<string, string>;
}

export async function revenueSums(db: Db, period: ReportPeriod, basis: RevenueBasis): Promise<RevenueSums> {
  const sums = emptySums();
  // one set for every line read: a document on both edges of the period, or on an edge and among the months'
  // foreign-currency lines (paid in several months), counts once per key
  const seen = new Set<string>();
  const { months, edges } = splitByMonth(period);
  const edgeLines: RevenueLine[] = [];
  for (const edge of edges) edgeLines.push(...(await revenueLines(db, edge, basis)));
  addLines(sums, edgeLines, seen);
  if (months) {
    // summed by SQL per list (12 months, a few thousand clients and products), not row by row here; on the cash
    // basis a row whose payments were all taken back holds nothing (0 invoices, 0 forints) and is left out
    const cash = basis === 'cash';
    const prefix = cash ? 'summary_cash' : 'summary_revenue';
    const days = { from: `${months.from}-01`, to: lastDay(months.to) };
    const [byMonth, byClient, byProduct, foreign] = await Promise.all([
      // the months' totals (migration 0068: every client of a month in one row)
      sql<{ k: string; n: number; m: number }>`
        select month as k, invoice_count as n, net_milli as m from ${sql.table(`${prefix}_months`)}
        where month between ${months.from} and ${months.to} and invoice_count <> 0`.execute(db),
      // each with its name: the clients' and products' own, joined to the sums
      sql<{ k: number; n: number; m: number; name: string | null }>`
        select a.k, a.n, a.m, c.name from (${rolledUp(prefix, 'clients', 'client_id', months)}) a left join clients c on c.id = a.k`.execute(db),
      sql<{ k: string; n: number; m: number; name: string | null }>`
        select a.k, a.n, a.m, p.name from (${rolledUp(prefix, 'products', 'product_key', months)}) a
        left join products p on p.id = (case when a.k like 'p%' then cast(substr(a.k, 2) as integer) end)`.execute(db),
      cash ? foreignCashLines(db, days) : foreignLines(db, days),
    ]);
    for (const r of byMonth.rows) {
      add(sums.byMonth, r.k, Number(r.m), Number(r.n));
      sums.total += Number(r.m);
    }
    for (const r of byClient.rows) {
      add(sums.byClient, `c${r.k}`, Number(r.m), Number(r.n));
      if (r.name !== null) sums.names.set(`c${r.k}`, r.name);
    }
    for (const r of byProduct.rows) {
      add(sums.byProduct, r.k, Number(r.m), Number(r.n));
      sums.names.set(r.k, r.name ?? (r.k.startsWith('d:') ? r.k.slice(2) : r.k));
    }
    addLines(sums, foreign, seen);
    if (cash) await countSplitOnce(db, sums, months, edgeLines);
  }
  return sums;
}

/**
 * The monthly counts of the cash sums count an invoice once in each month it was paid in; the period's lists by
 * client and product count it once. The invoices paid in more than one month (summary_cash_split, migration 0062)
 * have the months beyond the first of the period taken off, and an invoice of an edge's lines (counted there) also
 * paid in the whole months has those months' count taken off.
 */
async function countSplitOnce(db: Db, sums: RevenueSums, months: { from: string; to: string }, edgeLines: RevenueLine[]): Promise<void> {
  const year = months.from.slice(0, 4);
  if (edgeLines.length === 0 && months.from === `${year}-01` && months.to === `${year}-12`) return countSplitOnceInYear(db, sums, year);
  const range = sql`s.month between ${months.from} and ${months.to}`;
  const [split, keys] = await Promise.all([
    sql<{ doc: number; client: number; k: number }>`
      select s.invoice_id as doc, s.client_id as client, count(*) as k from summary_cash_split s where ${range}
      group by s.invoice_id, s.client_id`.execute(db),
    sql<{ doc: number; product_id: number | null; description: string }>`
      select distinct it.invoice_id as doc, it.product_id as product_id, it.description as description
      from (select s.invoice_id from summary_cash_split s where ${range} group by s.invoice_id having count(*) > 1) m
        join invoice_items it on it.invoice_id = m.invoice_id`.execute(db),
  ]);
  const extra = new Map<number, { client: string; n: number }>();
  for (const r of split.rows) extra.set(Number(r.doc), { client: `c${r.client}`, n: Number(r.k) - 1 });
  const productsOf = new Map<number, Set<string>>();
  for (const r of keys.rows) {
    const key = r.product_id !== null ? `p${r.product_id}` : `d:${r.description}`;
    (productsOf.get(Number(r.doc)) ?? productsOf.set(Number(r.doc), new Set()).get(Number(r.doc))!).add(key);
  }
  for (const l of edgeLines) {
    const e = extra.get(l.doc);
    if (!e) continue;
    // once per document (its keys are the same on every line read)
    if (!productsOf.has(-l.doc)) {
      productsOf.set(-l.doc, new Set());
      e.n++;
    }
    productsOf.get(-l.doc)!.add(l.product);
  }
  for (const [doc, e] of extra) {
    if (e.n <= 0) continue;
    const less = (map: Map<string, Sum>, key: string) => {
      const s = map.get(key);
      if (s) s.count -= e.n;
    };
    less(sums.byClient, e.client);
    for (const key of productsOf.get(doc) ?? productsOf.get(-doc) ?? []) less(sums.byProduct, key);
  }
}

/**
 * countSplitOnce for a period of one whole calendar year, from the differences migration 0071 keeps per year: per
 * client and product key, how many more times the monthly counts count the year's invoices than once.
 */
async function countSplitOnceInYear(db: Db, sums: RevenueSums, year: string): Promise<void> {
  const [clients, products] = await Promise.all([
    sql<{ k: number; n: number }>`select client_id as k, extra as n from summary_cash_split_client_years where year = ${year} and extra <> 0`.execute(db),
    sql<{ k: string; n: number }>`select product_key as k, extra as n from summary_cash_split_product_years where year = ${year} and extra <> 0`.execute(db),
  ]);
  const less = (map: Map<string, Sum>, key: string, n: number) => {
    const s = map.get(key);
    if (s) s.count -= n;
  };
  for (const r of clients.rows) less(sums.byClient, `c${r.k}`, Number(r.n));
  for (const r of products.rows) less(sums.byProduct, r.k, Number(r.n));
}

/**
 * The sums per client or product of whole months, each with how many documents: the whole years among them from the
 * year roll-ups of migration 0068 (~5,000 rows a year instead of ~56,000), the months before and after those from the
 * month tables; a row whose months count nothing (payments all taken back) holds nothing and is left out.
 */
function rolledUp(prefix: string, list: 'clients' | 'products', key: 'client_id' | 'product_key', months: { from: string; to: string }) {
  const { years, rest } = splitByYear(months);
  // one year alone: its rows are one per key already, nothing to add up
  if (years && years.from === years.to && rest.length === 0) {
    return sql`select ${sql.ref(key)} as k, invoice_count as n, net_milli as m from ${sql.table(`${prefix}_${list === 'clients' ? 'client' : 'product'}_years`)}
      where year = ${years.from} and invoice_count <> 0`;
  }
  const parts = [
    ...(years ? [sql`select ${sql.ref(key)} as k, invoice_count as n, net_milli as m from ${sql.table(`${prefix}_${list === 'clients' ? 'client' : 'product'}_years`)}
      where year between ${years.from} and ${years.to} and invoice_count <> 0`] : []),
    ...rest.map((r) => sql`select ${sql.ref(key)} as k, invoice_count as n, net_milli as m from ${sql.table(`${prefix}_${list}`)}
      where month between ${r.from} and ${r.to} and invoice_count <> 0`),
  ];
  return sql`select k, sum(n) as n, sum(m) as m from (${sql.join(parts, sql` union all `)}) s group by k`;
}

/** Whole months (`YYYY-MM`) as the whole years among them, and the months before and after those. */
export function splitByYear(months: { from: string; to: string }): { years: { from: string; to: string } | null; rest: Array<{ from: string; to: string }> } {
  const first = Number(months.from.slice(0, 4)) + (months.from.endsWith('-01') ? 0 : 1);
  const last = Number(months.to.slice(0, 4)) - (months.to.endsWith('-12') ? 0 : 1);
  if (first > last) return { years: null, rest: [months] };
  const rest: Array<{ from: string; to: string }> = [];
  if (months.from < `${first}-01`) rest.push({ from: months.from, to: `${first - 1}-12` });
  if (months.to > `${last}-12`) rest.push({ from: `${last + 1}-01`, to: months.to });
  return { years: { from: String(first), to: String(last) }, rest };
}

/** The whole months inside the period (`YYYY-MM`), and the periods of the days before and after them. */
export function splitByMonth(period: ReportPeriod): { months: { from: string; to: string } | null; edges: ReportPeriod[] } {
  const firstWhole = period.from.slice(8) === '01' ? period.from.slice(0, 7) : nextMonth(period.from.slice(0, 7));
  const lastWhole = period.to === lastDay(period.to.slice(0, 7)) ? period.to.slice(0, 7) : previousMonth(period.to.slice(0, 7));
  if (firstWhole > lastWhole) return { months: null, edges: [period] };
  const edges: ReportPeriod[] = [];
  if (period.from < `${firstWhole}-01`) edges.push({ from: period.from, to: lastDay(previousMonth(firstWhole)) });
  if (period.to > lastDay(lastWhole)) edges.push({ from: `${nextMonth(lastWhole)}-01`, to: period.to });
  return { months: { from: firstWhole, to: lastWhole }, edges };
}

/**
 * The foreign-currency invoices of the period by tax point whose rate the summaries do not convert (migration 0070:
 * as a rule none), line by line, converted at their own rate; found through the partial indexes of 0070 (their
 * condition written as there).
 */
async function foreignLines(db: Db, period: ReportPeriod): Promise<RevenueLine[]> {
  const issued = sql`i.currency <> 'HUF' and i.type in (${sql.join(SALE_TYPES)}) and i.sealed = 1 and not ${sql.raw(plainRate(isPostgres(db), 'i.exchange_rate'))}`;
  const rows = await sql<RevenueItemRow>`
    select ${revenueItemColumns(db)}, ${accrualDay('i')} as day
    from invoices i join invoice_items it on it.invoice_id = i.id left join products p on p.id = it.product_id
    where i.id in (
      select i.id from invoices i where i.fulfillment_date between ${period.from} and ${period.to} and ${issued} and not ${isChainMember('i')}
      union all
      select i.id from invoices i where i.date between ${period.from} and ${period.to} and ${issued} and ${isChainMember('i')})`.execute(db);
  return rows.rows.map((r) => lineOf(r, forintsExact(r.net, r.exchange_rate)));
}

/**
 * The payments of the period on foreign-currency sales whose rate the summaries do not convert (migration 0070: as a
 * rule none), each shared over its invoice's lines at the invoice's own rate (revenue-rows.ts), found through the
 * list migration 0062 keeps of them by day.
 */
async function foreignCashLines(db: Db, period: ReportPeriod): Promise<RevenueLine[]> {
  const rows = await sql<RevenueItemRow & { paid: number; total: number }>`
    select ${revenueItemColumns(db)}, pay.date as day, pay.amount_milli as paid, i.total_milli as total
    from summary_cash_foreign f join invoice_payments pay on pay.id = f.payment_id join invoices i on i.id = pay.invoice_id
      join invoice_items it on it.invoice_id = i.id left join products p on p.id = it.product_id
    where f.date between ${period.from} and ${period.to}`.execute(db);
  return rows.rows.map((r) => lineOf(r, paidShare(forintsExact(r.net, r.exchange_rate), r.paid, r.total)));
}

function emptySums(): RevenueSums {
  return { byMonth: new Map(), byClient: new Map(), byProduct: new Map(), total: 0, names: new Map() };
}

function add(map: Map<string, Sum>, key: string, amount: number, count: number): void {
  const s = map.get(key);
  if (s) {
    s.amount += amount;
    s.count += count;
  } else map.set(key, { amount, count });
}

/** Lines summed into `sums`; a document counts once per key however many of its lines it has there. */
function addLines(sums: RevenueSums, lines: RevenueLine[], seen: Set<string>): void {
  const once = (dimension: string, key: string, doc: number) => {
    const id = `${dimension}\u0000${key}\u0000${doc}`;
    if (seen.has(id)) return 0;
    seen.add(id);
    return 1;
  };
  for (const l of lines) {
    const month = l.day.slice(0, 7);
    const client = `c${l.client}`;
    add(sums.byMonth, month, l.amount, once('m', month, l.doc));
    add(sums.byClient, client, l.amount, once('c', client, l.doc));
    add(sums.byProduct, l.product, l.amount, once('p', l.product, l.doc));
    sums.total += l.amount;
    // a client's name as its invoice had it, where the summaries did not name it
    if (!sums.names.has(client)) sums.names.set(client, l.clientName);
    if (!sums.names.has(l.product)) sums.names.set(l.product, l.productName);
  }
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}
