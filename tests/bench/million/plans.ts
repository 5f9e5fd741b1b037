// Which statement an action spends its time in, and SQLite's plan for it. The app's connection keeps its prepared
// statements (electron/db/open.ts), so the action runs once more through a second Kysely over the same handle whose
// statements are timed; the slowest one is explained (EXPLAIN QUERY PLAN: SCAN reads a whole table or index in
// order, SEARCH goes through an index to the rows it needs).
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../../electron/db/schema';
import type { Db } from '../../../electron/db/types';
import { registerHandle } from '../../../electron/db/prepared';

export interface SlowStatement {
  ms: number;
  /** all statements of the run together: the rest of the action's time is JavaScript */
  all_sql_ms: number;
  statements: number;
  sql: string;
  plan: string[];
}

const RUNNERS = new Set(['all', 'get', 'run', 'iterate']);

export interface Profiler {
  db: Db;
  /** the slowest statement since the last call, explained; null when none ran */
  slowest(): SlowStatement | null;
}

export function profiler(sqlite: BetterSqlite3.Database): Profiler {
  let slowest: { ms: number; sql: string; params: unknown[] } | null = null;
  let total = 0;
  let count = 0;
  const timed = (stmt: BetterSqlite3.Statement, sql: string) =>
    new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof prop !== 'string' || !RUNNERS.has(prop) || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return (...params: unknown[]) => {
          const t = performance.now();
          const result = (value as (...a: unknown[]) => unknown).apply(target, params);
          const ms = performance.now() - t;
          total += ms;
          count += 1;
          if (!slowest || ms > slowest.ms) slowest = { ms, sql, params };
          return result;
        };
      },
    });
  const database = new Proxy(sqlite, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') return Reflect.get(target, prop, receiver);
      return (sql: string) => timed(target.prepare(sql), sql);
    },
  });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  registerHandle(db, sqlite); // the core's compiled write statements (prepared.ts) go to the handle untimed
  return {
    db,
    slowest() {
      const found = slowest as { ms: number; sql: string; params: unknown[] } | null;
      const all = { all_sql_ms: Math.round(total * 10) / 10, statements: count };
      slowest = null;
      total = 0;
      count = 0;
      if (!found) return null;
      const params = found.params.length === 1 && Array.isArray(found.params[0]) ? (found.params[0] as unknown[]) : found.params;
      const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${found.sql}`).all(...params) as Array<{ detail: string }>;
      return { ms: Math.round(found.ms * 10) / 10, ...all, sql: found.sql, plan: rows.map((r) => r.detail) };
    },
  };
}
