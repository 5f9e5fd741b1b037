// Folio killed (SIGKILL) while reporting, then started again over the same database file: every invoice reaches NAV
// exactly once. The reporting process is a child (queue-child.ts) talking to the fake NAV server of this process
// over real HTTP; the fake counts what it was given.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../electron/db/open';
import { navDb } from '../../electron/nav-queue/store';
import { startFakeNav, type FakeNav } from './fake-nav-server';
import { testSeed } from '../support/random';
import { cancel, issue, openRig, setUpBusiness, tempDbFile, type Issued } from './queue-rig';

const ROOT = resolve(import.meta.dirname, '../..');
const CHILD = 'tests/nav/queue-child.ts';

let nav: FakeNav | undefined;
let removeDb: (() => void) | undefined;
const children = new Set<ChildProcess>();

test.afterEach(async () => {
  for (const c of children) c.kill('SIGKILL');
  children.clear();
  await nav?.close();
  removeDb?.();
  nav = undefined;
  removeDb = undefined;
});

interface Run {
  child: ChildProcess;
  /** resolves with the first line starting with one of the markers (or 'EXIT <code>') */
  until(...markers: string[]): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

function runChild(file: string, navUrl: string, hold: string): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, navUrl, hold], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  const waiters: Array<{ markers: string[]; resolve: (line: string) => void }> = [];
  const check = () => {
    for (const w of [...waiters]) {
      const line = out.split('\n').find((l) => w.markers.some((m) => l.startsWith(m)));
      if (line) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  child.stdout!.on('data', (d: Buffer) => ((out += d.toString()), check()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      for (const w of waiters.splice(0)) w.resolve(`EXIT ${code ?? signal}`);
      res({ code, signal });
    }),
  );
  return {
    child,
    exited,
    output: () => out,
    until: (...markers) =>
      new Promise((res) => {
        waiters.push({ markers, resolve: res });
        check();
      }),
  };
}

async function killed(run: Run): Promise<void> {
  run.child.kill('SIGKILL');
  const { signal } = await run.exited;
  expect(signal).toBe('SIGKILL');
}

async function rows(file: string) {
  const opened = await openDatabase(file);
  try {
    return await navDb(opened.db).selectFrom('nav_reports').selectAll().orderBy('id').execute();
  } finally {
    await opened.close();
  }
}

/** A database with a seller, a client, `count` issued invoices and the cancellation of the first, reporting off. */
async function backlog(count: number): Promise<{ file: string; invoices: Issued[] }> {
  const tmp = tempDbFile();
  removeDb = tmp.remove;
  const rig = await openRig({ file: tmp.file });
  const client = await setUpBusiness(rig.core);
  const invoices: Issued[] = [];
  for (let i = 0; i < count; i++) invoices.push(await issue(rig.core, client));
  invoices.push(await cancel(rig.core, invoices[0]!.id));
  await rig.close();
  return { file: tmp.file, invoices };
}

function expectExactlyOnce(n: FakeNav, invoices: Issued[]) {
  for (const inv of invoices) expect(n.submissions(inv.number), inv.number).toBe(1);
  expect(n.transactions.map((t) => t.final?.status ?? 'pending').every((s) => s === 'DONE')).toBe(true);
  expect(n.calls.filter((c) => c.operation === 'manageInvoice' && c.status === 200)).toHaveLength(invoices.length);
}

test('killed after NAV took a submission but before its answer, then after storing a transaction id: exactly once', async () => {
  test.setTimeout(120_000);
  nav = await startFakeNav();
  const { file, invoices } = await backlog(3);

  // 1. NAV takes the first invoice; Folio dies before the answer arrives (only the in-doubt marker is stored).
  const first = runChild(file, nav.baseUrl, 'manage-answer');
  expect(await first.until('HOLD', 'EXIT')).toBe('HOLD manageInvoice');
  await killed(first);
  let reports = await rows(file);
  expect(reports[0]).toMatchObject({ state: 'waiting', transaction_id: null });
  expect(reports[0]!.submitted_at).not.toBeNull();
  expect(nav.transactions.map((t) => t.invoiceNumber)).toEqual([invoices[0]!.number]);

  // 2. Restarted: the submission is found at NAV (transaction list + original request) and adopted, not repeated;
  //    then the second invoice goes out, its transaction id is stored, and Folio dies before asking its status.
  const second = runChild(file, nav.baseUrl, 'status-after-manage');
  expect(await second.until('HOLD', 'EXIT')).toBe('HOLD queryTransactionStatus');
  await killed(second);
  reports = await rows(file);
  expect(reports[0]).toMatchObject({ state: 'done', transaction_id: nav.transactions[0]!.transactionId });
  expect(reports[1]).toMatchObject({ state: 'sent', transaction_id: nav.transactions[1]!.transactionId });
  expect(reports.slice(2).map((r) => r.state)).toEqual(['waiting', 'waiting']);
  expect(nav.calls.filter((c) => c.operation === 'queryTransactionList')).toHaveLength(1);

  // 3. Restarted again: the second is only asked about, the rest (incl. the STORNO of the first) go out once.
  const third = runChild(file, nav.baseUrl, 'none');
  expect(await third.until('DONE', 'EXIT')).toBe('DONE');
  expect((await third.exited).code).toBe(0);
  reports = await rows(file);
  expect(reports.map((r) => [r.invoice_number, r.state])).toEqual(invoices.map((i) => [i.number, 'done']));
  expect(reports.map((r) => r.transaction_id)).toEqual(
    invoices.map((i) => nav!.transactions.find((t) => t.invoiceNumber === i.number)!.transactionId),
  );
  expectExactlyOnce(nav, invoices);
});

/**
 * What must hold whenever Folio is dead, however it died: one report per invoice; NAV was given no invoice twice; a
 * report marked sent or done carries the id of NAV's transaction for that very invoice.
 */
function expectQueueInvariants(reports: Awaited<ReturnType<typeof rows>>, n: FakeNav, invoices: Issued[], when: string) {
  expect(reports.map((r) => r.invoice_id).sort(), when).toEqual(invoices.map((i) => i.id).sort());
  for (const inv of invoices) expect(n.submissions(inv.number), `${when}: ${inv.number} given to NAV`).toBeLessThanOrEqual(1);
  for (const r of reports.filter((x) => x.state === 'sent' || x.state === 'done')) {
    const tx = n.transactions.find((t) => t.invoiceNumber === r.invoice_number);
    expect(r.transaction_id, `${when}: ${r.invoice_number} is ${r.state}`).toBe(tx?.transactionId);
  }
}

test('killed at random moments of reporting, again and again: every invoice reaches NAV exactly once', async () => {
  test.setTimeout(240_000);
  const { seed, random } = testSeed('FOLIO_NAV_SEED');
  let onNavCall: (() => void) | undefined;
  // speed: the schemas are proven elsewhere
  nav = await startFakeNav({ validateSchemas: false, onCall: () => onNavCall?.() });
  const { file, invoices } = await backlog(6);
  const kills: string[] = [];
  const seen = new Set<string>(); // what the kills left behind (by chance: the first test makes each case sure)
  for (let round = 0; round < 10; round++) {
    const run = runChild(file, nav.baseUrl, 'none');
    expect(await run.until('READY', 'EXIT'), run.output()).toBe('READY');
    // The moment: around NAV's k-th answer to this process (an answer may be on its way, half read, or stored).
    const k = 1 + Math.floor(random() * 14);
    const jitter = Math.floor(random() * 25);
    let calls = 0;
    const moment = new Promise<string>((res) => {
      onNavCall = () => {
        if (++calls === k) setTimeout(() => res('KILL'), jitter);
      };
    });
    const outcome = await Promise.race([run.until('DONE', 'EXIT'), moment]);
    onNavCall = undefined;
    // Mid-work: the pass had started talking to NAV (k calls) and had not finished it (no DONE, still alive).
    if (outcome === 'KILL' && run.child.exitCode === null && !run.output().includes('DONE')) {
      await killed(run);
      kills.push(`${k}+${jitter}ms`);
      const left = await rows(file);
      expectQueueInvariants(left, nav, invoices, `after kill ${kills.length} at NAV call ${k}+${jitter}ms (seed ${seed})`);
      for (const r of left) {
        if (r.state === 'sent') seen.add('sent');
        else if (r.state === 'waiting' && r.submitted_at && !r.transaction_id) seen.add('in doubt');
      }
      if (left.some((r) => r.state === 'done') && left.some((r) => r.state !== 'done')) seen.add('part done');
    } else {
      expect(await run.until('DONE', 'EXIT'), run.output()).toBe('DONE');
      expect((await run.exited).code).toBe(0);
      expectQueueInvariants(await rows(file), nav, invoices, `after an uninterrupted pass (seed ${seed})`);
    }
  }
  // then left alone: a report still processing at NAV waits `stillProcessingDelayMs` (100 ms here) between rounds
  let finished = false;
  for (let run = 0; run < 5 && !finished; run++) {
    const last = runChild(file, nav.baseUrl, 'none');
    expect(await last.until('DONE', 'EXIT'), last.output()).toBe('DONE');
    expect((await last.exited).code).toBe(0);
    finished = (await rows(file)).every((r) => r.state === 'done');
  }
  expect(finished, JSON.stringify((await rows(file)).map((r) => [r.state, r.error_code, r.next_attempt_at, r.submitted_at]))).toBe(true);
  expect(kills.length, `kills that landed mid-pass (seed ${seed})`).toBeGreaterThan(0);
  test.info().annotations.push({ type: 'kills', description: `${kills.length} kills (NAV call+delay): ${kills.join(', ')}; left: ${[...seen].join(', ')}` });
  expectExactlyOnce(nav, invoices);
  const reports = await rows(file);
  expect(reports.map((r) => r.transaction_id)).toEqual(
    invoices.map((i) => nav!.transactions.find((t) => t.invoiceNumber === i.number)!.transactionId),
  );
});

test('two Folio processes reporting one database file at once (desktop and serve): exactly once', async () => {
  test.setTimeout(120_000);
  nav = await startFakeNav({ validateSchemas: false });
  const { file, invoices } = await backlog(6);
  const [a, b] = [runChild(file, nav.baseUrl, 'none'), runChild(file, nav.baseUrl, 'none')];
  expect(await a.until('DONE', 'EXIT'), a.output()).toBe('DONE');
  expect(await b.until('DONE', 'EXIT'), b.output()).toBe('DONE');
  expect([(await a.exited).code, (await b.exited).code]).toEqual([0, 0]);
  expect((await rows(file)).map((r) => r.state)).toEqual(invoices.map(() => 'done'));
  expectExactlyOnce(nav, invoices);
});
