// @fastify/rate-limit's counts kept outside each process's memory (./rate-limit-counts.ts: a file beside a SQLite
// database, the table `rate_limit_hits` of a PostgreSQL one), so several server processes behind one address limit a
// client together (docs/team-server.md). The same fixed window as the plugin's own store: the first request of a key
// starts a window of `timeWindow`, each request counts one, and the count starts over once the window has ended. One
// atomic upsert per request. (The plugin's continueExceeding and exponentialBackoff are not offered; Folio uses
// neither.) Uses the real clock: security time is never the business clock (docs/design.md §8).
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/types';
import { openRateLimitCounts, type RateLimitCounts } from './rate-limit-counts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

interface RouteNaming {
  method?: string | string[];
  url?: string;
}
type RouteLimitOptions = RouteNaming & { routeInfo?: RouteNaming };

/** How many stored keys a process remembers (route and limiter key → SHA-256) before it starts the memory over. */
const STORED_KEYS_MOST = 1000;
const storedKeys = new Map<string, string>();

/**
 * The key a count is stored under: the SHA-256 of route and key, remembered, since a client sends the same key
 * request after request and hashing it cost ~10 µs of each /v3 request (issue 41). The memory holds what the
 * requests carried anyway (the process knows the API key); it is bounded and simply starts over when full.
 */
function storedKey(route: string, key: string): string {
  const plain = `${route}\n${key}`;
  let stored = storedKeys.get(plain);
  if (stored === undefined) {
    if (storedKeys.size >= STORED_KEYS_MOST) storedKeys.clear();
    stored = createHash('sha256').update(plain).digest('hex');
    storedKeys.set(plain, stored);
  }
  return stored;
}

/**
 * The store the plugin's `store` option takes (`Store`), and `close`, which closes the counts it opened (the server's
 * onClose). Each route with a limit of its own gets a child (as the plugin's memory store does): its keys are counted
 * apart from other routes'. A key is stored as the SHA-256 of route and key, since a limiter's key may be an API key.
 * `db` answers the database of the request: the counts are opened for each database on its first request, and those
 * of a database that has been closed since (a restore swapped the file in) are closed when another one appears.
 */
export function databaseRateLimitStore(db: () => Db, now: () => number = Date.now): { Store: FastifyRateLimitStoreCtor; close(): void; waiting(): boolean } {
  const opened = new Map<Db, RateLimitCounts>();
  const countsOf = (of: Db): RateLimitCounts => {
    let counts = opened.get(of);
    if (!counts) {
      for (const [other, theirs] of opened) {
        if (!theirs.stale) continue;
        theirs.close();
        opened.delete(other);
      }
      counts = openRateLimitCounts(of);
      opened.set(of, counts);
    }
    return counts;
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly route: string;

    constructor(_options?: unknown, route = '*') {
      this.route = route;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      let counted: Promise<{ current: number; ttl: number }>;
      try {
        counted = countsOf(db()).count(storedKey(this.route, key), timeWindow, now());
      } catch (e) {
        counted = Promise.reject(e);
      }
      counted.then(
        (result) => callback(null, result),
        (e: unknown) => callback(e instanceof Error ? e : new Error(String(e))),
      );
    }

    /** The plugin hands over the route's merged limit options, the route itself under `routeInfo`. */
    child(options: RouteLimitOptions): FastifyRateLimitStore {
      const route = options.routeInfo ?? options;
      const method = [route.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(undefined, `${method} ${route.url ?? ''}`);
    }
  }
  return {
    Store: DatabaseRateLimitStore,
    /** whether requests are held until the end of this turn, when their counts are written (./rate-limit-counts.ts) */
    waiting() {
      for (const counts of opened.values()) if (counts.waiting) return true;
      return false;
    },
    close() {
      for (const counts of opened.values()) counts.close();
      opened.clear();
    },
  };
}
