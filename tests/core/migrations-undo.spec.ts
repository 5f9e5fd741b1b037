// Every migration can be undone. A test or a downgrade takes a database back past a migration with Kysely's
// migrateTo; one without `down` is skipped there and stays recorded as applied, so the next open finds the recorded
// list out of order and refuses the database (0063 was written without one and broke four migration tests).
// Checked by name for each migration, and for real on both databases: a fresh database taken back to before the
// last migrations and brought up to date again, with the same migrations recorded.
import { expect, test } from '@playwright/test';
import { Migrator } from 'kysely';
import * as written from '../../migrations/index';
import { openPostgres } from '../../electron/db/pg/open';
import { freshTestDatabase, openTestDatabase } from '../support/fixtures';

const names = Object.keys(written.migrations);

test('each migration has its down', () => {
  expect(names.filter((name) => typeof written.migrations[name]!.down !== 'function')).toEqual([]);
});

test('a fresh database taken back before the last ten migrations and up again records every migration once', async () => {
  const database = await freshTestDatabase();
  await (await openTestDatabase(database)).close();
  const target = names[names.length - 11]!;
  const opened = database.kind === 'postgres' ? await openPostgres(database.url, { migrate: false }) : await openTestDatabase(database);
  try {
    const { error } = await new Migrator({ db: opened.db, provider: { getMigrations: async () => written.migrations } }).migrateTo(target);
    if (error) throw error;
    const left = await opened.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect(left.map((r) => (r as { name: string }).name)).toEqual(names.slice(0, names.length - 10));
  } finally {
    await opened.close();
  }
  const again = await openTestDatabase(database); // brings it up to date
  try {
    const all = await again.db.selectFrom('kysely_migration' as never).select('name' as never).orderBy('name' as never).execute();
    expect(all.map((r) => (r as { name: string }).name)).toEqual(names);
  } finally {
    await again.close();
  }
});
