// Several team-server processes start at once on one PostgreSQL database: the migrations run once, under Folio's
// advisory lock, and every process opens the migrated database.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import pg from 'pg';
import { migrations } from '../../migrations/index';
import { MIGRATION_LOCK, openPostgres } from '../../electron/db/pg/open';
import { freshPgDatabase } from '../support/postgres';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const MIGRATION_COUNT = Object.keys(migrations).length;

async function migrationRows(url: string): Promise<Array<{ name: string }>> {
  const opened = await openPostgres(url, { migrate: false });
  try {
    return (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(opened.db)).rows;
  } finally {
    await opened.close();
  }
}

test('two openPostgres calls at once: both open, the migrations ran once', async () => {
  const url = await freshPgDatabase();
  // Without the lock both would create the same tables and one would fail; with it the second finds them made.
  const [a, b] = await Promise.all([openPostgres(url), openPostgres(url)]);
  await Promise.all([a.close(), b.close()]);
  expect((await migrationRows(url)).map((r) => r.name)).toEqual(Object.keys(migrations));
});

test('three server processes starting at once: each opens the migrated database', async () => {
  const url = await freshPgDatabase();
  const child = join(ROOT, 'tests/support/pg-migrate-child.ts');
  const outputs = await Promise.all([1, 2, 3].map(() => run(process.execPath, ['--import', 'tsx', child, url], { cwd: ROOT, timeout: 60_000 })));
  for (const { stdout } of outputs) expect(JSON.parse(stdout)).toEqual({ applied: MIGRATION_COUNT });
  expect(await migrationRows(url)).toHaveLength(MIGRATION_COUNT);
});

test('a start waits while another process holds the migration lock, then migrates', async () => {
  const url = await freshPgDatabase();
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    let opened = false;
    const opening = openPostgres(url).then((o) => {
      opened = true;
      return o;
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(opened).toBe(false);
    expect(await holder.query(`SELECT to_regclass('public.invoices') AS t`).then((r) => r.rows[0])).toEqual({ t: null });
    await holder.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    const db = await opening;
    await db.close();
    expect(await migrationRows(url)).toHaveLength(MIGRATION_COUNT);
  } finally {
    await holder.end();
  }
});
