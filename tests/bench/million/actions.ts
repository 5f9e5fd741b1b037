// The actions a person waits for, each as the app runs it: through the core (core.call), on a copy of the built
// database (issuing, measured in issue.ts, writes to it). Each action checks its answer once, so a figure is never of an empty result.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { Core } from '../../../electron/core/index';
import type { Db } from '../../../electron/db/types';
import { buildStatement } from '../../../electron/core/reminders/statement';
import { fixedClock } from '../../../electron/core/clock';
import { buildServer } from '../../../electron/server/app';
import { buildAccountantPackage } from '../../../electron/data-ops/accountant/package';
import { Aborted } from '../../../electron/data-ops/export-request';
import type { ExportSource } from '../../../electron/export/snapshot';
import { clientName, NOW, TODAY } from './build';

export interface Action {
  name: string;
  run(i: number): Promise<unknown>;
  /** the run answers its own figure in ms (a time inside the work, not the whole call) */
  selfTimed?: boolean;
  /** run i is of kind i % kinds.length: each kind's p50 is also given, as NAME_<kind>_ms */
  kinds?: readonly string[];
}

export interface ActionsEnv {
  core: Core;
  db: Db;
  /** the SQLite million: the setup's lookups (ids, the busiest client) read it; PostgreSQL holds the same rows */
  sqlite: BetterSqlite3.Database;
  /** the database the accountant package reads, as the export job opens it (its own connection, one snapshot) */
  exportSource: ExportSource;
}

const V3_KEY = 'million-bench-v3-key-0123456789';

/** What a person waits for, ready to run; `close` ends what the setup opened (the v3 door's server). */
export async function actions(env: ActionsEnv): Promise<{ list: Action[]; close(): Promise<void> }> {
  const { core, db, sqlite } = env;
  const one = <T>(sql: string, ...args: unknown[]) => sqlite.prepare(sql).get(...args) as T;
  const maxId = one<{ m: number }>('SELECT max(id) m FROM invoices').m;
  const minId = one<{ m: number }>('SELECT min(id) m FROM invoices').m;
  // the busiest client: the statement with the most lines to read
  const busiest = one<{ client_id: number }>('SELECT client_id FROM invoices GROUP BY client_id ORDER BY count(*) DESC LIMIT 1').client_id;
  const openOfBusiest = one<{ id: number }>('SELECT id FROM invoices WHERE client_id = ? AND type = 3 AND status = 2 ORDER BY id DESC LIMIT 1', busiest).id;
  // a "WEB" block invoice from the middle of the ten years
  const web = one<{ invoice_no: string }>("SELECT invoice_no FROM invoices WHERE block_id = 1 AND number_kind = 'invoice' AND id > ? ORDER BY id LIMIT 1", Math.floor((minId + maxId) / 2));
  const taxcode = one<{ taxcode: string }>('SELECT taxcode FROM clients WHERE id = ?', busiest).taxcode;
  const line = one<{ description: string }>('SELECT description FROM invoice_items WHERE invoice_id = ? LIMIT 1', maxId - 10).description;
  // page 2,000 of 50 rows (100,000 rows in); a small database's last page
  const deepPage = Math.min(2000, Math.floor(one<{ n: number }>('SELECT count(*) n FROM invoices WHERE block_id = 0').n / 50));
  // What the list's search box is typed with: a number, a part of a name, a tax number, a line's text.
  const searches = [`WEB / ${web.invoice_no}`, clientName(41).split(' ').slice(0, 3).join(' '), taxcode, line];
  const query = { start_date: '1900-01-01', end_date: '9999-12-31', max_per_page: 50 };
  const expect = (ok: boolean, what: string) => {
    if (!ok) throw new Error(what);
  };
  const first = <T>(i: number, f: () => T) => (i === -1 ? f() : undefined);
  let seed = 7;
  const nextId = () => {
    seed = (seed * 48271) % 2147483647;
    return minId + (seed % (maxId - minId + 1));
  };
  // the reminders' rules, as a business that uses them has them: before the due date, a week and three after
  await core.call('reminders.saveSettings', { enabled: true, steps: [-3, 7, 21], interest: true, recovery_cost: false });
  // the v3 door on the same core, asked through Fastify's inject (the whole door: auth, rate limit, mapping)
  const v3 = await buildServer({ core, auth: { apiKey: V3_KEY } });
  const v3Lists = ['/v3/documents?per_page=25', '/v3/documents?per_page=25&block_id=0'];
  const list: Action[] = [
    {
      name: 'm1_list_first_page_ms',
      run: async (i) => {
        const page = await core.call('invoices.list', { page: 1, max_per_page: 50 });
        first(i, () => expect(page.items.length === 50, 'the first page is not full'));
      },
    },
    {
      // the list filtered to the default block, page 2,000 of 50 rows: 100,000 rows in
      name: 'm1_list_deep_page_ms',
      run: async (i) => {
        const page = await core.call('invoices.query', { ...query, block: 0, page: deepPage });
        first(i, () => expect(page.items.length === 50, `page ${deepPage} is not full`));
      },
    },
    {
      name: 'm1_search_ms',
      kinds: SEARCH_KINDS,
      run: async (i) => {
        const q = searches[Math.abs(i) % searches.length]!;
        const page = await core.call('invoices.query', { ...query, page: 1, search: q });
        // the number and the name must find; a tax number or a line's text is found only if search reads them
        if (i < 0 && Math.abs(i) % searches.length < 2) expect(page.items.length > 0, `"${q}" found nothing`);
      },
    },
    {
      name: 'm1_open_invoice_ms',
      run: async (i) => {
        const inv = await core.call('invoices.get', { id: nextId() });
        first(i, () => expect(inv.id > 0, 'no invoice'));
      },
    },
    {
      // the dashboard's calls, as Dashboard.svelte makes them at once
      name: 'm1_dashboard_ms',
      run: async (i) => {
        const [summary] = await Promise.all([
          core.call('invoices.summary', {}),
          core.call('invoices.list', { page: 1, max_per_page: 8 }),
          core.call('expenses.totals', { from: '2026-11-01', to: '2026-11-30' } as never),
          core.call('receivables.summary', {}),
        ]);
        first(i, () => expect(JSON.stringify(summary).length > 2, 'empty dashboard'));
      },
    },
    {
      name: 'm1_vat_year_ms',
      run: async (i) => {
        const report = await core.call('reports.vat', { from: '2025-01-01', to: '2025-12-31' });
        first(i, () => expect(report.output.documents.length > 0, 'the year is empty'));
      },
    },
    {
      // Kimutatások → Bevétel és költség of 2025 (~100,000 invoices) beside 2024: from the sums of migrations 0056,
      // 0068 and 0070 (foreign-currency sales converted in them) and the costs of 0071
      name: 'm1_revenue_year_ms',
      run: async (i) => {
        const report = await core.call('reports.revenue', { from: '2025-01-01', to: '2025-12-31', basis: 'accrual' });
        first(i, () => expect(report.revenue.by_month.some((m) => m.count > 0) && report.revenue.by_product.length > 0, 'the year has no revenue'));
      },
    },
    {
      // the same on the cash basis: the payments' shares of their invoices' lines as 0062, 0068 and 0070 sum them, the
      // invoices paid in several months of the year counted once from 0071's per-year differences
      name: 'm1_revenue_year_cash_ms',
      run: async (i) => {
        const report = await core.call('reports.revenue', { from: '2025-01-01', to: '2025-12-31', basis: 'cash' });
        first(i, () => expect(report.revenue.by_month.some((m) => m.count > 0), 'no money came in during the year'));
      },
    },
    {
      name: 'm1_aging_ms',
      run: async (i) => {
        const aging = await core.call('receivables.summary', {});
        first(i, () => expect(JSON.stringify(aging).length > 20, 'no receivables'));
      },
    },
    {
      // the statement of the busiest client's open invoices a reminder carries (electron/core/reminders/statement.ts)
      name: 'm1_client_statement_ms',
      run: async (i) => {
        const invoice = (await core.call('invoices.get', { id: openOfBusiest })).attributes;
        const view = await buildStatement(db, { invoice, lang: 'hu', date: TODAY, interest: true, baseRates: [], rate: null, recoveryCost: null });
        first(i, () => expect(view.lines.length > 0, 'an empty statement'));
      },
    },
    {
      // Kiadások: the list's first page as the screen asks it, and the month's totals (the dashboard's)
      name: 'm1_expenses_ms',
      run: async (i) => {
        const [page, totals] = await Promise.all([
          core.call('expenses.list', { page: 1, max_per_page: 25 }),
          core.call('expenses.totals', { from: '2026-11-01', to: '2026-11-30' } as never),
        ]);
        first(i, () => expect(page.items.length === 25 && totals.by_currency.length > 0, 'no expenses this month'));
      },
    },
    {
      // the bank screen's open entries (as BankStatements.svelte asks them), each credit with its suggestion
      name: 'm1_bank_entries_ms',
      run: async (i) => {
        const page = await core.call('bankEntries.list', { state: 'open', max_per_page: 500 } as never);
        first(i, () => expect(page.items.some((e) => e.suggestion !== null), 'no open entry has a suggestion'));
      },
    },
    {
      // the reminder pass's finding of the steps due today (no e-mail here: each due invoice is listed as skipped)
      name: 'm1_reminders_due_ms',
      run: async (i) => {
        const pass = await core.call('reminders.run', {});
        first(i, () => expect(pass.skipped.length > 0, 'no reminder is due'));
      },
    },
    {
      // GET /v3/documents with its total (the door asks the core's count on every list): every document, and the
      // broad filter of the default block (its count walks the block's index)
      name: 'm1_v3_documents_ms',
      kinds: ['all', 'block'],
      run: async (i) => {
        const res = await v3.inject({ method: 'GET', url: v3Lists[Math.abs(i) % v3Lists.length]!, headers: { 'x-api-key': V3_KEY } });
        if (res.statusCode !== 200) throw new Error(`v3 documents: ${res.statusCode} ${res.body.slice(0, 300)}`);
        first(i, () => {
          const body = res.json() as { data: unknown[]; total: number };
          expect(body.data.length === 25 && body.total > 25, 'the v3 list is not full');
        });
      },
    },
    {
      // the accountant package of a year: how long from its start to the first progress the screen shows
      name: 'm1_accountant_first_progress_ms',
      selfTimed: true,
      run: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'folio-m1-acct-'));
        const t0 = performance.now();
        let firstMs = -1;
        try {
          await buildAccountantPackage(env.exportSource, fixedClock(NOW), dir, { from: '2025-01-01', to: '2025-12-31' }, (done) => {
            if (done > 0) {
              firstMs = performance.now() - t0;
              throw new Aborted('measured');
            }
          });
        } catch (e) {
          if (!(e instanceof Aborted)) throw e;
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
        if (firstMs < 0) throw new Error('the accountant package showed no progress');
        return firstMs;
      },
    },
  ];
  return { list, close: () => v3.close() };
}

export const SEARCH_KINDS = ['number', 'name', 'taxcode', 'line'] as const;
