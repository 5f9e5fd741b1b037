// The million's figures on PostgreSQL (m1_pg_*): the team server runs the same core on PostgreSQL (docs/team-server.md),
// so the same actions (actions.ts) are measured through createCore on a copy of the SQLite million (pg-copy.ts, kept
// in the bench's own cluster, pg-cache.ts), with serve --pg's start, the list's first paint served from it, and the
// database's size. Issuing writes, so the actions run on a throwaway database made from the cached one as a template
// (a file copy inside the cluster); the cached one stays as copied.
import BetterSqlite3 from 'better-sqlite3';
import { openPostgres } from '../../../electron/db/pg/open';
import { createCore } from '../../../electron/core/index';
import { fixedClock } from '../../../electron/core/clock';
import { actions } from './actions';
import { postgresSource } from '../../../electron/export/postgres-source';
import { NOW } from './build';
import { issueBoth } from './issue';
import type { Profile } from './plans';
import { millionPg } from './pg-cache';
import { startBenchCluster, type BenchCluster } from './pg-cluster';
import { pgProfiler } from './pg-plans';
import { serveStart, uiFirstPaint } from './processes';
import { kindFigures, round1, timeRuns, type Timing } from './stats';

export interface PgBenchOptions {
  invoices: number;
  /** the SQLite million it is copied from (and whose ids the actions' setup looks up: the same rows) */
  sqliteFile: string;
  /** the database a tenth the size, for issuing's ratio; null: issuing is not measured */
  small: { invoices: number; sqliteFile: string } | null;
  runs: number;
  warmUps: number;
  log(s: string): void;
  /** false: the UI's first paint is measured on dist/renderer as built (a smoke run; built when missing) */
  rebuildUi?: boolean;
  /** which figures to measure, by their SQLite names (m1_…); all when absent (run.ts --only) */
  wanted?: (name: string) => boolean;
}

export interface PgBenchResult {
  figures: Record<string, number>;
  runs: Record<string, number>;
  slowest_statements: Record<string, Profile | null>;
  /** seconds each copy took; null where the cached one was reused */
  copy_s: { big: number | null; small: number | null };
}

/** m1_list_first_page_ms → m1_pg_list_first_page_ms */
const pgName = (name: string) => name.replace(/^m1_/, 'm1_pg_');

export async function measurePg(o: PgBenchOptions): Promise<PgBenchResult> {
  const figures: Record<string, number> = {};
  const runsOf: Record<string, number> = {};
  const plans: Record<string, Profile | null> = {};
  const put = (name: string, t: Timing) => {
    figures[name] = t.p50;
    figures[`${name}_p99`] = t.p99;
    runsOf[name] = t.runs;
    o.log(`${name}: p50 ${t.p50}, p99 ${t.p99} (${t.runs} runs)`);
  };
  const wanted = o.wanted ?? (() => true);
  const cluster = await startBenchCluster(o.log);
  const work: string[] = [];
  try {
    const big = await millionPg(cluster, o.invoices, o.sqliteFile, o.log);
    o.log(big.buildSeconds === null ? `pg: reusing ${big.database}` : `pg: copied ${big.database} in ${big.buildSeconds.toFixed(1)} s`);
    const small = o.small ? await millionPg(cluster, o.small.invoices, o.small.sqliteFile, o.log) : null;
    if (small) o.log(small.buildSeconds === null ? `pg: reusing ${small.database}` : `pg: copied ${small.database} in ${small.buildSeconds.toFixed(1)} s`);
    const [size] = await cluster.admin<{ bytes: string }>('SELECT pg_database_size($1) bytes', [big.database]);
    figures.m1_pg_db_mb = Math.round(Number(size!.bytes) / 1e5) / 10;

    const bigWork = await workCopy(cluster, big.database, work, o.log);
    const opened = await openPostgres(cluster.url(bigWork));
    // the setup lookups of actions.ts read the SQLite million: the same rows under the same ids
    const sqlite = new BetterSqlite3(o.sqliteFile, { readonly: true });
    try {
      const core = await createCore({ db: opened.db, clock: fixedClock(NOW) });
      const profiled = pgProfiler(opened.pool);
      const exportSource = postgresSource(cluster.url(bigWork));
      const profiledActions = await actions({ core: await createCore({ db: profiled.db, clock: fixedClock(NOW) }), db: profiled.db, sqlite, exportSource });
      const measured = await actions({ core, db: opened.db, sqlite, exportSource });
      try {
        for (const action of measured.list) {
          if (!wanted(action.name)) continue;
          const name = pgName(action.name);
          const t = await timeRuns(action.run, { runs: o.runs, warmUps: o.warmUps, budgetMs: 60_000, selfTimed: action.selfTimed === true });
          put(name, t);
          Object.assign(figures, kindFigures(name, action.kinds, t.times));
          // also a slow p99: a search's kinds differ by orders of magnitude, and the first kind (a number) is profiled
          if ((t.p50 > 100 || t.p99 > 200) && !action.selfTimed) {
            await profiledActions.list.find((a) => a.name === action.name)!.run(0);
            plans[name] = await profiled.take();
            o.log(`${name}: slowest statements ${JSON.stringify(plans[name])}`);
          }
        }
      } finally {
        await measured.close();
        await profiledActions.close();
      }
      // (the profiled Kysely shares the pool: it is ended once, by opened.close)

      if (small && wanted('m1_issue_ms')) {
        const smallWork = await workCopy(cluster, small.database, work, o.log);
        const smallOpened = await openPostgres(cluster.url(smallWork));
        try {
          const firstClient = (file: string) => {
            const db = new BetterSqlite3(file, { readonly: true });
            try {
              return (db.prepare('SELECT min(id) id FROM clients').get() as { id: number }).id;
            } finally {
              db.close();
            }
          };
          const issued = await issueBoth(
            { core, clientId: firstClient(o.sqliteFile) },
            { core: await createCore({ db: smallOpened.db, clock: fixedClock(NOW) }), clientId: firstClient(o.small!.sqliteFile) },
            { rounds: 10, perRound: Math.max(1, Math.round(o.runs / 10)) * 3, warmUps: o.warmUps * 10 },
          );
          put('m1_pg_issue_ms', issued.big);
          figures.m1_pg_issue_small_ms = issued.small.p50;
          figures.m1_pg_issue_small_ms_p99 = issued.small.p99;
          figures.m1_pg_issue_ratio = Math.round((issued.big.p50 / issued.small.p50) * 100) / 100;
          o.log(`m1_pg_issue at ${o.small!.invoices}: p50 ${issued.small.p50}, p99 ${issued.small.p99}; ratio ${figures.m1_pg_issue_ratio}`);
        } finally {
          await smallOpened.close();
        }
      }
    } finally {
      sqlite.close();
      await opened.close();
    }

    if (wanted('m1_serve_start_ms')) put('m1_pg_serve_start_ms', await serveStart({ pgUrl: cluster.url(bigWork) }, Math.min(o.runs, 10)));
    if (wanted('m1_ui_first_paint_ms')) put('m1_pg_ui_first_paint_ms', await uiFirstPaint({ pgUrl: cluster.url(bigWork) }, Math.min(o.runs, 15), { rebuild: o.rebuildUi !== false }));
    return { figures, runs: runsOf, slowest_statements: plans, copy_s: { big: big.buildSeconds === null ? null : round1(big.buildSeconds), small: small?.buildSeconds == null ? null : round1(small.buildSeconds) } };
  } finally {
    for (const name of work) await cluster.admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await cluster.stop();
  }
}

/** A throwaway copy of a cached database, made by PostgreSQL copying its files (no row is read or re-inserted). */
async function workCopy(cluster: BenchCluster, database: string, made: string[], log: (s: string) => void): Promise<string> {
  const name = `work_${made.length}_${database}`;
  await cluster.admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const t0 = performance.now();
  made.push(name);
  await cluster.admin(`CREATE DATABASE ${name} TEMPLATE ${database} STRATEGY FILE_COPY`);
  log(`pg: ${name} made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return name;
}
