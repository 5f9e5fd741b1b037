// How a credit's amount is spread over the invoices it pays, in order: each takes what it owes until the money runs
// out. A forint credit pays a foreign-currency invoice at the invoice's own exchange rate (what its HUF VAT was
// computed at), and says so. The rest is an overpayment; a shortfall leaves the last invoices partly paid.
import { currencyDecimals, fromMilli, hufMilli, milliToString, toMilli } from '../../../shared/money';
import type { MatchKind, MatchedInvoice } from '../../../shared/contract/areas/bank-types';
import type { OpenInvoice } from './open-invoices';

/** big.js's rounding mode 0 */
const ROUND_DOWN = 0;

export interface Allocation {
  kind: MatchKind;
  invoices: MatchedInvoice[];
  /** per invoice, what it takes, in thousandths of the invoice's currency */
  paysMilli: number[];
  /** beyond (overpayment) or short of (partial) what the invoices owe, in the entry's currency */
  differenceMilli: number;
}

/** Whether a credit in this currency can pay the invoice: the same currency, or forints for a foreign invoice. */
export function payable(entryCurrency: string, invoice: Pick<OpenInvoice, 'currency'>): boolean {
  return invoice.currency === entryCurrency || entryCurrency === 'HUF';
}

/** What the invoice still owes, in the entry's currency (forints at the invoice's rate, whole forints). */
export function owedIn(entryCurrency: string, invoice: OpenInvoice): number {
  if (invoice.currency === entryCurrency) return invoice.outstanding_milli;
  return hufMilli(invoice.outstanding_milli, invoice.currency, invoice.exchange_rate);
}

export function allocate(amountMilli: number, entryCurrency: string, invoices: OpenInvoice[]): Allocation {
  let remaining = amountMilli;
  let owedTotal = 0;
  const out: MatchedInvoice[] = [];
  const paysMilli: number[] = [];
  for (const inv of invoices) {
    const owed = owedIn(entryCurrency, inv);
    owedTotal += owed;
    const take = Math.min(remaining, owed);
    remaining -= take;
    const foreign = inv.currency !== entryCurrency;
    let pays = take;
    if (foreign) {
      // part of a foreign invoice: rounded down, so the forints always cover what is recorded as paid
      pays = take === owed ? inv.outstanding_milli : toMilli(fromMilli(take).div(inv.exchange_rate).round(currencyDecimals(inv.currency), ROUND_DOWN));
      pays = Math.min(pays, inv.outstanding_milli);
    }
    paysMilli.push(pays);
    out.push({
      invoice_id: inv.id,
      invoice_no: inv.number,
      client_name: inv.client_name,
      currency: inv.currency,
      outstanding: milliToString(inv.outstanding_milli),
      pays: milliToString(pays),
      rate: foreign ? inv.exchange_rate : null,
    });
  }
  const kind: MatchKind = amountMilli === owedTotal ? 'exact' : amountMilli > owedTotal ? 'overpayment' : 'partial';
  return { kind, invoices: out, paysMilli, differenceMilli: Math.abs(amountMilli - owedTotal) };
}
