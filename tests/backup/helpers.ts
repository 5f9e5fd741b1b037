// Test helpers for backups, restores and exports: temporary folders, a core on a database file, invoices issued
// through the core, and a child process that issues invoices in a loop (a second process writing meanwhile).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { createCore, type Core } from '../../electron/core/index';
import { fixedClock, type Clock } from '../../electron/core/clock';
import { openDatabase, type OpenedDatabase } from '../../electron/db/open';
import { FOLIO_ENTRY } from '../support/built';
import { seedSeller } from '../support/fixtures';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO = join(here, '..', '..');

export function tempDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'folio-backup-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Live {
  file: string;
  opened: OpenedDatabase;
  core: Core;
  close(): Promise<void>;
}

/**
 * A core on a database file. A file without a seller gets the tests' one (an invoice is numbered only for a complete
 * seller); a file that has one (reopened, restored) is left as it is, so reopening writes nothing.
 */
export async function openLive(file: string, clock: Clock = fixedClock('2026-03-15T10:00:00+01:00')): Promise<Live> {
  const opened = await openDatabase(file);
  const core = await createCore({ db: opened.db, clock });
  const { seller } = await core.call('settings.get', {});
  if (!seller.name.trim()) await seedSeller(core);
  return { file, opened, core, close: () => opened.close() };
}

/** The buyer of this suite's invoices (tests/support/fixtures.ts). */
export { createBuyer as createClient } from '../support/fixtures';

export interface Issued {
  id: number;
  no: string;
}

export async function issue(core: Core, clientId: number, over: Record<string, unknown> = {}): Promise<Issued> {
  const created = (await core.call('invoices.create', {
    client_uid: clientId,
    payment_method: 2,
    currency: 'HUF',
    type: 3,
    fulfillment_date: '2026-03-15',
    due_date: '2026-03-23',
    items: [{ description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: 1000 }],
    ...over,
  } as never)) as { id: number; attributes: { prefixed_invoice_no: string } };
  return { id: created.id, no: created.attributes.prefixed_invoice_no };
}

/** Rows of a query on a file, through a plain read-only connection. */
export function query<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function integrity(file: string): string {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

/** A second process issuing invoices through the core in a loop; each committed invoice arrives as one line. */
export class Issuer {
  readonly committed: Issued[] = [];
  private readonly child: ChildProcess;
  private stderr = '';
  readonly exited: Promise<number | null>;

  constructor(file: string) {
    this.child = spawn(process.execPath, ['--import', 'tsx', join(here, 'issuer-child.ts'), file], {
      cwd: REPO,
      // closing its stdin is the stop signal (a signal could arrive before the child's handler exists)
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let buffer = '';
    this.child.stdout!.on('data', (d: Buffer) => {
      buffer += d.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('{')) this.committed.push(JSON.parse(line) as Issued);
      }
    });
    this.child.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  async waitFor(n: number, timeoutMs = 30_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (this.committed.length < n) {
      if (Date.now() > end) throw new Error(`issuer committed ${this.committed.length} of ${n}; stderr: ${this.stderr}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async stop(): Promise<void> {
    this.child.stdin!.end();
    const killer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(killer);
  }
}

/** Runs the CLI as a user would: `npm run folio -- …` (its bundle, FOLIO_ENTRY). */
export function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FOLIO_ENTRY, ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, '') }));
  });
}
