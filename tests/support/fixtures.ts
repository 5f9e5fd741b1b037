// Shared helpers for the test suites: a temporary database, a real server on 127.0.0.1, an HTTP client that
// carries the key, a core on its own database, builders for clients, products and invoices, and a digest of every
// table (to prove that a refused request changed nothing). Each helper cleans up after itself.
//
// The database is a SQLite file, or — in the Playwright project whose metadata says `db: 'postgres'`
// (playwright.config.ts) — a fresh database on the test PostgreSQL (./postgres.ts): the API, core and fault suites
// run on both through the same tests (docs/team-server.md "Tests").
import { orderedSelect } from './table-order';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { CompiledQuery } from 'kysely';
import { isPostgres } from '../../migrations/dialect';
import { startServer, type RunningServer, type StartOptions } from '../../electron/server/start';
import { openDatabase, type OpenedDatabase } from '../../electron/db/open';
import { openPostgres } from '../../electron/db/pg/open';
import type { Db } from '../../electron/db/types';
import { freshPgDatabase } from './postgres';
import { registerChangeCapture } from '../../electron/db/change-capture';
import { createCore, type Core, type CoreDeps } from '../../electron/core/index';
import { fixedClock, type Clock } from '../../electron/core/clock';
import { ApiClient, type Json } from './api-client';

/** The business clock of most tests: 15 March 2026, 10:00 in Budapest. */
export const FIXED_NOW = '2026-03-15T10:00:00+01:00';
export const TODAY = '2026-03-15';
export const YEAR = 2026;

export const API_KEY = 'test-secret-key-0123456789abcdef';
export const PUBLIC_KEY = 'test-public-key-42';

/** A valid Hungarian company tax number (check digit 6) and a valid personal tax id. */
export const VALID_TAXCODE = '12345676-2-41';
export const INVALID_TAXCODE = '12345678-2-41';
/** The seller's own tax number in the tests: another valid one, so no buyer of the builders is the seller itself. */
export const SELLER_TAXCODE = '23456787-2-41';

/**
 * The seller every test server and core starts with: an invoice is issued only by a seller with a name, a full
 * address and a tax number (electron/core/invoices/legal/rules.ts). `seller: false` starts with none, as a fresh
 * installation does.
 */
export const TEST_SELLER = {
  name: 'Minta Eladó Kft.',
  taxcode: SELLER_TAXCODE,
  address: { postcode: '1051', city: 'Budapest', street_name: 'Október 6.', street_type: 'utca', house_nr: '7', country: 'Magyarország' },
};

/** Sets up the seller of a core (see TEST_SELLER). */
export async function seedSeller(core: Core, seller: Record<string, unknown> = TEST_SELLER): Promise<void> {
  await core.call('settings.update', { seller } as never);
}

// ---- files ---------------------------------------------------------------------------------------------------

export interface TempDir {
  dir: string;
  remove(): void;
}

export function makeTempDir(prefix = 'folio-test-'): TempDir {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A fresh database path in its own temporary folder (the file itself does not exist yet). */
export function tempDbFile(): { file: string; dir: string; remove(): void } {
  const t = makeTempDir();
  return { file: join(t.dir, 'folio.sqlite'), dir: t.dir, remove: t.remove };
}

/**
 * A raw better-sqlite3 connection on a database file, beside whatever else has it open (WAL allows it). It knows the
 * change-capture functions, as every handle Folio opens does: the triggers of migrations/0008 call them.
 */
export function rawDb(file: string, options: { readonly?: boolean } = {}): BetterSqlite3.Database {
  const db = new BetterSqlite3(file, options.readonly ? { readonly: true, fileMustExist: true } : { fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  registerChangeCapture(db);
  return db;
}

// ---- which database --------------------------------------------------------------------------------------------

export type TestDatabaseKind = 'sqlite' | 'postgres';

/**
 * The database the current test runs on: its Playwright project's metadata `db`. Outside a test (a helper process
 * of the fault suite) there is no project to ask: SQLite.
 */
export function testDatabaseKind(): TestDatabaseKind {
  try {
    return base.info().project.metadata?.db === 'postgres' ? 'postgres' : 'sqlite';
  } catch {
    return 'sqlite';
  }
}

/** A fresh, empty database of the current project's kind, and where a server or a core opens it. */
export type TestDatabase =
  | { kind: 'sqlite'; file: string; dir: string; target: { dbFile: string }; remove(): void }
  | { kind: 'postgres'; url: string; target: { pgUrl: string }; remove(): void };

export async function freshTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'postgres') {
    const url = await freshPgDatabase();
    // The test databases are left on the throwaway cluster, which goes with the test process (./postgres.ts).
    return { kind: 'postgres', url, target: { pgUrl: url }, remove() {} };
  }
  const tmp = tempDbFile();
  return { kind: 'sqlite', file: tmp.file, dir: tmp.dir, target: { dbFile: tmp.file }, remove: tmp.remove };
}

/** Where a digest, a raw read or a second server finds a test's database. */
export type DatabaseTarget = string | { pgUrl: string } | { database: TestDatabase } | { dbFile: string };

function targetOf(t: DatabaseTarget): { dbFile: string } | { pgUrl: string } {
  if (typeof t === 'string') return { dbFile: t };
  if ('database' in t) return t.database.target;
  return 'pgUrl' in t ? { pgUrl: t.pgUrl } : { dbFile: t.dbFile };
}

/**
 * The HTTP door's own counts of each client (share-link misses, rate-limit windows; migration 0035): written by
 * refused requests too, and no business data — a digest leaves them out.
 */
export const DOOR_TABLES: readonly string[] = ['access_misses', 'rate_limit_hits'];

/** A digest of every row of every table (the migration bookkeeping included, the door's counts not), in a stable order. */
export async function tableDigest(target: DatabaseTarget): Promise<string> {
  const t = targetOf(target);
  return 'pgUrl' in t ? pgTableDigest(t.pgUrl) : sqliteTableDigest(t.dbFile);
}

/** Per database URL, the one statement that hashes every table (the schema does not change under a test). */
const digestStatements = new Map<string, string>();

/**
 * PostgreSQL has no rowid: each table's rows are hashed in the database, in the order of their text form (a digest is
 * only ever compared with one of the same database), all tables in one statement, so a test may take a digest per
 * request.
 */
async function pgTableDigest(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await pgDigestWith(client, url);
  } finally {
    await client.end();
  }
}

/** tableDigest of the PostgreSQL database `url` over a connection the caller keeps open (a digest per request). */
export async function pgDigestWith(client: InstanceType<typeof pg.Client>, url: string): Promise<string> {
  let statement = digestStatements.get(url);
  if (!statement) {
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and not (table_name = any($1)) order by table_name`,
      [DOOR_TABLES],
    );
    // the names come from the catalogue (letters, digits, underscores); quoted all the same
    statement = tables.rows
      .map(({ name }) => `select '${name}' as name, (select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) from "${name}" t) as h`)
      .join('\nunion all ');
    digestStatements.set(url, statement);
  }
  const hashes = await client.query<{ name: string; h: string }>(statement);
  const hash = createHash('sha256');
  for (const { name, h } of hashes.rows.sort((a, b) => (a.name < b.name ? -1 : 1))) hash.update(`${name}\n${h}\n`);
  return hash.digest('hex');
}

function sqliteTableDigest(file: string): string {
  const db = rawDb(file, { readonly: true });
  try {
    const hash = createHash('sha256');
    const tables = db
      .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
      .all()
      .filter((t) => !DOOR_TABLES.includes((t as { name: string }).name)) as Array<{ name: string }>;
    for (const { name } of tables) {
      const rows = db.prepare(orderedSelect(db, name)).raw().all();
      hash.update(`${name}\n${JSON.stringify(rows)}\n`);
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}

// ---- servers -------------------------------------------------------------------------------------------------

export interface TestServer {
  url: string;
  /** an HTTP client with the API key */
  api: ApiClient;
  /** an HTTP client with no credentials at all */
  anon: ApiClient;
  core: Core;
  /** the server's database (a tableDigest target; `target` starts a second server on it) */
  database: TestDatabase;
  /** the SQLite file; a test that reads it is a SQLite test (tagged @sqlite, see docs/team-server.md) */
  dbFile: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** fixes the business clock (like FOLIO_NOW); default FIXED_NOW unless a clock is given */
  now?: string;
  clock?: Clock;
  apiKey?: string;
  /** the public key (JWT `sub`); default PUBLIC_KEY; pass null for a server without JWT */
  publicKey?: string | null;
  /** false: no seller set up, as on a fresh installation (default: TEST_SELLER) */
  seller?: false;
}

/** The file of a SQLite test database; on PostgreSQL, an error that names the test's mistake. */
function sqliteFileOf(database: TestDatabase): string {
  if (database.kind === 'sqlite') return database.file;
  throw new Error('this test reads the SQLite file: tag it @sqlite (docs/team-server.md) or read through the core');
}

/**
 * What startServer needs besides the database: `{ dbFile }` or `{ pgUrl }`. A test that starts a server of its own
 * (a restart on the same database) spreads its TestDatabase's target into these.
 */
export function serverOptions(target: { dbFile: string } | { pgUrl: string }, rest: Omit<StartOptions, 'dbFile' | 'pgUrl'>): StartOptions {
  if ('dbFile' in target) return { ...rest, dbFile: target.dbFile };
  // A team server seals its secrets with the operator's key (no key file beside a database file): a test's own.
  return { ...rest, pgUrl: target.pgUrl, env: { FOLIO_SECRET_KEY: TEST_SECRET_KEY, ...rest.env } };
}

/** The FOLIO_SECRET_KEY of the test servers on PostgreSQL (32 bytes, base64). */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

/** A real server on 127.0.0.1 on a free port, on a fresh database of the project's kind (SQLite or PostgreSQL). */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await freshTestDatabase();
  const apiKey = options.apiKey ?? API_KEY;
  const publicKey = options.publicKey === null ? undefined : (options.publicKey ?? PUBLIC_KEY);
  let running: RunningServer;
  try {
    running = await startServer(
      serverOptions(database.target, {
        port: 0,
        host: '127.0.0.1',
        auth: { apiKey, ...(publicKey ? { publicKey } : {}) },
        ...(options.clock ? { clock: options.clock } : { now: options.now ?? FIXED_NOW }),
        env: { FOLIO_RATES_PREFETCH: 'off' }, // no rate prefetch to the real MNB from a test's server
      }),
    );
    if (options.seller !== false) await seedSeller(running.core);
  } catch (e) {
    database.remove();
    throw e;
  }
  return {
    url: running.url,
    api: new ApiClient(running.url, { 'X-API-KEY': apiKey }),
    anon: new ApiClient(running.url),
    core: running.core,
    database,
    get dbFile() {
      return sqliteFileOf(database);
    },
    async close() {
      await running.close();
      database.remove();
    },
  };
}

/**
 * One server for the tests of a file (started before the first test that runs in a worker, closed after the last).
 * Tests that share it must not depend on each other's data; a test that needs an empty database starts its own.
 */
export function serverPerFile(options: TestServerOptions = {}) {
  let server: TestServer | undefined;
  base.beforeAll(async () => {
    server = await startTestServer(options);
  });
  base.afterAll(async () => {
    await server?.close();
    server = undefined;
  });
  const get = () => {
    if (!server) throw new Error('the server of this file is not started');
    return server;
  };
  return {
    get server() {
      return get();
    },
    get api() {
      return get().api;
    },
    get anon() {
      return get().anon;
    },
  };
}

/** Runs `fn` with a server of its own and always closes it. */
export async function withServer<T>(fn: (s: TestServer) => Promise<T>, options: TestServerOptions = {}): Promise<T> {
  const s = await startTestServer(options);
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

// ---- cores ---------------------------------------------------------------------------------------------------

export interface TestCore {
  core: Core;
  /** the handle the core runs on; on PostgreSQL `opened.sqlite` is an error (a SQLite test, tagged @sqlite) */
  opened: OpenedDatabase;
  database: TestDatabase;
  /** the SQLite file (as TestServer.dbFile) */
  dbFile: string;
  close(): Promise<void>;
}

/** Opens a test database as the server does: the SQLite file, or a pool on the PostgreSQL database. */
export async function openTestDatabase(database: TestDatabase): Promise<OpenedDatabase> {
  if (database.kind === 'sqlite') return openDatabase(database.file);
  const pgOpened = await openPostgres(database.url);
  return {
    db: pgOpened.db,
    get sqlite(): never {
      throw new Error('this test uses the SQLite handle: tag it @sqlite (docs/team-server.md)');
    },
    close: pgOpened.close,
  };
}

/** A core on a fresh database of the project's kind, as the server builds it (open + createCore). */
export async function openTestCore(
  { seller, ...deps }: { clock?: Clock; seller?: false } & Omit<Partial<CoreDeps>, 'db' | 'clock'> = {},
): Promise<TestCore> {
  const database = await freshTestDatabase();
  const opened = await openTestDatabase(database);
  const core = await createCore({ ...deps, db: opened.db, clock: deps.clock ?? fixedClock(FIXED_NOW) });
  if (seller !== false) await seedSeller(core);
  return {
    core,
    opened,
    database,
    get dbFile() {
      return sqliteFileOf(database);
    },
    async close() {
      await opened.close();
      database.remove();
    },
  };
}

/** The Kysely handle of a test's server or core, for reads the test checks (portable SQL only). */
export function testDb(t: TestServer | TestCore): Db {
  return t.core.ctx.db;
}

/**
 * Plain SQL with `?` markers on a handle of either database (PostgreSQL numbers its markers: `$1`, `$2`, …). The
 * text itself must be portable: no SQLite-only function, no alias in HAVING.
 */
export async function queryRows<T>(db: Db, text: string, ...params: unknown[]): Promise<T[]> {
  let n = 0;
  const compiled = CompiledQuery.raw(isPostgres(db) ? text.replace(/\?/g, () => `$${++n}`) : text, params);
  return (await db.executeQuery<T>(compiled)).rows;
}

// ---- builders ------------------------------------------------------------------------------------------------

let seq = 0;
const unique = (label: string) => `${label} ${process.pid}-${Date.now().toString(36)}-${++seq}`;

export function addressBody(over: Record<string, string> = {}) {
  return {
    street_name: 'Fő',
    street_type: 'utca',
    house_nr: '1',
    city: 'Budapest',
    postcode: '1011',
    country: 'HU',
    ...over,
  };
}

/** A client body with a unique name (so the duplicate rule never merges two tests' clients). */
export function clientBody(over: Record<string, unknown> = {}) {
  return {
    name: unique('Teszt Kft.'),
    email: 'konyveles@example.com',
    taxcode: VALID_TAXCODE,
    tax_type: 'HAS_TAX_NUMBER',
    billing_address: addressBody(),
    ...over,
  };
}

export function netItem(netUnitPrice: string | number = 3500, over: Record<string, unknown> = {}) {
  return { description: 'Tanácsadás', vat_id: 1, qty: 1, net_unit_price: netUnitPrice, unit: 'óra', ...over };
}

export function grossItem(grossUnitPrice: string | number, over: Record<string, unknown> = {}) {
  return { description: 'Termék bruttó áron', vat_id: 1, qty: 1, gross_unit_price: grossUnitPrice, unit: 'db', ...over };
}

export function productLine(productUid: number, qty: string | number = 1, over: Record<string, unknown> = {}) {
  return { product_uid: productUid, qty, ...over };
}

export function productBody(over: Record<string, unknown> = {}) {
  return { name: unique('Termék'), price: 1000, unit: 'db', currency_code: 'HUF', vat_id: 1, ...over };
}

/** A create-invoice body: a normal HUF invoice paid by wire transfer, one 3500 HUF net line at 27 %. */
export function invoiceBody(clientUid: number, over: Record<string, unknown> = {}) {
  return {
    fulfillment_date: TODAY,
    due_date: '2026-03-23',
    payment_method: 2,
    comment: '',
    template_lang_code: 'hu',
    electronic_invoice: 0,
    currency: 'HUF',
    client_uid: clientUid,
    block_uid: 0,
    type: 3,
    items: [netItem()],
    ...over,
  };
}

// ---- shortcuts over HTTP -------------------------------------------------------------------------------------

export async function createClient(api: ApiClient, over: Record<string, unknown> = {}): Promise<number> {
  const body = await api.ok('POST', '/clients', { body: clientBody(over) });
  return body.data.id as number;
}

/** Creates an invoice (a fresh client unless client_uid is given); returns the create answer's `data`. */
export async function createInvoice(api: ApiClient, over: Record<string, unknown> = {}): Promise<Json> {
  const clientUid = (over.client_uid as number | undefined) ?? (await createClient(api));
  const body = await api.ok('POST', '/invoices', { body: invoiceBody(clientUid, over) });
  return body.data;
}

export async function readInvoice(api: ApiClient, id: number): Promise<Json> {
  return (await api.ok('GET', `/invoices/${id}`)).data;
}

export async function createProduct(api: ApiClient, over: Record<string, unknown> = {}): Promise<number> {
  return (await api.ok('POST', '/products', { body: productBody(over) })).data.id as number;
}

export async function createBlock(api: ApiClient, prefix: string, name = `Blokk ${prefix}`): Promise<number> {
  return (await api.ok('POST', '/invoices/blocks', { body: { name, prefix } })).data.id as number;
}

// ---- shortcuts over the core ---------------------------------------------------------------------------------

/** A Hungarian company buyer with the full address and a tax number (not the seller's) an invoice needs. */
export async function createBuyer(core: Core, over: Record<string, unknown> = {}): Promise<number> {
  const c = await core.call('clients.create', {
    name: 'Példa Ügyfél Kft.',
    email: 'vevo@example.test',
    tax_type: 'HAS_TAX_NUMBER',
    taxcode: VALID_TAXCODE,
    billing_address: addressBody(),
    ...over,
  } as never);
  return c.id;
}

export async function coreClient(core: Core, over: Record<string, unknown> = {}): Promise<number> {
  return (await core.call('clients.create', clientBody(over))).id;
}

export async function coreInvoice(core: Core, over: Record<string, unknown> = {}) {
  const clientUid = (over.client_uid as number | undefined) ?? (await coreClient(core));
  return core.call('invoices.create', invoiceBody(clientUid, over));
}

/** A unique prefix for a block (letters and digits only). */
export function uniquePrefix(label = 'B'): string {
  return `${label}${(++seq).toString(36).toUpperCase()}${Math.floor(Math.random() * 1e6).toString(36).toUpperCase()}`;
}
