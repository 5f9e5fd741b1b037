// The output side of the VAT analysis on the accrual basis: issued invoices by VAT code, in forints exactly as
// their NAV reports give them (electron/nav/invoice-data.ts): per invoice and VAT code, the VAT in HUF is the
// code's VAT × the invoice's rate rounded to whole forints (the printed "ÁFA Ft-ban"), the net likewise.
// Forint invoices are summed by SQL alone (their amounts are whole forints); only foreign-currency invoices are
// read per invoice and code, to round each at its own rate. The tax day and the cash-accounting mark are the rules
// of tax-point.ts, written into report_vat_lines when the invoice is sealed.
import { sql } from 'kysely';
import { Big, fromMilli, roundTo, toMilli } from '../../../shared/money';
import type { Db } from '../../db/types';
import type { VatTally } from './tally';
import { VAT_CODES } from '../../../shared/reference/vat-codes';
import { stringAgg } from '../../db/portable';

interface CodeSum {
  vat_id: string;
  net: number;
  vat: number;
  ids: string | null;
}

interface ForeignSum {
  id: number;
  vat_id: string;
  exchange_rate: string;
  net: number;
  vat: number;
}

export async function accrualOutput(db: Db, from: string, to: string, tally: VatTally): Promise<void> {
  // report_vat_lines (migration 0032): each sealed invoice's lines summed per VAT code, with its tax day. One range
  // of the covering index per VAT code: no invoice row is read and nothing is sorted.
  for (const code of VAT_CODES) {
    const sums = await sql<CodeSum>`
      select ${code.id} as vat_id, sum(net_milli) as net, sum(vat_milli) as vat, ${stringAgg(db, 'invoice_id')} as ids
      from report_vat_lines
      where cash = 0 and currency = 'HUF' and vat_id = ${code.id} and tax_day between ${from} and ${to}`.execute(db);
    const row = sums.rows[0];
    if (row?.ids) tally.add(code.id, row.net, row.vat, idsOf(row.ids));
  }
  // the other currencies: the partial index of foreign lines (migration 0039) answers from itself, by tax day
  const foreign = await sql<ForeignSum>`
    select invoice_id as id, vat_id, exchange_rate, net_milli as net, vat_milli as vat
    from report_vat_lines
    where cash = 0 and currency <> 'HUF' and tax_day between ${from} and ${to}`.execute(db);
  for (const row of foreign.rows) tally.add(row.vat_id, forints(row.net, row.exchange_rate), forints(row.vat, row.exchange_rate), [row.id]);
}

function idsOf(list: string | null): number[] {
  if (!list) return [];
  const parts = list.split(',');
  const out = new Array<number>(parts.length);
  for (let i = 0; i < parts.length; i++) out[i] = +parts[i]!;
  return out;
}

/** An amount of the invoice's currency in whole forints at its rate, half away from zero (milli). */
export function forints(milli: number, rate: string): number {
  return toMilli(roundTo(fromMilli(milli).times(new Big(rate || '1')), 0));
}
