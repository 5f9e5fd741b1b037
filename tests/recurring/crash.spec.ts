// Exactly once across processes: a catch-up killed with SIGKILL half-way leaves whole occurrences only, and the next
// pass issues the rest with no duplicate and no gap; two processes catching up on one file at once issue each
// occurrence once.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import { createRecurringScheduler } from '../../electron/core/recurring/scheduler';
import { testSeed } from '../support/random';
import { makeBase, makeClient, makeProfile, openCore, type TestCore } from './support/setup';

const NOW = '2026-03-15T10:00:00+01:00';
const CHILD = fileURLToPath(new URL('./support/catchup-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let t: TestCore | undefined;
let folder: string | undefined;
const children: ChildProcess[] = [];
test.afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  await t?.close();
  t = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

function startChild(file: string, lingerMs: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, NOW, String(lingerMs)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }> {
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, out, err })));
}

function count(file: string, sql: string): number {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Every occurrence has exactly one run and one invoice, they match, and the numbers have no gap. */
async function expectWhole(t: TestCore, profile: number, total: number) {
  const invoices = await t.db.selectFrom('invoices').selectAll().where('recurring_id', '=', profile).orderBy('number_seq').execute();
  const runs = await t.db.selectFrom('recurring_runs').selectAll().where('profile_id', '=', profile).execute();
  expect(invoices).toHaveLength(total);
  expect(new Set(invoices.map((i) => i.period_start)).size).toBe(total);
  expect(runs).toHaveLength(total);
  const byPeriod = new Map(invoices.map((i) => [i.period_start, i.id]));
  for (const r of runs) expect(r.invoice_id).toBe(byPeriod.get(r.occurrence_date));
  expect(invoices.map((i) => i.number_seq)).toEqual(Array.from({ length: total }, (_, k) => k + 1));
  // numbers follow the periods
  expect(invoices.map((i) => i.period_start)).toEqual([...invoices.map((i) => i.period_start!)].sort());
  const p = await t.core.call('recurring.get', { id: profile });
  expect(p.attributes.used_qty).toBe(total);
}

test('a catch-up killed mid-way leaves no duplicate and no gap after the next pass', async () => {
  test.setTimeout(120_000);
  t = await openCore(NOW);
  const total = 400; // 2025-02-09 … 2026-03-15, one a day
  const profile = await makeProfile(t.core, await makeBase(t.core, await makeClient(t.core)), { frequency: '1D', start_date: '2025-02-09', confirm_catch_up: total });
  expect((await createRecurringScheduler({ core: t.core }).pendingOccurrences()).length).toBe(total);
  const file = t.file;
  folder = t.dir;
  await t.closeDb();
  t = undefined;

  // The kill lands after a seeded number of committed occurrences, somewhere in the first three quarters.
  const { seed, random } = testSeed('FOLIO_RECURRING_SEED');
  const killAfter = 20 + Math.floor(random() * 280);
  const child = startChild(file, 4);
  const done = exited(child);
  const runs = `select count(*) as n from recurring_runs where profile_id = ${profile}`;
  await expect.poll(() => count(file, runs), { timeout: 60_000, intervals: [20] }).toBeGreaterThanOrEqual(killAfter);
  expect(child.exitCode, `the catch-up ended before the kill (seed ${seed})`).toBeNull();
  child.kill('SIGKILL');
  const { signal } = await done;
  expect(signal).toBe('SIGKILL');

  const committed = count(file, runs);
  expect(committed).toBeGreaterThanOrEqual(killAfter);
  expect(committed).toBeLessThan(total); // killed half-way, not after the end
  // Whatever committed is whole: one invoice per run, nothing in between.
  expect(count(file, `select count(*) as n from invoices where recurring_id = ${profile}`)).toBe(committed);

  t = await openCore(NOW, {}, file);
  const next = await createRecurringScheduler({ core: t.core }).runOnce();
  expect(next.failed).toEqual([]);
  expect(next.issued).toHaveLength(total - committed);
  await expectWhole(t, profile, total);
  expect((await createRecurringScheduler({ core: t.core }).runOnce()).issued).toHaveLength(0);
});

test('two processes catching up on one file at once issue each occurrence once', async () => {
  test.setTimeout(120_000);
  t = await openCore(NOW);
  const client = await makeClient(t.core);
  const profiles = [];
  for (let i = 0; i < 3; i++) profiles.push(await makeProfile(t.core, await makeBase(t.core, client), { frequency: '1D', start_date: '2026-01-01', confirm_catch_up: 74 }));
  const file = t.file;
  folder = t.dir;
  await t.closeDb();
  t = undefined;

  const a = exited(startChild(file, 1));
  const b = exited(startChild(file, 1));
  const [ra, rb] = await Promise.all([a, b]);
  expect([ra.code, rb.code], ra.err + rb.err).toEqual([0, 0]);
  const issued = JSON.parse(ra.out).issued + JSON.parse(rb.out).issued;
  expect(issued).toBe(3 * 74); // 2026-01-01 … 2026-03-15

  t = await openCore(NOW, {}, file);
  const all = await t.db.selectFrom('invoices').select(['number_seq', 'recurring_id', 'period_start']).where('recurring_id', 'is not', null).orderBy('number_seq').execute();
  expect(all.map((i) => i.number_seq)).toEqual(Array.from({ length: 3 * 74 }, (_, k) => k + 1));
  for (const id of profiles) expect(new Set(all.filter((i) => i.recurring_id === id).map((i) => i.period_start)).size).toBe(74);
});
