// Invoice line and document totals, docs/design.md §3. The core stores what this computes when an invoice is issued, and
// the editor's live preview calls the very same functions, so what the user sees is what gets issued.
import { Big, currencyDecimals, parseDecimal, roundTo, scaledInteger, toMilli, type Milli } from './money';

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

/** A line's amounts as exact decimals, at any size: what computeLine checks and stores, and what a preview shows. */
export interface ExactLineAmounts {
  netUnitPrice: string;
  net: InstanceType<typeof Big>;
  vat: InstanceType<typeof Big>;
  gross: InstanceType<typeof Big>;
}

/** Prices a line exactly, with no limit on its amounts (a quantity or price the request would refuse still throws
 * DecimalError, as parseDecimal does for the field). */
export function priceLine(line: PricedLine, currency: string): ExactLineAmounts {
  const d = currencyDecimals(currency);
  const qty = parseDecimal(line.qty);
  const rate = new Big(line.vatRate);
  if (line.grossUnitPrice !== undefined) {
    const grossUnit = parseDecimal(line.grossUnitPrice);
    const gross = roundTo(grossUnit.times(qty), d);
    const net = roundTo(gross.div(rate.plus(1)), d);
    return { netUnitPrice: roundTo(grossUnit.div(rate.plus(1)), 3).toFixed(3), net, vat: gross.minus(net), gross };
  }
  if (line.netUnitPrice === undefined) throw new Error('a line needs a net or a gross unit price');
  const netUnit = parseDecimal(line.netUnitPrice);
  const net = roundTo(netUnit.times(qty), d);
  const vat = roundTo(net.times(rate), d);
  return { netUnitPrice: netUnit.toFixed(3), net, vat, gross: net.plus(vat) };
}

/** Whether an amount is beyond what the core prices exactly (10^12 units). */
export function isBeyondRange(value: InstanceType<typeof Big>): boolean {
  return value.abs().gt(MAX_AMOUNT);
}

/** `p / 10^m` rounded to a whole number, ties away from zero (roundTo's rounding); p a safe integer. */
function divideRounded(p: number, m: number): number {
  const d = 10 ** m;
  const rest = p % d;
  const q = (p - rest) / d; // exact: p - rest is a multiple of d
  return (2 * Math.abs(rest) >= d ? q + Math.sign(p) : q) + 0; // (+ 0: no negative zero, as big.js has none)
}

/**
 * computeLine of a net-priced line whose quantity, unit price and VAT rate are plain decimals (at most 3, 3 and 6
 * decimals) small enough to be priced in whole numbers exactly: the same amounts, without big.js numbers. Undefined
 * for any other line, or one beyond the range, which computeLine prices with big.js (and refuses as it does).
 */
function computeLineInIntegers(line: PricedLine, currency: string): LineAmounts | undefined {
  if (line.grossUnitPrice !== undefined || line.netUnitPrice === undefined) return undefined;
  const qty = scaledInteger(line.qty, 3);
  const unit = scaledInteger(line.netUnitPrice, 3);
  const dot = line.vatRate.indexOf('.');
  const rateDecimals = dot < 0 ? 0 : line.vatRate.length - dot - 1;
  const rate = rateDecimals > 6 ? undefined : scaledInteger(line.vatRate, rateDecimals); // in 10^-rateDecimals
  if (qty === undefined || unit === undefined || rate === undefined) return undefined;
  const d = currencyDecimals(currency);
  const product = qty * unit; // thousandths × thousandths
  if (!Number.isSafeInteger(product)) return undefined;
  const net = divideRounded(product, 6 - d); // in 10^-d units
  const limit = 10 ** (12 + d); // MAX_AMOUNT in 10^-d units
  const vatProduct = net * rate;
  if (!Number.isSafeInteger(vatProduct)) return undefined;
  const vat = divideRounded(vatProduct, rateDecimals);
  const gross = net + vat;
  if (Math.abs(net) > limit || Math.abs(gross) > limit) return undefined;
  const toMilliFactor = 10 ** (3 - d);
  const unitAbs = Math.abs(unit);
  const unitText = `${unit < 0 ? '-' : ''}${(unitAbs - (unitAbs % 1000)) / 1000}.${String(unitAbs % 1000).padStart(3, '0')}`;
  return { netUnitPrice: unitText, net: net * toMilliFactor, vat: vat * toMilliFactor, gross: gross * toMilliFactor };
}

export function computeLine(line: PricedLine, currency: string): LineAmounts {
  const whole = computeLineInIntegers(line, currency);
  if (whole) return whole;
  const exact = priceLine(line, currency);
  inRange(exact.net);
  inRange(exact.gross);
  return { netUnitPrice: exact.netUnitPrice, net: toMilli(exact.net), vat: toMilli(exact.vat), gross: toMilli(exact.gross) };
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
  if (!(Math.abs(gross) <= 1e15)) inRange(new Big(gross).div(1000)); // (10^12 units: a big.js number only to refuse)
  const total = roundPayable(gross, roundToUnit);
  return { net, vat, gross, total, rounding: total - gross, vatSummary: [...summary.values()] };
}

/** Rounds a gross total (thousandths) to the nearest `unit` whole currency units, half away from zero. */
export function roundPayable(gross: Milli, unit: number): Milli {
  if (!unit) return gross;
  const units = new Big(gross).div(1000 * unit);
  return Number(roundTo(units, 0).times(1000 * unit).toFixed(0));
}

/** Document totals as exact decimal strings ("4445.000"), at any size, with whether they are beyond the range. */
export interface ExactTotals {
  net: string;
  vat: string;
  gross: string;
  total: string;
  rounding: string;
  vatSummary: Array<{ vatId: string; vatRate: string; net: string; vat: string; gross: string }>;
  beyondRange: boolean;
}

/**
 * What computeTotals gives, summed in exact decimals rather than thousandths, so an invoice beyond the range still
 * shows its real amounts (the editor's preview; the core refuses to issue it and says why).
 */
export function sumExact(lines: Array<{ vatId: string; vatRate: string; amounts: ExactLineAmounts }>, roundToUnit: number): ExactTotals {
  const zero = new Big(0);
  const summary = new Map<string, { vatId: string; vatRate: string; net: InstanceType<typeof Big>; vat: InstanceType<typeof Big>; gross: InstanceType<typeof Big> }>();
  let net = zero;
  let vat = zero;
  let gross = zero;
  for (const { vatId, vatRate, amounts } of lines) {
    net = net.plus(amounts.net);
    vat = vat.plus(amounts.vat);
    gross = gross.plus(amounts.gross);
    const row = summary.get(vatId) ?? { vatId, vatRate, net: zero, vat: zero, gross: zero };
    summary.set(vatId, { ...row, net: row.net.plus(amounts.net), vat: row.vat.plus(amounts.vat), gross: row.gross.plus(amounts.gross) });
  }
  const total = roundToUnit ? roundTo(gross.div(roundToUnit), 0).times(roundToUnit) : gross;
  const s = (v: InstanceType<typeof Big>) => v.toFixed(3);
  return {
    net: s(net),
    vat: s(vat),
    gross: s(gross),
    total: s(total),
    rounding: s(total.minus(gross)),
    vatSummary: [...summary.values()].map((r) => ({ vatId: r.vatId, vatRate: r.vatRate, net: s(r.net), vat: s(r.vat), gross: s(r.gross) })),
    beyondRange: lines.some((l) => isBeyondRange(l.amounts.net) || isBeyondRange(l.amounts.gross)) || isBeyondRange(gross),
  };
}
