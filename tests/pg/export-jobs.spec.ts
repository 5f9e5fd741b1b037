// Export jobs on the team server, shared by its server processes through the database (migration 0036): two
// `startServer({ pgUrl })` servers on one PostgreSQL database stand for two processes behind one address. A job
// started on A is polled and downloaded on B, byte for byte what A gives, while Folio's write lock is held by
// someone else all along (the jobs' bookkeeping never waits for it); a job whose process went silent reads as failed
// on B; jobs a day old are pruned when a job starts and when a server starts.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import type { Core } from '../../electron/core/index';
import { openPostgres, type OpenedPostgres } from '../../electron/db/pg/open';
import { WRITE_LOCK } from '../../electron/db/pg/write';
import type { ExportJobsTable } from '../../electron/db/schema';
import { PROCESS_GONE } from '../../electron/data-ops/shared-export-jobs';
import { startPgDataRig, until, type PgDataRig, type ServerRig } from '../backup/data-rig';
import { unzip } from '../backup/unzip';
import { accountantPackage } from '../reports/accountant-zip';
import { seedYear } from '../reports/vat-year';
import { clientBody, TEST_SELLER } from '../support/fixtures';
import { freshPgDatabase } from '../support/postgres';

const YEAR = { date_from: '2026-01-01', date_to: '2026-12-31' };
const HOUR = 3_600_000;
const CHUNK = 1024;

let rigs: PgDataRig[] = [];
let raw: OpenedPostgres | undefined;
test.afterEach(async () => {
  await Promise.all(rigs.map((r) => r.close()));
  await raw?.close();
  rigs = [];
  raw = undefined;
});

/** Two server processes on one fresh database; A stores files in small pieces so that a file spans several. */
async function twoServers(): Promise<{ a: PgDataRig; b: PgDataRig; url: string }> {
  const url = await freshPgDatabase();
  const a = await startPgDataRig(url, { sharedJobs: { chunkBytes: CHUNK } });
  rigs.push(a);
  const b = await startPgDataRig(url);
  rigs.push(b);
  raw = await openPostgres(url, { migrate: false, max: 2 });
  return { a, b, url };
}

/** Polls a job on `rig` until it ends, checking done ≤ total on the way. */
async function finished(rig: ServerRig, job: string): Promise<any> {
  return until(
    `export ${job}`,
    async () => {
      const s = await rig.ok('data.exportStatus', { job });
      expect(s.done).toBeLessThanOrEqual(s.total);
      return s.state === 'running' ? undefined : s;
    },
    90_000,
  );
}

async function download(rig: ServerRig, job: string): Promise<{ body: Buffer; type: string; filename: string }> {
  const res = await rig.get(`/data/exports/${job}/file`);
  expect(res.status).toBe(200);
  const disposition = res.headers.get('content-disposition') ?? '';
  return {
    body: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type') ?? '',
    filename: decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)![1]!),
  };
}

/** Holds Folio's write lock in a transaction of its own until `release` (what an issue in another process does). */
async function holdWriteLock(db: OpenedPostgres['db']): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holding = db.connection().execute(async (conn) => {
    await sql`BEGIN`.execute(conn);
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(WRITE_LOCK)})`.execute(conn);
    locked();
    await released;
    await sql`ROLLBACK`.execute(conn);
  });
  await isLocked;
  return {
    async release() {
      release();
      await holding;
    },
  };
}

/** A job row as a server process leaves it, written straight into the table. */
function jobRow(id: string, over: Partial<ExportJobsTable>): ExportJobsTable {
  const at = Date.now();
  return {
    error: null,
    filename: null,
    bytes: null,
    content_type: null,
    counts: null,
    email: null,
    started_by_user: null,
    finished_ms: null,
    id,
    format: 'csv',
    date_from: '2026-01-01',
    date_to: '2026-12-31',
    state: 'running',
    done: 3,
    total: 10,
    skipped: '[]',
    started_by: 'API key',
    process: 'elsewhere:4242',
    started_ms: at,
    heartbeat_ms: at,
    ...over,
  };
}

async function jobIds(db: OpenedPostgres['db']): Promise<string[]> {
  return (await db.selectFrom('export_jobs').select('id').orderBy('id').execute()).map((r) => r.id);
}

async function chunkJobs(db: OpenedPostgres['db']): Promise<string[]> {
  return (await db.selectFrom('export_job_chunks').select('job_id').distinct().orderBy('job_id').execute()).map((r) => r.job_id);
}

test('a CSV export and the accountant package started on A are polled and downloaded on B, as A gives them, with the write lock held elsewhere', async () => {
  test.setTimeout(240_000);
  const { a, b } = await twoServers();
  await a.ok('settings.update', { seller: TEST_SELLER });
  const overHttp = { call: (name: string, input: unknown) => a.ok(name, input) } as unknown as Core;
  await seedYear(overHttp, a.business);

  // From here on another "process" holds Folio's write lock: a write waits for it, the export jobs do not.
  const lock = await holdWriteLock(raw!.db);
  let waitingWrite: Promise<unknown> | undefined;
  let writeDone = false;
  try {
    waitingWrite = b.ok('clients.create', clientBody({ name: 'Várakozó Kft.', taxcode: '34567898-2-41' })).finally(() => (writeDone = true));

    const started = await a.ok('data.exportStart', { format: 'csv', ...YEAR, delimiter: ';' });
    expect(started).toMatchObject({ state: 'running', format: 'csv', ...YEAR, filename: null, error: null });
    const csv = await finished(b, started.job);
    expect(csv).toMatchObject({ state: 'done', error: null, filename: 'folio-export-2026-01-01_2026-12-31.zip' });
    expect(csv.done).toBe(csv.total);
    expect(csv.total).toBeGreaterThan(0);
    // A answers the same
    expect(await a.ok('data.exportStatus', { job: started.job })).toEqual(csv);

    const fromB = await download(b, started.job);
    const fromA = await download(a, started.job);
    expect(fromB.body.length).toBe(csv.bytes);
    expect(fromB.body.equals(fromA.body)).toBe(true);
    expect(fromB.type).toBe('application/zip');
    expect(fromB.filename).toBe('folio-export-2026-01-01_2026-12-31.zip');
    const tables = unzip(fromB.body);
    expect([...tables.keys()].sort()).toEqual(['clients.csv', 'expenses.csv', 'invoice_items.csv', 'invoice_payments.csv', 'invoices.csv', 'products.csv']);
    const invoices = parse(tables.get('invoices.csv')!.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Array<Record<string, string>>;
    expect(invoices).toHaveLength(7);
    const clients = parse(tables.get('clients.csv')!.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Array<Record<string, string>>;
    expect(clients.map((c) => c.name).sort()).toEqual(['Alfa Kft.', 'Beta GmbH']);

    // the file is in the database in A's pieces, in order; A's work folder kept nothing of it
    const pieces = await raw!.db.selectFrom('export_job_chunks').select(['seq', 'data']).where('job_id', '=', started.job).orderBy('seq').execute();
    expect(pieces.map((p) => p.seq)).toEqual([...Array(Math.ceil(csv.bytes / CHUNK)).keys()]);
    expect(pieces.length).toBeGreaterThan(1);
    expect(Buffer.concat(pieces.map((p) => Buffer.from(p.data))).equals(fromA.body)).toBe(true);
    expect(existsSync(join(a.dir, 'exports-work', started.job))).toBe(false);
    const row = await raw!.db.selectFrom('export_jobs').selectAll().where('id', '=', started.job).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'done', started_by: 'API key', started_by_user: null, content_type: 'application/zip', bytes: csv.bytes });
    expect(row.process).toMatch(/:\d+$/);
    expect(row.finished_ms).toBeGreaterThanOrEqual(row.started_ms);

    // the accountant package, started on A (POST /exports/accountant), polled and downloaded on B
    const pkg = await accountantPackage(b, YEAR.date_from, YEAR.date_to, a);
    expect(pkg.job.error).toBeNull();
    expect(pkg.job.counts).toMatchObject({ invoices: 7, nav_xml: 7, einvoice_xml: 7 });
    const pkgFromA = await download(a, pkg.job.job);
    expect(pkg.body.equals(pkgFromA.body)).toBe(true);
    expect([...pkg.files.keys()].filter((n) => n.startsWith('szamlak/'))).toHaveLength(7);
    expect([...pkg.files.keys()].filter((n) => n.startsWith('nav/'))).toHaveLength(7);

    // all the while the write waited for the lock
    expect(writeDone).toBe(false);
  } finally {
    await lock.release();
  }
  expect(await waitingWrite).toMatchObject({ attributes: { name: 'Várakozó Kft.' } });
});

test('a running job whose process went silent reads as failed on B, with what to do; one that beat recently still runs', async () => {
  test.setTimeout(120_000);
  const { b } = await twoServers();
  const gone = 'de'.repeat(16);
  const quiet = 'ca'.repeat(16);
  await raw!.db.insertInto('export_jobs').values(jobRow(gone, { heartbeat_ms: Date.now() - 61_000 })).execute();
  await raw!.db.insertInto('export_jobs').values(jobRow(quiet, { heartbeat_ms: Date.now() - 20_000 })).execute();

  const failed = await b.ok('data.exportStatus', { job: gone });
  expect(failed).toMatchObject({ job: gone, state: 'failed', error: PROCESS_GONE, done: 3, total: 10, filename: null });
  expect(PROCESS_GONE).toBe('The server process building this export stopped; start it again');
  const row = await raw!.db.selectFrom('export_jobs').selectAll().where('id', '=', gone).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ state: 'failed', error: PROCESS_GONE });
  expect(row.finished_ms).not.toBeNull();
  expect((await b.get(`/data/exports/${gone}/file`)).status).toBe(404);

  expect(await b.ok('data.exportStatus', { job: quiet })).toMatchObject({ state: 'running', done: 3, total: 10, error: null });
  expect((await b.get(`/data/exports/${quiet}/file`)).status).toBe(404);
  expect((await b.rpc('data.exportStatus', { job: 'ab'.repeat(16) })).status).toBe(404);
});

test('jobs and their files a day old are pruned when a job starts and when a server starts; newer ones stay', async () => {
  test.setTimeout(120_000);
  const { a, b, url } = await twoServers();
  await a.ok('settings.update', { seller: TEST_SELLER });
  const old = '0a'.repeat(16);
  const oldDead = '0b'.repeat(16);
  const recent = '0c'.repeat(16);
  const dayAgo = Date.now() - 25 * HOUR;
  await raw!.db.insertInto('export_jobs').values(jobRow(old, { state: 'done', done: 10, filename: 'folio-export.zip', bytes: 3, content_type: 'application/zip', started_ms: dayAgo - HOUR, heartbeat_ms: dayAgo, finished_ms: dayAgo })).execute();
  await raw!.db.insertInto('export_jobs').values(jobRow(oldDead, { started_ms: dayAgo, heartbeat_ms: dayAgo })).execute();
  await raw!.db.insertInto('export_jobs').values(jobRow(recent, { state: 'done', done: 10, filename: 'folio-export.zip', bytes: 3, content_type: 'application/zip', heartbeat_ms: Date.now() - 2 * HOUR, finished_ms: Date.now() - 2 * HOUR })).execute();
  for (const id of [old, recent]) await raw!.db.insertInto('export_job_chunks').values({ job_id: id, seq: 0, data: Buffer.from('abc') }).execute();
  expect((await download(b, recent)).body.toString()).toBe('abc');

  // a new job on B: the day-old ones go, with their pieces
  const started = await b.ok('data.exportStart', { format: 'json', ...YEAR });
  expect(await jobIds(raw!.db)).toEqual([recent, started.job].sort());
  expect(await chunkJobs(raw!.db)).not.toContain(old);
  expect((await b.rpc('data.exportStatus', { job: old })).status).toBe(404);
  expect((await b.get(`/data/exports/${old}/file`)).status).toBe(404);
  expect((await finished(a, started.job)).state).toBe('done');
  expect(await chunkJobs(raw!.db)).toEqual([recent, started.job].sort());

  // a server starting prunes too, with no export asked for
  const stale = '0d'.repeat(16);
  await raw!.db.insertInto('export_jobs').values(jobRow(stale, { state: 'failed', error: 'x', heartbeat_ms: dayAgo, finished_ms: dayAgo })).execute();
  const c = await startPgDataRig(url);
  rigs.push(c);
  await until('the prune of a starting server', async () => ((await jobIds(raw!.db)).includes(stale) ? undefined : true));
  expect(await jobIds(raw!.db)).toEqual([recent, started.job].sort());
  expect(readdirSync(join(b.dir, 'exports-work'))).toEqual([]);
});

test('the job records who started it: an accountant signed in with their own key, who polls and downloads it on the other server', async () => {
  test.setTimeout(120_000);
  const { a, b } = await twoServers();
  await a.ok('settings.update', { seller: TEST_SELLER });
  const user = await a.ok('users.create', { name: 'Kovács Anna', role: 'accountant' });
  const key = (await a.ok('users.createKey', { id: user.id })).secret as string;
  const asAccountant = (rig: ServerRig, path: string, body?: unknown) =>
    fetch(`${rig.server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'X-API-KEY': key, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const started = ((await (await asAccountant(b, '/rpc/data.exportStart', { format: 'json', ...YEAR })).json()) as { data: { job: string } }).data;
  const job = await until('the export', async () => {
    const s = ((await (await asAccountant(a, '/rpc/data.exportStatus', { job: started.job })).json()) as { data: { state: string; bytes: number } }).data;
    return s.state === 'running' ? undefined : s;
  });
  expect(job.state).toBe('done');
  const file = await asAccountant(a, `/data/exports/${started.job}/file`);
  expect(file.status).toBe(200);
  const body = Buffer.from(await file.arrayBuffer());
  expect(body.length).toBe(job.bytes);
  expect(JSON.parse(body.toString('utf8'))).toMatchObject({ version: 1, counts: { invoices: 0, clients: 0 }, invoices: [] });
  const row = await raw!.db.selectFrom('export_jobs').select(['started_by', 'started_by_user', 'format']).where('id', '=', started.job).executeTakeFirstOrThrow();
  expect(row).toEqual({ started_by: 'Kovács Anna', started_by_user: user.id, format: 'json' });
});

test('a server stopping with a job under way leaves it failed in the database, not running', async () => {
  test.setTimeout(120_000);
  const { a, b } = await twoServers();
  // stopping interrupts at the next step of the build; a year of documents gives the package many steps
  await a.ok('settings.update', { seller: TEST_SELLER });
  const overHttp = { call: (name: string, input: unknown) => a.ok(name, input) } as unknown as Core;
  await seedYear(overHttp, a.business);
  const started = await a.ok('data.accountantStart', YEAR);
  await a.close();
  rigs = rigs.filter((r) => r !== a);
  const job = await b.ok('data.exportStatus', { job: started.job });
  expect(job).toMatchObject({ state: 'failed', error: PROCESS_GONE });
  expect(await chunkJobs(raw!.db)).toEqual([]);
});
