// Load: 32 concurrent clients send 20,000 mixed requests (creates, reads, lists, queries, payments, cancellations)
// to a `serve` process on loopback. Figures: p50/p99 latency and requests per second. The same run checks what a
// load test must never show: an error answer, or an acknowledged write (invoice, cancellation, payment) missing
// afterwards. `run()` is the benchmark section; `runLoad()` is shared with the bounded test in tests/fault.
import BetterSqlite3 from 'better-sqlite3';
import { benchInvoice, buyerBody, rng } from '../fault/support/bodies';
import { call } from '../fault/support/http';
import { checkInvariants, missingAcks } from '../fault/support/invariants';
import { startServe, tempDir } from '../fault/support/procs';
import { FULL, sized, type BenchOptions } from './size';

export interface LoadOptions {
  clients: number;
  requests: number;
  /** hard stop, whatever is left of `requests` */
  budgetMs: number;
  seed?: number;
}

export interface LoadResult {
  load_p50_ms: number;
  load_p99_ms: number;
  load_rps: number;
  requests: number;
  errors: string[];
  lost: string[];
  violations: string[];
  byKind: Record<string, number>;
}

const KEY = 'load-bench-key-0123456789abcdef';

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const tmp = tempDir('load');
  const file = tmp.file('folio.db');
  const server = await startServe(file, KEY);
  const r = rng(options.seed ?? 20260315);
  const errors: string[] = [];
  const acks = new Map<number, string | null>();
  const paidMilli = new Map<number, number>(); // acknowledged payments per invoice
  const byKind: Record<string, number> = {};
  try {
    const clientRes = await call(server.url, 'POST', '/clients', { key: KEY, body: buyerBody('Terhelés Kft.') });
    const clientId = (clientRes.body as { data: { id: number } }).data.id;
    // Invoices nobody else is working on: a payment or a cancellation takes one out and puts it back when done,
    // so two clients never race on one invoice and every answer can be required to be a success.
    const free: Array<{ id: number; outstanding: number }> = [];
    const ids: number[] = [];
    const create = async () => {
      const res = await call(server.url, 'POST', '/invoices', { key: KEY, body: benchInvoice(clientId) });
      if (res.status !== 200) throw new Error(`create: ${res.status} ${res.text.slice(0, 200)}`);
      const data = (res.body as { data: { id: number; attributes: { invoice_no: string; total: number } } }).data;
      acks.set(data.id, data.attributes.invoice_no);
      ids.push(data.id);
      free.push({ id: data.id, outstanding: Math.round(data.attributes.total * 1000) });
    };
    for (let i = 0; i < 100; i++) await create(); // something to read from the first request on

    const latencies: number[] = [];
    let next = 0;
    const deadline = Date.now() + options.budgetMs;
    const kinds: Array<[string, number]> = [['create', 30], ['get', 25], ['list', 12], ['query', 10], ['pay', 12], ['cancel', 5], ['lookup', 6]];
    const total = kinds.reduce((s, [, w]) => s + w, 0);
    const pickKind = () => {
      let x = r() * total;
      for (const [k, w] of kinds) if ((x -= w) < 0) return k;
      return 'get';
    };

    async function one(kind: string): Promise<void> {
      switch (kind) {
        case 'create':
          return create();
        case 'get': {
          const id = ids[Math.floor(r() * ids.length)]!;
          const res = await call(server.url, 'GET', `/invoices/${id}`, { key: KEY });
          if (res.status !== 200) throw new Error(`get ${id}: ${res.status} ${res.text.slice(0, 200)}`);
          return;
        }
        case 'list': {
          const res = await call(server.url, 'GET', `/invoices?page=${1 + Math.floor(r() * 3)}&max_per_page=20`, { key: KEY });
          if (res.status !== 200) throw new Error(`list: ${res.status} ${res.text.slice(0, 200)}`);
          return;
        }
        case 'query': {
          const n = 1 + Math.floor(r() * Math.max(1, ids.length - 20));
          const q = r() < 0.5 ? `year_start=2026&num_start=${n}&year_end=2026&num_end=${n + 19}` : 'start_date=2026-01-01&end_date=2026-12-31';
          const res = await call(server.url, 'GET', `/invoices/query?${q}`, { key: KEY });
          if (res.status !== 200) throw new Error(`query: ${res.status} ${res.text.slice(0, 200)}`);
          return;
        }
        case 'pay': {
          const inv = free.splice(Math.floor(r() * free.length), 1)[0];
          if (!inv) return one('get');
          const milli = r() < 0.5 ? inv.outstanding : Math.max(1000, Math.floor(inv.outstanding / 2000) * 1000);
          const res = await call(server.url, 'POST', `/invoices/${inv.id}/pay`, { key: KEY, body: { date: '2026-03-20', amount: (milli / 1000).toFixed(3) } });
          if (res.status !== 200) throw new Error(`pay ${inv.id}: ${res.status} ${res.text.slice(0, 200)}`);
          paidMilli.set(inv.id, (paidMilli.get(inv.id) ?? 0) + milli);
          inv.outstanding -= milli;
          if (inv.outstanding > 0) free.push(inv);
          return;
        }
        case 'cancel': {
          const inv = free.splice(Math.floor(r() * free.length), 1)[0];
          if (!inv) return one('get');
          const res = await call(server.url, 'GET', `/invoices/${inv.id}/cancel`, { key: KEY });
          if (res.status !== 200) throw new Error(`cancel ${inv.id}: ${res.status} ${res.text.slice(0, 200)}`);
          const data = (res.body as { data: { id: number; attributes: { invoice_no: string } } }).data;
          acks.set(data.id, data.attributes.invoice_no);
          return;
        }
        default: {
          const path = pickPath(r);
          const res = await call(server.url, 'GET', path, { key: KEY });
          if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
    }

    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.clients }, async () => {
        while (next < options.requests && Date.now() < deadline) {
          next++;
          const kind = pickKind();
          byKind[kind] = (byKind[kind] ?? 0) + 1;
          const t = performance.now();
          try {
            await one(kind);
          } catch (e) {
            if (errors.length < 20) errors.push(e instanceof Error ? e.message : String(e));
            else errors.push('…');
          }
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);

    // Zero lost writes: every acknowledged invoice, cancellation and payment is in the file.
    const lost = missingAcks(file, acks);
    const db = new BetterSqlite3(file, { readonly: true });
    try {
      const paid = db.prepare('SELECT total_paid_milli FROM invoices WHERE id = ?').pluck();
      for (const [id, milli] of paidMilli) {
        const stored = paid.get(id) as number;
        if (stored !== milli && lost.length < 40) lost.push(`invoice ${id}: acknowledged payments ${milli}, stored ${stored}`);
      }
    } finally {
      db.close();
    }
    return {
      load_p50_ms: Number(percentile(latencies, 50).toFixed(2)),
      load_p99_ms: Number(percentile(latencies, 99).toFixed(2)),
      load_rps: Math.round(latencies.length / seconds),
      requests: latencies.length,
      errors,
      lost,
      violations: checkInvariants(file).violations,
      byKind,
    };
  } finally {
    await server.kill();
    tmp.remove();
  }
}

function pickPath(r: () => number): string {
  const paths = ['/invoices/blocks', '/clients?page=1', '/payment_methods/hu', '/vat', '/bank_accounts'];
  return paths[Math.floor(r() * paths.length)]!;
}

/** A smoke run (size.ts): 400 requests from 8 clients. */
export async function run(options: BenchOptions = FULL): Promise<{ load_p50_ms: number; load_p99_ms: number; load_rps: number }> {
  const requests = sized(options, 20_000, 400);
  const result = await runLoad({ clients: sized(options, 32, 8), requests, budgetMs: 400_000 });
  if (result.errors.length || result.lost.length || result.violations.length) {
    throw new Error(`load run failed: ${JSON.stringify({ errors: result.errors.slice(0, 5), lost: result.lost.slice(0, 5), violations: result.violations.slice(0, 5) })}`);
  }
  if (result.requests < requests) throw new Error(`only ${result.requests} of ${requests} requests fit in the time budget`);
  return { load_p50_ms: result.load_p50_ms, load_p99_ms: result.load_p99_ms, load_rps: result.load_rps };
}
