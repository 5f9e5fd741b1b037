// The dashboard's, the revenue report's and the VAT analysis's summary tables (migrations 0038, 0056, 0062, 0068,
// 0070, 0071, 0074) and the invoice list's counts (0076) are kept by triggers, so no writer can leave them behind.
// Random histories through the real core prove it: on a server (this project's database) and a device (a SQLite file,
// syncing with the server over HTTP), invoices are issued in forints and euros, as drafts then issued, as proformas
// then generated, as receipts; paid in part or in full, unpaid, cancelled, modified; the business day moves on; the
// device issues and pays too, pushes (the server stores its invoices) and pulls (the device applies the server's
// rows); expenses are recorded, changed and deleted among them (the report's costs). After every step every summary
// table equals a full recount, and at checkpoints invoices.summary and receivables.summary equal what the invoice rows
// say, worked out independently, and the revenue and VAT reports equal the same reports read from every line of
// their periods.
// Replay a failure with FOLIO_SUMMARY_SEED=<seed printed below>.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ManualClock } from '../../electron/core/clock';
import type { Core } from '../../electron/core/index';
import { openDatabase, type OpenedDatabase } from '../../electron/db/open';
import { createRuntime, type Runtime } from '../../electron/runtime/runtime';
import { FolioError } from '../../shared/errors';
import { INVOICE_STATUS, INVOICE_TYPE } from '../../shared/invoice-codes';
import { rng, type Rng } from '../fault/support/bodies';
import { seedFrom } from '../fault/support/procs';
import { API_KEY, clientBody, makeTempDir, queryRows, seedSeller, startTestServer, type TestServer } from '../support/fixtures';
import { dashboardFromInvoices, summaryTables } from '../support/summary-recount';
import type { Db } from '../../electron/db/types';
import { revenueLines, type RevenueLine } from '../../electron/core/reports/revenue-rows';
import { milliToString } from '../../shared/money';
import { outputFromLines } from '../support/vat-lines';

const STEPS = 150;
const CHECK_DASHBOARD_EVERY = 15;

type Call = (op: string, input: unknown) => Promise<any>;

interface Node {
  name: string;
  core: Core;
  db: Db;
  call: Call;
  clients: number[];
}

/** The refusals a random step may meet (a rule of the books), which leave everything as it was; any other error fails. */
function refused(e: unknown): boolean {
  return e instanceof FolioError && ['rule_violation', 'conflict'].includes(e.code);
}

test('random histories on a server and a syncing device keep every summary equal to a full recount', async () => {
  test.setTimeout(300_000);
  const seed = seedFrom('FOLIO_SUMMARY_SEED');
  console.log(`summaries property seed: FOLIO_SUMMARY_SEED=${seed}`);
  test.info().annotations.push({ type: 'seed', description: String(seed) });
  const r = rng(seed);
  const clock = new ManualClock('2025-10-06T09:00:00Z');
  const today = () => clock.now().toISOString().slice(0, 10);

  const server: TestServer = await startTestServer({ clock });
  const tmp = makeTempDir('folio-summaries-');
  let opened: OpenedDatabase | undefined;
  let runtime: Runtime | undefined;
  try {
    opened = await openDatabase(join(tmp.dir, 'device.db'));
    runtime = await createRuntime({ db: opened.db, clock, env: {}, sync: { requestTimeoutMs: 10_000 } });
    await seedSeller(runtime.core);
    const node = (name: string, core: Core): Node => ({ name, core, db: core.ctx.db, call: (core.call as Call).bind(core), clients: [] });
    const srv = node('server', server.core);
    const dev = node('device', runtime.core);
    for (const n of [srv, dev]) for (let i = 0; i < 3; i++) n.clients.push((await n.core.call('clients.create', clientBody())).id);
    await dev.call('sync.configure', { base_url: server.url, api_key: API_KEY, device_name: 'Laptop', enabled: true, block_prefix: 'LAP' });
    const sync = async () => {
      const s = await dev.call('sync.now', {});
      if (s.last_error) throw new Error(`sync: ${s.last_error}`);
      return s;
    };
    const ownBlock = (await sync()).own_block_uid as number;

    const done = new Map<string, number>();
    const steps: string[] = [];
    for (let step = 0; step < STEPS; step++) {
      const onDevice = r() < 0.3;
      const n = onDevice ? dev : srv;
      const what = await randomStep(r, n, onDevice ? ownBlock : 0, today, clock, sync);
      steps.push(`${n.name}: ${what}`);
      const kind = what.split(' ')[0]!;
      if (!what.includes('(')) done.set(kind, (done.get(kind) ?? 0) + 1);
      else if (what.endsWith('(refused)')) done.set('refused', (done.get('refused') ?? 0) + 1);
      for (const m of [srv, dev]) {
        for (const t of await summaryTables(m.db)) expect(t.kept, `${m.name} ${t.table} after step ${step} (${steps.at(-1)}), seed ${seed}`).toEqual(t.recount);
      }
      if (step % CHECK_DASHBOARD_EVERY === CHECK_DASHBOARD_EVERY - 1 || step === STEPS - 1) {
        await sync();
        for (const m of [srv, dev]) await expectDashboard(m, today(), `${m.name} after step ${step}, seed ${seed}`);
        for (const m of [srv, dev]) await expectRevenue(m, today(), `${m.name} after step ${step}, seed ${seed}`);
        for (const m of [srv, dev]) await expectVat(m, today(), `${m.name} after step ${step}, seed ${seed}`);
      }
    }
    console.log(`summaries property: ${[...done.entries()].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    // Last, on the server, an invoice paid in two months of one year (in forints and in euros), which a random history
    // may leave none of (and a paid expense, below): migration 0071's differences per year hold it, and the reports of its year count it once.
    if (Number(today().slice(5, 7)) >= 11) clock.set(`${Number(today().slice(0, 4)) + 1}-01-05T09:00:00Z`);
    const twice = async (over: Record<string, unknown>) => {
      const inv = await srv.call('invoices.create', {
        client_uid: srv.clients[0], payment_method: 2, currency: 'HUF', block_uid: 0, type: INVOICE_TYPE.invoice,
        fulfillment_date: today(), due_date: today(), template_lang_code: 'hu', items: lines(r), ...over,
      });
      const outstanding: string = (await srv.call('invoices.get', { id: inv.id })).attributes.outstanding;
      await srv.call('invoices.pay', { id: inv.id, date: today(), amount: Math.max(1, Math.floor(Number(outstanding) / 3)).toFixed(0) });
      return inv.id as number;
    };
    const paidTwice = [await twice({}), await twice({ currency: 'EUR', exchange_rate: '385.123456' })];
    clock.set(new Date(clock.now().getTime() + 32 * 86_400_000).toISOString());
    for (const id of paidTwice) await srv.call('invoices.pay', { id, date: today(), amount: (await srv.call('invoices.get', { id })).attributes.outstanding });
    // and a paid expense, which a history may also leave none of: the cash basis's costs (0071) hold it
    await srv.call('expenses.create', { name: 'Bérlet', categories_id: 1, gross_price: '12700', vat: 1, fulfillment_date: today(), paid: true, payment_date: today() });
    await sync();
    for (const m of [srv, dev]) {
      for (const t of await summaryTables(m.db)) expect(t.kept, `${m.name} ${t.table} after the invoices paid in two months, seed ${seed}`).toEqual(t.recount);
      await expectRevenue(m, today(), `${m.name} after the invoices paid in two months, seed ${seed}`);
    }
    // the history did exercise what the summaries depend on, on both nodes
    for (const kind of ['issue', 'foreign', 'receipt', 'pay', 'unpay', 'cancel', 'modify', 'sync', 'expense']) expect(done.get(kind) ?? 0, kind).toBeGreaterThan(0);
    const sums = await summaryTables(srv.db);
    console.log(`summaries property: server rows ${sums.map((t) => `${t.table} ${t.kept.length}`).join(', ')}`);
    // (the payments on euro invoices of a rate not summed are a short list a history may leave empty; it was compared all the same)
    expect(sums.filter((t) => t.table !== 'summary_cash_foreign' && t.kept.length === 0).map((t) => t.table), 'every summary table holds rows').toEqual([]);
    const pulled = await queryRows<{ n: number }>(dev.db, 'SELECT count(*) AS n FROM invoices WHERE block_id <> ?', ownBlock);
    expect(Number(pulled[0]!.n), 'the device pulled the server’s invoices').toBeGreaterThan(0);
  } finally {
    await runtime?.stop();
    await opened?.close();
    await server.close();
    tmp.remove();
  }
});

async function expectDashboard(n: Node, day: string, label: string) {
  const expected = await dashboardFromInvoices(n.db, day);
  expect(await n.call('invoices.summary', {}), `invoices.summary, ${label}`).toEqual(expected.summary);
  expect(await n.call('receivables.summary', {}), `receivables.summary, ${label}`).toEqual(expected.receivables);
}

/**
 * The revenue report on either basis (whole months from the summaries of migrations 0056 and 0062, the rest from
 * lines) equals the same figures summed from every line of the period (revenueLines, the report's reading before the
 * summaries): a period of whole months, one that starts and ends inside a month, and periods of whole years.
 */
async function expectRevenue(n: Node, day: string, label: string) {
  const periods = [
    { from: '2025-09-01', to: `${day.slice(0, 7)}-${String(new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate())}` },
    { from: '2025-09-20', to: day },
    // whole years (migration 0068's roll-ups; one year alone: 0071's counts of invoices paid in several months), and
    // whole years with the months before them
    { from: '2025-01-01', to: '2025-12-31' },
    { from: '2026-01-01', to: '2026-12-31' },
    { from: '2025-01-01', to: '2026-12-31' },
    { from: '2025-10-01', to: '2026-12-31' },
  ];
  for (const [period, basis] of periods.flatMap((p) => (['accrual', 'cash'] as const).map((b) => [p, b] as const))) {
    const report = await n.call('reports.revenue', { ...period, basis });
    const lines = await revenueLines(n.db, period, basis);
    const by = (key: (l: RevenueLine) => string) => {
      const out = new Map<string, { amount: number; docs: Set<number> }>();
      for (const l of lines) {
        const f = out.get(key(l)) ?? out.set(key(l), { amount: 0, docs: new Set() }).get(key(l))!;
        f.amount += l.amount;
        f.docs.add(l.doc);
      }
      return [...out.entries()].map(([k, f]) => `${k} ${milliToString(f.amount)} ${f.docs.size}`).sort();
    };
    const shown = (figures: Array<{ key: string; amount: string; count: number }>) =>
      figures.filter((f) => f.count > 0 || f.amount !== '0.000').map((f) => `${f.key} ${f.amount} ${f.count}`).sort();
    const where = `reports.revenue ${basis} ${period.from}…${period.to}, ${label}`;
    expect(report.revenue.total, where).toBe(milliToString(lines.reduce((a, l) => a + l.amount, 0)));
    expect(shown(report.revenue.by_month), where).toEqual(by((l) => l.day.slice(0, 7)));
    expect(shown(report.revenue.by_client), where).toEqual(by((l) => `c${l.client}`));
    expect(shown(report.revenue.by_product), where).toEqual(by((l) => l.product));
  }
}

/**
 * The VAT analysis's output side (forint lines from migration 0074's day sums, the rest from the lines) equals the
 * same side read from every VAT line of the period, as the analysis read it before: each code's net, VAT and
 * documents, the side's totals and documents. Periods of a month, of days inside months, and of years.
 */
async function expectVat(n: Node, day: string, label: string) {
  const periods = [
    { from: `${day.slice(0, 7)}-01`, to: day },
    { from: '2025-09-20', to: day },
    { from: '2025-10-07', to: '2025-11-15' },
    { from: '2025-01-01', to: '2026-12-31' },
  ];
  for (const period of periods) {
    const report = await n.call('reports.vat', period);
    expect(report.output, `reports.vat ${period.from}…${period.to}, ${label}`).toEqual(await outputFromLines(n.db, period.from, period.to));
  }
}

const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** 1–3 lines with prices in fillér, some negative quantities left to modifications. */
function lines(r: Rng) {
  return Array.from({ length: 1 + Math.floor(r() * 3) }, () => ({
    description: pick(r, ['Tanácsadás', 'Fejlesztés', 'Áru', 'Kiszállás']),
    vat_id: pick(r, [1, 2, 3]),
    qty: pick(r, ['1', '2', '0.5', '3']),
    net_unit_price: (1000 + Math.floor(r() * 200_000) / 100).toFixed(2),
    unit: 'db',
  }));
}

/** One random step on node `n`; says what it did, or that the books refused it. */
async function randomStep(r: Rng, n: Node, block: number, today: () => string, clock: ManualClock, sync: () => Promise<unknown>): Promise<string> {
  const day = today();
  const ids = async (where: string) =>
    // any invoice of the node's books, whichever node issued it: a change to another's invoice travels by sync
    (await queryRows<{ id: number }>(n.db, `SELECT id FROM invoices WHERE ${where} ORDER BY id`)).map((x) => Number(x.id));
  const body = (over: Record<string, unknown> = {}) => ({
    client_uid: pick(r, n.clients),
    payment_method: 2,
    currency: 'HUF',
    block_uid: block,
    type: INVOICE_TYPE.invoice,
    fulfillment_date: day,
    due_date: addDays(day, Math.floor(r() * 45)),
    template_lang_code: 'hu',
    items: lines(r),
    ...over,
  });
  // rates of up to six decimals are summed converted (migration 0070); one of seven digits before the point is not,
  // and is read line by line
  const euro = () => ({ currency: 'EUR', exchange_rate: pick(r, ['385.12', '391.7', '402.35', '385.123456', '1234567.5']) });
  const roll = r();
  const attempt = async (name: string, f: () => Promise<unknown>) => {
    try {
      await f();
      return name;
    } catch (e) {
      if (refused(e)) return `${name} (refused)`;
      throw e;
    }
  };
  if (roll < 0.2) return attempt('issue', () => n.call('invoices.create', body()));
  if (roll < 0.27) return attempt('foreign', () => n.call('invoices.create', body(euro())));
  if (roll < 0.32) {
    return attempt('issue draft', async () => {
      const d = await n.call('invoices.create', body({ type: INVOICE_TYPE.draft, ...(r() < 0.3 ? euro() : {}) }));
      if (r() < 0.2) await n.call('invoices.delete', { id: d.id });
      else await n.call('invoices.issue', { id: d.id });
    });
  }
  if (roll < 0.37) {
    return attempt('proforma', async () => {
      const p = await n.call('invoices.create', body({ type: INVOICE_TYPE.proforma }));
      if (r() < 0.6) await n.call('invoices.generate', { id: p.id });
    });
  }
  if (roll < 0.42) {
    return attempt('receipt', () =>
      n.call('receipts.create', { payment_method: 1, currency: 'HUF', block_uid: block, items: [{ description: 'Kávé', vat_id: 1, gross_unit_price: '635', qty: '2' }] }),
    );
  }
  if (roll < 0.6) {
    const open = await ids(`type = ${INVOICE_TYPE.invoice} AND status = ${INVOICE_STATUS.unpaid} AND is_cancel_invoice = 0 AND modifies_id IS NULL`);
    if (!open.length) return 'pay (nothing open)';
    const id = pick(r, open);
    const outstanding: string = (await n.call('invoices.get', { id })).attributes.outstanding;
    const amount = r() < 0.5 ? outstanding : Math.max(1, Math.floor(Number(outstanding) / 3)).toFixed(0);
    return attempt('pay', () => n.call('invoices.pay', { id, date: day, amount }));
  }
  if (roll < 0.67) {
    const paid = await ids(`type = ${INVOICE_TYPE.invoice} AND status <> ${INVOICE_STATUS.cancelled} AND total_paid_milli > 0 AND is_cancel_invoice = 0`);
    if (!paid.length) return 'unpay (nothing paid)';
    return attempt('unpay', () => n.call('invoices.unpay', { id: pick(r, paid) }));
  }
  if (roll < 0.75) {
    const live = await ids(`type IN (${INVOICE_TYPE.invoice}, ${INVOICE_TYPE.receipt}) AND status <> ${INVOICE_STATUS.cancelled} AND is_cancel_invoice = 0 AND modifies_id IS NULL`);
    if (!live.length) return 'cancel (nothing to cancel)';
    return attempt('cancel', () => n.call('invoices.cancel', { id: pick(r, live) }));
  }
  if (roll < 0.83) {
    const originals = await ids(`type = ${INVOICE_TYPE.invoice} AND status <> ${INVOICE_STATUS.cancelled} AND is_cancel_invoice = 0 AND modifies_id IS NULL`);
    if (!originals.length) return 'modify (nothing to modify)';
    const id = pick(r, originals);
    const discount = r() < 0.5;
    return attempt('modify', () =>
      n.call('invoices.modify', {
        id,
        reason: discount ? 'Árengedmény' : 'Pótmunka',
        items: [{ description: discount ? 'Engedmény' : 'Pótmunka', vat_id: 1, qty: discount ? -1 : 1, net_unit_price: (500 + Math.floor(r() * 5000)).toFixed(0), unit: 'db' }],
      }),
    );
  }
  if (roll < 0.9) {
    // the costs (migration 0071's sums): an expense recorded, changed (its day, whether paid, its amount) or deleted
    const expenses = (await queryRows<{ id: number }>(n.db, 'SELECT id FROM expenses ORDER BY id')).map((x) => Number(x.id));
    const what = r();
    const fields = () => ({
      categories_id: pick(r, [1, 3, 5]),
      gross_price: String(1000 + Math.floor(r() * 90_000)),
      vat: pick(r, [1, 2, 3]),
      ...(r() < 0.15 ? { currency: 'EUR' } : {}),
      fulfillment_date: r() < 0.7 ? addDays(day, -Math.floor(r() * 40)) : null,
      invoice_date: r() < 0.5 ? addDays(day, -Math.floor(r() * 40)) : null,
      ...(r() < 0.5 ? { paid: true, payment_date: addDays(day, -Math.floor(r() * 20)) } : { paid: false }),
    });
    if (what < 0.5 || !expenses.length) return attempt('expense', () => n.call('expenses.create', { name: 'Bérlet', ...fields() }));
    if (what < 0.8) return attempt('expense change', () => n.call('expenses.update', { id: pick(r, expenses), ...fields() }));
    return attempt('expense delete', () => n.call('expenses.delete', { id: pick(r, expenses) }));
  }
  if (roll < 0.96) {
    // days pass: invoices fall due, months turn (the clock is the server's and the device's alike)
    clock.set(new Date(clock.now().getTime() + (1 + Math.floor(r() * 25)) * 86_400_000).toISOString());
    return `days ${today()}`;
  }
  await sync();
  return 'sync';
}
