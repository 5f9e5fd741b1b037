// Core benchmarks (issue 2). All on files with the durable pragmas openDatabase sets (WAL, synchronous=FULL).
// - issue_core_per_s: normal invoices with 3 lines through core.call('invoices.create'), one after another.
// - issue_raw_per_s: the same rows written with raw prepared better-sqlite3 statements, one BEGIN IMMEDIATE
//   transaction per invoice (counter upsert, invoice, 3 lines, seal, whose trigger writes the change-log row) — the floor the core's overhead
//   is measured against. The two run interleaved in rounds, so a busy machine slows both alike; issue_ratio = core / raw.
// - http_create_per_s: POST /invoices to a `serve` process over loopback, 16 requests in flight.
// - v3_create_document_per_s: the same invoice as POST /v3/documents to the same process, the same way;
//   v3_cost_ratio = v3 / v2 creates per second over bursts of the same size (the issue's limit: ≥ 0.90).
// - list_first_page_ms, query_number_range_ms: p50 of GET /invoices and of a 20-invoice number-range query with
//   100,000 invoices (300,000 lines) in the file, seeded with raw statements.
// A smoke run (size.ts) does each at a small size: 2,000 invoices in the file, a few dozen issued and created, and
// no wait for v3's rate-limit window.
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../../electron/db/open';
import { createCore, type Core } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';
import { BUSINESS_NOW, benchInvoice, buyerBody, SELLER } from '../fault/support/bodies';
import { call } from '../fault/support/http';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServe, tempDir } from '../fault/support/procs';
import { FULL, type BenchOptions } from './size';
import { createBodies } from './v3-bodies';

const KEY = 'core-bench-key-0123456789abcdef';
// Both paths first run this many invoices unmeasured, so that the rounds compare steady states: the raw writer's few
// statements are optimised by V8 within a few hundred calls, the core's larger path only after about a thousand
// (measured with 300: 0.645–0.694 in a fresh process, but 0.70–0.72 from the second run in the same process on).
const WARM_UP = 2000;

type Row = Record<string, unknown>;

/** Raw statements writing exactly what the core writes for one normal invoice. */
export function rawIssuer(sqlite: BetterSqlite3.Database, template: { invoice: Row; items: Row[] }) {
  const invCols = Object.keys(template.invoice).filter((c) => c !== 'id');
  const itemCols = Object.keys(template.items[0]!).filter((c) => c !== 'id' && c !== 'invoice_id');
  const begin = sqlite.prepare('BEGIN IMMEDIATE');
  const commit = sqlite.prepare('COMMIT');
  const counter = sqlite.prepare(
    `INSERT INTO number_counters (block_id, year, kind, last_no) VALUES (?, ?, 'invoice', 1)
     ON CONFLICT (block_id, year, kind) DO UPDATE SET last_no = number_counters.last_no + 1 RETURNING last_no`,
  );
  const insertInvoice = sqlite.prepare(`INSERT INTO invoices (${invCols.join(', ')}) VALUES (${invCols.map((c) => `@${c}`).join(', ')}) RETURNING id`);
  const insertItem = sqlite.prepare(`INSERT INTO invoice_items (invoice_id, ${itemCols.join(', ')}) VALUES (@invoice_id, ${itemCols.map((c) => `@${c}`).join(', ')})`);
  const seal = sqlite.prepare('UPDATE invoices SET sealed = 1 WHERE id = ?');
  const year = template.invoice.number_year as number;
  const block = template.invoice.block_id as number;
  return {
    /** one invoice in its own durable transaction */
    issue() {
      begin.run();
      try {
        const seq = (counter.get(block, year) as { last_no: number }).last_no;
        const no = `${year}-${String(seq).padStart(6, '0')}`;
        const { id } = insertInvoice.get({ ...template.invoice, sealed: 0, number_seq: seq, invoice_no: no }) as { id: number };
        for (const item of template.items) insertItem.run({ ...item, invoice_id: id });
        seal.run(id); // its trigger writes the change-log row (migrations/0008), as for the core
        commit.run();
      } catch (e) {
        sqlite.prepare('ROLLBACK').run();
        throw e;
      }
    },
  };
}

export async function templateOf(sqlite: BetterSqlite3.Database, id: number) {
  return {
    invoice: sqlite.prepare('SELECT * FROM invoices WHERE id = ?').get(id) as Row,
    items: sqlite.prepare('SELECT * FROM invoice_items WHERE invoice_id = ? ORDER BY position').all(id) as Row[],
  };
}

export async function freshCore(file: string): Promise<{ core: Core; sqlite: BetterSqlite3.Database; clientId: number; close(): Promise<void> }> {
  const opened = await openDatabase(file);
  // the business day the bodies are dated by, and the complete seller and buyer an invoice is numbered for
  const core = await createCore({ db: opened.db, clock: fixedClock(BUSINESS_NOW) });
  await core.call('settings.update', { seller: SELLER });
  const client = await core.call('clients.create', buyerBody('Bench Kft.'));
  return { core, sqlite: opened.sqlite, clientId: client.id, close: () => opened.close() };
}

/** `synchronous` other than FULL is for diagnosis only (how much of the time is the disk): the figures use FULL. */
export async function issueCoreVsRaw(rounds = 6, perRound = 150, synchronous: 'FULL' | 'OFF' = 'FULL', warmUp = WARM_UP, concurrent = 60) {
  const tmp = tempDir('core-bench');
  const a = await freshCore(tmp.file('core.db'));
  const b = await freshCore(tmp.file('raw.db'));
  for (const x of [a, b]) x.sqlite.pragma(`synchronous = ${synchronous}`);
  try {
    const body = benchInvoice(a.clientId);
    const first = await a.core.call('invoices.create', body);
    const raw = rawIssuer(b.sqlite, await templateOf(a.sqlite, first.id));
    // Warm-up (not measured), see WARM_UP.
    for (let i = 0; i < warmUp; i++) {
      await a.core.call('invoices.create', body);
      raw.issue();
    }
    let coreMs = 0;
    let rawMs = 0;
    for (let round = 0; round < rounds; round++) {
      let t = performance.now();
      for (let i = 0; i < perRound; i++) await a.core.call('invoices.create', body);
      coreMs += performance.now() - t;
      t = performance.now();
      for (let i = 0; i < perRound; i++) raw.issue();
      rawMs += performance.now() - t;
    }
    // With 16 creates in flight the core's group commit shares one fsync among them.
    const t = performance.now();
    await Promise.all(Array.from({ length: 16 }, async () => {
      for (let i = 0; i < concurrent; i++) await a.core.call('invoices.create', body);
    }));
    const concurrentMs = performance.now() - t;
    const n = rounds * perRound;
    const same = (db: BetterSqlite3.Database) => db.prepare('SELECT COUNT(*) FROM invoices WHERE sealed = 1').pluck().get() as number;
    if (same(b.sqlite) !== n + warmUp) throw new Error('the raw writer lost invoices');
    return {
      issue_core_per_s: Math.round((n / coreMs) * 1000),
      issue_raw_per_s: Math.round((n / rawMs) * 1000),
      issue_ratio: Number((rawMs / coreMs).toFixed(3)),
      issue_core_concurrent16_per_s: Math.round(((16 * concurrent) / concurrentMs) * 1000),
    };
  } finally {
    await a.close();
    await b.close();
    tmp.remove();
  }
}

/** Creates `total` invoices with `inFlight` requests outstanding; how many were sent and in how many ms. */
async function createBurst(url: string, path: string, body: unknown, ok: number, total: number, inFlight: number, budgetMs: number) {
  let sent = 0;
  let failed = 0;
  const deadline = Date.now() + budgetMs;
  const t = performance.now();
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (sent < total && Date.now() < deadline) {
      sent++;
      const res = await call(url, 'POST', path, { key: KEY, body });
      if (res.status !== ok) failed++;
    }
  }));
  const ms = performance.now() - t;
  if (failed) throw new Error(`${failed} of ${sent} creates on ${path} failed`);
  return { sent, ms };
}

const perSecond = (runs: { sent: number; ms: number }[]) =>
  Math.round((runs.reduce((n, r) => n + r.sent, 0) / runs.reduce((n, r) => n + r.ms, 0)) * 1000);

/**
 * v2's POST /invoices and v3's POST /v3/documents on one `serve` process, the same invoice, 16 in flight. v3 allows a
 * key 600 requests a minute (V3_RATE_LIMIT), so v3 is measured over V3_ROUNDS × V3_ROUND creates, interleaved with v2
 * bursts of the same size (the order alternating), so a busy machine slows both alike; v3_cost_ratio compares v3 with
 * those v2 bursts, after V3_WARM_UP unmeasured v3 creates and a wait for the next rate-limit window (up to a minute).
 * http_create_per_s stays the 2000-create figure, measured first.
 */
const V3_ROUNDS = 2;
const V3_SIZES = { round: 280, warmUp: 500, freshWindow: true };
/** A smoke run's v3 sizes: well under the 600 a minute, so no wait for a fresh window. */
const V3_SMOKE = { round: 20, warmUp: 20, freshWindow: false };
export async function httpCreate(total = 2000, inFlight = 16, budgetMs = 30_000, v3Sizes = V3_SIZES) {
  const { round: V3_ROUND, warmUp: V3_WARM_UP } = v3Sizes;
  const tmp = tempDir('http-bench');
  const server = await startServe(tmp.file('folio.db'), KEY);
  try {
    const { v2: body, v3: document } = await createBodies(server.url, KEY);
    for (let i = 0; i < Math.min(50, total); i++) await call(server.url, 'POST', '/invoices', { key: KEY, body }); // warm-up
    // v3's own code (routing, translation, the document's shape) warmed as far as v2's is by the 2000 creates below,
    // then a fresh rate-limit window for the measured rounds.
    await createBurst(server.url, '/v3/documents', document, 201, V3_WARM_UP, inFlight, budgetMs);
    const last = await call(server.url, 'POST', '/v3/documents', { key: KEY, body: document });
    const windowResetS = Number(last.headers['x-ratelimit-reset'] ?? 60);
    const warmedAt = performance.now();
    const http_create_per_s = perSecond([await createBurst(server.url, '/invoices', body, 200, total, inFlight, budgetMs)]);
    if (v3Sizes.freshWindow) await sleep(Math.max(0, windowResetS * 1000 - (performance.now() - warmedAt)) + 1000);
    const v2: { sent: number; ms: number }[] = [];
    const v3: { sent: number; ms: number }[] = [];
    for (let round = 0; round < V3_ROUNDS; round++) {
      const v2First = round % 2 === 0;
      if (v2First) v2.push(await createBurst(server.url, '/invoices', body, 200, V3_ROUND, inFlight, budgetMs));
      v3.push(await createBurst(server.url, '/v3/documents', document, 201, V3_ROUND, inFlight, budgetMs));
      if (!v2First) v2.push(await createBurst(server.url, '/invoices', body, 200, V3_ROUND, inFlight, budgetMs));
    }
    const v3_create_document_per_s = perSecond(v3);
    return { http_create_per_s, v3_create_document_per_s, v3_cost_ratio: Math.round((v3_create_document_per_s / perSecond(v2)) * 1000) / 1000 };
  } finally {
    await server.kill();
    tmp.remove();
  }
}

/** 100,000 invoices of 3 lines each, written with raw statements in one transaction from a core-made template.
 * `clients` > 0 spreads them over that many clients and varies their totals, as a search needs. */
export async function seedLarge(file: string, count = 100_000, clients = 0) {
  const a = await freshCore(file);
  try {
    const clientIds: number[] = [];
    for (let i = 0; i < clients; i++) clientIds.push((await a.core.call('clients.create', { name: `Ügyfél ${String(i).padStart(4, '0')} Kft.` })).id);
    const first = await a.core.call('invoices.create', benchInvoice(a.clientId));
    const template = await templateOf(a.sqlite, first.id);
    const t = performance.now();
    // One transaction for all: lines go in while the invoices are unsealed, then all are sealed at once.
    const invCols = Object.keys(template.invoice).filter((c) => c !== 'id');
    const itemCols = Object.keys(template.items[0]!).filter((c) => c !== 'id' && c !== 'invoice_id');
    const insertInvoice = a.sqlite.prepare(`INSERT INTO invoices (${invCols.join(', ')}) VALUES (${invCols.map((c) => `@${c}`).join(', ')}) RETURNING id`);
    const insertItem = a.sqlite.prepare(`INSERT INTO invoice_items (invoice_id, ${itemCols.join(', ')}) VALUES (@invoice_id, ${itemCols.map((c) => `@${c}`).join(', ')})`);
    const year = template.invoice.number_year as number;
    a.sqlite.transaction(() => {
      for (let seq = 2; seq <= count; seq++) {
        const varied = clients ? { client_id: clientIds[seq % clients], total_milli: variedTotal(seq), gross_milli: variedTotal(seq) } : {};
        const { id } = insertInvoice.get({ ...template.invoice, ...varied, sealed: 0, number_seq: seq, invoice_no: `${year}-${String(seq).padStart(6, '0')}` }) as { id: number };
        for (const item of template.items) insertItem.run({ ...item, invoice_id: id });
      }
      a.sqlite.prepare('UPDATE invoices SET sealed = 1 WHERE sealed = 0').run();
      a.sqlite.prepare("UPDATE number_counters SET last_no = ? WHERE block_id = 0 AND kind = 'invoice' AND year = ?").run(count, year);
    })();
    a.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return { year, seconds: (performance.now() - t) / 1000 };
  } finally {
    await a.close();
  }
}

/** A varied invoice total in thousandths of whole forints: 10,000 to 909,999 Ft. */
const variedTotal = (seq: number) => (10_000 + ((seq * 7919) % 900_000)) * 1000;

/** invoice_search_ms: p50 of the list's search box (invoices.query with `search`, a page of 50, any date) at 100,000
 * invoices over 500 clients — an invoice number, a bare sequence number, a client's name, an amount typed with a
 * space, and a text that matches nothing, taken in turn; and the p50 of each kind (invoice_search_<kind>_ms). */
export async function searchAt100k(samples = 200, count = 100_000, clients = 500) {
  const tmp = tempDir('search-bench');
  const file = tmp.file('folio.db');
  const { year } = await seedLarge(file, count, clients);
  const server = await startServe(file, KEY);
  try {
    // the invoice looked for: no. 61,234 of 100,000 (of a smaller file, the same share of it), and its client
    const seq = Math.floor(count * 0.61234);
    const amount = variedTotal(seq) / 1000;
    const kinds = {
      number: `${year}-${String(seq).padStart(6, '0')}`,
      seq: String(seq),
      name: `Ügyfél ${String(seq % clients).padStart(4, '0')}`,
      amount: `${String(amount).slice(0, -3)} ${String(amount).slice(-3)}`,
      none: 'nincs ilyen',
    };
    const searches = Object.values(kinds);
    const path = (q: string) => `/invoices/query?start_date=1900-01-01&end_date=9999-12-31&max_per_page=50&search=${encodeURIComponent(q)}`;
    const byKind: Record<string, number[]> = {};
    for (let i = 0; i < 20; i++) await call(server.url, 'GET', path(searches[i % searches.length]!), { key: KEY }); // warm-up
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const q = searches[i % searches.length]!;
      const t = performance.now();
      const res = await call(server.url, 'GET', path(q), { key: KEY });
      const ms = performance.now() - t;
      times.push(ms);
      (byKind[q] ??= []).push(ms);
      if (res.status !== 200) throw new Error(`${q}: ${res.status} ${res.text.slice(0, 200)}`);
      const found = (res.body as { data: unknown[] }).data.length;
      if (i < searches.length && (q === 'nincs ilyen' ? found !== 0 : found === 0)) throw new Error(`${q}: ${found} found`);
    }
    const p50 = (xs: number[]) => Number([...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!.toFixed(2));
    // Each kind's own p50 too: the mixed figure alone would hide a kind that is slow.
    const perKind = Object.fromEntries(Object.entries(kinds).map(([kind, q]) => [`invoice_search_${kind}_ms`, p50(byKind[q]!)]));
    return { invoice_search_ms: p50(times), ...perKind };
  } finally {
    await server.kill();
    tmp.remove();
  }
}

export async function readsAt100k(samples = 200, count = 100_000) {
  const tmp = tempDir('reads-bench');
  const file = tmp.file('folio.db');
  const { year } = await seedLarge(file, count);
  const server = await startServe(file, KEY);
  try {
    const p50 = async (method: 'GET' | 'POST', path: string, check: (body: unknown) => boolean, n = samples) => {
      for (let i = 0; i < 20; i++) await call(server.url, method, path, { key: KEY }); // warm-up
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        const res = await call(server.url, method, path, { key: KEY });
        times.push(performance.now() - t);
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
        if (i === 0 && !check(res.body)) throw new Error(`${path}: unexpected answer ${res.text.slice(0, 200)}`);
      }
      times.sort((x, y) => x - y);
      return Number(times[Math.floor(times.length / 2)]!.toFixed(2));
    };
    const twenty = (body: unknown) => (body as { data: unknown[] }).data.length === 20;
    return {
      list_first_page_ms: await p50('GET', '/invoices', twenty),
      query_number_range_ms: await p50('GET', `/invoices/query?year_start=${year}&num_start=${count / 2}&year_end=${year}&num_end=${count / 2 + 19}`, twenty),
      // the dashboard's figures over all 100,000 (all unpaid, all dated this month)
      dashboard_summary_ms: await p50('POST', '/rpc/invoices.summary', (body) => (body as { data: { unpaid: { count: number } } }).data.unpaid.count >= count, Math.min(50, samples)),
    };
  } finally {
    await server.kill();
    tmp.remove();
  }
}

/**
 * invoice_check_ms: p50 of the editor's dry run (POST /invoices/check) of a 10-line invoice over HTTP — the legal
 * checks with everything they read (the settings, the client, the products' VAT codes), written nothing. The
 * editor runs it after each pause in typing and before its confirm dialog. Checked once to answer no errors, so the
 * figure is of a full check, not of an early refusal.
 */
export async function dryRunCheck(samples = 300) {
  const warmUp = Math.min(30, samples);
  const tmp = tempDir('check-bench');
  const server = await startServe(tmp.file('folio.db'), KEY);
  try {
    const client = await call(server.url, 'POST', '/clients', { key: KEY, body: buyerBody('Ellenőrzés Bench Kft.') });
    const base = benchInvoice((client.body as { data: { id: number } }).data.id);
    const body = { ...base, items: Array.from({ length: 10 }, (_, i) => ({ ...base.items[i % base.items.length]!, description: `Tétel ${i + 1}` })) };
    const first = await call(server.url, 'POST', '/invoices/check', { key: KEY, body });
    const answer = (first.body as { data?: { errors: unknown[] } }).data;
    if (first.status !== 200 || !answer || answer.errors.length) throw new Error(`check: ${first.status} ${first.text.slice(0, 300)}`);
    for (let i = 0; i < warmUp; i++) await call(server.url, 'POST', '/invoices/check', { key: KEY, body }); // warm-up
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t = performance.now();
      await call(server.url, 'POST', '/invoices/check', { key: KEY, body });
      times.push(performance.now() - t);
    }
    times.sort((x, y) => x - y);
    return { invoice_check_ms: Number(times[Math.floor(times.length / 2)]!.toFixed(2)) };
  } finally {
    await server.kill();
    tmp.remove();
  }
}

export async function run(options: BenchOptions = FULL) {
  if (!options.smoke) return { ...(await issueCoreVsRaw()), ...(await httpCreate()), ...(await dryRunCheck()), ...(await readsAt100k()), ...(await searchAt100k()) };
  return {
    ...(await issueCoreVsRaw(2, 10, 'FULL', 20, 3)),
    ...(await httpCreate(100, 16, 30_000, V3_SMOKE)),
    ...(await dryRunCheck(10)),
    ...(await readsAt100k(10, 2_000)),
    ...(await searchAt100k(10, 2_000, 50)),
  };
}
