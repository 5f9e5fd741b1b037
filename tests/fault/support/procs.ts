// Child processes of the fault tests: the issuer worker and `serve` servers, each with its output collected so a
// test can wait for a line, read acknowledgements, and grep what the process printed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVE_ENTRY } from '../../support/built';
import { BUSINESS_NOW, SELLER } from './bodies';
import { call } from './http';
import { TEST_SECRET_KEY, testDatabaseKind } from '../../support/fixtures';
import { freshPgDatabase } from '../../support/postgres';

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface Child {
  proc: ChildProcess;
  /** writes a line to the child's stdin */
  send(line: string): void;
  stdout(): string;
  stderr(): string;
  /** resolves with the first stdout line matching (printed before or after the call); rejects when the process exits first or after `ms` */
  waitFor(re: RegExp, ms?: number): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startChild(args: string[], env: Record<string, string> = {}, onLine?: (line: string) => void): Child {
  // TypeScript entry points run through tsx; a prebuilt .mjs bundle runs as it is.
  const loader = args[0]?.endsWith('.mjs') ? [] : ['--import', 'tsx'];
  const proc = spawn(process.execPath, [...loader, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let partial = '';
  const lines: string[] = [];
  const waiters: Array<{ re: RegExp; resolve: (m: RegExpExecArray) => void }> = [];
  proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    partial += chunk;
    const fresh = partial.split('\n');
    partial = fresh.pop()!;
    for (const line of fresh) {
      lines.push(line);
      onLine?.(line);
      for (const w of [...waiters]) {
        const m = w.re.exec(line);
        if (m) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    }
  });
  proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((res) => proc.on('exit', (code, signal) => res(signal ? null : code)));
  proc.stdin!.on('error', () => undefined); // a killed child's closed pipe is expected
  return {
    proc,
    send: (line) => void proc.stdin!.write(`${line}\n`),
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(re, ms = 30_000) {
      for (const line of lines) {
        const m = re.exec(line);
        if (m) return Promise.resolve(m);
      }
      return new Promise((res, rej) => {
        const timer = setTimeout(() => rej(new Error(`no line ${re} within ${ms} ms; stderr: ${err.slice(-2000)}`)), ms);
        waiters.push({ re, resolve: (m) => (clearTimeout(timer), res(m)) });
        void exited.then((code) => {
          clearTimeout(timer);
          rej(new Error(`process exited (${code}) before ${re}; stdout tail: ${out.slice(-500)} stderr: ${err.slice(-2000)}`));
        });
      });
    },
    async kill(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}

/**
 * `npm run serve` as CI runs it, on a port of its own; resolves once it prints where it listens. Its business clock
 * stands at BUSINESS_NOW (the day the bodies are dated by) unless extraEnv sets FOLIO_NOW, and the seller is set up
 * over HTTP (an invoice is numbered only for a complete seller) unless `seller: false`.
 */
export async function startServe(
  dbFile: string,
  apiKey: string,
  extraEnv: Record<string, string> = {},
  options: { seller?: false } = {},
): Promise<Child & { url: string }> {
  // a PostgreSQL URL (serveDatabase in the postgres project) is a team server: `--pg`, with the operator's key
  const database = dbFile.startsWith('postgres://') ? ['--pg', dbFile] : ['--db', dbFile];
  const secret: Record<string, string> = dbFile.startsWith('postgres://') ? { FOLIO_SECRET_KEY: TEST_SECRET_KEY } : {};
  const child = startChild([SERVE_ENTRY, ...database, '--port', '0'], { FOLIO_API_KEY: apiKey, FOLIO_NOW: BUSINESS_NOW, ...secret, ...extraEnv });
  const m = await child.waitFor(/^listening on (http:\/\/\S+)/, 60_000);
  const url = m[1]!;
  if (options.seller !== false) {
    const res = await call(url, 'PUT', '/settings', { key: apiKey, body: { seller: SELLER } });
    if (res.status !== 200) {
      await child.kill();
      throw new Error(`setting up the seller: ${res.status} ${res.text.slice(0, 300)}`);
    }
  }
  return Object.assign(child, { url });
}

/**
 * The database a `serve` child of a test runs on: a file in the test's folder, or in the postgres project a fresh
 * PostgreSQL database (its URL), which startServe passes as `--pg`.
 */
export async function serveDatabase(tmp: { file(name: string): string }, name = 'folio.db'): Promise<string> {
  return testDatabaseKind() === 'postgres' ? freshPgDatabase() : tmp.file(name);
}

export function tempDir(prefix: string): { dir: string; file(name: string): string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `folio-${prefix}-`));
  return { dir, file: (name) => join(dir, name), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A seed from the environment (to replay a failure) or a fresh one; the caller prints it. */
export function seedFrom(envName: string): number {
  const given = process.env[envName];
  return given ? Number(given) : Math.floor(Math.random() * 2 ** 31);
}

/**
 * The issuer worker bundled into one ES module (esbuild, better-sqlite3 left external), so a child starts in a few
 * hundred milliseconds instead of the second or more tsx needs to load ~100 TypeScript modules: the crash test
 * starts 50+ children. FOLIO_FAULT_TSX=1 runs `node --import tsx tests/fault/workers/issuer.ts` instead.
 */
export async function issuerEntry(): Promise<string> {
  if (process.env.FOLIO_FAULT_TSX === '1') return 'tests/fault/workers/issuer.ts';
  const { build } = await import('esbuild');
  const out = join(ROOT, 'node_modules/.cache/folio-fault', `issuer-${process.pid}.mjs`);
  await build({
    entryPoints: [join(ROOT, 'tests/fault/workers/issuer.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    external: ['better-sqlite3', 'saxon-js'], // saxon-js cannot run inside a strict ES module bundle
    // bundled CommonJS dependencies call require(); give the ES module one
    banner: { js: "import { createRequire as __folioRequire } from 'node:module'; const require = __folioRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return out;
}
