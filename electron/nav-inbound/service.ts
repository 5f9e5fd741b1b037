// The inbound fetch beside the core: its operations (status, the first run's start date, a run on demand, the
// received invoices, ignoring one) and the daily run. One run at a time in a process (a run asked for while one is
// under way joins it); across processes the row keys keep every invoice booked once (fetch-run.ts), and on a team
// server's PostgreSQL the daily run takes the 'nav-inbound' runner lock, so two servers do not both ask NAV.
import type {
  NavInboundDetail,
  NavInboundItem,
  NavInboundList,
  NavInboundRunResult,
  NavInboundState,
  NavInboundStatus,
} from '../../shared/contract/areas/nav-inbound';
import { dateIn, timestampIn } from '../../shared/dates';
import { FolioError, invalid, notFound } from '../../shared/errors';
import { milliToString } from '../../shared/money';
import { periodicCheck } from '../background/periodic-check';
import type { RuntimeHandlers } from '../core/index';
import type { Clock } from '../core/clock';
import { runnerLock } from '../db/runner-lock';
import { writeTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import type { NavCredentials } from '../nav/sender';
import type { FetchLike } from '../nav/transport';
import { navReasonOf } from '../nav-settings/reasons';
import type { InboundRunDeps, InboundRunResult } from './fetch-run';
import type { NavLine, NavVatPart } from './invoice-read';
import { inboundDb, type NavInboundRow } from './tables';

export interface NavInboundDeps {
  db: Db;
  clock: Clock;
  timeZone: () => string;
  credentials: () => Promise<NavCredentials | null>;
  fetch: FetchLike;
  timeoutMs?: number;
  lagMs?: number;
  /** how often the daily run looks whether today's run is due (default hourly), and the first look (default 30 s) */
  everyMs?: number;
  firstMs?: number;
  onPage?: InboundRunDeps['onPage'];
  onBooked?: InboundRunDeps['onBooked'];
}

type Handlers = Pick<RuntimeHandlers, 'navInbound.status' | 'navInbound.start' | 'navInbound.run' | 'navInbound.list' | 'navInbound.get' | 'navInbound.ignore'>;

const STATES: NavInboundState[] = ['new', 'booked', 'ignored'];
const money = (m: number | null) => (m === null ? null : milliToString(m));

function item(r: NavInboundRow): NavInboundItem {
  return {
    id: r.id,
    state: r.state,
    supplier_name: r.supplier_name,
    supplier_tax_number: r.supplier_taxpayer_id,
    invoice_number: r.invoice_number,
    operation: r.operation as NavInboundItem['operation'],
    original_invoice_number: r.original_invoice_number,
    modification_index: r.modification_index,
    issue_date: r.issue_date,
    ins_date: r.ins_date,
    currency: r.currency,
    net: money(r.net_milli),
    vat: money(r.vat_milli),
    gross: money(r.gross_milli),
    payment_method: r.payment_method,
    expense_id: r.expense_id,
    chain_expense_id: r.chain_expense_id,
    problem: r.problem,
  };
}

export function createNavInbound(deps: NavInboundDeps) {
  const { db } = deps;
  const q = () => inboundDb(db);
  const stamp = () => timestampIn(deps.clock.now(), deps.timeZone());
  const today = () => dateIn(deps.clock.now(), deps.timeZone());
  // The run (NAV's query XML and the invoice reader) is loaded by the first run, not at start.
  let runOnceMade: (() => Promise<InboundRunResult>) | undefined;
  const runOnce = async (): Promise<InboundRunResult> => {
    runOnceMade ??= (await import('./fetch-run')).createInboundRun({
      db,
      credentials: deps.credentials,
      fetch: deps.fetch,
      now: () => deps.clock.now(),
      timeZone: deps.timeZone,
      ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
      ...(deps.lagMs !== undefined ? { lagMs: deps.lagMs } : {}),
      ...(deps.onPage ? { onPage: deps.onPage } : {}),
      ...(deps.onBooked ? { onBooked: deps.onBooked } : {}),
    });
    return runOnceMade();
  };

  let running: Promise<InboundRunResult> | null = null;
  function run(): Promise<InboundRunResult> {
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  }

  async function counts(): Promise<Record<NavInboundState, number>> {
    const rows = await q().selectFrom('nav_inbound').select(['state', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('state').execute();
    const out = { new: 0, booked: 0, ignored: 0 };
    for (const r of rows) out[r.state] = Number(r.n);
    return out;
  }

  async function status(): Promise<NavInboundStatus> {
    const cursor = await q().selectFrom('nav_inbound_cursor').selectAll().where('id', '=', 1).executeTakeFirst();
    const setUp = (await deps.credentials().catch(() => null)) !== null;
    return {
      nav_set_up: setUp,
      start_date: cursor?.start_date ?? null,
      suggested_start: `${today().slice(0, 4)}-01-01`,
      cursor: cursor ? { window_from: cursor.window_from, next_page: cursor.next_page } : null,
      last_run_at: cursor?.last_run_at ?? null,
      last_done_at: cursor?.last_done_at ?? null,
      error:
        cursor?.error_code && cursor.error_at
          ? { code: cursor.error_code, reason: navReasonOf(cursor.error_code), message: cursor.error_message ?? '', at: cursor.error_at }
          : null,
      running: running !== null,
      counts: await counts(),
    };
  }

  async function runResult(): Promise<NavInboundRunResult> {
    const r = await run();
    return { ran: r.ran, fetched: r.fetched, booked: r.booked, pages: r.pages, status: await status() };
  }

  /** The daily run: once a business day, when a start date was chosen; after a failure again at the next look. */
  const lock = runnerLock(deps.db, 'nav-inbound');
  const daily = periodicCheck(
    async () => {
      // another server on the same PostgreSQL database runs it: this one tries again at its next look
      if (!(await lock.tryHold())) return false;
      const cursor = await q().selectFrom('nav_inbound_cursor').select(['last_done_at']).where('id', '=', 1).executeTakeFirst();
      if (!cursor) return false;
      // done today already; a run that failed (NAV down) is tried again at the next look, an hour later
      if (cursor.last_done_at && cursor.last_done_at.slice(0, 10) >= today()) return false;
      const r = await run();
      return r.booked > 0;
    },
    { everyMs: deps.everyMs ?? 3_600_000, firstMs: deps.firstMs ?? 30_000 },
  );

  async function row(id: number): Promise<NavInboundRow> {
    const r = await q().selectFrom('nav_inbound').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound(`Received invoice ${id}`);
    return r;
  }

  const handlers: Handlers = {
    'navInbound.status': status,

    'navInbound.start': async (input) => {
      if (input.start_date > today()) throw invalid('start_date', 'cannot be in the future');
      const now = stamp();
      const { firstWindow } = await import('./fetch-run');
      await writeTransaction(db, async (trx) => {
        const t = inboundDb(trx);
        const existing = await t.selectFrom('nav_inbound_cursor').select('id').where('id', '=', 1).executeTakeFirst();
        if (existing) {
          throw new FolioError('conflict', 'The start date was chosen at the first run; later runs continue from where the last one stopped', [
            { field: 'start_date', message: 'was chosen before', reason: 'nav_inbound_started' },
          ]);
        }
        await t
          .insertInto('nav_inbound_cursor')
          .values({ id: 1, start_date: input.start_date, window_from: firstWindow(input.start_date, deps.timeZone()), next_page: 1, updated_at: now })
          .execute();
      });
      return runResult();
    },

    'navInbound.run': async () => {
      const cursor = await q().selectFrom('nav_inbound_cursor').select('id').where('id', '=', 1).executeTakeFirst();
      if (!cursor) {
        throw new FolioError('rule_violation', 'Choose the start date of the first run first', [
          { field: 'start_date', message: 'is needed for the first run', reason: 'nav_inbound_no_start' },
        ]);
      }
      return runResult();
    },

    'navInbound.list': async (input) => {
      const page = input.page ?? 1;
      const perPage = input.max_per_page ?? 50;
      let base = q().selectFrom('nav_inbound');
      if (input.from) base = base.where('issue_date', '>=', input.from);
      if (input.to) base = base.where('issue_date', '<=', input.to);
      let listed = base.selectAll();
      if (input.state) listed = listed.where('state', '=', input.state);
      const rows = await listed
        .orderBy('issue_date', 'desc')
        .orderBy('id', 'desc')
        .limit(perPage + 1)
        .offset((page - 1) * perPage)
        .execute();
      const sums = await base
        .where('state', '!=', 'ignored')
        .where('currency', 'is not', null)
        .select((eb) => [
          'currency',
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('net_milli').as('net'),
          eb.fn.sum<number>('vat_milli').as('vat'),
          eb.fn.sum<number>('gross_milli').as('gross'),
        ])
        .groupBy('currency')
        .orderBy('currency')
        .execute();
      const stateCounts = await base.select(['state', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('state').execute();
      const countsOut = { new: 0, booked: 0, ignored: 0 };
      for (const c of stateCounts) countsOut[c.state] = Number(c.n);
      return {
        items: rows.slice(0, perPage).map(item),
        page,
        max_per_page: perPage,
        has_more: rows.length > perPage,
        sums: sums.map((s) => ({ currency: s.currency!, count: Number(s.n), net: milliToString(Number(s.net)), vat: milliToString(Number(s.vat)), gross: milliToString(Number(s.gross)) })),
        counts: countsOut,
      } satisfies NavInboundList;
    },

    'navInbound.get': async (input): Promise<NavInboundDetail> => {
      const r = await row(input.id);
      const parts = r.parts ? (JSON.parse(r.parts) as NavVatPart[]) : [];
      return {
        ...item(r),
        exchange_rate: r.exchange_rate,
        vat_huf: money(r.vat_huf_milli),
        lines: r.lines ? (JSON.parse(r.lines) as NavLine[]) : [],
        vat_parts: parts.map((p) => ({
          category: p.category,
          rate: p.rate,
          exemption_reason: p.exemption_reason,
          net: milliToString(p.net),
          vat: milliToString(p.vat),
          net_huf: milliToString(p.net_huf),
          vat_huf: milliToString(p.vat_huf),
        })),
        sources: r.sources ? (JSON.parse(r.sources) as NavInboundDetail['sources']) : {},
      };
    },

    'navInbound.ignore': async (input) => {
      const now = stamp();
      await writeTransaction(db, async (trx) => {
        const t = inboundDb(trx);
        const r = await t.selectFrom('nav_inbound').selectAll().where('id', '=', input.id).executeTakeFirst();
        if (!r) throw notFound(`Received invoice ${input.id}`);
        if (input.ignored) {
          if (r.state === 'ignored') return;
          if (r.expense_id !== null) {
            const expense = await trx.selectFrom('expenses').select(['id', 'paid', 'einvoice_syntax']).where('id', '=', r.expense_id).executeTakeFirst();
            // a paid expense was confirmed against the bank: it is a cost after all
            if (expense?.paid === 1) {
              throw new FolioError('conflict', 'This invoice’s expense is paid: it cannot be ignored', [{ field: 'id', message: 'its expense is paid', reason: 'nav_inbound_paid' }]);
            }
            // only an expense NAV's data made is removed; one typed in or imported stays, just unlinked
            if (expense?.einvoice_syntax === 'nav') await trx.deleteFrom('expenses').where('id', '=', expense.id).execute();
          }
          await t.updateTable('nav_inbound').set({ state: 'ignored', expense_id: null, updated_at: now }).where('id', '=', r.id).execute();
        } else {
          if (r.state !== 'ignored') return;
          // taken back: booked again by the next run (or at once, below)
          await t.updateTable('nav_inbound').set({ state: 'new', problem: null, updated_at: now }).where('id', '=', r.id).execute();
        }
      });
      if (!input.ignored) await run();
      return item(await row(input.id));
    },
  };

  return {
    handlers,
    run,
    status,
    start: () => daily.start(),
    stop: async () => {
      await daily.stop();
      await lock.release();
    },
  };
}
