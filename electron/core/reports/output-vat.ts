// The output side of the VAT analysis on the accrual basis: issued invoices by VAT code, in forints exactly as
// their NAV reports give them (electron/nav/invoice-data.ts): per invoice and VAT code, the VAT in HUF is the
// code's VAT × the invoice's rate rounded to whole forints (the printed "ÁFA Ft-ban"), the net likewise.
// Forint invoices are read from their sums per tax day and code (their amounts are whole forints, migration 0074);
// only foreign-currency invoices are read per invoice and code, to round each at its own rate. The tax day and the
// cash-accounting mark are the rules of tax-point.ts, written into report_vat_lines when the invoice is sealed.
import { sql } from 'kysely';
import { Big, fromMilli, roundTo, toMilli } from '../../../shared/money';
import type { Db } from '../../db/types';
import type { VatTally } from './tally';
import { VAT_CODES } from '../../../shared/reference/vat-codes';

interface DaySum {
  vat_id: string;
  net: number;
  vat: number;
  ids: string;
}

interface ForeignSum {
  id: number;
  vat_id: string;
  exchange_rate: string;
  net: number;
  vat: number;
}

/** The VAT codes the analysis lists (a line of a code it does not know was never summed). */
const KNOWN_CODES = new Set(VAT_CODES.map((c) => c.id));

export async function accrualOutput(db: Db, from: string, to: string, tally: VatTally): Promise<void> {
  // report_vat_days (migration 0074): the forint lines of each tax day per VAT code, with their invoices' ids, kept
  // by a trigger on report_vat_lines (0032), in parts of ~128 ids since 0083. A year is ~730 rows read
  // along the key, not ~130,000 lines.
  const days = await sql<DaySum>`
    select vat_id, net_milli as net, vat_milli as vat, invoice_ids as ids
    from report_vat_days
    where tax_day between ${from} and ${to}`.execute(db);
  const codes = new Map<string, { net: number; vat: number; ids: string[] }>();
  for (const row of days.rows) {
    if (!KNOWN_CODES.has(row.vat_id)) continue;
    const code = codes.get(row.vat_id);
    if (code) {
      code.net += row.net;
      code.vat += row.vat;
      code.ids.push(row.ids);
    } else codes.set(row.vat_id, { net: row.net, vat: row.vat, ids: [row.ids] });
  }
  for (const [vatId, code] of codes) tally.add(vatId, code.net, code.vat, idsOf(code.ids));
  // the other currencies: the partial index of foreign lines (migration 0039) answers from itself, by tax day
  const foreign = await sql<ForeignSum>`
    select invoice_id as id, vat_id, exchange_rate, net_milli as net, vat_milli as vat
    from report_vat_lines
    where cash = 0 and currency <> 'HUF' and tax_day between ${from} and ${to}`.execute(db);
  for (const row of foreign.rows) tally.add(row.vat_id, forintsExact(row.net, row.exchange_rate), forintsExact(row.vat, row.exchange_rate), [row.id]);
}

/** The ids of comma-separated lists of positive integers, read digit by digit (no substring per id). */
function idsOf(lists: readonly string[]): number[] {
  const out: number[] = [];
  for (const list of lists) {
    let n = 0;
    for (let i = 0; i < list.length; i++) {
      const c = list.charCodeAt(i);
      if (c === 44) {
        out.push(n);
        n = 0;
      } else n = n * 10 + (c - 48);
    }
    out.push(n);
  }
  return out;
}

/** An amount of the invoice's currency in whole forints at its rate, half away from zero (milli). */
export function forints(milli: number, rate: string): number {
  return toMilli(roundTo(fromMilli(milli).times(new Big(rate || '1')), 0));
}

/**
 * forints() in integers: thousandths × the rate's digits, divided back and rounded half away from zero to whole
 * forints. The same answer without a big.js number per line (a year's foreign lines are thousands, in the VAT
 * analysis and the revenue report); a rate not written as plain digits goes through forints().
 */
export function forintsExact(milli: number, rate: string): number {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate || '1');
  if (!m || !Number.isSafeInteger(milli)) return forints(milli, rate);
  const decimals = m[2] ?? '';
  const num = BigInt(milli) * BigInt(m[1]! + decimals);
  const den = 1000n * 10n ** BigInt(decimals.length);
  let q = num / den;
  const r = num % den;
  if ((r < 0n ? -r : r) * 2n >= den) q += num < 0n ? -1n : 1n;
  return Number(q) * 1000;
}
