// The invoice list's search box: one text read as an invoice number, as part of a client's name, as an amount, as
// the buyer's tax number and as words of the lines (./search-text.ts), any of which makes an invoice a match. The
// number and the amount are exact comparisons (a number is not a part of a longer number, an amount is the whole
// total), so "417" finds 2026-000417 and an invoice of 417 Ft, never 2026-004170.
//
// Each reading names its invoices through an index of its own. When the other filters walk (./list-filter.ts), a
// page is the union of each reading's newest matches that pass the filters — each found along its own index and cut
// at the page's end — so a rare number costs as little as ever and a common word stops at the page.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from '../../../migrations/dialect';
import type { Db } from '../../db/types';
import { containsInsensitive } from '../../db/portable';
import { columnsFor, listTuning, orderKey, whereOf, type Col, type Condition, type Driver } from './list-filter';
import { textBranch, textCondition, textPlaces, type TextPlace } from './search-text';

export interface SearchTerms {
  /** a number with its year ("2026-000417"), its block prefix when one was typed ("WEB / 2026-000417"), and a
   * proforma's "D-" ("D-2026-000003") or a receipt's "NY-" ("NY-2026-000003") */
  numberOfYear?: { prefix?: string; proforma: boolean; receipt?: boolean; year: number; seq: number };
  /** a bare sequence number ("417"): that number in any year */
  seq?: number;
  /** the text as an amount, in thousandths ("190 500" → 190500000), compared with the total the list shows */
  milli?: number;
  /** the text as part of a client's name (letters compared without case) */
  text: string;
}

const NUMBER_OF_YEAR = /^(?:(.*?)\s*\/\s*)?(d-|ny-)?(\d{4})\s*-\s*(\d{1,6})$/i;
const SPACES = /[\s\u00a0\u202f]/g;

/** "190 500", "190.500", "190 500,50", "1 234,5 Ft" → thousandths; undefined when the text is no amount. */
export function parseAmount(text: string): number | undefined {
  let t = text.replace(/\s*(ft|huf|eur|usd|€|\$)\.?$/i, '').replace(SPACES, '');
  if (!/^\d[\d.,]*$/.test(t)) return undefined;
  if (t.includes(',')) {
    // A comma is the decimal mark (Hungarian); dots are then thousands separators.
    t = t.replace(/\./g, '');
    if (t.split(',').length > 2) return undefined;
    t = t.replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(t)) {
    t = t.replace(/\./g, ''); // "190.500": dots in groups of three are thousands separators
  }
  if (!/^\d+(\.\d{1,3})?$/.test(t)) return undefined;
  const [whole, frac = ''] = t.split('.');
  const milli = Number(whole) * 1000 + Number(frac.padEnd(3, '0'));
  return Number.isSafeInteger(milli) ? milli : undefined;
}

export function searchTerms(text: string): SearchTerms {
  const q = text.trim();
  const terms: SearchTerms = { text: q };
  const m = NUMBER_OF_YEAR.exec(q);
  if (m) {
    const prefix = m[1]?.trim();
    const mark = m[2]?.toLowerCase();
    terms.numberOfYear = { proforma: mark === 'd-', ...(mark === 'ny-' ? { receipt: true } : {}), year: Number(m[3]), seq: Number(m[4]), ...(prefix ? { prefix } : {}) };
  } else if (/^\d{1,6}$/.test(q)) {
    terms.seq = Number(q);
  }
  const milli = parseAmount(q);
  if (milli !== undefined) terms.milli = milli;
  return terms;
}

/** The years invoices are numbered in: a bare "417" is looked up as (year, 417) in each, along the number index. */
export async function numberedYears(db: Db): Promise<number[]> {
  // Two subqueries: SQLite answers a lone min() or max() from the index's ends, but not both in one select.
  const r = await db
    .selectNoFrom([
      sql<number | null>`(select min(number_year) from invoices)`.as('lo'),
      sql<number | null>`(select max(number_year) from invoices)`.as('hi'),
    ])
    .executeTakeFirstOrThrow();
  if (r.lo === null || r.hi === null) return [];
  return Array.from({ length: r.hi - r.lo + 1 }, (_, i) => r.lo! + i);
}

/** One reading of the text: its condition, and how its branch finds its invoices on SQLite. */
export interface Reading {
  cond: Condition;
  /** an index of list-filter's drivers, 'walk' (too many match for one), or 'text' (invoice_search) */
  driver: Driver | 'text';
  place?: TextPlace;
  text?: string;
}

/** The readings of the search box's text. */
export async function searchReadings(db: Db, text: string): Promise<Reading[]> {
  const terms = searchTerms(text);
  const readings: Reading[] = [];
  const name = containsInsensitive(db, 'name', terms.text);
  const manyClients = !isPostgres(db) && (await countUpTo(db, sql`select 1 from clients where ${name}`, listTuning.fewClients)) > listTuning.fewClients;
  readings.push({ driver: manyClients ? 'walk' : 'client', cond: (c) => sql<SqlBool>`${c('client_id')} in (select id from clients where ${name})` });
  const n = terms.numberOfYear;
  if (n) {
    readings.push({
      driver: 'number',
      cond: (c) => {
        const parts = [sql`${c('number_year')} = ${n.year}`, sql`${c('number_seq')} = ${n.seq}`];
        if (n.proforma) parts.push(sql`${c('number_kind')} = ${'proforma'}`);
        if (n.receipt) parts.push(sql`${c('number_kind')} = ${'receipt'}`);
        if (n.prefix) parts.push(sql`lower(${c('prefix')}) = ${n.prefix.toLowerCase()}`);
        return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
      },
    });
  }
  const years = terms.seq !== undefined ? await numberedYears(db) : [];
  if (terms.seq !== undefined && years.length) {
    const seq = terms.seq;
    readings.push({ driver: 'number', cond: (c) => sql<SqlBool>`${c('number_year')} in (${sql.join(years)}) and ${c('number_seq')} = ${seq}` });
  }
  const milli = terms.milli;
  if (milli !== undefined) readings.push({ driver: 'amount', cond: (c) => sql<SqlBool>`${c('total_milli')} = ${milli}` });
  for (const place of textPlaces(terms.text)) readings.push({ driver: 'text', place, text: terms.text, cond: (c) => textCondition(db, place, terms.text, c) });
  return readings;
}

/** How many rows `query` gives, counting no further than `limit` + 1. */
async function countUpTo(db: Db, query: RawBuilder<unknown>, limit: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from (${query} limit ${limit + 1})`.execute(db);
  return Number(r.rows[0]!.n);
}

/** Any reading matches, as one condition of a query found by the filter's own driver: no reading is read by index. */
export function anyReading(db: Db, readings: Reading[]): Condition {
  const hidden: Col = isPostgres(db) ? (column) => sql.ref(column) : (column) => sql`+${sql.ref(column)}`;
  return () => sql<SqlBool>`(${sql.join(readings.map((r) => sql`(${r.cond(hidden)})`), sql` or `)})`;
}

/**
 * When the filter walks: the ids of invoices matching the search and `filter`, as the union of each reading's newest
 * `limit` (all of them when `limit` is null). On PostgreSQL too: given the readings joined by OR and the newest page,
 * its planner walks the whole primary key backwards, testing each invoice (3.4 s at a million for a number).
 */
export function searchUnion(db: Db, readings: Reading[], filter: Condition[], limit: number | null): RawBuilder<{ id: number }> {
  const cut = limit === null ? sql`` : sql` limit ${limit}`;
  const pg = isPostgres(db);
  const branches = readings.map((r): Expression<unknown> => {
    if (r.driver === 'text' && !pg) return textBranch(r.place!, r.text!, filter.length ? whereOf(db, filter, 'walk', 'i') : null, limit ?? -1);
    const where = sql`${whereOf(db, filter, 'walk')} and (${r.cond(columnsFor(db, r.driver === 'text' ? 'walk' : r.driver))})`;
    // A buyer's tax number matches one buyer's invoices, a few thousand at most: read through its GIN index and
    // sorted. Ordered by the bare id, PostgreSQL may instead walk the primary key backwards testing each invoice's
    // tax numbers, as one ANALYZE's sample or the next makes it think cheaper — 290 ms at a million for the busiest
    // buyer, against 45 ms (issue 41); `id + 0` is an order no index gives.
    const order = pg && r.driver === 'text' && r.place === 'buyer' ? sql`id + 0` : orderKey(db, r.driver === 'walk');
    return sql`select id from invoices where ${where} order by ${order} desc${cut}`;
  });
  return sql`${sql.join(branches.map((b, i) => sql`select id from (${b}) as ${sql.raw(`reading_${i}`)}`), sql` union `)}`;
}
