// Issue 24: "a test fails when a waited-for query plans a full scan". Every action a person waits for
// (tests/bench/million/actions.ts, and issuing) runs once on a database the million builder makes small, through a
// core whose every statement is captured (tests/bench/million/plans.ts); each distinct statement is explained, and
// a plan line that SCANs a table growing with the books fails the action's test, naming the statement and the line.
// The builder runs no ANALYZE, as the app never does: the planner sees what it sees on a user's file. A scan that is
// harmless on 2,000 invoices is the same plan on a million (tests/bench/million measures the times themselves).
// EXPLAIN QUERY PLAN is SQLite's: @sqlite.
import { expect, test } from '@playwright/test';
import { openDatabase, type OpenedDatabase } from '../../electron/db/open';
import { createCore, type Core } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';
import { actions, type Action } from '../bench/million/actions';
import { buildMillion, NOW, TODAY } from '../bench/million/build';
import { profiler, type Profiler } from '../bench/million/plans';
import { benchInvoice } from '../fault/support/bodies';
import { tempDir } from '../fault/support/procs';
import { growingScans } from './support/plan-scans';
import { listTuning } from '../../electron/core/invoices/list-filter';
import { sqliteSource } from '../../electron/export/snapshot';

const INVOICES = 2000;

// the names of the million bench's actions, so each gets its own test before the database is built
const ACTIONS = [
  'm1_list_first_page_ms',
  'm1_list_deep_page_ms',
  'm1_search_ms',
  'm1_open_invoice_ms',
  'm1_dashboard_ms',
  'm1_vat_year_ms',
  'm1_aging_ms',
  'm1_client_statement_ms',
  'm1_revenue_year_ms',
  'm1_revenue_year_cash_ms',
  'm1_expenses_ms',
  'm1_bank_entries_ms',
  'm1_reminders_due_ms',
  'm1_v3_documents_ms',
  'm1_issue_ms',
];
// The accountant package reads through the export's own read-only connection (one snapshot), which the profiler
// does not see: its first progress is timed by the bench only.
const NOT_PROFILED = new Set(['m1_accountant_first_progress_ms']);

let tmp: ReturnType<typeof tempDir>;
let opened: OpenedDatabase;
let profiled: Profiler;
let byName: Map<string, Action>;
let tables: Set<string>;
let closeActions: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  tmp = tempDir('query-plans');
  // The list takes the date index for a range of at most listTuning.narrowDates invoices (a sort of that many is
  // bounded); here every range is that small. Scaled to this database, as a range of the whole million is not.
  listTuning.narrowDates = Math.round((listTuning.narrowDates * INVOICES) / 1_000_000);
  const file = tmp.file('folio.db');
  await buildMillion(file, INVOICES);
  opened = await openDatabase(file);
  // writes too: issuing's compiled statements are captured as well
  profiled = profiler(opened.sqlite, { writes: true });
  const core: Core = await createCore({ db: profiled.db, clock: fixedClock(NOW) });
  const clientId = (opened.sqlite.prepare('SELECT min(id) id FROM clients').get() as { id: number }).id;
  const issue: Action = {
    name: 'm1_issue_ms',
    run: async () => {
      const created = await core.call('invoices.create', benchInvoice(clientId, TODAY));
      if (!created.attributes.invoice_no) throw new Error('not numbered');
    },
  };
  const bench = await actions({ core, db: profiled.db, sqlite: opened.sqlite, exportSource: sqliteSource(file) });
  closeActions = bench.close;
  byName = new Map([...bench.list.filter((a) => !NOT_PROFILED.has(a.name)), issue].map((a) => [a.name, a]));
  tables = new Set((opened.sqlite.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{ name: string }>).map((r) => r.name));
});

test.afterAll(async () => {
  await closeActions?.();
  await opened?.close();
  tmp?.remove();
});

test('the plan test covers every action of the million bench @sqlite', () => {
  expect([...byName.keys()].sort()).toEqual([...ACTIONS].sort());
});

test('a statement reading every invoice, or a page sorted after reading them all, is caught @sqlite', () => {
  // the checker itself, on this database's own plans: cancelled invoices by status (no index), a page of them by amount
  const explain = (sql: string) => (opened.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail);
  const sum = 'select sum(total_milli) from invoices i where i.status = 4';
  expect(growingScans(sum, explain(sum), tables)).toEqual([{ table: 'invoices', line: 'SCAN i' }]);
  const page = 'select * from invoices where client_id = 1 order by net_milli desc limit ?';
  const pagePlan = (opened.sqlite.prepare(`EXPLAIN QUERY PLAN ${page}`).all(50) as Array<{ detail: string }>).map((r) => r.detail);
  expect(growingScans(page, pagePlan, tables, [50]).map((s) => s.table)).toEqual(['invoices']);
  // the list's first page stops after its 50 rows; a one-row table of settings is allowed
  const first = 'select * from invoices order by id desc limit ?';
  expect(growingScans(first, explain(first.replace('?', '50')), tables, [50])).toEqual([]);
  const settings = 'select * from settings';
  expect(growingScans(settings, explain(settings), tables)).toEqual([]);
});

for (const name of ACTIONS) {
  test(`${name}: no statement scans a table that grows with the books @sqlite`, async () => {
    const action = byName.get(name)!;
    profiled.take(0); // what ran before (another action, the setup) is not this action's
    // -1: the action checks its answer, so the plans are of a run that found something; search runs each kind
    const runs = action.kinds ? action.kinds.map((_, k) => -1 - k) : [-1];
    for (const i of runs) await action.run(i);
    const profile = profiled.take(Infinity, { params: true });
    expect(profile, `${name} ran no statement`).not.toBeNull();
    const found = profile!.slowest.flatMap((s) => growingScans(s.sql, s.plan, tables, s.params).map((scan) => `${scan.table}: "${scan.line}" in ${s.sql}`));
    expect(found, `${name} scans a growing table:\n${found.join('\n')}`).toEqual([]);
  });
}
