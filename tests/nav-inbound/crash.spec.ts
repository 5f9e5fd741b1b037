// Folio killed (SIGKILL) while fetching and booking the received invoices, then started again over the same database
// file: every invoice NAV holds for the business becomes one expense — nothing twice, nothing lost. The fetching
// process is a child (inbound-child.ts) talking over real HTTP to the fake NAV of this process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../electron/db/open';
import { inboundDb } from '../../electron/nav-inbound/tables';
import { startFakeNav, type FakeNav } from '../nav/fake-nav-server';
import { yearOfInvoices, type YearDocument } from '../nav/inbound-fixtures';
import { testSeed } from '../support/random';
import { holdAll } from './support';

const ROOT = resolve(import.meta.dirname, '../..');
const CHILD = 'tests/nav-inbound/inbound-child.ts';

let nav: FakeNav | undefined;
let dir: string | undefined;
const children = new Set<ChildProcess>();

test.afterEach(async () => {
  for (const c of children) c.kill('SIGKILL');
  children.clear();
  await nav?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  nav = undefined;
  dir = undefined;
});

interface Run {
  until(...markers: string[]): Promise<string>;
  kill(): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

function runChild(file: string, navUrl: string, hold: string): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, navUrl, hold], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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
    exited,
    output: () => out,
    until: (...markers) =>
      new Promise((res) => {
        waiters.push({ markers, resolve: res });
        check();
      }),
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function state(file: string) {
  const opened = await openDatabase(file);
  try {
    const q = inboundDb(opened.db);
    return {
      rows: await q.selectFrom('nav_inbound').selectAll().orderBy('id').execute(),
      cursor: await q.selectFrom('nav_inbound_cursor').selectAll().executeTakeFirst(),
      expenses: await opened.db.selectFrom('expenses').selectAll().orderBy('id').execute(),
    };
  } finally {
    await opened.close();
  }
}

function expectEachOnce(s: Awaited<ReturnType<typeof state>>, docs: YearDocument[]) {
  expect(s.expenses).toHaveLength(docs.length);
  expect(s.expenses.map((e) => e.invoice_no).sort()).toEqual(docs.map((d) => d.invoice.number).sort());
  expect(s.rows).toHaveLength(docs.length);
  expect(s.rows.every((r) => r.state === 'booked' && r.expense_id !== null)).toBe(true);
  const ids = new Map(s.expenses.map((e) => [e.invoice_no, e.id]));
  for (const r of s.rows) {
    expect(r.expense_id).toBe(ids.get(r.invoice_number));
    if (r.operation !== 'CREATE') expect(r.chain_expense_id, r.invoice_number).toBe(ids.get(r.original_invoice_number!));
  }
}

test('killed after a page was stored, after a batch was booked and at random moments: every received invoice booked once', async () => {
  test.setTimeout(600_000);
  // small pages: a 35-day window spans several
  nav = await startFakeNav({ inboundPageSize: 4, schemaChecksPerOperation: 2 });
  const docs = yearOfInvoices(90, 2025);
  holdAll(nav, docs);
  dir = mkdtempSync(join(tmpdir(), 'folio-navin-crash-'));
  const file = join(dir, 'folio.sqlite');

  // 1. the third page is stored (the cursor past it), its invoices not booked yet
  const first = runChild(file, nav.baseUrl, 'page:3');
  expect(await first.until('HOLD', 'EXIT')).toBe('HOLD page 3');
  await first.kill();
  let s = await state(file);
  // the cursor is past the stored page (the next page, or the next window after a window's last page)
  expect(s.cursor!.start_date).toBe('2025-01-01');
  expect(s.cursor!.next_page > 1 || s.cursor!.window_from > '2024-12-31T23:00:00.000Z').toBe(true);
  const stored = s.rows.length;
  const fresh = s.rows.filter((r) => r.state === 'new').length;
  expect(fresh).toBeGreaterThan(0);
  expect(fresh).toBeLessThanOrEqual(4);
  expect(s.expenses.length).toBe(stored - fresh);

  // 2. restarted: the stored ones are booked first; killed after the next batch is committed
  const second = runChild(file, nav.baseUrl, 'booked:6');
  expect(await second.until('HOLD', 'EXIT')).toBe('HOLD booked 6');
  await second.kill();
  s = await state(file);
  expect(s.rows.filter((r) => r.state === 'booked').length).toBe(s.expenses.length);

  // 3. killed at random moments (mid-request, mid-transaction)
  const { random } = testSeed('FOLIO_TEST_SEED');
  for (let k = 0; k < 4; k++) {
    const run = runChild(file, nav.baseUrl, 'none');
    await run.until('READY', 'EXIT');
    await run.until('BOOKED', 'DONE', 'EXIT');
    await new Promise((r) => setTimeout(r, Math.floor(random() * 400)));
    await run.kill();
    s = await state(file);
    // never more expenses than rows booked, never an expense twice
    expect(s.expenses.length).toBe(s.rows.filter((r) => r.state === 'booked').length);
    expect(new Set(s.expenses.map((e) => e.invoice_no)).size).toBe(s.expenses.length);
  }

  // 4. undisturbed: the rest, and nothing twice
  const last = runChild(file, nav.baseUrl, 'none');
  expect(await last.until('DONE', 'EXIT')).toMatch(/^DONE \d+ ok$/);
  expect((await last.exited).code).toBe(0);
  s = await state(file);
  expectEachOnce(s, docs);

  // 5. once more: nothing new
  const again = runChild(file, nav.baseUrl, 'none');
  expect(await again.until('DONE', 'EXIT')).toBe('DONE 0 ok');
  expectEachOnce(await state(file), docs);
});
