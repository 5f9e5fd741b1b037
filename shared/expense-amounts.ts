// An expense's net, VAT and gross, from whichever of net and gross the supplier's document shows. The core stores
// what this computes and the expense form previews it with the same function, so the two never disagree.
// Amounts are exact decimals: the gross as given is kept to the thousandth; net and VAT are rounded to the
// currency's places (whole forints), the VAT being what is left, so net + VAT = gross always holds.
import { Big, currencyDecimals, parseDecimal, roundTo, toMilli, type Milli } from './money';

export interface ExpenseAmounts {
  net: Milli;
  vat: Milli;
  gross: Milli;
}

/** `rate` is the VAT code's decimal rate ("0.27"); give the gross, the net, or both (then they must agree). */
export function expenseAmounts(input: { gross?: string | undefined; net?: string | undefined; rate: string; currency: string }): ExpenseAmounts {
  const d = currencyDecimals(input.currency);
  const rate = new Big(input.rate || '0');
  if (input.gross !== undefined) {
    const gross = parseDecimal(input.gross);
    const net = roundTo(gross.div(rate.plus(1)), d);
    return { net: toMilli(net), vat: toMilli(gross.minus(net)), gross: toMilli(gross) };
  }
  if (input.net === undefined) throw new Error('an expense needs its net or its gross amount');
  const net = parseDecimal(input.net);
  const vat = roundTo(net.times(rate), d);
  return { net: toMilli(net), vat: toMilli(vat), gross: toMilli(net.plus(vat)) };
}

/**
 * Whether a net and a gross given together agree at the rate: the gross must be the net plus its VAT rounded to
 * the currency's places, or the net must be what the gross gives back (documents round either way).
 */
export function netAndGrossAgree(net: string, gross: string, rate: string, currency: string): boolean {
  const fromNet = expenseAmounts({ net, rate, currency });
  const fromGross = expenseAmounts({ gross, rate, currency });
  return fromNet.gross === fromGross.gross || fromNet.net === fromGross.net;
}
