// A real Folio server for the data area's API tests: its own temp folder (database, backup folder), a business
// clock the test moves, a data clock for backup names and the schedule, and the /rpc door as the UI calls it. The
// same rig stands on a PostgreSQL database (the team server) with `startPgDataRig`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { expect } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../electron/core/clock';
import { startServer, type RunningServer } from '../../electron/server/start';

export const KEY = 'data-test-key';

export interface Reply<T = any> {
  status: number;
  body: { success: boolean; data: T; code?: string; error?: string; errors?: Array<{ field: string; message: string }> };
}

/** What a data test does with a server, whichever database it stands on. */
export interface ServerRig {
  /** the rig's temp folder (export jobs work in exports-work/) */
  dir: string;
  server: RunningServer;
  business: ManualClock;
  dataClock: ManualClock;
  rpc<T = any>(name: string, input?: unknown): Promise<Reply<T>>;
  /** the operation's output, failing loudly on an error envelope */
  ok<T = any>(name: string, input?: unknown): Promise<T>;
  get(path: string): Promise<Response>;
  close(): Promise<void>;
}

export interface DataRig extends ServerRig {
  dbFile: string;
}

export interface PgDataRig extends ServerRig {
  pgUrl: string;
}

type RigOptions = { checkEveryMs?: number; env?: Record<string, string>; accountantMailPartBytes?: number };

/** `env`: the server's environment (FOLIO_SMTP_URL for a test SMTP server); `accountantMailPartBytes`: a small split. */
export async function startDataRig(options: RigOptions = {}): Promise<DataRig> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-data-'));
  const dbFile = join(dir, 'folio.sqlite');
  return { ...(await startRig(dir, { dbFile }, options)), dbFile };
}

/** The team server: the same rig on a PostgreSQL database (an empty one from freshPgDatabase()). */
export async function startPgDataRig(pgUrl: string, options: RigOptions = {}): Promise<PgDataRig> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-data-pg-'));
  // a server on PostgreSQL seals its secrets with the operator's key, and fetches no exchange rates in a test
  const env = { FOLIO_SECRET_KEY: randomBytes(32).toString('base64'), FOLIO_RATES_PREFETCH: 'off', ...options.env };
  return { ...(await startRig(dir, { pgUrl }, { ...options, env })), pgUrl };
}

async function startRig(dir: string, database: { dbFile: string } | { pgUrl: string }, options: RigOptions): Promise<ServerRig> {
  const business = new ManualClock('2026-03-10T09:00:00Z');
  const dataClock = new ManualClock('2026-03-10T11:00:00Z');
  const server = await startServer({
    ...database,
    port: 0,
    auth: { apiKey: KEY },
    clock: business,
    ...(options.env ? { env: options.env } : {}),
    data: {
      ...(options.accountantMailPartBytes ? { accountantMailPartBytes: options.accountantMailPartBytes } : {}),
      clock: dataClock,
      workDir: join(dir, 'exports-work'),
      ...(options.checkEveryMs ? { schedule: { checkEveryMs: options.checkEveryMs, firstCheckMs: options.checkEveryMs } } : {}),
    },
  });
  const rpc = async <T>(name: string, input: unknown = {}): Promise<Reply<T>> => {
    const res = await fetch(`${server.url}/rpc/${name}`, {
      method: 'POST',
      headers: { 'X-API-KEY': KEY, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    return { status: res.status, body: (await res.json()) as Reply<T>['body'] };
  };
  return {
    dir,
    server,
    business,
    dataClock,
    rpc,
    async ok<T>(name: string, input: unknown = {}) {
      const r = await rpc<T>(name, input);
      if (r.status !== 200 || !r.body.success) throw new Error(`${name}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data;
    },
    get: (path) => fetch(`${server.url}${path}`, { headers: { 'X-API-KEY': KEY } }),
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` gives a value (not undefined), or fails after `ms`. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts an export, polls it to the end (checking the progress on the way), and downloads the file. */
export async function exportFile(r: ServerRig, input: Record<string, unknown>): Promise<{ job: any; filename: string; body: Buffer; type: string }> {
  const started = await r.ok('data.exportStart', input);
  expect(started).toMatchObject({ state: 'running', format: input.format, date_from: input.date_from, date_to: input.date_to });
  const job = await until('the export', async () => {
    const s = await r.ok('data.exportStatus', { job: started.job });
    expect(s.done).toBeLessThanOrEqual(s.total);
    return s.state === 'running' ? undefined : s;
  });
  expect(job.error).toBeNull();
  expect(job.state).toBe('done');
  expect(job.done).toBe(job.total);
  const res = await r.get(`/data/exports/${job.job}/file`);
  expect(res.status).toBe(200);
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)![1]!);
  const body = Buffer.from(await res.arrayBuffer());
  expect(body.length).toBe(job.bytes);
  return { job, filename, body, type: res.headers.get('content-type') ?? '' };
}
