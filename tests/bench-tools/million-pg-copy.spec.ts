// The million on PostgreSQL (tests/bench/million/pg-copy.ts) must be the same books as the SQLite million it is
// copied from: every table with the same rows (counted, and a digest of the rows of the tables the figures read),
// and the core on it must read them as the SQLite core does and issue the next number under the next ids, which
// the identity sequences give only if the copy set them past the copied rows.
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import { buildMillion } from '../bench/million/build';
import { copySqliteToPg } from '../bench/million/pg-copy';
import { openDatabase } from '../../electron/db/open';
import { openPostgres } from '../../electron/db/pg/open';
import { createCore } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';
import { tempDir } from '../fault/support/procs';
import { benchInvoice } from '../fault/support/bodies';
import { freshPgDatabase } from '../support/postgres';
import { clientBody } from '../support/fixtures';

const INVOICES = 2000;
const NOW = '2026-11-27T10:00:00+01:00';
// the tables the measured actions read, compared row by row
const DIGESTED = ['invoices', 'invoice_items', 'invoice_payments', 'report_vat_lines', 'change_log', 'clients', 'products', 'expenses', 'number_counters', 'settings'];

const ident = (name: string) => `"${name}"`;

/** one text for a table's rows whichever database gave them: values as text, blobs as hex */
function digest(rows: unknown[][]): string {
  const hash = createHash('sha256');
  for (const row of rows) hash.update(JSON.stringify(row.map((v) => (v === null ? null : Buffer.isBuffer(v) ? v.toString('hex') : String(v)))) + '\n');
  return hash.digest('hex');
}

test('the PostgreSQL copy of a built million holds the same rows, and the core reads and issues on it', async () => {
  test.setTimeout(180_000);
  const tmp = tempDir('million-pg');
  try {
    const file = tmp.file('folio.db');
    await buildMillion(file, INVOICES);
    const url = await freshPgDatabase();
    // the schema from the migrations, as the bench's copy (pg-cache.ts) makes it
    await (await openPostgres(url, { migrate: true })).close();
    const copied = await copySqliteToPg(file, url);

    const sqlite = new BetterSqlite3(file, { readonly: true });
    const pgdb = await openPostgres(url);
    try {
      // the search index is each database's own (FTS5 and its shadow tables on SQLite, GIN indexes on PostgreSQL)
      const ownSearch = (name: string) => name === 'invoice_search' || name.startsWith('invoice_search_');
      const tables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' AND sql NOT LIKE 'CREATE VIRTUAL%'").all() as Array<{ name: string }>)
        .map((t) => t.name)
        .filter((t) => !ownSearch(t));
      expect(tables.length).toBeGreaterThan(20);
      // every SQLite table was copied, with all its rows
      for (const table of tables) {
        const n = (sqlite.prepare(`SELECT count(*) n FROM ${ident(table)}`).get() as { n: number }).n;
        const onPg = Number((await pgdb.pool.query<{ n: string }>(`SELECT count(*) n FROM ${ident(table)}`)).rows[0]!.n);
        expect({ table, rows: onPg }).toEqual({ table, rows: n });
        expect(copied[table]?.rows, table).toBe(n);
      }
      expect((sqlite.prepare('SELECT count(*) n FROM invoices').get() as { n: number }).n).toBe(INVOICES);

      for (const table of DIGESTED) {
        const columns = (sqlite.prepare(`PRAGMA table_info(${ident(table)})`).all() as Array<{ name: string; pk: number }>);
        const key = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
        const order = (key.length ? key : columns).map((c) => ident(c.name)).join(', ');
        const select = `SELECT ${columns.map((c) => ident(c.name)).join(', ')} FROM ${ident(table)} ORDER BY ${order}`;
        const fromSqlite = sqlite.prepare(select).raw().all() as unknown[][];
        const fromPg = (await pgdb.pool.query<Record<string, unknown>>(select)).rows.map((r) => columns.map((c) => r[c.name]));
        expect(fromSqlite.length, table).toBeGreaterThan(0);
        expect({ table, digest: digest(fromPg) }).toEqual({ table, digest: digest(fromSqlite) });
      }
    } finally {
      sqlite.close();
    }

    // the core on each reads the same list and report; issuing numbers on, under the next ids
    const opened = await openDatabase(file);
    try {
      const coreSqlite = await createCore({ db: opened.db, clock: fixedClock(NOW) });
      const corePg = await createCore({ db: pgdb.db, clock: fixedClock(NOW) });
      const ids = (page: { items: Array<{ id: number }> }) => page.items.map((i) => i.id);
      const listed = { page: 1, max_per_page: 50 };
      expect(ids(await corePg.call('invoices.list', listed))).toEqual(ids(await coreSqlite.call('invoices.list', listed)));
      const year = { from: '2025-01-01', to: '2025-12-31' };
      expect((await corePg.call('reports.vat', year)).output).toEqual((await coreSqlite.call('reports.vat', year)).output);

      const clientId = (opened.sqlite.prepare('SELECT min(id) id FROM clients').get() as { id: number }).id;
      const fromSqlite = await coreSqlite.call('invoices.create', benchInvoice(clientId, '2026-11-27'));
      const fromPg = await corePg.call('invoices.create', benchInvoice(clientId, '2026-11-27'));
      expect(fromPg.attributes.invoice_no).toBe(fromSqlite.attributes.invoice_no);
      expect(fromPg.id).toBe(fromSqlite.id);
      const client = clientBody({ name: 'Új Ügyfél Kft.' });
      expect((await corePg.call('clients.create', client)).id).toBe((await coreSqlite.call('clients.create', client)).id);
    } finally {
      await opened.close();
      await pgdb.close();
    }
  } finally {
    tmp.remove();
  }
});
