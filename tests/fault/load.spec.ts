// Issue 6.4 — load. The bounded form of tests/bench/load-bench.ts: 32 concurrent clients, 4,000 mixed requests
// (creates, reads, lists, number-range queries, payments, cancellations) against a `serve` process. Every answer must
// be a 200, every acknowledged invoice, cancellation and payment must be in the file afterwards, and the numbering
// invariants must hold. The full 20,000-request run is `npx tsx tests/bench/run.ts --only load`.
import { expect, test } from '@playwright/test';
import { runLoad } from '../bench/load-bench';

test('32 clients × 4,000 mixed requests: no error, no lost write @sqlite', async () => {
  test.setTimeout(180_000);
  const result = await runLoad({ clients: 32, requests: 4_000, budgetMs: 120_000 });
  console.log(`load: ${result.requests} requests, p50 ${result.load_p50_ms} ms, p99 ${result.load_p99_ms} ms, ${result.load_rps} req/s ${JSON.stringify(result.byKind)}`);
  expect(result.errors).toEqual([]);
  expect(result.lost).toEqual([]);
  expect(result.violations).toEqual([]);
  expect(result.requests).toBe(4_000);
});
