// Values from PostgreSQL come back in the shapes better-sqlite3 gives the core (electron/db/pg/type-parsers.ts,
// docs/team-server.md "Values").
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { openPostgres, type OpenedPostgres } from '../../electron/db/pg/open';
import { freshPgDatabase } from '../support/postgres';
import { insertClient, insertDraftInvoice } from '../support/pg-rows';

let pgdb: OpenedPostgres;
test.beforeEach(async () => {
  pgdb = await openPostgres(await freshPgDatabase());
});
test.afterEach(async () => {
  await pgdb?.close();
});

test('values come back in the shapes SQLite gives: counts and sums as numbers, comparisons as 1/0, blobs as Buffers', async () => {
  const { db } = pgdb;
  await insertDraftInvoice(db, await insertClient(db));
  const row = await sql<{ n: number; total: number; big: number; flag: number; bytes: Buffer; fraction: string }>`
    SELECT count(*) AS n, sum(total_milli) AS total, max(total_milli) * 1000 AS big, (1 = 1) AS flag,
      '\\x466f6c696f'::bytea AS bytes, 10::numeric / 4 AS fraction
    FROM invoices`.execute(db);
  expect(row.rows[0]).toEqual({ n: 1, total: 127_000_000, big: 127_000_000_000, flag: 1, bytes: Buffer.from('Folio'), fraction: '2.5000000000000000' });
});

test('an integer past 2^53 is refused, never read as a rounded number', async () => {
  const { db } = pgdb;
  await expect(sql`SELECT 9007199254740993::bigint AS n`.execute(db)).rejects.toThrow('integer 9007199254740993 is beyond what Folio reads exactly');
  // the pool is usable afterwards
  expect((await sql<{ n: number }>`SELECT 9007199254740991::bigint AS n`.execute(db)).rows).toEqual([{ n: 9007199254740991 }]);
});
