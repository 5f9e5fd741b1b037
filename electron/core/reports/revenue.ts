// Revenue and costs of a period (by month, client, product, expense category) beside the same period a year
// earlier, on the accrual or the cash basis (revenue-sums.ts and revenue-rows.ts say what each counts). Each figure
// carries how many documents make it; the documents of one figure are read when asked for (revenueDocuments).
import { milliToString } from '../../../shared/money';
import { EXPENSE_CATEGORIES_HU } from '../../../shared/reference/expense-categories';
import type { ReportPeriod, RevenueBasis, RevenueFigure, RevenueFigureList, RevenueReport } from '../../../shared/reports';
import type { CoreContext } from '../context';
import { checkPeriod, previousYear } from './period';
import { costLines, revenueLines, type CostLine, type CostSum, type RevenueLine } from './revenue-rows';
import { keptCostSums } from './cost-sums';
import { revenueSums, type Sum } from './revenue-sums';

export async function revenueReport(ctx: CoreContext, input: ReportPeriod & { basis: RevenueBasis }): Promise<RevenueReport> {
  const period = checkPeriod({ from: input.from, to: input.to });
  const before = previousYear(period);
  const [revenue, revenueBefore, costs, costsBefore] = await Promise.all([
    revenueSums(ctx.db, period, input.basis),
    revenueSums(ctx.db, before, input.basis),
    keptCostSums(ctx.db, period, input.basis),
    keptCostSums(ctx.db, before, input.basis),
  ]);
  const names = new Map([...revenueBefore.names, ...revenue.names]);
  const words = wordsOf();
  const category = new Map(EXPENSE_CATEGORIES_HU.map((c) => [c.id, c.name]));
  // a month a year earlier is compared with the same month now
  const monthNow = (month: string) => `${Number(month.slice(0, 4)) + 1}${month.slice(4, 7)}`;
  const costsByMonth = sumBy(costs, (c) => c.month);
  const costsByMonthBefore = sumBy(costsBefore, (c) => monthNow(c.month));

  const costsTotal = sum(costs);
  const costsPrevious = sum(costsBefore);
  return {
    from: period.from,
    to: period.to,
    basis: input.basis,
    revenue: {
      total: milliToString(revenue.total),
      previous: milliToString(revenueBefore.total),
      by_month: withEveryMonth(figures(revenue.byMonth, rekey(revenueBefore.byMonth, monthNow), (k) => k, 'key'), period),
      by_client: figures(revenue.byClient, revenueBefore.byClient, (k) => names.get(k) ?? k, 'amount'),
      by_product: figures(
        rekey(revenue.byProduct, productOf(revenue.byProduct, names, words)),
        rekey(revenueBefore.byProduct, productOf(revenueBefore.byProduct, names, words)),
        (k) => names.get(k) ?? k,
        'amount',
      ),
    },
    costs: {
      total: milliToString(costsTotal),
      previous: milliToString(costsPrevious),
      by_month: withEveryMonth(figures(costsByMonth, costsByMonthBefore, (k) => k, 'key'), period),
      by_category: figures(sumBy(costs, (c) => c.category), sumBy(costsBefore, (c) => c.category), (k) => category.get(k) ?? k, 'amount'),
    },
    result: milliToString(revenue.total - costsTotal),
    previous_result: milliToString(revenueBefore.total - costsPrevious),
  };
}

/**
 * The documents behind one figure of the report of the period: invoice ids on the revenue side, expense ids on the
 * costs side, ascending. Read from the lines of the figure's period (its month alone for a month's figure).
 */
export async function revenueDocuments(
  ctx: CoreContext,
  input: ReportPeriod & { basis: RevenueBasis; list: RevenueFigureList; key: string },
): Promise<{ documents: number[] }> {
  let period = checkPeriod({ from: input.from, to: input.to });
  if (input.list === 'revenue_month' || input.list === 'costs_month') {
    if (!/^\d{4}-\d{2}$/.test(input.key)) return { documents: [] };
    const from = `${input.key}-01` > period.from ? `${input.key}-01` : period.from;
    const to = `${input.key}-31` < period.to ? `${input.key}-31` : period.to;
    if (from > to) return { documents: [] };
    period = { from, to };
  }
  const ids = new Set<number>();
  if (input.list.startsWith('revenue_')) {
    const key: Record<string, (l: RevenueLine) => string> = {
      revenue_month: (l) => l.day.slice(0, 7),
      revenue_client: (l) => `c${l.client}`,
      revenue_product: (l) => l.product,
    };
    const lines = await revenueLines(ctx.db, period, input.basis);
    if (input.list === 'revenue_product') {
      // the free-text lines that stand on a product's row (productOf) are that product's documents too
      const names = new Map(lines.map((l) => [l.product, l.productName]));
      const product = productOf(new Map(lines.map((l) => [l.product, { amount: 0, count: 0 }])), names, wordsOf());
      key.revenue_product = (l) => product(l.product);
    }
    for (const l of lines) if (key[input.list]!(l) === input.key) ids.add(l.doc);
  } else {
    const key = input.list === 'costs_month' ? (c: CostLine) => c.day.slice(0, 7) : (c: CostLine) => c.category;
    for (const c of await costLines(ctx.db, period, input.basis)) if (key(c) === input.key) ids.add(c.doc);
  }
  return { documents: [...ids].sort((a, b) => a - b) };
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
    out.push(known.get(key) ?? { key, label: key, amount: '0.000', previous: '0.000', count: 0 });
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}

function sum(lines: Array<{ amount: number }>): number {
  return lines.reduce((acc, l) => acc + l.amount, 0);
}

/**
 * Which row a product figure stands on: a free-text line (`d:<words>`) whose words are a product's name is that
 * product. A modifying invoice's line repeats the words of the line it changes, not its product, and would otherwise
 * stand on a row of its own beside the product it changes.
 */
function productOf(byProduct: Map<string, Sum>, names: Map<string, string>, words: (text: string) => string): (key: string) => string {
  const products = new Map<string, string>();
  for (const key of byProduct.keys()) if (key.startsWith('p') && names.has(key)) products.set(words(names.get(key)!), key);
  for (const [key, name] of names) if (key.startsWith('p') && !products.has(words(name))) products.set(words(name), key);
  return (key) => (key.startsWith('d:') ? (products.get(words(key.slice(2))) ?? key) : key);
}

/**
 * A text's words as productOf compares them (trimmed, in Hungarian lower case), each text worked out once: a year's
 * thousands of product names are compared twice (the period and the year before), and lower-casing by locale is slow.
 */
function wordsOf(): (text: string) => string {
  const known = new Map<string, string>();
  return (text) => {
    let w = known.get(text);
    if (w === undefined) known.set(text, (w = text.trim().toLocaleLowerCase('hu')));
    return w;
  };
}

/** Cost sums (each expense in one month and one category) added up by key. */
function sumBy(sums: CostSum[], key: (c: CostSum) => string): Map<string, Sum> {
  const out = new Map<string, Sum>();
  for (const c of sums) {
    const s = out.get(key(c)) ?? out.set(key(c), { amount: 0, count: 0 }).get(key(c))!;
    s.amount += c.amount;
    s.count += c.count;
  }
  return out;
}

function rekey(map: Map<string, Sum>, key: (k: string) => string): Map<string, Sum> {
  const out = new Map<string, Sum>();
  for (const [k, s] of map) {
    const to = out.get(key(k)) ?? out.set(key(k), { amount: 0, count: 0 }).get(key(k))!;
    to.amount += s.amount;
    to.count += s.count;
  }
  return out;
}

/** The figures now beside a year earlier; months in calendar order, the rest largest first. */
function figures(now: Map<string, Sum>, before: Map<string, Sum>, label: (key: string) => string, order: 'key' | 'amount'): RevenueFigure[] {
  const keys = new Set([...now.keys(), ...before.keys()]);
  return [...keys]
    .map((key) => ({ key, amount: now.get(key)?.amount ?? 0, previous: before.get(key)?.amount ?? 0, count: now.get(key)?.count ?? 0 }))
    .sort((a, b) => (order === 'key' ? a.key.localeCompare(b.key) : b.amount - a.amount || b.previous - a.previous || a.key.localeCompare(b.key)))
    .map((f) => ({ key: f.key, label: label(f.key), amount: milliToString(f.amount), previous: milliToString(f.previous), count: f.count }));
}
