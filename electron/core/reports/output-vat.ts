// The output side of the VAT analysis on the accrual basis: issued invoices by VAT code, in forints exactly as
// their NAV reports give them (electron/nav/invoice-data.ts): per invoice and VAT code, the VAT in HUF is the
// code's VAT × the invoice's rate rounded to whole forints (the printed "ÁFA Ft-ban"), the net likewise.
// Forint invoices are summed by SQL alone (their amounts are whole forints); only foreign-currency invoices are
// read per invoice and code, to round each at its own rate.
import { sql } from 'kysely';
import { Big, fromMilli, roundTo, toMilli } from '../../../shared/money';
import type { Db } from '../../db/types';
import { accrualInvoiceIds } from './tax-point';
import { VatTally } from './tally';

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
  const ids = accrualInvoiceIds(from, to);
  const huf = await sql<CodeSum>`
    select it.vat_id as vat_id, sum(it.net_milli) as net, sum(it.vat_milli) as vat, group_concat(distinct i.id) as ids
    from invoices i join invoice_items it on it.invoice_id = i.id
    where i.id in (${ids}) and i.currency = 'HUF'
    group by it.vat_id`.execute(db);
  for (const row of huf.rows) tally.add(row.vat_id, row.net, row.vat, (row.ids ?? '').split(',').filter(Boolean).map(Number));

  const foreign = await sql<ForeignSum>`
    select i.id as id, it.vat_id as vat_id, i.exchange_rate as exchange_rate, sum(it.net_milli) as net, sum(it.vat_milli) as vat
    from invoices i join invoice_items it on it.invoice_id = i.id
    where i.id in (${ids}) and i.currency <> 'HUF'
    group by i.id, it.vat_id`.execute(db);
  for (const row of foreign.rows) tally.add(row.vat_id, forints(row.net, row.exchange_rate), forints(row.vat, row.exchange_rate), [row.id]);
}

/** An amount of the invoice's currency in whole forints at its rate, half away from zero (milli). */
export function forints(milli: number, rate: string): number {
  return toMilli(roundTo(fromMilli(milli).times(new Big(rate || '1')), 0));
}
