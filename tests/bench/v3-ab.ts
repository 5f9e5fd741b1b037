// Diagnosis only (issue 41): where v3's creates cost more than v2's, and whether a change helped, on a shared
// machine whose load swings from minute to minute. Several `serve` bundles (a copy of dist/node built from the
// commit before a change, say, beside the current one) each answer alternating bursts of v2's POST /invoices and
// v3's POST /v3/documents (the core section's invoice, 16 in flight); every burst reads the server's CPU time from
// /proc beside its wall time, and this process's own (the client's). Bursts stay within v3's 600 a minute.
//   cp -r dist/node dist/node-before   (at the commit before)
//   node --import tsx tests/bench/v3-ab.ts 140 4 dist/node-before/serve.mjs dist/node/serve.mjs
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { call } from '../fault/support/http';
import { startChild, tempDir } from '../fault/support/procs';
import { BUSINESS_NOW, SELLER } from '../fault/support/bodies';
import { createBodies } from './v3-bodies';

const [perBurst = '140', roundsArg = '4', ...entries] = process.argv.slice(2);
const N = Number(perBurst);
const ROUNDS = Number(roundsArg);
const KEY = 'core-bench-key-0123456789abcdef';
/** user + system CPU of a process in ms (/proc/<pid>/stat fields 14 and 15, in clock ticks of 1/100 s) */
const cpuOf = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
type Door = 'v2' | 'v3';
type Tally = { n: number; ms: number; server: number; client: number };

const tmp = tempDir('v3-ab');
const servers: Array<{ name: string; url: string; pid: number; kill: () => Promise<unknown>; bodies: Record<Door, unknown> }> = [];
try {
  for (const [i, entry] of entries.entries()) {
    const child = startChild([entry, '--db', tmp.file(`folio-${i}.db`), '--port', '0'], { FOLIO_API_KEY: KEY, FOLIO_NOW: BUSINESS_NOW });
    const url = (await child.waitFor(/^listening on (http:\/\/\S+)/, 60_000))[1]!;
    await call(url, 'PUT', '/settings', { key: KEY, body: { seller: SELLER } });
    const { v2, v3 } = await createBodies(url, KEY);
    servers.push({ name: `${i}: ${entry}`, url, pid: child.proc.pid!, kill: () => child.kill('SIGINT'), bodies: { v2, v3 } });
  }
  const burst = async (s: (typeof servers)[number], door: Door, total: number): Promise<Tally> => {
    let sent = 0;
    const server0 = cpuOf(s.pid);
    const client0 = process.cpuUsage();
    const t = performance.now();
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (sent < total) {
        sent++;
        const res = await call(s.url, 'POST', door === 'v2' ? '/invoices' : '/v3/documents', { key: KEY, body: s.bodies[door] });
        if (res.status !== 200 && res.status !== 201) throw new Error(`${door}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }));
    const ms = performance.now() - t;
    const client = process.cpuUsage(client0);
    return { n: sent, ms, server: cpuOf(s.pid) - server0, client: (client.user + client.system) / 1000 };
  };
  console.log(`load before ${load()}`);
  // warmed as the core section warms them (v2 far more than v3, whose limit is 600 a minute), then a fresh window
  for (const s of servers) {
    await burst(s, 'v2', 1500);
    await burst(s, 'v3', 400);
  }
  await sleep(61_000);
  const tallies = new Map<string, Tally>();
  const add = (key: string, t: Tally) => {
    const sum = tallies.get(key) ?? { n: 0, ms: 0, server: 0, client: 0 };
    for (const f of ['n', 'ms', 'server', 'client'] as const) sum[f] += t[f];
    tallies.set(key, sum);
  };
  let windowAt = performance.now();
  let inWindow = 0;
  for (let round = 0; round < ROUNDS; round++) {
    if (inWindow + N > 580) {
      await sleep(Math.max(0, 61_000 - (performance.now() - windowAt)));
      windowAt = performance.now();
      inWindow = 0;
    }
    inWindow += N;
    // the order alternates (servers and doors), so a busy minute slows each alike
    for (const s of round % 2 === 0 ? servers : [...servers].reverse()) {
      for (const door of (round % 2 === 0 ? ['v2', 'v3'] : ['v3', 'v2']) as Door[]) add(`${s.name} ${door}`, await burst(s, door, N));
    }
  }
  console.log(`load after ${load()}`);
  for (const s of servers) {
    const a = tallies.get(`${s.name} v2`)!;
    const b = tallies.get(`${s.name} v3`)!;
    const row = (door: Door, t: Tally) =>
      `${door}: ${Math.round((t.n / t.ms) * 1000)}/s, server CPU ${(t.server / t.n).toFixed(3)} ms/create, client CPU ${(t.client / t.n).toFixed(3)} ms/create`;
    console.log(`${s.name}\n  ${row('v2', a)}\n  ${row('v3', b)}`);
    console.log(`  v3_cost_ratio ${((b.n / b.ms) / (a.n / a.ms)).toFixed(3)}; server CPU v2/v3 ${((a.server / a.n) / (b.server / b.n)).toFixed(3)}, v3 − v2 ${((b.server / b.n) - (a.server / a.n)).toFixed(3)} ms`);
  }
} finally {
  for (const s of servers) await s.kill();
  tmp.remove();
}
