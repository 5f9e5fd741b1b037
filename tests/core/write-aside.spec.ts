// Counts written beside the write queue (electron/db/transaction.ts writeAside and writeSoon, issue 41): the HTTP
// door's rate-limit upsert runs at once when the connection is between write transactions, waits for the queue
// while one is open, and on SQLite leaves the connection's synchronous setting as it found it (the business writes'
// fsync stays). On PostgreSQL it is a statement on the pool.
import { expect, test } from '@playwright/test';
import { writeAside, writeTransaction } from '../../electron/db/transaction';
import { isPostgres } from '../../migrations/dialect';
import { countHit } from '../../electron/server/rate-limit-store';
import { openTestCore, queryRows, type TestCore } from '../support/fixtures';

let tc: TestCore;
test.beforeEach(async () => {
  tc = await openTestCore();
});
test.afterEach(async () => {
  await tc?.close();
});

const hitsOf = async (key: string) =>
  (await queryRows<{ hits: number }>(tc.opened.db, 'SELECT hits FROM rate_limit_hits WHERE key = ?', key)).map((r) => Number(r.hits));

test('a count is stored and answered at once, window by window', async () => {
  expect(await countHit(tc.opened.db, 'k1', 60_000, 1_000)).toEqual({ current: 1, ttl: 60_000 });
  expect(await countHit(tc.opened.db, 'k1', 60_000, 31_000)).toEqual({ current: 2, ttl: 30_000 });
  // the window ended: it starts over
  expect(await countHit(tc.opened.db, 'k1', 60_000, 61_000)).toEqual({ current: 1, ttl: 60_000 });
  expect(await hitsOf('k1')).toEqual([1]);
});

test('while a write transaction is open the count waits for the queue, and the write it waited for is undisturbed', async () => {
  const db = tc.opened.db;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let counted: Promise<unknown> | undefined;
  const write = writeTransaction(db, async (trx) => {
    await trx.insertInto('settings').values({ key: 'aside-test', value: 'before' }).execute();
    // a count asked for now, with this transaction open: it must not land inside it
    counted = countHit(db, 'k2', 60_000, 1_000);
    await held;
    await trx.updateTable('settings').set({ value: 'after' }).where('key', '=', 'aside-test').execute();
  });
  await new Promise((r) => setTimeout(r, 50));
  release();
  await write;
  expect(await counted).toEqual({ current: 1, ttl: 60_000 });
  expect(await hitsOf('k2')).toEqual([1]);
  expect((await queryRows<{ value: string }>(db, 'SELECT value FROM settings WHERE key = ?', 'aside-test'))[0]?.value).toBe('after');
});

test('a statement run aside is stored; on SQLite the connection keeps its synchronous setting (FULL)', async () => {
  const db = tc.opened.db;
  const sqlite = isPostgres(db) ? undefined : tc.opened.sqlite;
  const before = sqlite?.pragma('synchronous', { simple: true });
  await writeAside(db, db.insertInto('rate_limit_hits').values({ key: 'k3', hits: 1, reset_ms: 1 }).compile());
  expect(await hitsOf('k3')).toEqual([1]);
  if (sqlite) {
    expect(before).toBe(2);
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(before);
  }
});
