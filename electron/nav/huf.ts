// Forint amounts of a foreign-currency invoice. NAV wants each line and each summary figure in HUF too, and checks
// them against each other: line HUF ≈ line amount × rate (tolerance 1 % or 1 unit), summary HUF = Σ line HUF.
// The invoice already prints the VAT in HUF per VAT code (vat_summary.vat_huf, Áfa tv. 80. §), so those printed
// figures are the targets: each line gets its exact share rounded, and the rounding remainders are handed out so
// the lines add up to the target exactly (largest remainder). Every line stays within one forint of its exact
// value, and every sum agrees with the invoice to the forint.
import { Big, roundTo } from '../../shared/money';

/** Whole forints, half away from zero, like every other rounding in Folio (docs/design.md §8). */
export function wholeForints(value: Big): Big {
  return roundTo(value, 0);
}

/**
 * Integers near `exact` that add up to `target`. When the target is further from the exact sum than rounding
 * can explain (more than one forint per line), the lines are left at their own rounding: forcing them would put
 * a wrong figure on some line, and the mismatch is better seen than hidden.
 */
export function allocate(exact: Big[], target: Big): Big[] {
  const rounded = exact.map(wholeForints);
  const sum = rounded.reduce((acc, v) => acc.plus(v), new Big(0));
  const diff = Number(target.minus(sum).toFixed(0));
  if (diff === 0 || Math.abs(diff) > exact.length) return rounded;

  // Residual = exact − rounded, in (−0.5, 0.5]. Raising the lines that were rounded down the most (or lowering
  // those rounded up the most) keeps each within one unit; ties go to the earlier line, so a cancelling invoice
  // (all amounts negated) mirrors its original exactly.
  const order = exact
    .map((value, index) => ({ index, residual: value.minus(rounded[index]!) }))
    .sort((a, b) => {
      const cmp = diff > 0 ? b.residual.cmp(a.residual) : a.residual.cmp(b.residual);
      return cmp !== 0 ? cmp : a.index - b.index;
    });
  const step = new Big(diff > 0 ? 1 : -1);
  for (let k = 0; k < Math.abs(diff); k++) {
    const i = order[k]!.index;
    rounded[i] = rounded[i]!.plus(step);
  }
  return rounded;
}
