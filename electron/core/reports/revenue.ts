// Revenue and costs of a period (by month, client, product, expense category) beside the same period a year
// earlier, on the accrual or the cash basis (revenue-rows.ts says what each counts).
import { milliToString } from '../../../shared/money';
import { EXPENSE_CATEGORIES_HU } from '../../../shared/reference/expense-categories';
import type { ReportPeriod, RevenueBasis, RevenueFigure, RevenueReport } from '../../../shared/reports';
import type { CoreContext } from '../context';
import { checkPeriod, previousYear } from './period';
import { costLines, revenueLines, type RevenueLine } from './revenue-rows';

interface Keyed {
  doc: number;
  amount: number;
}

export async function revenueReport(ctx: CoreContext, input: ReportPeriod & { basis: RevenueBasis }): Promise<RevenueReport> {
  const period = checkPeriod({ from: input.from, to: input.to });
  const before = previousYear(period);
  const [revenue, revenueBefore, costs, costsBefore] = await Promise.all([
    revenueLines(ctx.db, period, input.basis),
    revenueLines(ctx.db, before, input.basis),
    costLines(ctx.db, period, input.basis),
    costLines(ctx.db, before, input.basis),
  ]);
  sameProduct([...revenueBefore, ...revenue]);
  // a month a year earlier is compared with the same month now
  const monthNow = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4, 7)}`;
  const names = new Map<string, string>();
  for (const r of [...revenueBefore, ...revenue]) {
    names.set(`c${r.client}`, r.clientName);
    names.set(r.product, r.productName);
  }
  const category = new Map(EXPENSE_CATEGORIES_HU.map((c) => [c.id, c.name]));

  const revenueTotal = sum(revenue);
  const revenuePrevious = sum(revenueBefore);
  const costsTotal = sum(costs);
  const costsPrevious = sum(costsBefore);
  return {
    from: period.from,
    to: period.to,
    basis: input.basis,
    revenue: {
      total: milliToString(revenueTotal),
      previous: milliToString(revenuePrevious),
      by_month: withEveryMonth(figures(revenue, revenueBefore, (r) => r.day.slice(0, 7), (r) => monthNow(r.day), (k) => k, 'key'), period),
      by_client: figures(revenue, revenueBefore, (r) => `c${r.client}`, (r) => `c${r.client}`, (k) => names.get(k) ?? k, 'amount'),
      by_product: figures(revenue, revenueBefore, (r) => r.product, (r) => r.product, (k) => names.get(k) ?? k, 'amount'),
    },
    costs: {
      total: milliToString(costsTotal),
      previous: milliToString(costsPrevious),
      by_month: withEveryMonth(figures(costs, costsBefore, (c) => c.day.slice(0, 7), (c) => monthNow(c.day), (k) => k, 'key'), period),
      by_category: figures(costs, costsBefore, (c) => c.category, (c) => c.category, (k) => category.get(k) ?? k, 'amount'),
    },
    result: milliToString(revenueTotal - costsTotal),
    previous_result: milliToString(revenuePrevious - costsPrevious),
  };
}

/** Every month of the period, a month with nothing in it as zero: a chart of a quarter shows its three months. */
function withEveryMonth(list: RevenueFigure[], period: ReportPeriod): RevenueFigure[] {
  const known = new Map(list.map((f) => [f.key, f]));
  const out: RevenueFigure[] = [];
  let [y, m] = period.from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = period.to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > last) break;
    out.push(known.get(key) ?? { key, label: key, amount: '0.000', previous: '0.000', documents: [] });
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}

function sum(lines: Keyed[]): number {
  return lines.reduce((acc, l) => acc + l.amount, 0);
}

/** Sums lines by key, now and a year earlier; months in calendar order, the rest largest first. */
function figures<T extends Keyed>(
  now: T[],
  before: T[],
  keyNow: (l: T) => string,
  keyBefore: (l: T) => string,
  label: (key: string) => string,
  order: 'key' | 'amount',
): RevenueFigure[] {
  const out = new Map<string, { amount: number; previous: number; documents: Set<number> }>();
  const at = (key: string) => out.get(key) ?? out.set(key, { amount: 0, previous: 0, documents: new Set() }).get(key)!;
  for (const l of now) {
    const f = at(keyNow(l));
    f.amount += l.amount;
    f.documents.add(l.doc);
  }
  for (const l of before) at(keyBefore(l)).previous += l.amount;
  return [...out.entries()]
    .sort(([ka, a], [kb, b]) => (order === 'key' ? ka.localeCompare(kb) : b.amount - a.amount || b.previous - a.previous || ka.localeCompare(kb)))
    .map(([key, f]) => ({
      key,
      label: label(key),
      amount: milliToString(f.amount),
      previous: milliToString(f.previous),
      documents: [...f.documents].sort((a, b) => a - b),
    }));
}

/**
 * A free-text line with a product's name is that product (issue 36): a modifying invoice's line repeats the words of
 * the line it changes, not its product, and would otherwise stand on a row of its own beside the product it changes.
 */
function sameProduct(lines: RevenueLine[]): void {
  const key = (words: string) => words.trim().toLocaleLowerCase('hu');
  const products = new Map<string, { product: string; name: string }>();
  for (const l of lines) {
    if (!l.product.startsWith('p')) continue;
    for (const words of [l.productName, l.description]) if (!products.has(key(words))) products.set(key(words), { product: l.product, name: l.productName });
  }
  for (const l of lines) {
    const found = l.product.startsWith('d:') ? products.get(key(l.description)) : undefined;
    if (found) {
      l.product = found.product;
      l.productName = found.name;
    }
  }
}
