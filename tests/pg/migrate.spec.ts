// Folio's migration list on PostgreSQL: a fresh database takes every migration, in one go, and is at the latest
// schema; opening it again runs nothing.
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { migrations } from '../../migrations/index';
import { openPostgres } from '../../electron/db/pg/open';
import { freshPgDatabase } from '../support/postgres';

test('a fresh PostgreSQL database takes every migration, and a second open runs none', async () => {
  const url = await freshPgDatabase();
  const first = await openPostgres(url);
  try {
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(first.db);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  } finally {
    await first.close();
  }
  const again = await openPostgres(url);
  try {
    const count = await sql<{ n: number }>`SELECT count(*) AS n FROM kysely_migration`.execute(again.db);
    expect(count.rows[0]!.n).toBe(Object.keys(migrations).length);
  } finally {
    await again.close();
  }
});
