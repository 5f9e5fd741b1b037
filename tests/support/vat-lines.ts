// The VAT analysis's forint output side as it was read before migration 0074: every line of the period in
// report_vat_lines (0032), one range per VAT code, the invoice ids joined per code. What the tests compare the
// day sums with: the report from report_vat_days must give exactly what the lines give.
import { sql } from 'kysely';
import type { Db } from '../../electron/db/types';
import { VatTally } from '../../electron/core/reports/tally';
import { forints } from '../../electron/core/reports/output-vat';
import { VAT_CODES } from '../../shared/reference/vat-codes';
import { stringAgg } from '../../electron/db/portable';
import type { VatReportSide } from '../../shared/reports';

/** The output side (accrual basis) of a period, summed from every VAT line in it. */
export async function outputFromLines(db: Db, from: string, to: string): Promise<VatReportSide> {
  const tally = new VatTally();
  for (const code of VAT_CODES) {
    const sums = await sql<{ net: number; vat: number; ids: string | null }>`
      select sum(net_milli) as net, sum(vat_milli) as vat, ${stringAgg(db, 'invoice_id')} as ids
      from report_vat_lines
      where cash = 0 and currency = 'HUF' and vat_id = ${code.id} and tax_day between ${from} and ${to}`.execute(db);
    const row = sums.rows[0];
    if (row?.ids) tally.add(code.id, Number(row.net), Number(row.vat), row.ids.split(',').map(Number));
  }
  const foreign = await sql<{ id: number; vat_id: string; exchange_rate: string; net: number; vat: number }>`
    select invoice_id as id, vat_id, exchange_rate, net_milli as net, vat_milli as vat
    from report_vat_lines
    where cash = 0 and currency <> 'HUF' and tax_day between ${from} and ${to}`.execute(db);
  for (const row of foreign.rows) tally.add(row.vat_id, forints(row.net, row.exchange_rate), forints(row.vat, row.exchange_rate), [Number(row.id)]);
  return tally.side();
}
