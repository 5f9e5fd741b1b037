// The nodes of the sync tests: remotes are real `serve` processes (killable with SIGKILL), devices are whole
// runtimes (createRuntime, as the desktop builds them) on their own database files in this process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fixedClock } from '../../../electron/core/clock';
import { openDatabase, type OpenedDatabase } from '../../../electron/db/open';
import { createRuntime, type Runtime } from '../../../electron/runtime/runtime';
import { startServer, type RunningServer } from '../../../electron/server/start';
import { SERVE_ENTRY } from '../../support/built';
import { seedSeller, TEST_SELLER } from '../../support/fixtures';
import type { SyncServiceOptions } from '../../../electron/sync/service';
import { isPostgresUrl } from './digest';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const NOW = '2026-03-15T10:00:00+01:00';
export const API_KEY = 'sync-test-key-0123456789abcdef';

export function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `folio-sync-${prefix}-`));
  return { dir, file: (name: string) => join(dir, name), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RemoteProcess {
  url: string;
  /** the remote's database: a SQLite file, or a PostgreSQL URL (snapshotFile reads either) */
  file: string;
  proc: ChildProcess;
  stderr(): string;
  /** SIGKILL: no cleanup, no flush — a power cut for the remote */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** The secret key of PostgreSQL remotes (a team server needs one; every process of one remote shares it). */
const PG_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * `npm run serve -- --db <file> --port <port>` (its bundle) with FOLIO_API_KEY; resolves when listening. A
 * `postgres://` URL instead of a file starts it with `--pg` on that database (the team server). Its seller is
 * TEST_SELLER (set over HTTP, settings are a node's own and never sync), since whatever is issued on the remote itself
 * needs one; `seller: false` leaves it as a fresh installation. A restart on the same file keeps the seller it has.
 */
export async function startRemote(
  file: string,
  options: { port?: number; apiKey?: string; env?: Record<string, string>; seller?: false } = {},
): Promise<RemoteProcess> {
  const database = isPostgresUrl(file) ? ['--pg', file] : ['--db', file];
  const proc = spawn(process.execPath, [SERVE_ENTRY, ...database, '--port', String(options.port ?? 0)], {
    cwd: ROOT,
    env: { ...process.env, FOLIO_API_KEY: options.apiKey ?? API_KEY, FOLIO_NOW: NOW, ...(isPostgresUrl(file) ? { FOLIO_SECRET_KEY: PG_SECRET_KEY } : {}), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<void>((res) => proc.once('exit', () => res()));
  proc.stderr!.setEncoding('utf8').on('data', (c: string) => (err += c));
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`serve did not start in 60 s: ${err.slice(-2000)}`)), 60_000);
    proc.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        res(m[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      rej(new Error(`serve exited before listening: ${err.slice(-2000)}`));
    });
  });
  if (options.seller !== false) {
    const res = await fetch(`${url}/settings`, {
      method: 'PUT',
      headers: { 'X-API-KEY': options.apiKey ?? API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ seller: TEST_SELLER }),
    });
    if (res.status !== 200) {
      proc.kill('SIGKILL');
      throw new Error(`setting the remote's seller failed: HTTP ${res.status} ${await res.text()}`);
    }
  }
  return {
    url,
    file,
    proc,
    stderr: () => err,
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A remote in this process (real HTTP on 127.0.0.1, port 0) on its own file, with TEST_SELLER as its seller: whatever
 * is issued on the remote itself needs one. `seller: false` leaves it as a fresh installation.
 */
export async function startLocalRemote(file: string, options: { publicKey?: string; seller?: false } = {}): Promise<RunningServer> {
  const remote = await startServer({ dbFile: file, port: 0, auth: { apiKey: API_KEY, ...(options.publicKey ? { publicKey: options.publicKey } : {}) }, now: NOW });
  if (options.seller !== false) await seedSeller(remote.core);
  return remote;
}

export interface Device {
  name: string;
  file: string;
  runtime: Runtime;
  opened: OpenedDatabase;
  close(): Promise<void>;
}

/**
 * A desktop's core and sync service on its own file; the background workers are not started unless asked. Its seller
 * is TEST_SELLER (a device numbers its own invoices, so it needs one); `seller: false` leaves it unset.
 */
export async function openDevice(
  name: string,
  file: string,
  sync: Omit<SyncServiceOptions, 'core'> = {},
  options: { seller?: false } = {},
): Promise<Device> {
  const opened = await openDatabase(file);
  const runtime = await createRuntime({ db: opened.db, clock: fixedClock(NOW), env: {}, sync: { requestTimeoutMs: 10_000, ...sync } });
  if (options.seller !== false) await seedSeller(runtime.core);
  return {
    name,
    file,
    runtime,
    opened,
    async close() {
      await runtime.stop();
      await opened.close();
    },
  };
}

/** Points a device at a remote and switches sync on. */
export async function configure(d: Device, url: string, extra: Record<string, unknown> = {}) {
  return d.runtime.core.call('sync.configure', { base_url: url, api_key: API_KEY, device_name: d.name, enabled: true, ...extra });
}

/** One round; throws with the status's error when the round failed. */
export async function syncOk(d: Device) {
  const s = await d.runtime.core.call('sync.now', {});
  if (s.last_error) throw new Error(`${d.name}: ${s.last_error}`);
  return s;
}

/** Rounds on every device, in turn, until a whole pass moves nothing (bounded). */
export async function syncUntilQuiet(devices: Device[], maxPasses = 6): Promise<number> {
  for (let pass = 1; pass <= maxPasses; pass++) {
    let moved = 0;
    for (const d of devices) {
      const r = await d.runtime.sync.runOnce();
      const s = await d.runtime.core.call('sync.status', {});
      if (s.last_error) throw new Error(`${d.name}: ${s.last_error}`);
      moved += (r?.pulled ?? 0) + (r?.pushedUnits ?? 0);
    }
    if (moved === 0) return pass;
  }
  throw new Error(`still moving changes after ${maxPasses} passes`);
}

/**
 * Joins a remote as a device over plain HTTP, the way a device's first sync does, and gives the headers that name
 * and authenticate it from then on.
 */
export async function joinAs(url: string, deviceId: string, prefix: string): Promise<{ headers: Record<string, string>; token: string; blockId: number }> {
  const res = await fetch(`${url}/sync/join`, {
    method: 'POST',
    headers: { 'X-API-KEY': API_KEY, 'X-Folio-Device': deviceId, 'content-type': 'application/json' },
    body: JSON.stringify({ name: prefix, prefix, legacy: [] }),
  });
  const body = (await res.json()) as { data?: { device_token: string | null; block: { id: number } }; error?: string };
  if (res.status !== 200 || !body.data?.device_token) throw new Error(`join as ${deviceId} failed: HTTP ${res.status} ${body.error ?? ''}`);
  const token = body.data.device_token;
  return { headers: { 'X-Folio-Device': deviceId, 'X-Folio-Device-Token': token }, token, blockId: body.data.block.id };
}

/**
 * A remote process and two devices configured against it (a laptop, block LAP, and a desktop, block DESK), closed and
 * removed after `work`, however it ends.
 */
export async function withLaptopAndDesktop<T>(prefix: string, work: (rig: { remote: RemoteProcess; a: Device; b: Device }) => Promise<T>): Promise<T> {
  const tmp = tempDir(prefix);
  let remote: RemoteProcess | undefined;
  const devices: Device[] = [];
  try {
    remote = await startRemote(tmp.file('remote.db'));
    const a = await openDevice('Laptop', tmp.file('a.db'));
    devices.push(a);
    const b = await openDevice('Desktop', tmp.file('b.db'));
    devices.push(b);
    await configure(a, remote.url, { block_prefix: 'LAP' });
    await configure(b, remote.url, { block_prefix: 'DESK' });
    return await work({ remote, a, b });
  } finally {
    for (const d of devices) await d.close().catch(() => undefined);
    await remote?.stop();
    tmp.remove();
  }
}
