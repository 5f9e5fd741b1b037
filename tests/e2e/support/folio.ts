// A real Folio server per test file (in-process, fresh database in a temp folder, fixed business clock), and the
// steps every UI test starts with. Browser mode: the UI is served by the server and talks to it over /rpc.
// `startPgFolio` is the team server: the same, on a fresh PostgreSQL database (tests/support/postgres.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { fixedClock } from '../../../electron/core/clock';
import { createCore } from '../../../electron/core/index';
import { openDatabase } from '../../../electron/db/open';
import { buildServer } from '../../../electron/server/app';
import { startServer, type RunningServer, type StartOptions } from '../../../electron/server/start';
import { freshPgDatabase } from '../../support/postgres';

export const API_KEY = 'test-key';
export const NOW = '2026-11-22T09:00:00Z';
// @fastify/static wants an absolute root; `npm test` builds the UI here first (pretest).
export const UI_DIR = resolve('dist/renderer');

export interface Folio {
  server: RunningServer;
  url: string;
  dbFile: string;
  stop(): Promise<void>;
}

/** What a test may add to the server it starts: its environment, the way to outside services, NAV's timings. */
export type FolioOptions = Pick<StartOptions, 'env' | 'fetch' | 'navTuning' | 'clock'>;

export async function startFolio(prepare?: (dbFile: string) => Promise<void> | void, options: FolioOptions = {}): Promise<Folio> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-e2e-'));
  const dbFile = join(dir, 'folio.sqlite');
  if (prepare) await prepare(dbFile);
  // No exchange-rate prefetch to the real MNB from a test's server (a test that wants rates points FOLIO_RATES_URL
  // at its fake and may turn it back on).
  const env = { FOLIO_RATES_PREFETCH: 'off', ...options.env };
  const server = await startServer({ dbFile, port: 0, auth: { apiKey: API_KEY }, now: NOW, uiDir: UI_DIR, ...options, env });
  return {
    server,
    url: server.url,
    dbFile,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Folio on PostgreSQL: what the UI shows on a team server. */
export interface PgFolio extends Omit<Folio, 'dbFile'> {
  pgUrl: string;
}

export async function startPgFolio(options: FolioOptions = {}): Promise<PgFolio> {
  const pgUrl = await freshPgDatabase();
  // the operator's key seals the server's secrets (a server on PostgreSQL has no key file beside a database file)
  const env = { FOLIO_RATES_PREFETCH: 'off', FOLIO_SECRET_KEY: randomBytes(32).toString('base64'), ...options.env };
  const server = await startServer({ pgUrl, port: 0, auth: { apiKey: API_KEY }, now: NOW, uiDir: UI_DIR, ...options, env });
  return { server, url: server.url, pgUrl, stop: () => server.close() };
}

/**
 * The real HTTP door over a core built with none of the optional parts — no PDF renderer, no sync, no mail, no NAV
 * queue — as a build of Folio without them answers: their operations are refused with `not_available` (HTTP 501).
 */
export async function startBareFolio(): Promise<Folio> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-e2e-bare-'));
  const dbFile = join(dir, 'folio.sqlite');
  const opened = await openDatabase(dbFile);
  const core = await createCore({ db: opened.db, clock: fixedClock(NOW) });
  const app = await buildServer({ core, auth: { apiKey: API_KEY }, uiDir: UI_DIR });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return {
    server: { url: `http://127.0.0.1:${port}`, core, close: () => app.close() },
    url: `http://127.0.0.1:${port}`,
    dbFile,
    async stop() {
      await app.close();
      await opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens the UI and enters the API key on the key screen, as a user does once per browser session. */
export async function signIn(page: Page, folio: Folio, hash = '#/'): Promise<void> {
  await page.goto(`${folio.url}/${hash}`);
  await page.getByLabel('API-kulcs').fill(API_KEY);
  await page.getByRole('button', { name: 'Belépés' }).click();
  await expect(page.getByRole('navigation', { name: 'Fő menü' })).toBeVisible();
}

/** Skips the key screen for tests about something else: the key is in sessionStorage before the page loads. */
export async function withKey(page: Page): Promise<void> {
  await page.addInitScript((key) => sessionStorage.setItem('folio.apiKey', key), API_KEY);
}

/** Collects console errors and page errors; a test asserts none happened (CSP violations show up here too). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // A refused request (400 for a bad field, 401 for a wrong key) is the UI's expected path; the browser still
    // logs it as a failed resource. Everything else — CSP violations, exceptions, 5xx — counts.
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) {
      errors.push(`console: ${m.text()}`);
    }
  });
  return errors;
}

export async function setSeller(folio: Pick<Folio, 'server'>, name = 'Minta Bt.'): Promise<void> {
  await folio.server.core.call('settings.update', {
    seller: {
      name,
      taxcode: '12345676-2-41',
      address: { postcode: '1051', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'Magyarország' },
    },
  });
}

export async function addClient(folio: Pick<Folio, 'server'>, name = 'Vevő Kft.'): Promise<number> {
  const client = await folio.server.core.call('clients.create', {
    name,
    taxcode: '11111111-2-41',
    tax_type: 'HAS_TAX_NUMBER',
    email: 'szamla@vevo.example',
    billing_address: { postcode: '6720', city: 'Szeged', street_name: 'Kárász', street_type: 'utca', house_nr: '5', country: 'Magyarország' },
  });
  return client.id;
}

/** An operation by name on a Folio's /rpc door (what the UI calls), failing loudly with the node's envelope. */
export async function rpcOn<T = any>(url: string, key: string, name: string, input: unknown = {}): Promise<T> {
  const res = await fetch(`${url}/rpc/${name}`, {
    method: 'POST',
    headers: { 'X-API-KEY': key, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { success: boolean; data: T };
  if (!res.ok || !body.success) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}
