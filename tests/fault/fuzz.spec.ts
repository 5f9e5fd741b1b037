// Issue 6.3 — bad input never hurts. fast-check generates requests for every operation of the contract's table
// (every method + path): valid, spoiled, stripped, padded and nonsense bodies and queries, ids of the wrong
// resource, wrong methods and content types. Every answer must be a 4xx with the error envelope or a legitimate
// 200 — never a 5xx, never a hang (each request has a deadline) — and a rejected request must change nothing:
// SQLite's data_version proves no commit happened, and a digest of every table is compared across each run of
// rejected requests. Replay with FOLIO_FUZZ_SEED=<seed printed below>; FOLIO_FUZZ_RUNS sets the number of cases.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { call, isErrorEnvelope } from './support/http';
import { contractRoutes, fuzzCase } from './support/fuzz-cases';
import { FUZZ_KEY, startFuzzServer } from './support/fuzz-server';
import { seedFrom } from './support/procs';

const RUNS = Number(process.env.FOLIO_FUZZ_RUNS ?? 10_000);
// A bound, not a target: 10,000 cases take about two minutes on a quiet 2-core machine.
const BUDGET_MS = 420_000;
const DIGEST_EVERY = 25; // rejected requests between two full digests

test('10,000 generated requests over every operation: 4xx envelopes or 200s, no 5xx, no hang, no change when rejected', async () => {
  test.setTimeout(BUDGET_MS + 60_000);
  const seed = seedFrom('FOLIO_FUZZ_SEED');
  console.log(`fuzz seed: FOLIO_FUZZ_SEED=${seed}`);
  test.info().annotations.push({ type: 'seed', description: String(seed) });
  const server = await startFuzzServer('fuzz');
  const routes = contractRoutes();
  // The door counts a share-link miss and a download in its own tables (migration 0035), refused or not: on SQLite
  // that is a commit data_version sees, so there the digest alone judges those requests; PostgreSQL's version
  // leaves the door's tables out, as both digests do.
  const doorCommits = (r: { name: string; path: string }) => server.database.kind === 'sqlite' && (r.name === 'invoices.download' || r.path.startsWith('/access'));
  const failures = new Map<string, string>();
  const perRoute = new Map<string, number>();
  const statuses = new Map<number, number>();
  let cases = 0;
  let baseline = await server.digest();
  let rejectedSince = 0;
  let digestMs = 0;
  let digests = 0;
  const fail = (kind: string, example: string) => {
    if (!failures.has(kind)) failures.set(kind, example);
  };
  const started = Date.now();
  try {
    await fc.assert(
      fc.asyncProperty(fuzzCase(routes, server.known), async (c) => {
        cases++;
        const key = `${c.route.method} ${c.route.path}`;
        perRoute.set(key, (perRoute.get(key) ?? 0) + 1);
        const before = await server.dataVersion();
        const headers: Record<string, string> = c.contentType ? { 'content-type': c.contentType } : {};
        const where = `${c.method} ${c.path}${c.query.slice(0, 200)} [${c.label}] ${c.contentType ?? ''} ${(c.body ?? '').slice(0, 300)}`;
        let res;
        try {
          res = await call(server.url, c.method, c.path + c.query, { key: FUZZ_KEY, headers, ...(c.body !== undefined ? { rawBody: c.body } : {}), timeoutMs: 10_000 });
        } catch (e) {
          fail(`no answer: ${e instanceof Error ? e.message.replace(/\d+/g, 'N') : String(e)}`, where);
          return true;
        }
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const ok = res.status === 200;
        if (res.status >= 500) fail(`${res.status} on ${key}`, `${where} → ${res.text.slice(0, 300)}`);
        else if (!ok && (res.status < 400 || res.status >= 500)) fail(`status ${res.status} on ${key}`, where);
        else if (!ok && c.method !== 'HEAD' && !isErrorEnvelope(res.body)) fail(`${res.status} without the envelope on ${key}`, `${where} → ${res.text.slice(0, 200)}`);
        else if (ok && String(res.headers['content-type']).startsWith('application/json') && (res.body as { success?: unknown })?.success !== true) {
          fail(`200 without success:true on ${key}`, `${where} → ${res.text.slice(0, 200)}`);
        }
        if (ok) {
          // A legitimate change: the new state is the reference for what follows (reads commit nothing).
          if ((await server.dataVersion()) !== before) {
            const t = performance.now();
            baseline = await server.digest();
            digestMs += performance.now() - t;
            digests++;
            rejectedSince = 0;
          }
        } else {
          if (!doorCommits(c.route) && (await server.dataVersion()) !== before) fail(`rejected ${res.status} but committed a change on ${key}`, where);
          if (++rejectedSince >= DIGEST_EVERY) {
            digests++;
            if ((await server.digest()) !== baseline) fail('digest changed across rejected requests', where);
            baseline = await server.digest();
            rejectedSince = 0;
          }
        }
        return true;
      }),
      { numRuns: RUNS, seed, interruptAfterTimeLimit: BUDGET_MS, markInterruptAsFailure: false },
    );
    if (rejectedSince > 0 && (await server.digest()) !== baseline) fail('digest changed across the last rejected requests', '(end of run)');
  } finally {
    await server.close();
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `fuzz: ${cases} cases over ${perRoute.size} routes in ${seconds.toFixed(1)} s (${digests} digests, ${(digestMs / 1000).toFixed(1)} s); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
  );
  expect([...failures].map(([k, v]) => `${k}\n    e.g. ${v}`), `seed ${seed}`).toEqual([]);
  // Every method+path of the contract was exercised, and the time bound did not cut the run short.
  expect(routes.filter((r) => !perRoute.has(`${r.method} ${r.path}`)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  expect(cases).toBeGreaterThanOrEqual(Math.min(RUNS, 10_000));
});
