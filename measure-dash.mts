// scratch: p50/p99 of the dashboard's calls on a copy of the million database (not committed)
import { openDatabase } from './electron/db/open';
import { createCore } from './electron/core/index';
import { fixedClock } from './electron/core/clock';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';

const file = process.argv[2]!;
const runs = Number(process.argv[3] ?? 10);
const t0 = performance.now();
const opened = await openDatabase(file);
console.log(`open (migrations) ${(performance.now() - t0).toFixed(0)} ms`);
const core = await createCore({ db: opened.db, clock: fixedClock('2026-11-27T10:00:00Z') });
const acts: Record<string, () => Promise<unknown>> = {
  dashboard: () => Promise.all([
    core.call('invoices.summary', {}),
    core.call('invoices.list', { page: 1, max_per_page: 8 }),
    core.call('expenses.totals', { from: '2026-11-01', to: '2026-11-30' } as never),
    core.call('receivables.summary', {}),
  ]),
  summary: () => core.call('invoices.summary', {}),
  aging: () => core.call('receivables.summary', {}),
  expenses: () => core.call('expenses.totals', { from: '2026-11-01', to: '2026-11-30' } as never),
};
const out: Record<string, unknown> = {};
for (const [name, f] of Object.entries(acts)) {
  await f(); await f();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) { const s = performance.now(); await f(); times.push(performance.now() - s); }
  times.sort((a, b) => a - b);
  console.log(`${name}: p50 ${times[Math.ceil(times.length / 2) - 1]!.toFixed(1)} ms, p99 ${times.at(-1)!.toFixed(1)} ms`);
}
out.summary = await core.call('invoices.summary', {});
out.aging = await core.call('receivables.summary', {});
console.log(JSON.stringify(out));
console.log(readFileSync('/proc/loadavg', 'utf8').trim());
await opened.close();
