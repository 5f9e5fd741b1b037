// Repeated timings and their percentiles. p99 is the nearest-rank percentile: with fewer than 100 runs it is the
// slowest run, which the report says.

export interface Timing {
  p50: number;
  p99: number;
  runs: number;
  /** every measured run, in order */
  times: number[];
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Runs `action` `warmUps` times unmeasured, then up to `runs` times measured, stopping early (but after at least 5
 * runs) once `budgetMs` of measured time is spent, so one very slow action cannot take the whole command's time.
 */
export async function timeRuns(action: (i: number) => Promise<unknown>, o: { runs: number; warmUps: number; budgetMs: number; selfTimed?: boolean }): Promise<Timing> {
  for (let i = 0; i < o.warmUps; i++) await action(-1 - i);
  const times: number[] = [];
  let spent = 0;
  for (let i = 0; i < o.runs; i++) {
    const t = performance.now();
    const answer = await action(i);
    // a self-timed action answers its own figure (a time measured inside the browser page)
    const ms = o.selfTimed ? (answer as number) : performance.now() - t;
    times.push(ms);
    spent += ms;
    if (spent > o.budgetMs && times.length >= 5) break;
  }
  return { p50: round1(percentile(times, 50)), p99: round1(percentile(times, 99)), runs: times.length, times };
}

/** Each kind's p50 of an action whose run i is of kind i % kinds.length: m1_search_ms → m1_search_number_ms, … */
export function kindFigures(name: string, kinds: readonly string[] | undefined, times: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  kinds?.forEach((kind, k) => {
    const mine = times.filter((_, i) => i % kinds.length === k);
    if (mine.length) out[`${name.replace(/_ms$/, '')}_${kind}_ms`] = round1(percentile(mine, 50));
  });
  return out;
}

/** The --only filter: a figure is measured when its name holds one of the comma-separated words (all without --only). */
export function onlyFilter(only: string | undefined): (name: string) => boolean {
  const words = only?.split(',').map((w) => w.trim()).filter(Boolean) ?? [];
  return (name) => words.length === 0 || words.some((w) => name.includes(w));
}
