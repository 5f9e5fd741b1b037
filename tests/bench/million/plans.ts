// Which statement an action spends its time in, and SQLite's plan for it: the prepare of the core's connection is
// wrapped for one profiled run of the action, every statement it runs is timed, and the slowest one is explained
// (EXPLAIN QUERY PLAN: SCAN reads a whole table or index, SEARCH goes through an index to the rows it needs).
import type BetterSqlite3 from 'better-sqlite3';

export interface SlowStatement {
  ms: number;
  sql: string;
  plan: string[];
}

type Statement = BetterSqlite3.Statement<unknown[], unknown>;
const RUNNERS = ['all', 'get', 'run', 'iterate'] as const;

export async function slowestStatement(sqlite: BetterSqlite3.Database, action: () => Promise<unknown>): Promise<SlowStatement | null> {
  const original = sqlite.prepare.bind(sqlite);
  let slowest: { ms: number; sql: string; params: unknown[] } | null = null;
  (sqlite as { prepare: unknown }).prepare = (sql: string) => {
    const stmt = original(sql) as Statement;
    for (const name of RUNNERS) {
      const run = (stmt[name] as (...a: unknown[]) => unknown).bind(stmt);
      (stmt as unknown as Record<string, unknown>)[name] = (...params: unknown[]) => {
        const t = performance.now();
        const result = run(...params);
        const ms = performance.now() - t;
        if (!slowest || ms > slowest.ms) slowest = { ms, sql, params };
        return result;
      };
    }
    return stmt;
  };
  try {
    await action();
  } finally {
    (sqlite as { prepare: unknown }).prepare = original;
  }
  const found = slowest as { ms: number; sql: string; params: unknown[] } | null;
  if (!found) return null;
  const params = found.params.length === 1 && Array.isArray(found.params[0]) ? (found.params[0] as unknown[]) : found.params;
  const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${found.sql}`).all(...params) as Array<{ detail: string }>;
  return { ms: Math.round(found.ms * 10) / 10, sql: found.sql, plan: rows.map((r) => r.detail) };
}
