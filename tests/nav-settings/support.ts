// What the NAV settings suites share: the way from Folio to the local NAV stand-ins, an answering stand-in for the
// codes the fake NAV never gives, and a Folio server over real HTTP whose requests to NAV's two systems land on
// those stand-ins.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FetchLike } from '../../electron/nav/transport';
import { NAV_BASE_URLS } from '../../electron/nav-settings/systems';
import { startServer, type RunningServer } from '../../electron/server/start';
import type { NavSystem } from '../../shared/contract/areas/nav';
import { FAST } from '../nav/queue-rig';

/**
 * Where NAV's test and production systems are reached: Folio asks for NAV's real addresses, and this fetch sends
 * each to the stand-in set for its system now (a test may move it mid-way, e.g. to a closed port).
 */
export function navRoute() {
  const targets: Partial<Record<NavSystem, string>> = {};
  const fetch: FetchLike = (url, init) => {
    for (const system of ['test', 'production'] as const) {
      const base = NAV_BASE_URLS[system];
      if (url.startsWith(`${base}/`)) {
        const target = targets[system];
        if (!target) return Promise.reject(new Error(`test: no stand-in for NAV's ${system} system`));
        return globalThis.fetch(target + url.slice(base.length), init);
      }
    }
    return globalThis.fetch(url, init);
  };
  return {
    fetch,
    set(system: NavSystem, baseUrl: string) {
      targets[system] = baseUrl;
    },
  };
}

/** An address nothing listens on: a port taken, then given back. */
export async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/invoiceService/v3`;
}

/** A stand-in that answers every request with NAV's GeneralErrorResponse carrying `code` (as NAV words it). */
export async function startAnsweringNav(code: string, status = 400): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<GeneralErrorResponse xmlns="http://schemas.nav.gov.hu/OSA/3.0/api" xmlns:common="http://schemas.nav.gov.hu/NTCA/1.0/common">
  <common:header><common:requestId>ANSWER1</common:requestId><common:timestamp>${new Date().toISOString()}</common:timestamp><common:requestVersion>3.0</common:requestVersion><common:headerVersion>1.0</common:headerVersion></common:header>
  <common:result><common:funcCode>ERROR</common:funcCode><common:errorCode>${code}</common:errorCode><common:message>${code} (stand-in)</common:message></common:result>
</GeneralErrorResponse>`;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status, { 'Content-Type': 'application/xml; charset=UTF-8' }).end(xml));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/invoiceService/v3`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const API_KEY = 'nav-settings-key';

/** The fake NAV's technical user (tests/nav/fake-nav-server.ts defaults) as the settings screen takes it. */
export const TECH_USER = {
  login: 'folio0test',
  password: 'Titkos-jelszo-1',
  signature_key: 'ac-ac3a-7f661bff7d342N43CYX4U9FG',
  exchange_key: 'ABCDEF0123456789',
  tax_number: '12345676',
  system: 'test' as NavSystem,
};

export interface NavFolio {
  server: RunningServer;
  dbFile: string;
  route: ReturnType<typeof navRoute>;
  /** POST /rpc/<name>: the status and the parsed body, whatever they are */
  rpc(name: string, input?: unknown): Promise<{ status: number; body: any; text: string }>;
  /** the same, failing unless it succeeded; resolves with `data` */
  call<T = any>(name: string, input?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** A Folio server (npm run serve's wiring) on a fresh database file, NAV reached through `navRoute`. */
export async function startNavFolio(env: Record<string, string> = {}): Promise<NavFolio> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-navs-'));
  const dbFile = join(dir, 'folio.sqlite');
  const route = navRoute();
  const server = await startServer({ dbFile, port: 0, auth: { apiKey: API_KEY }, env, fetch: route.fetch, navTuning: FAST });
  async function rpc(name: string, input: unknown = {}) {
    const res = await fetch(`${server.url}/rpc/${name}`, {
      method: 'POST',
      headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text), text };
  }
  return {
    server,
    dbFile,
    route,
    rpc,
    async call(name, input) {
      const res = await rpc(name, input);
      if (res.status !== 200 || !res.body.success) throw new Error(`${name}: ${res.status} ${res.text}`);
      return res.body.data;
    },
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls until `probe` answers something truthy (the reporter works in the background), or fails after `ms`. */
export async function until<T>(probe: () => Promise<T>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
