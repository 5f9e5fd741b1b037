// The rate limit's counts of a SQLite database live in a file of their own beside it (electron/server/
// rate-limit-counts.ts, issue 41): counting writes nothing into the books, every handle on the same books counts
// together, a books file swapped by a restore keeps the limiter working, a damaged counts file is started over, and an
// in-memory database counts in memory. The fixed window itself is tests/pg/shared-limits.spec.ts's.
import { chmodSync, copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../electron/db/open';
import { openRateLimitCounts, rateLimitFileFor } from '../../electron/server/rate-limit-counts';
import { databaseRateLimitStore } from '../../electron/server/rate-limit-store';
import type { Db } from '../../electron/db/types';
import { tempDbFile } from '../support/fixtures';

const T0 = 1_800_000_000_000;

/** One request through the store, as the plugin makes it. */
function hitThrough(Store: ReturnType<typeof databaseRateLimitStore>['Store'], key: string) {
  const store = new Store({}).child({ routeInfo: { method: 'POST', url: '/v3/documents' } } as never);
  return new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (e, r) => (e ? reject(e) : resolve(r!)), 60_000, 600));
}

test('@sqlite the counts go to <books>.rate-limits, created with the books\' permissions; the books are not written', async () => {
  const tmp = tempDbFile();
  const books = await openDatabase(tmp.file);
  try {
    // group-writable, as books shared by a group are: more than the usual umask lets a new file have
    chmodSync(tmp.file, 0o660);
    const changes = books.sqlite.prepare('SELECT total_changes()').pluck();
    const before = { changes: changes.get(), wal: statSync(`${tmp.file}-wal`).size };
    const counts = openRateLimitCounts(books.db);
    try {
      for (let i = 1; i <= 50; i++) expect((await counts.count('k', 60_000, T0 + i)).current).toBe(i);
    } finally {
      counts.close();
    }
    expect(statSync(rateLimitFileFor(tmp.file)).mode & 0o777).toBe(0o660);
    // nothing written through the books' handle, no frame added to their WAL, their synchronous left at FULL
    expect(changes.get()).toBe(before.changes);
    expect(statSync(`${tmp.file}-wal`).size).toBe(before.wal);
    expect(books.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    expect(books.sqlite.prepare('SELECT count(*) FROM rate_limit_hits').pluck().get()).toBe(0);
  } finally {
    await books.close();
    tmp.remove();
  }
});

test('@sqlite two handles on the same books count a client together, in turn and at once', async () => {
  const tmp = tempDbFile();
  const a = await openDatabase(tmp.file);
  const b = await openDatabase(tmp.file);
  const countsA = openRateLimitCounts(a.db);
  const countsB = openRateLimitCounts(b.db);
  try {
    const seen: number[] = [];
    for (let i = 0; i < 10; i++) seen.push((await (i % 2 ? countsA : countsB).count('shared', 60_000, T0 + i)).current);
    expect(seen).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    const together = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? countsA : countsB).count('shared', 60_000, T0 + 100)));
    expect(together.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 11));
    // the window is the one both started: its end does not move
    expect(together.every((r) => r.ttl === 60_000 - 100)).toBe(true);
  } finally {
    countsA.close();
    countsB.close();
    await a.close();
    await b.close();
    tmp.remove();
  }
});

test('@sqlite the counts asked in one turn are written in one commit, each request still numbered on its own', async () => {
  const tmp = tempDbFile();
  const books = await openDatabase(tmp.file);
  const counts = openRateLimitCounts(books.db);
  const walSize = () => statSync(`${rateLimitFileFor(tmp.file)}-wal`).size;
  try {
    // the first count makes the WAL; from there each commit adds a frame (a page and its 24-byte header)
    expect((await counts.count('k', 60_000, T0)).current).toBe(1);
    const frame = 4096 + 24;
    const before = walSize();
    // 30 requests in one turn: two keys, and a third whose window ended in this turn
    const at = (key: string, now: number) => counts.count(key, 60_000, now);
    const turn = await Promise.all([
      ...Array.from({ length: 20 }, () => at('k', T0 + 10)),
      ...Array.from({ length: 5 }, () => at('other', T0 + 10)),
      ...Array.from({ length: 5 }, () => at('k', T0 + 10)),
    ]);
    expect(turn.slice(0, 20).map((h) => h.current)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(turn.slice(20, 25).map((h) => h.current)).toEqual([1, 2, 3, 4, 5]);
    expect(turn.slice(25).map((h) => h.current)).toEqual([22, 23, 24, 25, 26]);
    // k's window began at T0, other's in this turn
    expect(turn.map((h) => h.ttl)).toEqual([...Array(20).fill(60_000 - 10), ...Array(5).fill(60_000), ...Array(5).fill(60_000 - 10)]);
    // one commit: one frame more, not thirty
    expect(walSize() - before).toBeLessThanOrEqual(frame);
    // a window that has ended starts over for all of a turn's requests, numbered 1..n
    const later = await Promise.all(Array.from({ length: 3 }, () => at('k', T0 + 60_000)));
    expect(later.map((h) => h.current)).toEqual([1, 2, 3]);
    expect(later.every((h) => h.ttl === 60_000)).toBe(true);
    // and in turn, one by one, as before
    expect((await at('k', T0 + 60_001)).current).toBe(4);
  } finally {
    counts.close();
    await books.close();
    tmp.remove();
  }
});

test('@sqlite a restore swaps the books under the server: the counts of the closed handle are closed, counting goes on', async () => {
  const tmp = tempDbFile();
  const other = tempDbFile();
  let books = await openDatabase(tmp.file);
  let now = T0;
  let current: Db = books.db;
  const limits = databaseRateLimitStore(() => current, () => now);
  try {
    expect((await hitThrough(limits.Store, 'api-key')).current).toBe(1);
    expect((await hitThrough(limits.Store, 'api-key')).current).toBe(2);
    // what a restore does: the server closes its handle, another file takes the books' place, and it is opened anew
    await books.close();
    const replacement = await openDatabase(other.file);
    await replacement.close();
    copyFileSync(other.file, tmp.file);
    books = await openDatabase(tmp.file);
    current = books.db;
    now = T0 + 1_000;
    // the counts file beside the books was not part of the swap: the client's window goes on
    expect(await hitThrough(limits.Store, 'api-key')).toEqual({ current: 3, ttl: 59_000 });
    now = T0 + 61_000;
    expect(await hitThrough(limits.Store, 'api-key')).toEqual({ current: 1, ttl: 60_000 });
  } finally {
    limits.close();
    await books.close();
    tmp.remove();
    other.remove();
  }
});

test('@sqlite a counts file that is no database (damaged, or something else) is started over', async () => {
  const tmp = tempDbFile();
  const books = await openDatabase(tmp.file);
  try {
    writeFileSync(rateLimitFileFor(tmp.file), 'this is not a SQLite database, only its name is');
    const counts = openRateLimitCounts(books.db);
    try {
      expect(await counts.count('k', 60_000, T0)).toEqual({ current: 1, ttl: 60_000 });
      expect(await counts.count('k', 60_000, T0 + 1)).toEqual({ current: 2, ttl: 59_999 });
    } finally {
      counts.close();
    }
  } finally {
    await books.close();
    tmp.remove();
  }
});

test('@sqlite a counts file damaged inside (a power cut while it was never synced) is found at open and started over', async () => {
  const tmp = tempDbFile();
  const books = await openDatabase(tmp.file);
  try {
    const first = openRateLimitCounts(books.db);
    for (let i = 0; i < 5; i++) await first.count(`k${i}`, 60_000, T0);
    first.close();
    // the table's page (the second; the first holds the header and the schema) overwritten with noise
    const file = rateLimitFileFor(tmp.file);
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThanOrEqual(2 * 4096);
    bytes.fill(0xa5, 4096, 2 * 4096);
    writeFileSync(file, bytes);
    const counts = openRateLimitCounts(books.db);
    try {
      expect(await counts.count('k0', 60_000, T0 + 1)).toEqual({ current: 1, ttl: 60_000 });
    } finally {
      counts.close();
    }
  } finally {
    await books.close();
    tmp.remove();
  }
});

test('@sqlite an in-memory database counts in memory: no file is made, and the window is the same', async () => {
  const books = await openDatabase(':memory:');
  const counts = openRateLimitCounts(books.db);
  try {
    expect(await counts.count('k', 60_000, T0)).toEqual({ current: 1, ttl: 60_000 });
    expect(await counts.count('k', 60_000, T0 + 30_000)).toEqual({ current: 2, ttl: 30_000 });
    expect(await counts.count('k', 60_000, T0 + 60_000)).toEqual({ current: 1, ttl: 60_000 });
    // (not a file named after it in the working folder)
    expect(existsSync(rateLimitFileFor(':memory:'))).toBe(false);
  } finally {
    counts.close();
    await books.close();
  }
});
