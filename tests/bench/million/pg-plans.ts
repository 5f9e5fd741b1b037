// plans.ts for PostgreSQL: the action runs once more through a second Kysely over the same pool whose queries are
// timed (Kysely's query log), summed per SQL text; the statements taking the most time are explained with their
// parameters (EXPLAIN: `Seq Scan` reads a whole table, `Index Scan` / `Index Only Scan` go through an index).
import type { Pool } from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../../../electron/db/schema';
import type { Db } from '../../../electron/db/types';
import type { Profile } from './plans';

const round1 = (x: number) => Math.round(x * 10) / 10;

export interface PgProfiler {
  db: Db;
  /** what ran since the last call, explained; null when nothing ran */
  take(top?: number): Promise<Profile | null>;
}

export function pgProfiler(pool: Pool): PgProfiler {
  const bySql = new Map<string, { ms: number; params: readonly unknown[] }>();
  let count = 0;
  const db: Db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log(event) {
      const sql = event.query.sql;
      const seen = bySql.get(sql) ?? { ms: 0, params: event.query.parameters };
      seen.ms += event.queryDurationMillis;
      bySql.set(sql, seen);
      count += 1;
    },
  });
  // A write's statements can travel as one text (the audit row sent with `RELEASE …; COMMIT`, electron/db/pg/write.ts),
  // which EXPLAIN cannot take: such a text is named with PostgreSQL's answer instead of a plan, and the run goes on.
  const explain = async (sql: string, params: readonly unknown[]) => {
    try {
      return (await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, [...params])).rows.map((r) => r['QUERY PLAN']);
    } catch (e) {
      return [`(no plan: ${e instanceof Error ? e.message : String(e)})`];
    }
  };
  return {
    db,
    async take(top = 3) {
      const seen = [...bySql.entries()].sort((a, b) => b[1].ms - a[1].ms);
      const statements = count;
      bySql.clear();
      count = 0;
      if (!seen.length) return null;
      const slowest = [];
      for (const [sql, v] of seen.slice(0, top)) slowest.push({ ms: round1(v.ms), sql: sql.replace(/\s+/g, ' ').trim(), plan: await explain(sql, v.params) });
      return { all_sql_ms: round1(seen.reduce((s, [, v]) => s + v.ms, 0)), statements, slowest };
    },
  };
}
