// The HTTP door's per-client counts (migration 0035, docs/team-server.md), on SQLite and PostgreSQL: the rate limit's
// fixed window counts and starts over as the plugin's own store does (on SQLite in the counts file beside the books,
// electron/server/rate-limit-counts.ts), the share-link misses slide, and old rows are pruned. The clocks are the
// tests' own, moved by hand (security time is the real clock in Folio).
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../electron/db/open';
import { openPostgres } from '../../electron/db/pg/open';
import type { Db } from '../../electron/db/types';
import { MissLimiter } from '../../electron/server/miss-limiter';
import { databaseRateLimitStore } from '../../electron/server/rate-limit-store';
import { openRateLimitCounts, rateLimitFileFor } from '../../electron/server/rate-limit-counts';
import BetterSqlite3 from 'better-sqlite3';
import { tempDbFile } from '../support/fixtures';
import { freshPgDatabase } from '../support/postgres';

interface Opened {
  db: Db;
  /** the rate limit's stored counts, wherever this database keeps them */
  hits(): Promise<Array<{ key: string; hits: number }>>;
  close(): Promise<void>;
}

const databases: Array<{ name: string; open(): Promise<Opened> }> = [
  {
    name: 'SQLite',
    open: async () => {
      const tmp = tempDbFile();
      const opened = await openDatabase(tmp.file);
      const hits = async () => {
        const file = new BetterSqlite3(rateLimitFileFor(tmp.file), { readonly: true, fileMustExist: true });
        try {
          return file.prepare('SELECT key, hits FROM rate_limit_hits ORDER BY key').all() as Array<{ key: string; hits: number }>;
        } finally {
          file.close();
        }
      };
      return { db: opened.db, hits, close: async () => (await opened.close(), tmp.remove()) };
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const opened = await openPostgres(await freshPgDatabase());
      const hits = async () => (await opened.db.selectFrom('rate_limit_hits').select(['key', 'hits']).orderBy('key').execute()).map((r) => ({ key: r.key, hits: Number(r.hits) }));
      return { db: opened.db, hits, close: () => opened.close() };
    },
  },
];

const T0 = 1_800_000_000_000;

for (const { name, open } of databases) {
  test(`${name}: a rate limit counts in a fixed window and starts over once it has ended`, async () => {
    const { db, close } = await open();
    const counts = openRateLimitCounts(db);
    const countHit = (key: string, window: number, at: number) => counts.count(key, window, at);
    try {
      expect(await countHit('k', 60_000, T0)).toEqual({ current: 1, ttl: 60_000 });
      expect(await countHit('k', 60_000, T0 + 1_000)).toEqual({ current: 2, ttl: 59_000 });
      expect(await countHit('other', 60_000, T0 + 2_000)).toEqual({ current: 1, ttl: 60_000 });
      expect(await countHit('k', 60_000, T0 + 59_999)).toEqual({ current: 3, ttl: 1 });
      // the window ended: a new one starts at this request
      expect(await countHit('k', 60_000, T0 + 60_000)).toEqual({ current: 1, ttl: 60_000 });
      // twenty at once are twenty: the upsert counts atomically. (At the clock's latest time: the request just before
      // cleared the windows ended by then, on PostgreSQL while these run, as a real clock would have it.)
      const together = await Promise.all(Array.from({ length: 20 }, () => countHit('burst', 60_000, T0 + 60_000)));
      expect(together.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      counts.close();
      await close();
    }
  });

  test(`${name}: the store keeps each route's counts apart, stores no key as given, and prunes ended windows`, async () => {
    const { db, hits: storedHits, close } = await open();
    let now = T0;
    const limits = databaseRateLimitStore(() => db, () => now);
    try {
      const Store = limits.Store;
      const root = new Store({});
      // what the plugin hands a child at run time: its merged options, the route under routeInfo (its types differ)
      const download = root.child({ routeInfo: { method: 'GET', url: '/invoices/:id/download' } } as never);
      const list = root.child({ routeInfo: { method: ['GET', 'HEAD'], url: '/v3/*' } } as never);
      const hit = (store: typeof download, key: string) =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (e, r) => (e ? reject(e) : resolve(r!)), 60_000, 10));
      expect((await hit(download, 'v3:key:secret-api-key')).current).toBe(1);
      expect((await hit(download, 'v3:key:secret-api-key')).current).toBe(2);
      expect((await hit(list, 'v3:key:secret-api-key')).current).toBe(1);
      const keys = await storedHits();
      expect(keys).toHaveLength(2);
      for (const { key } of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
      // a minute on, the next request clears the ended windows (its own row is made afresh)
      now = T0 + 120_000;
      expect((await hit(list, 'another')).current).toBe(1);
      await expect.poll(async () => (await storedHits()).length).toBe(1);
    } finally {
      limits.close();
      await close();
    }
  });

  test(`${name}: share-link misses slide: the 4th in a window waits for the oldest to leave it; old misses are pruned`, async () => {
    const { db, close } = await open();
    let now = T0;
    try {
      const limiter = new MissLimiter(() => db, 3, 60_000, () => now);
      for (const at of [0, 10_000, 20_000]) {
        now = T0 + at;
        expect(await limiter.blockedFor('10.0.0.1')).toBe(0);
        await limiter.record('10.0.0.1');
      }
      now = T0 + 30_000;
      expect(await limiter.blockedFor('10.0.0.1')).toBe(30_000);
      expect(await limiter.blockedFor('10.0.0.2')).toBe(0);
      // the first miss has left the window, the other two are still in it
      now = T0 + 60_000;
      expect(await limiter.blockedFor('10.0.0.1')).toBe(0);
      await limiter.record('10.0.0.1');
      expect(await limiter.blockedFor('10.0.0.1')).toBe(10_000);
      // a window later a miss clears what is older than the window
      now = T0 + 200_000;
      await limiter.record('10.0.0.2');
      const rows = await db.selectFrom('access_misses').select(['client', 'at_ms']).execute();
      expect(rows).toEqual([{ client: '10.0.0.2', at_ms: T0 + 200_000 }]);
    } finally {
      await close();
    }
  });
}
