// The server the bad-input suites attack: the real HTTP door (buildServer) over the real runtime's core, in this
// process, with the background workers left stopped — so the only writes to the database are the requests' own,
// and a rejected request that changed anything shows in the digest. A second connection reads the digest and
// SQLite's data_version (which moves on every commit by another connection, even one that changed nothing visible).
// In the postgres project (tests/support/fixtures.ts) the same server runs on a fresh PostgreSQL database: the
// digest is tableDigest's, and the version is every row's version stamp (xmin), which any committed write moves.
import { orderedSelect } from '../../support/table-order';
import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { OpenedDatabase } from '../../../electron/db/open';
import { DOOR_TABLES, freshTestDatabase, openTestDatabase, pgDigestWith, type TestDatabase } from '../../support/fixtures';
import { createRuntime } from '../../../electron/runtime/runtime';
import { postgresSource } from '../../../electron/export/postgres-source';
import { buildServer } from '../../../electron/server/app';
import { fixedClock } from '../../../electron/core/clock';
import type { Core } from '../../../electron/core/index';
import { BUSINESS_NOW, benchInvoice, buyerBody, SELLER } from './bodies';
import { tempDir } from './procs';

export const FUZZ_KEY = 'fuzz-secret-key-0123456789abcdef';

export interface Known {
  invoice: number[];
  block: number[];
  client: number[];
  product: number[];
  expense: number[];
  bank_account: number[];
  recurring: number[];
}

export interface FuzzServer {
  url: string;
  /** the database file, for tests that go around the server with raw SQL (SQLite only: tagged @sqlite) */
  file: string;
  database: TestDatabase;
  core: Core;
  known: Known;
  /** a hash of every row of every table but the migrator's */
  digest(): Promise<string>;
  /** moves whenever another connection commits */
  dataVersion(): Promise<string>;
  close(): Promise<void>;
}

export async function startFuzzServer(name: string): Promise<FuzzServer> {
  const tmp = tempDir(name);
  const database = await freshTestDatabase();
  const file = database.kind === 'sqlite' ? database.file : '';
  const opened: OpenedDatabase = await openTestDatabase(database);
  // The data area as `serve` has it (its one HTTP route, POST /exports/accountant, is attacked too); a restore, which no
  // route reaches, would have nothing to swap here. A team server's data area exports from the database and refuses
  // the backup operations (it is backed up with pg_dump), as `serve --pg` has it.
  const runtime = await createRuntime({
    db: opened.db,
    clock: fixedClock(BUSINESS_NOW),
    env: {},
    data:
      database.kind === 'sqlite'
        ? {
            dbFile: file,
            sqlite: opened.sqlite,
            swap: () => Promise.reject(new Error('the fuzz server restores nothing')),
            defaults: { dir: tmp.file('backups'), scheduleEnabled: false, scheduleTime: '02:00', keep: 14 },
            workDir: tmp.file('exports'),
          }
        : { exportSource: postgresSource(database.url), workDir: tmp.file('exports') },
  });
  const core = runtime.core;
  const app: FastifyInstance = await buildServer({ core, auth: { apiKey: FUZZ_KEY, publicKey: 'fuzz-public' }, sharePdf: runtime.sharePdf });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // A little of everything, so ids of every resource exist (and ids of one resource can be sent to another); the
  // seller and the buyers are complete, as the legal checks require of an invoice that is numbered.
  await core.call('settings.update', { seller: SELLER });
  const client = await core.call('clients.create', buyerBody('Fuzz Kft.', { email: 'a@b.hu' }));
  const other = await core.call('clients.create', buyerBody('Other Bt.', { taxcode: '34567898-2-41' }));
  const product = await core.call('products.create', { name: 'Widget', price: '1000', vat_id: '1' });
  const account = await core.call('bankAccounts.create', { bank_name: 'OTP', account_no: '11773016-11111018' });
  const expense = await core.call('expenses.create', { categories_id: '1', name: 'Paper', gross_price: '1270' });
  const block = await core.call('blocks.create', { name: 'Fuzz', prefix: 'FZ' });
  const draft = await core.call('invoices.create', { ...benchInvoice(client.id), type: 0 });
  const issued = await core.call('invoices.create', benchInvoice(client.id));
  const proforma = await core.call('invoices.create', { ...benchInvoice(client.id), type: 1, block_uid: block.id });
  const toCancel = await core.call('invoices.create', benchInvoice(other.id));
  const cancelling = await core.call('invoices.cancel', { id: toCancel.id });
  const recurring = await core.call('recurring.create', { base_invoice_uid: issued.id, frequency: '1M', start_date: '2027-01-01' });
  // a quote (id 1), so the routes of /quotes/:id meet one that exists
  await core.call('quotes.create', { client_uid: client.id, payment_method: 2, currency: 'HUF', valid_until: '2099-12-31', items: benchInvoice(client.id).items });
  const known: Known = {
    invoice: [draft.id, issued.id, proforma.id, toCancel.id, cancelling.id],
    block: [0, block.id],
    client: [client.id, other.id],
    product: [product.id],
    expense: [expense.id],
    bank_account: [account.id],
    recurring: [recurring.id],
  };

  const watch = database.kind === 'sqlite' ? sqliteWatch(file) : await pgWatch(database.url);
  return {
    url,
    file,
    database,
    core,
    known,
    digest: watch.digest,
    dataVersion: watch.dataVersion,
    async close() {
      await watch.close();
      await app.close();
      await runtime.data?.stop();
      await opened.close();
      database.remove();
      tmp.remove();
    },
  };
}

interface Watch {
  digest(): Promise<string>;
  dataVersion(): Promise<string>;
  close(): Promise<void>;
}

function sqliteWatch(file: string): Watch {
  const reader = new BetterSqlite3(file, { readonly: true });
  const tables = (reader.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND (name = 'sqlite_sequence' OR name NOT LIKE 'sqlite_%') AND name NOT LIKE 'kysely_%' ORDER BY name").pluck().all() as string[]).filter(
    (t) => !DOOR_TABLES.includes(t),
  );
  // the door's tables count their ids in sqlite_sequence too
  const doorNames = DOOR_TABLES.map((t) => `'${t}'`).join(', ');
  const dumps = tables.map((t) =>
    reader.prepare(t === 'sqlite_sequence' ? `SELECT * FROM sqlite_sequence WHERE name NOT IN (${doorNames}) ORDER BY rowid` : orderedSelect(reader, t)).raw(),
  );
  const version = reader.prepare('PRAGMA data_version').pluck();
  return {
    async digest() {
      const h = createHash('sha256');
      // one read transaction: all tables from one commit point
      reader.transaction(() => {
        tables.forEach((t, i) => {
          h.update(`\u0000${t}\u0000`);
          for (const row of dumps[i]!.iterate()) h.update(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
        });
      })();
      return h.digest('hex');
    },
    dataVersion: async () => String(version.get()),
    async close() {
      reader.close();
    },
  };
}

/**
 * PostgreSQL has no data_version. Every row version carries the transaction that wrote it (xmin) and its place
 * (ctid): a committed write — even one that wrote the same values again — gives its rows new ones, a rolled-back
 * write leaves the old rows visible. So the version is a hash of every row's (ctid, xmin), table by table.
 */
async function pgWatch(url: string): Promise<Watch> {
  const reader = new pg.Client({ connectionString: url });
  await reader.connect();
  const tables = await reader.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%' and not (table_name = any($1)) order by table_name`,
    [DOOR_TABLES],
  );
  const versionSql = tables.rows
    .map(({ name }) => `select '${name}' as name, (select md5(coalesce(string_agg(ctid::text || xmin::text, ',' order by ctid), '')) from "${name}") as v`)
    .join('\nunion all ');
  return {
    digest: () => pgDigestWith(reader, url),
    async dataVersion() {
      const rows = await reader.query<{ name: string; v: string }>(versionSql);
      return createHash('sha256').update(JSON.stringify(rows.rows)).digest('hex');
    },
    close: () => reader.end(),
  };
}
