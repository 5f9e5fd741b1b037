// The invoice list's search box: one text read as an invoice number, as part of a client's name and as an amount,
// any of which makes an invoice a match. Each reading is an exact comparison (a number is not a part of a longer
// number, an amount is the whole total), so "417" finds 2026-000417 and an invoice of 417 Ft, never 2026-004170.
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/types';
import { containsInsensitive } from '../../db/portable';

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

/** The condition "this invoice matches the search", for a query over `invoices`. */
export function searchCondition(db: Db, terms: SearchTerms, years: number[]) {
  return (eb: ExpressionBuilder<Database, 'invoices'>): Expression<SqlBool> => {
    const any: Array<Expression<SqlBool>> = [
      eb('client_id', 'in', db.selectFrom('clients').select('id').where(containsInsensitive(db, 'name', terms.text))),
    ];
    const n = terms.numberOfYear;
    if (n) {
      const parts = [eb('number_year', '=', n.year), eb('number_seq', '=', n.seq)];
      if (n.proforma) parts.push(eb('number_kind', '=', 'proforma'));
      if (n.receipt) parts.push(eb('number_kind', '=', 'receipt'));
      if (n.prefix) parts.push(eb(eb.fn('lower', ['prefix']), '=', n.prefix.toLowerCase()));
      any.push(eb.and(parts));
    }
    if (terms.seq !== undefined && years.length) {
      any.push(eb.and([eb('number_year', 'in', years), eb('number_seq', '=', terms.seq)]));
    }
    if (terms.milli !== undefined) any.push(eb('total_milli', '=', terms.milli));
    return eb.or(any);
  };
}
