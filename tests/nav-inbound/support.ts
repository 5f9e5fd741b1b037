// What the inbound suites share: the fake NAV with the invoices suppliers reported to the business, and a Folio
// server (npm run serve's wiring) on a fresh database file whose technical user is the fake's (FOLIO_NAV_*), on a
// business clock the test moves by hand.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../electron/core/clock';
import type { FetchLike } from '../../electron/nav/transport';
import { startServer, type RunningServer } from '../../electron/server/start';
import { startFakeNav, type FakeNav, type FakeNavOptions } from '../nav/fake-nav-server';
import { invoiceDataXml, type YearDocument } from '../nav/inbound-fixtures';
import { FAST, navEnv, SELLER } from '../nav/queue-rig';

export const API_KEY = 'nav-inbound-key';

export interface InboundFolio {
  nav: FakeNav;
  server: RunningServer;
  clock: ManualClock;
  dbFile: string;
  dir: string;
  /** POST /rpc/<name>: status and parsed body */
  rpc(name: string, input?: unknown): Promise<{ status: number; body: any }>;
  call<T = any>(name: string, input?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** NAV's data for each document, as its supplier reported it. */
export function holdAll(nav: FakeNav, docs: YearDocument[]): void {
  for (const d of docs) nav.inbound.add(invoiceDataXml(d.invoice), d.insDate, { compress: d.compress, operation: d.operation });
}

export async function startInboundFolio(o: { now?: string; nav?: FakeNavOptions; fetch?: FetchLike; dir?: string; uiDir?: string; apiKey?: string } = {}): Promise<InboundFolio> {
  const nav = await startFakeNav({ validateResponses: true, ...o.nav });
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'folio-navin-'));
  const dbFile = join(dir, 'folio.sqlite');
  const clock = new ManualClock(o.now ?? '2026-02-15T08:00:00Z');
  const server = await startServer({
    dbFile,
    port: 0,
    auth: { apiKey: o.apiKey ?? API_KEY },
    clock,
    ...(o.uiDir ? { uiDir: o.uiDir } : {}),
    // the daily run stays out of the way: the tests run it themselves
    env: { ...navEnv(nav.baseUrl), FOLIO_RATES_PREFETCH: 'off', FOLIO_NAV_INBOUND_FIRST_MS: '3600000' },
    navTuning: FAST,
    ...(o.fetch ? { fetch: o.fetch } : {}),
  });
  await server.core.call('settings.update', { seller: SELLER } as never);
  async function rpc(name: string, input: unknown = {}) {
    const res = await fetch(`${server.url}/rpc/${name}`, { method: 'POST', headers: { 'X-API-KEY': o.apiKey ?? API_KEY, 'content-type': 'application/json' }, body: JSON.stringify(input) });
    return { status: res.status, body: (await res.json()) as any };
  }
  return {
    nav,
    server,
    clock,
    dbFile,
    dir,
    rpc,
    async call(name, input) {
      const r = await rpc(name, input);
      if (r.status !== 200 || !r.body.success) throw new Error(`${name}: ${r.status} ${JSON.stringify(r.body).slice(0, 800)}`);
      return r.body.data;
    },
    async stop() {
      await server.close();
      await nav.close();
      if (!o.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
