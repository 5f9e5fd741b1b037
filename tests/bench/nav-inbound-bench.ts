// NAV inbound benchmark: 1,000 invoices received from suppliers (10 pages of NAV's 100) fetched from the fake NAV by
// insertion date and booked as expenses, through the operation the screen calls (/rpc/navInbound.start) on a
// database file with the production pragmas; `nav_inbound_1k_s` (target ≤ 10 s). A second run finds nothing new and
// books nothing: `nav_inbound_again_s` (target ≤ 1 s). The fake NAV runs in a process of its own (nav-inbound-fake.ts)
// and checks signatures and the request forms but not the schema here (the WebAssembly xmllint takes a second a
// request: the tests validate the forms). `nav_inbound_1k_cpu_s` is the CPU Folio's process spent on the run: on a
// shared machine the wall time is mostly waiting for a core. Setup is not timed.
// With `smoke` 100 invoices in one page.
// Run alone: npx tsx tests/bench/run.ts --only nav-inbound
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../electron/server/start';
import { navEnv, SELLER } from '../nav/queue-rig';

const KEY = 'nav-inbound-bench-key-0123456789';

async function rpc<T>(url: string, name: string, input: unknown): Promise<T> {
  const res = await fetch(`${url}/rpc/${name}`, { method: 'POST', headers: { 'X-API-KEY': KEY, 'content-type': 'application/json' }, body: JSON.stringify(input) });
  const body = (await res.json()) as { success: boolean; data: T };
  if (!res.ok || !body.success) throw new Error(`${name}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return body.data;
}

const round = (s: number) => Math.round(s * 1000) / 1000;

export async function run(options: { smoke?: boolean } = {}): Promise<Record<string, number>> {
  const count = options.smoke ? 100 : 1000;
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-navin-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'nav-inbound-fake.ts'), String(count)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^NAV (\S+) (\d+)$/m.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the fake NAV ended (${code})`)));
  });
  const nav = { baseUrl, close: () => new Promise<void>((resolve) => (child.on('exit', () => resolve()), child.stdin!.end())) };
  const server = await startServer({
    dbFile: join(dir, 'folio.sqlite'),
    port: 0,
    auth: { apiKey: KEY },
    now: '2025-01-20T12:00:00+01:00',
    env: { ...navEnv(nav.baseUrl), FOLIO_RATES_PREFETCH: 'off', FOLIO_NAV_INBOUND_FIRST_MS: '3600000' },
  });
  try {
    await server.core.call('settings.update', { seller: SELLER } as never);
    let started = performance.now();
    const cpu = process.cpuUsage();
    const first = await rpc<{ booked: number; pages: number }>(server.url, 'navInbound.start', { start_date: '2025-01-01' });
    const firstS = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuS = (used.user + used.system) / 1e6;
    if (first.booked !== count) throw new Error(`booked ${first.booked} of ${count}`);
    started = performance.now();
    const again = await rpc<{ booked: number }>(server.url, 'navInbound.run', {});
    const againS = (performance.now() - started) / 1000;
    if (again.booked !== 0) throw new Error(`the second run booked ${again.booked}`);
    return { nav_inbound_1k_s: round(firstS), nav_inbound_1k_cpu_s: round(cpuS), nav_inbound_1k_pages: first.pages, nav_inbound_again_s: round(againS) };
  } finally {
    await server.close();
    await nav.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
