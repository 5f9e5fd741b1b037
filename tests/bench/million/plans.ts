// Which statements an action spends its time in, and SQLite's plan for each. The app's connection keeps its
// prepared statements (electron/db/open.ts), so the action runs once more through a second Kysely over the same
// handle whose statements are timed; the statements taking the most time (summed per SQL text) are explained
// (EXPLAIN QUERY PLAN: SCAN reads a whole table or index in order, SEARCH goes through an index to the rows it needs).
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../../electron/db/schema';
import type { Db } from '../../../electron/db/types';
import { registerHandle } from '../../../electron/db/prepared';

export interface SlowStatement {
  ms: number;
  sql: string;
  plan: string[];
  /** the values of its first run, when take() is asked for them */
  params?: unknown[];
}

export interface Profile {
  /** all statements of the run together: the rest of the action's time is JavaScript */
  all_sql_ms: number;
  statements: number;
  /** the few statements taking the most time, slowest first */
  slowest: SlowStatement[];
}

const RUNNERS = new Set(['all', 'get', 'run', 'iterate']);
const round1 = (x: number) => Math.round(x * 10) / 10;

export interface Profiler {
  db: Db;
  /** what ran since the last call, explained; null when nothing ran */
  take(top?: number, options?: { params?: boolean }): Profile | null;
}

export interface ProfilerOptions {
  /**
   * Also time the core's compiled write statements (electron/db/prepared.ts), which otherwise go to the handle
   * untimed: the plan test (tests/core/query-plans.spec.ts) wants every statement an action runs, issuing's too.
   * Those are compiled once per handle, so only a core whose writes have not run through this handle yet is seen whole.
   */
  writes?: boolean;
}

export function profiler(sqlite: BetterSqlite3.Database, options: ProfilerOptions = {}): Profiler {
  const bySql = new Map<string, { ms: number; params: unknown[] }>();
  let count = 0;
  const timed = (stmt: BetterSqlite3.Statement, sql: string) =>
    new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof prop !== 'string' || !RUNNERS.has(prop) || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return (...params: unknown[]) => {
          const t = performance.now();
          const result = (value as (...a: unknown[]) => unknown).apply(target, params);
          const seen = bySql.get(sql) ?? { ms: 0, params };
          seen.ms += performance.now() - t;
          bySql.set(sql, seen);
          count += 1;
          return result;
        };
      },
    });
  // the handle's own getters and methods run on the handle itself (better-sqlite3's native checks refuse a proxy)
  const database = new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => timed(target.prepare(sql), sql);
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  registerHandle(db, options.writes ? database : sqlite); // else the core's compiled write statements (prepared.ts) go to the handle untimed
  const flat = (raw: unknown[]) => (raw.length === 1 && Array.isArray(raw[0]) ? (raw[0] as unknown[]) : raw);
  const explain = (sql: string, raw: unknown[]) =>
    (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...flat(raw)) as Array<{ detail: string }>).map((r) => r.detail);
  return {
    db,
    /** `top` Infinity: every distinct statement */
    take(top = 3, what = {}) {
      const seen = [...bySql.entries()].sort((a, b) => b[1].ms - a[1].ms);
      const all = seen.reduce((s, [, v]) => s + v.ms, 0);
      const statements = count;
      bySql.clear();
      count = 0;
      if (!seen.length) return null;
      return {
        all_sql_ms: round1(all),
        statements,
        slowest: seen.slice(0, top).map(([sql, v]) => ({
          ms: round1(v.ms),
          sql: sql.replace(/\s+/g, ' ').trim(),
          plan: explain(sql, v.params),
          ...(what.params ? { params: flat(v.params) } : {}),
        })),
      };
    },
  };
}
