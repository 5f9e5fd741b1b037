// A real Folio server for the data area's API tests: its own temp folder (database, backup folder), a business
// clock the test moves, a data clock for backup names and the schedule, and the /rpc door as the UI calls it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../electron/core/clock';
import { startServer, type RunningServer } from '../../electron/server/start';

export const KEY = 'data-test-key';

export interface Reply<T = any> {
  status: number;
  body: { success: boolean; data: T; code?: string; error?: string; errors?: Array<{ field: string; message: string }> };
}

export interface DataRig {
  dir: string;
  dbFile: string;
  server: RunningServer;
  business: ManualClock;
  dataClock: ManualClock;
  rpc<T = any>(name: string, input?: unknown): Promise<Reply<T>>;
  /** the operation's output, failing loudly on an error envelope */
  ok<T = any>(name: string, input?: unknown): Promise<T>;
  get(path: string): Promise<Response>;
  close(): Promise<void>;
}

/** `env`: the server's environment (FOLIO_SMTP_URL for a test SMTP server); `accountantMailPartBytes`: a small split. */
export async function startDataRig(options: { checkEveryMs?: number; env?: Record<string, string>; accountantMailPartBytes?: number } = {}): Promise<DataRig> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-data-'));
  const dbFile = join(dir, 'folio.sqlite');
  const business = new ManualClock('2026-03-10T09:00:00Z');
  const dataClock = new ManualClock('2026-03-10T11:00:00Z');
  const server = await startServer({
    dbFile,
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
    dbFile,
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
