// Diagnosis only (issue 41): `serve` under --cpu-prof answering N creates of one door, to compare where v2's and
// v3's creates spend their time. node --import tsx tests/bench/v3-profile.ts <v2|v3> <n> <profile dir>
import { ensureNodeBuilt } from '../../scripts/build-node.mjs';
import { call } from '../fault/support/http';
import { startChild, tempDir } from '../fault/support/procs';
import { SERVE_ENTRY } from '../support/built';
import { BUSINESS_NOW, SELLER } from '../fault/support/bodies';
import { createBodies } from './v3-bodies';

const [door = 'v3', n = '500', dir = '/tmp'] = process.argv.slice(2);
const KEY = 'core-bench-key-0123456789abcdef';
await ensureNodeBuilt();
const tmp = tempDir('v3-profile');
const child = startChild(['--cpu-prof', `--cpu-prof-dir=${dir}`, SERVE_ENTRY, '--db', tmp.file('folio.db'), '--port', '0'], { FOLIO_API_KEY: KEY, FOLIO_NOW: BUSINESS_NOW });
const server = Object.assign(child, { url: (await child.waitFor(/^listening on (http:\/\/\S+)/, 60_000))[1]! });
await call(server.url, 'PUT', '/settings', { key: KEY, body: { seller: SELLER } });
try {
  const { v2, v3 } = await createBodies(server.url, KEY);
  // door 'both': bursts of each in turn on the one server, as the core section measures them
  const burst = async (path: string, body: unknown, total: number) => {
    let sent = 0;
    const t = performance.now();
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (sent < total) {
        sent++;
        const res = await call(server.url, 'POST', path, { key: KEY, body });
        if (res.status !== 200 && res.status !== 201) throw new Error(`${res.status} ${res.text.slice(0, 200)}`);
      }
    }));
    return Math.round((sent / (performance.now() - t)) * 1000);
  };
  // PREFILL=n: n v2 creates first, as the core section makes before it measures
  if (process.env.PREFILL) console.log(`prefill v2 ${await burst('/invoices', v2, Number(process.env.PREFILL))}/s`);
  if (door === 'both') {
    for (let round = 0; round < 3; round++) {
      console.log(`v2 ${await burst('/invoices', v2, Number(n))}/s, v3 ${await burst('/v3/documents', v3, Number(n))}/s`);
    }
  } else console.log(`${door}: ${await burst(door === 'v2' ? '/invoices' : '/v3/documents', door === 'v2' ? v2 : v3, Number(n))}/s`);
} finally {
  await server.kill('SIGINT');
  tmp.remove();
}
