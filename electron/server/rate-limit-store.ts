// @fastify/rate-limit's counts in the database (`rate_limit_hits`, migration 0035) instead of each process's memory,
// so several server processes behind one address limit a client together (docs/team-server.md). The same fixed
// window as the plugin's own store: the first request of a key starts a window of `timeWindow`, each request counts
// one, and the count starts over once the window has ended. One atomic upsert per request, on SQLite and PostgreSQL
// alike. (The plugin's continueExceeding and exponentialBackoff are not offered; Folio uses neither.)
// Uses the real clock: security time is never the business clock (docs/design.md §8).
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/types';
import { counterWrite } from './counter-write';
import { writeAside } from '../db/transaction';
import { compileOnce } from '../db/prepared';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

interface RouteNaming {
  method?: string | string[];
  url?: string;
}
type RouteLimitOptions = RouteNaming & { routeInfo?: RouteNaming };

/** How often a process clears the windows that have ended (the table holds about one window of keys). */
const PRUNE_EVERY_MS = 60_000;

/** The count's upsert, compiled once (./db/prepared.ts): building it with Kysely for each request cost more than running it. */
const hitUpsert = compileOnce((db: Db, p: { key: string; now: number; reset: number }) => {
  const ended = sql<boolean>`rate_limit_hits.reset_ms <= ${p.now}`;
  return db
    .insertInto('rate_limit_hits')
    .values({ key: p.key, hits: 1, reset_ms: p.reset })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN ${ended} THEN 1 ELSE rate_limit_hits.hits + 1 END`,
        reset_ms: sql<number>`CASE WHEN ${ended} THEN ${p.reset} ELSE rate_limit_hits.reset_ms END`,
      }),
    )
    .returning(['hits', 'reset_ms']);
});

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

/** Counts one request of `key` in its window; the count and the milliseconds left of the window. */
export async function countHit(db: Db, key: string, timeWindow: number, now: number): Promise<{ current: number; ttl: number }> {
  // run aside from the write queue (../db/transaction.ts): the request is counted without waiting for a turn of it
  const [row] = await writeAside(db, hitUpsert(db, { key, now, reset: now + timeWindow }));
  if (!row) throw new Error('The rate-limit count was not stored');
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_ms) - now) };
}

/**
 * The store class the plugin's `store` option takes. Each route with a limit of its own gets a child (as the plugin's
 * memory store does): its keys are counted apart from other routes'. A key is stored as the SHA-256 of route and key,
 * since a limiter's key may be an API key.
 */
export function databaseRateLimitStore(db: () => Db, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  let prunedAt = -Infinity;
  const prune = (at: number) => {
    if (at - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at;
    // outside the request's path; a failure (the database closing) only leaves rows for the next prune
    counterWrite(db(), (q) => q.deleteFrom('rate_limit_hits').where('reset_ms', '<=', at).execute()).catch(() => undefined);
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly route: string;

    constructor(_options?: unknown, route = '*') {
      this.route = route;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      countHit(db(), storedKey(this.route, key), timeWindow, at).then(
        (result) => {
          prune(at);
          callback(null, result);
        },
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
  return DatabaseRateLimitStore;
}
