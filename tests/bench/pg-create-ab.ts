// Diagnosis only (issue 41): what a `serve --pg` create costs each side, and whether a change helped, on a shared
// machine whose load swings from minute to minute. Several `serve` bundles (a copy of dist/node built from the commit
// before a change, beside the current one), each on its own database of one embedded PostgreSQL, answer alternating
// bursts of POST /invoices (the pg section's invoice, 16 in flight); every burst reads the server's CPU time and
// PostgreSQL's (/proc, ./pg-cpu.ts) and this process's own (the HTTP client's) beside its wall time, and counts
// PostgreSQL's transactions. The copy stays inside the checkout (its chunks import node_modules; dist/ is ignored):
//   cp -r dist/node dist/node-before   (at the commit before)
//   node --import tsx tests/bench/pg-create-ab.ts 400 4 dist/node-before/serve.mjs dist/node/serve.mjs
// Extra serve flags for every bundle: FOLIO_AB_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' (node flags go first).
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { call } from '../fault/support/http';
import { startChild } from '../fault/support/procs';
import { BUSINESS_NOW, SELLER, benchInvoice, buyerBody } from '../fault/support/bodies';
import { freshPgDatabase } from '../support/postgres';
import { postmasterOf, serverCpuMs } from './pg-cpu';

const [perBurst = '400', roundsArg = '4', ...entries] = process.argv.slice(2);
const N = Number(perBurst);
const ROUNDS = Number(roundsArg);
const KEY = 'pg-bench-key-0123456789abcdef';
const SECRET = randomBytes(32).toString('base64');
const NODE_ARGS = (process.env.FOLIO_AB_ARGS ?? '').split(' ').filter(Boolean);
/** user + system CPU of a process in ms (/proc/<pid>/stat fields 14 and 15, in clock ticks of 1/100 s) */
const cpuOf = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const servers: Array<{ name: string; url: string; pid: number; kill: () => Promise<unknown>; body: unknown; stats: InstanceType<typeof pg.Client> }> = [];
let postmaster: number | null = null;
try {
  for (const [i, entry] of entries.entries()) {
    const db = await freshPgDatabase();
    postmaster ??= await postmasterOf(db);
    const child = startChild([...NODE_ARGS, entry, '--pg', db, '--port', '0'], { FOLIO_API_KEY: KEY, FOLIO_NOW: BUSINESS_NOW, FOLIO_SECRET_KEY: SECRET, FOLIO_RATES_PREFETCH: 'off' });
    const url = (await child.waitFor(/^listening on (http:\/\/\S+)/, 60_000))[1]!;
    await call(url, 'PUT', '/settings', { key: KEY, body: { seller: SELLER } });
    const client = await call(url, 'POST', '/clients', { key: KEY, body: buyerBody('PG Bench Kft.') });
    const body = benchInvoice((client.body as { data: { id: number } }).data.id);
    const stats = new pg.Client({ connectionString: db });
    await stats.connect();
    servers.push({ name: `${i}: ${entry}`, url, pid: child.proc.pid!, kill: () => child.kill('SIGINT'), body, stats });
  }
  const burst = async (s: (typeof servers)[number], total: number) => {
    let sent = 0;
    const xacts = async () => Number((await s.stats.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.n);
    const x0 = await xacts();
    const server0 = cpuOf(s.pid);
    const pg0 = postmaster === null ? NaN : serverCpuMs(postmaster);
    const client0 = process.cpuUsage();
    const t = performance.now();
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (sent < total) {
        sent++;
        const res = await call(s.url, 'POST', '/invoices', { key: KEY, body: s.body, timeoutMs: 60_000 });
        if (res.status !== 200) throw new Error(`${res.status} ${res.text.slice(0, 200)}`);
      }
    }));
    const ms = performance.now() - t;
    const used = process.cpuUsage(client0);
    const client = (used.user + used.system) / 1000;
    const pgMs = postmaster === null ? NaN : serverCpuMs(postmaster) - pg0;
    // pg_stat_database is sent by the backends at their transactions' ends, a little late: read after a pause
    await new Promise((r) => setTimeout(r, 600));
    return { n: sent, ms, server: cpuOf(s.pid) - server0, pg: pgMs, client, xacts: (await xacts()) - x0 - 1 };
  };
  for (const s of servers) await burst(s, 100); // warm-up
  const tallies = servers.map(() => [] as Array<Awaited<ReturnType<typeof burst>>>);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, s] of servers.entries()) {
      const l = load();
      const r = await burst(s, N);
      tallies[i]!.push(r);
      console.log(
        `${s.name.padEnd(40)} ${String(Math.round((r.n / r.ms) * 1000)).padStart(5)}/s  serve ${(r.server / r.n).toFixed(2)} ms/inv  pg ${(r.pg / r.n).toFixed(2)} ms/inv  client ${(r.client / r.n).toFixed(2)}  xacts/inv ${(r.xacts / r.n).toFixed(3)}  load ${l}`,
      );
    }
  }
  for (const [i, s] of servers.entries()) {
    const t = tallies[i]!;
    const n = t.reduce((a, r) => a + r.n, 0);
    const sum = (k: 'ms' | 'server' | 'pg' | 'client') => t.reduce((a, r) => a + r[k], 0);
    console.log(`total ${s.name.padEnd(34)} ${Math.round((n / sum('ms')) * 1000)}/s  serve ${(sum('server') / n).toFixed(2)}  pg ${(sum('pg') / n).toFixed(2)}  client ${(sum('client') / n).toFixed(2)} ms/inv`);
  }
} finally {
  for (const s of servers) {
    await s.stats.end();
    await s.kill();
  }
}
process.exit(0);
