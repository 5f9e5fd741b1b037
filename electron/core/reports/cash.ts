// The output VAT of invoices issued on cash accounting (pénzforgalmi elszámolás, Áfa tv. 196/B): the VAT is due when
// the consideration is received, so each payment received in the period carries its share of its invoice's VAT.
// The share is the payment's part of the chain's total as the chain stood on the payment day (the original and the
// modifying or cancelling invoices issued by then; payments are recorded on the original), per VAT code, in whole
// forints at the invoice's rate. A chain cancelled before the money arrived has no total left and owes nothing.
import { sql } from 'kysely';
import { Big, fromMilli, roundTo, toMilli } from '../../../shared/money';
import type { Db } from '../../db/types';
import { forints } from './output-vat';
import { isChainMember, onCashAccounting } from './tax-point';
import type { VatTally } from './tally';
import { SALE_TYPES } from '../../../shared/invoice-codes';

interface Payment {
  invoice_id: number;
  date: string;
  amount: number;
}

interface ChainCode {
  doc: number;
  date: string;
  exchange_rate: string;
  total: number;
  vat_id: string;
  net: number;
  vat: number;
}

export async function cashOutput(db: Db, from: string, to: string, tally: VatTally): Promise<void> {
  if (!(await anyCashInvoice(db))) return;
  const payments = (
    await sql<Payment>`
      select p.invoice_id as invoice_id, p.date as date, p.amount_milli as amount
      from invoice_payments p join invoices i on i.id = p.invoice_id
      where p.date between ${from} and ${to} and i.type in (${sql.join(SALE_TYPES)}) and i.sealed = 1
        and ${onCashAccounting(db, 'i')} and not ${isChainMember('i')}
      order by p.date, p.id`.execute(db)
  ).rows;
  const chains = new Map<number, ChainCode[]>();
  for (const original of new Set(payments.map((p) => p.invoice_id))) chains.set(original, await chainCodes(db, original));

  for (const payment of payments) {
    const chain = chains.get(payment.invoice_id)!.filter((c) => c.doc === payment.invoice_id || c.date <= payment.date);
    const totals = new Map<number, number>(chain.map((c) => [c.doc, c.total]));
    const chainTotal = [...totals.values()].reduce((a, b) => a + b, 0);
    if (chainTotal <= 0) continue;
    const share = new Big(payment.amount).div(chainTotal);
    const byCode = new Map<string, { net: number; vat: number }>();
    for (const c of chain) {
      const sum = byCode.get(c.vat_id) ?? { net: 0, vat: 0 };
      sum.net += forints(c.net, c.exchange_rate);
      sum.vat += forints(c.vat, c.exchange_rate);
      byCode.set(c.vat_id, sum);
    }
    for (const [vatId, sum] of byCode) {
      tally.add(vatId, wholeForintShare(sum.net, share), wholeForintShare(sum.vat, share), [payment.invoice_id]);
    }
  }
}

/**
 * Whether any invoice was issued on cash accounting. Most sellers never are, and the payments of a year (85,000 at a
 * million invoices) would each have their invoice's seller snapshot parsed to find none. Every sealed sale has VAT
 * lines (an invoice has at least one item) carrying the same cash-accounting mark, taken from the same snapshot by the
 * seal trigger (migration 0032), and their index starts with that mark: one probe of the index answers.
 */
async function anyCashInvoice(db: Db): Promise<boolean> {
  const found = await sql<{ one: number }>`select 1 as one from report_vat_lines where cash = 1 limit 1`.execute(db);
  return found.rows.length > 0;
}

/** The chain of an original: itself and its modifying and cancelling invoices, summed per document and VAT code. */
async function chainCodes(db: Db, original: number): Promise<ChainCode[]> {
  return (
    await sql<ChainCode>`
      select i.id as doc, i.date as date, i.exchange_rate as exchange_rate, i.total_milli as total,
        it.vat_id as vat_id, sum(it.net_milli) as net, sum(it.vat_milli) as vat
      from invoices i join invoice_items it on it.invoice_id = i.id
      where i.sealed = 1 and (i.id = ${original} or i.modifies_id = ${original} or i.cancels_id = ${original})
      group by i.id, it.vat_id`.execute(db)
  ).rows;
}

function wholeForintShare(milli: number, share: Big): number {
  return toMilli(roundTo(fromMilli(milli).times(share), 0));
}
