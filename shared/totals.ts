// Invoice line and document totals, docs/design.md §3. The core stores what this computes when an invoice is issued, and
// the editor's live preview calls the very same functions, so what the user sees is what gets issued.
import { Big, currencyDecimals, parseDecimal, roundTo, toMilli, type Milli } from './money';

export interface PricedLine {
  qty: string;
  vatRate: string;
  vatId: string;
  /** Exactly one of the two prices. */
  netUnitPrice?: string;
  grossUnitPrice?: string;
}

export interface LineAmounts {
  netUnitPrice: string; // exact decimal, derived from the gross price for gross-priced lines
  net: Milli;
  vat: Milli;
  gross: Milli;
}

export interface VatSummaryRow {
  vatId: string;
  vatRate: string;
  net: Milli;
  vat: Milli;
  gross: Milli;
}

export interface DocumentTotals {
  net: Milli;
  vat: Milli;
  gross: Milli;
  /** Payable total after `round_to`; the interface's `total`. */
  total: Milli;
  /** total − gross: the rounding line, not part of the VAT base. */
  rounding: Milli;
  vatSummary: VatSummaryRow[];
}

/** 10^12 units: amounts beyond it would not be exact in thousandths (2^53) once summed over many lines. */
const MAX_AMOUNT = new Big('1000000000000');

export class AmountRangeError extends Error {}

function inRange(value: InstanceType<typeof Big>): InstanceType<typeof Big> {
  if (value.abs().gt(MAX_AMOUNT)) throw new AmountRangeError('the amount is too large (at most 1,000,000,000,000)');
  return value;
}

export const ROUND_TO_VALUES = [0, 1, 5, 10] as const;
export type RoundTo = (typeof ROUND_TO_VALUES)[number];

export function computeLine(line: PricedLine, currency: string): LineAmounts {
  const d = currencyDecimals(currency);
  const qty = parseDecimal(line.qty);
  const rate = new Big(line.vatRate);
  if (line.grossUnitPrice !== undefined) {
    const grossUnit = parseDecimal(line.grossUnitPrice);
    const gross = inRange(roundTo(grossUnit.times(qty), d));
    const net = roundTo(gross.div(rate.plus(1)), d);
    return {
      netUnitPrice: roundTo(grossUnit.div(rate.plus(1)), 3).toFixed(3),
      net: toMilli(net),
      vat: toMilli(gross.minus(net)),
      gross: toMilli(gross),
    };
  }
  if (line.netUnitPrice === undefined) throw new Error('a line needs a net or a gross unit price');
  const netUnit = parseDecimal(line.netUnitPrice);
  const net = inRange(roundTo(netUnit.times(qty), d));
  const vat = roundTo(net.times(rate), d);
  inRange(net.plus(vat));
  return { netUnitPrice: netUnit.toFixed(3), net: toMilli(net), vat: toMilli(vat), gross: toMilli(net.plus(vat)) };
}

export function computeTotals(
  lines: Array<{ vatId: string; vatRate: string; amounts: LineAmounts }>,
  roundToUnit: number,
): DocumentTotals {
  const summary = new Map<string, VatSummaryRow>();
  let net = 0;
  let vat = 0;
  let gross = 0;
  for (const { vatId, vatRate, amounts } of lines) {
    net += amounts.net;
    vat += amounts.vat;
    gross += amounts.gross;
    const row = summary.get(vatId) ?? { vatId, vatRate, net: 0, vat: 0, gross: 0 };
    row.net += amounts.net;
    row.vat += amounts.vat;
    row.gross += amounts.gross;
    summary.set(vatId, row);
  }
  inRange(new Big(gross).div(1000));
  const total = roundPayable(gross, roundToUnit);
  return { net, vat, gross, total, rounding: total - gross, vatSummary: [...summary.values()] };
}

/** Rounds a gross total (thousandths) to the nearest `unit` whole currency units, half away from zero. */
export function roundPayable(gross: Milli, unit: number): Milli {
  if (!unit) return gross;
  const units = new Big(gross).div(1000 * unit);
  return Number(roundTo(units, 0).times(1000 * unit).toFixed(0));
}
