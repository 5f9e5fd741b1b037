// The team server's benchmark: PostgreSQL on loopback (the embedded server the tests use), `serve --pg` processes.
// - pg_http_create_per_s: POST /invoices to one `serve --pg` process, 16 requests in flight, 2,000 creates after a
//   warm-up (target ≥ 1,000). pg_http_create_2proc_per_s: the same 16 clients spread over two processes on the
//   same database (both numbering into one block).
// - pg_sync_50_devices_s: 50 desktops (whole runtimes on their own SQLite files, in this process) join one
//   `serve --pg` remote, each issues 200 invoices in its own block while offline, and all push at once (target ≤ 30 s):
//   from the first request until the remote holds all 10,000. pg_sync_50_devices_round_s: until every device's round
//   ended (each also pulls the others' invoices — on 50 machines in real life, here all on this process's cores);
//   a device whose round failed (a pull past its timeout) runs its next round, one device at a time, as it would on
//   its own schedule (pg_sync_50_devices_rounds_again counts them); checked afterwards: every device finished with
//   nothing pending, every invoice on the remote.
// - pg_round_trips_per_invoice(_16): the statements sent to PostgreSQL per invoice issued in process, one at a time
//   and 16 in flight (roundTrips below).
// - pg_cpu_ms_per_invoice: PostgreSQL's CPU time (all its processes, from /proc: ./pg-cpu.ts) per invoice of the
//   pg_http_create_per_s run; pg_sync_cpu_ms_per_invoice the same over the 50 devices' round (null when the server
//   is not on this machine).
// A smoke run (size.ts): 20 counted, 100 creates; 3 devices of 10 invoices. Run alone: npx tsx tests/bench/pg-bench.ts
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SERVE_ENTRY } from '../support/built';
import { freshPgDatabase } from '../support/postgres';
import { startChild, type Child } from '../fault/support/procs';
import { call } from '../fault/support/http';
import { BUSINESS_NOW, SELLER, benchInvoice, buyerBody } from '../fault/support/bodies';
import { configure, openDevice, startRemote, tempDir, type Device } from '../sync/support/nodes';
import { FULL, sized, type BenchOptions } from './size';
import { openPostgres } from '../../electron/db/pg/open';
import { createCore } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';
import { postmasterOf, serverCpuMs } from './pg-cpu';

const KEY = 'pg-bench-key-0123456789abcdef';
const SECRET = randomBytes(32).toString('base64');

async function servePg(url: string): Promise<Child & { url: string }> {
  const child = startChild([SERVE_ENTRY, '--pg', url, '--port', '0'], { FOLIO_API_KEY: KEY, FOLIO_NOW: BUSINESS_NOW, FOLIO_SECRET_KEY: SECRET, FOLIO_RATES_PREFETCH: 'off' });
  const m = await child.waitFor(/^listening on (http:\/\/\S+)/, 60_000);
  return Object.assign(child, { url: m[1]! });
}

async function burst(urls: string[], body: unknown, total: number, inFlight: number): Promise<number> {
  let sent = 0;
  let failed = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async (_, i) => {
      while (sent < total) {
        sent++;
        const res = await call(urls[i % urls.length]!, 'POST', '/invoices', { key: KEY, body, timeoutMs: 60_000 });
        if (res.status !== 200) failed++;
      }
    }),
  );
  const ms = performance.now() - t;
  if (failed) throw new Error(`${failed} of ${sent} creates failed`);
  return Math.round((sent / ms) * 1000);
}

export async function httpCreate(total = 2000) {
  const url = await freshPgDatabase();
  const a = await servePg(url);
  const b = await servePg(url);
  try {
    await call(a.url, 'PUT', '/settings', { key: KEY, body: { seller: SELLER } });
    const client = await call(a.url, 'POST', '/clients', { key: KEY, body: buyerBody('PG Bench Kft.') });
    const body = benchInvoice((client.body as { data: { id: number } }).data.id);
    await burst([a.url, b.url], body, 100, 16); // warm-up: both processes' code and connections
    const postmaster = await postmasterOf(url);
    const cpuBefore = postmaster === null ? NaN : serverCpuMs(postmaster);
    const pg_http_create_per_s = await burst([a.url], body, total, 16);
    const cpu = postmaster === null ? NaN : (serverCpuMs(postmaster) - cpuBefore) / total;
    const pg_http_create_2proc_per_s = await burst([a.url, b.url], body, total, 16);
    return { pg_http_create_per_s, pg_cpu_ms_per_invoice: Number.isNaN(cpu) ? null : Number(cpu.toFixed(3)), pg_http_create_2proc_per_s };
  } finally {
    await Promise.all([a.kill(), b.kill()]);
  }
}

export async function sync50(DEVICES = 50, PER_DEVICE = 200) {
  const tmp = tempDir('pg-bench');
  const url = await freshPgDatabase();
  const remote = await startRemote(url);
  const devices: Device[] = [];
  try {
    for (let d = 0; d < DEVICES; d++) {
      // the desktop's own request timeout (30 s), not the sync tests' shorter one
      const device = await openDevice(`Gép ${d + 1}`, tmp.file(`device-${d}.db`), { requestTimeoutMs: 30_000 });
      devices.push(device);
      const core = device.runtime.core;
      // joined first (its own block), then a day's work offline in that block
      await configure(device, remote.url, { block_prefix: `G${d + 1}` });
      const joined = await core.call('sync.now', {});
      if (joined.last_error) throw new Error(`device ${d + 1} did not join: ${joined.last_error}`);
      const client = (await core.call('clients.create', { ...buyerBody(`Ügyfél ${d + 1} Kft.`), force: true } as never)).id;
      const batch = [];
      for (let i = 0; i < PER_DEVICE; i++) batch.push(core.call('invoices.create', { ...benchInvoice(client), block_uid: joined.own_block_uid } as never));
      await Promise.all(batch);
    }
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const onRemote = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM invoices WHERE sealed = 1')).rows[0]!.n);
    const postmaster = await postmasterOf(url);
    const cpuBefore = postmaster === null ? NaN : serverCpuMs(postmaster);
    const t = performance.now();
    const rounds = Promise.all(devices.map((d) => d.runtime.core.call('sync.now', {})));
    // Pushed: every device's invoices stored on the remote. Each round then pulls the others' invoices into its
    // device — on 50 machines in real life, here all in this process on the bench's cores — which the round figure adds.
    let pushed: number | null = null;
    let settled = false;
    void rounds.finally(() => (settled = true)).catch(() => undefined);
    while (pushed === null && !settled) {
      if ((await onRemote()) === DEVICES * PER_DEVICE) pushed = (performance.now() - t) / 1000;
      else await new Promise((r) => setTimeout(r, 100));
    }
    let results = await rounds;
    const roundSeconds = (performance.now() - t) / 1000;
    const cpu = postmaster === null ? NaN : (serverCpuMs(postmaster) - cpuBefore) / (DEVICES * PER_DEVICE);
    // A device whose round ended with an error (a pull that waited past its 30 s timeout while this one process
    // applied the other 49 devices' pages) carries on at its next round, as a desktop does on its own schedule: those
    // rounds run one device at a time, counted, and every device must end with nothing pending.
    const unfinished = (r: (typeof results)[number]) => !!r.last_error || r.pending_changes !== 0;
    let again = 0;
    for (let extra = 0; extra < 3 && results.some(unfinished); extra++) {
      const next = [...results];
      for (const [k, r] of results.entries()) {
        if (!unfinished(r)) continue;
        again++;
        next[k] = await devices[k]!.runtime.core.call('sync.now', {});
      }
      results = next;
    }
    const n = await onRemote();
    await db.end();
    console.error(`bench pg: ${DEVICES} devices: pushed ${pushed === null ? 'not all' : `${pushed.toFixed(1)} s`}, rounds ended ${roundSeconds.toFixed(1)} s, ${again} further rounds, ${n} invoices on the remote`);
    const failed = results.filter(unfinished);
    if (failed.length) throw new Error(`${failed.length} devices did not finish: ${failed[0]!.last_error ?? 'changes pending'}`);
    if (n !== DEVICES * PER_DEVICE) throw new Error(`the remote has ${n} invoices, not ${DEVICES * PER_DEVICE}`);
    return {
      pg_sync_50_devices_s: Number((pushed ?? roundSeconds).toFixed(2)),
      pg_sync_50_devices_round_s: Number(roundSeconds.toFixed(2)),
      // the devices' rounds that had to run again (above): 0 when every first round finished
      pg_sync_50_devices_rounds_again: again,
      pg_sync_cpu_ms_per_invoice: Number.isNaN(cpu) ? null : Number(cpu.toFixed(3)),
    };
  } finally {
    for (const d of devices) await d.close().catch(() => undefined);
    await remote.stop();
    tmp.remove();
  }
}

/**
 * Round trips per invoice (issue 41): the statements the core sends PostgreSQL while it issues invoices, counted in
 * this process on pg's client (every statement Kysely and the write queue send is one client.query, one round trip).
 * pg_round_trips_per_invoice: one invoice after another; pg_round_trips_per_invoice_16: 16 in flight, so the
 * queue's shared transactions (one BEGIN, lock and COMMIT for the writes waiting) count in.
 */
export async function roundTrips(total = 200) {
  const url = await freshPgDatabase();
  const opened = await openPostgres(url);
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  let sent = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    sent++;
    return query.apply(this, args);
  };
  try {
    const core = await createCore({ db: opened.db, clock: fixedClock(BUSINESS_NOW) });
    await core.call('settings.update', { seller: SELLER });
    const client = (await core.call('clients.create', buyerBody('PG Bench Kft.'))).id;
    const body = benchInvoice(client);
    for (let i = 0; i < 20; i++) await core.call('invoices.create', body); // prepared statements named, caches warm
    let before = sent;
    for (let i = 0; i < total; i++) await core.call('invoices.create', body);
    const one = (sent - before) / total;
    before = sent;
    await Promise.all(Array.from({ length: 16 }, async () => {
      for (let i = 0; i < Math.ceil(total / 16); i++) await core.call('invoices.create', body);
    }));
    const many = (sent - before) / (16 * Math.ceil(total / 16));
    return { pg_round_trips_per_invoice: Number(one.toFixed(2)), pg_round_trips_per_invoice_16: Number(many.toFixed(2)) };
  } finally {
    proto.query = query;
    await opened.close();
  }
}

export async function run(options: BenchOptions = FULL) {
  const trips = await roundTrips(sized(options, 200, 20));
  console.error(`bench pg: ${JSON.stringify(trips)}`);
  const http = { ...trips, ...(await httpCreate(sized(options, 2000, 100))) };
  console.error(`bench pg: ${JSON.stringify(http)}`); // kept should the sync half fail
  return { ...http, ...(await sync50(sized(options, 50, 3), sized(options, 200, 10))) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run()));
  process.exit(0);
}
