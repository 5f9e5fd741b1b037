// An independent reference for invoice arithmetic (docs/design.md §3, §8), in BigInt rationals: no big.js, no floats and
// nothing from shared/totals.ts or shared/money.ts, so the property tests compare two separate computations.

export interface Rational {
  n: bigint;
  d: bigint; // > 0
}

/** "12.345" → 12345/1000; "-0.5" → -5/10. */
export function parseDec(text: string): Rational {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`not a decimal: ${text}`);
  const frac = m[3] ?? '';
  const n = BigInt(`${m[2]}${frac}`) * (m[1] ? -1n : 1n);
  return { n, d: 10n ** BigInt(frac.length) };
}

/** n/d rounded to an integer, ties away from zero. */
export function roundHalfAway(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new Error('denominator must be positive');
  const q = n / d; // truncates toward zero
  const r = n - q * d;
  const abs2r = (r < 0n ? -r : r) * 2n;
  if (abs2r >= d) return q + (n < 0n ? -1n : 1n);
  return q;
}

export function currencyDecimals(currency: string): number {
  return currency === 'HUF' || currency === 'JPY' ? 0 : 2;
}

/** Thousandths → "1234.500" / "-0.010". */
export function milliString(milli: bigint): string {
  const neg = milli < 0n;
  const a = neg ? -milli : milli;
  const s = `${a / 1000n}.${String(a % 1000n).padStart(3, '0')}`;
  return neg ? `-${s}` : s;
}

export interface RefLine {
  kind: 'net' | 'gross';
  unitPrice: string; // the net or the gross unit price as typed
  qty: string;
  vatRate: string; // "0.27"
  vatId: string;
}

export interface RefLineResult {
  net: bigint; // thousandths
  vat: bigint;
  gross: bigint;
  netUnitPrice: string; // 3 decimals
}

export function refLine(line: RefLine, currency: string): RefLineResult {
  const decimals = currencyDecimals(currency);
  const unit = 10n ** BigInt(decimals); // currency units per whole
  const toMilli = 10n ** BigInt(3 - decimals);
  const price = parseDec(line.unitPrice);
  const qty = parseDec(line.qty);
  const rate = parseDec(line.vatRate);
  if (line.kind === 'net') {
    const net = roundHalfAway(price.n * qty.n * unit, price.d * qty.d);
    const vat = roundHalfAway(net * rate.n, rate.d);
    const np = roundHalfAway(price.n * 1000n, price.d);
    return { net: net * toMilli, vat: vat * toMilli, gross: (net + vat) * toMilli, netUnitPrice: milliString(np) };
  }
  const gross = roundHalfAway(price.n * qty.n * unit, price.d * qty.d);
  // net = gross / (1 + n/d) = gross · d / (d + n)
  const net = roundHalfAway(gross * rate.d, rate.d + rate.n);
  const np = roundHalfAway(price.n * rate.d * 1000n, price.d * (rate.d + rate.n));
  return { net: net * toMilli, vat: (gross - net) * toMilli, gross: gross * toMilli, netUnitPrice: milliString(np) };
}

export interface RefTotals {
  lines: RefLineResult[];
  net: bigint;
  vat: bigint;
  gross: bigint;
  total: bigint;
  rounding: bigint;
  byVat: Map<string, { net: bigint; vat: bigint; gross: bigint }>;
}

export function refInvoice(lines: RefLine[], currency: string, roundToUnits: number): RefTotals {
  const results = lines.map((l) => refLine(l, currency));
  const byVat = new Map<string, { net: bigint; vat: bigint; gross: bigint }>();
  let net = 0n;
  let vat = 0n;
  let gross = 0n;
  results.forEach((r, i) => {
    net += r.net;
    vat += r.vat;
    gross += r.gross;
    const key = lines[i]!.vatId;
    const row = byVat.get(key) ?? { net: 0n, vat: 0n, gross: 0n };
    row.net += r.net;
    row.vat += r.vat;
    row.gross += r.gross;
    byVat.set(key, row);
  });
  let total = gross;
  if (roundToUnits > 0) {
    const step = 1000n * BigInt(roundToUnits);
    total = roundHalfAway(gross, step) * step;
  }
  return { lines: results, net, vat, gross, total, rounding: total - gross, byVat };
}
