// `npm run bench:million -- --out FILE` (issue 24, item 1): every action a person waits for, on a database of
// 1,000,000 invoices over ten years (build.ts; built once and cached, cache.ts), each as its p50 (NAME) and p99
// (NAME_p99) over repeated runs, written as one JSON object. Not a section of `npm run bench`: it takes minutes.
// Options: --invoices N (a smaller database, for trying the tool), --runs N (measured runs per action, default 30;
// with fewer than 100 runs p99 is the slowest run), --warm N (unmeasured runs first, default 3), --pg off (skip the
// same figures on PostgreSQL, m1_pg_*: pg-run.ts; on by default), --smoke (the whole tool at a tiny size, 2,000
// invoices, 3 runs after 1 warm-up, the UI as built: what CI runs, so that a change that breaks an action fails there;
// any failure ends the command with status 1), --only a,b (only the figures whose names hold one of these words, e.g.
// `--only revenue,serve_start`: for measuring one screen while working on it; the figures' names are as written out).
import { copyFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../../electron/db/open';
import { createCore } from '../../../electron/core/index';
import { fixedClock } from '../../../electron/core/clock';
import { backupDatabase } from '../../../electron/backup/index';
import { tempDir } from '../../fault/support/procs';
import { actions } from './actions';
import { sqliteSource } from '../../../electron/export/snapshot';
import { NOW } from './build';
import { issueBoth } from './issue';
import { millionDb } from './cache';
import { profiler, type Profile } from './plans';
import { serveStart, uiFirstPaint } from './processes';
import { measurePg, type PgBenchResult } from './pg-run';
import { kindFigures, onlyFilter, round1, timeRuns, type Timing } from './stats';

const { values } = parseArgs({ options: { out: { type: 'string' }, invoices: { type: 'string' }, runs: { type: 'string' }, warm: { type: 'string' }, pg: { type: 'string' }, smoke: { type: 'boolean' }, only: { type: 'string' } } });
const wanted = onlyFilter(values.only);
const smoke = values.smoke === true;
const invoices = Number(values.invoices ?? (smoke ? 2_000 : 1_000_000));
const runs = Number(values.runs ?? (smoke ? 3 : 30));
const warmUps = Number(values.warm ?? (smoke ? 1 : 3));
if (values.pg !== undefined && values.pg !== 'on' && values.pg !== 'off') throw new Error('--pg is on or off');
const withPg = values.pg !== 'off';
const log = (s: string) => console.error(`bench:million ${s}`);
const started = performance.now();

const figures: Record<string, number> = {};
const put = (name: string, t: Timing) => {
  figures[name] = t.p50;
  figures[`${name}_p99`] = t.p99;
  log(`${name}: p50 ${t.p50}, p99 ${t.p99} (${t.runs} runs)`);
};
const runsOf: Record<string, number> = {};
const plans: Record<string, Profile | null> = {};
const load = { before: loadavg().map(round1) };

const big = await millionDb(invoices, log);
log(big.buildSeconds === null ? `reusing ${big.file}` : `built ${big.file} in ${big.buildSeconds.toFixed(1)} s`);
// issuing is compared with a database a tenth the size, built the same way
const tenth = Math.round(invoices / 10);
const small = await millionDb(tenth, log);
figures.m1_db_mb = Math.round(statSync(big.file).size / 1e5) / 10;

const tmp = tempDir('million');
try {
  // Issuing writes: the actions run on a copy, the cached file stays as built.
  const work = tmp.file('folio.db');
  copyFileSync(big.file, work);
  const opened = await openDatabase(work);
  try {
    const core = await createCore({ db: opened.db, clock: fixedClock(NOW) });
    // the same actions through a connection whose statements are timed, to find where a slow one spends its time
    const profiled = profiler(opened.sqlite);
    const exportSource = sqliteSource(work);
    const profiledActions = await actions({ core: await createCore({ db: profiled.db, clock: fixedClock(NOW) }), db: profiled.db, sqlite: opened.sqlite, exportSource });
    const measured = await actions({ core, db: opened.db, sqlite: opened.sqlite, exportSource });
    try {
      for (const action of measured.list) {
        if (!wanted(action.name)) continue;
        const t = await timeRuns(action.run, { runs, warmUps, budgetMs: 60_000, selfTimed: action.selfTimed === true });
        put(action.name, t);
        runsOf[action.name] = t.runs;
        Object.assign(figures, kindFigures(action.name, action.kinds, t.times));
        // where a slow action spends its time (run once more, profiled; not part of the figures)
        if (t.p50 > 100 && !action.selfTimed) {
          await profiledActions.list.find((a) => a.name === action.name)!.run(0);
          plans[action.name] = profiled.take();
          log(`${action.name}: slowest statements ${JSON.stringify(plans[action.name])}`);
        }
      }
    } finally {
      await measured.close();
      await profiledActions.close();
    }

    // Issuing, here and on the database a tenth the size, in alternating rounds (issue.ts).
    if (wanted('m1_issue_ms')) {
      const smallWork = tmp.file('small.db');
      copyFileSync(small.file, smallWork);
      const smallOpened = await openDatabase(smallWork);
      try {
        const firstClient = (sqlite: typeof opened.sqlite) => (sqlite.prepare('SELECT min(id) id FROM clients').get() as { id: number }).id;
        const issued = await issueBoth(
          { core, clientId: firstClient(opened.sqlite) },
          { core: await createCore({ db: smallOpened.db, clock: fixedClock(NOW) }), clientId: firstClient(smallOpened.sqlite) },
          { rounds: 10, perRound: Math.max(1, Math.round(runs / 10)) * 3, warmUps: warmUps * 10 },
        );
        put('m1_issue_ms', issued.big);
        runsOf.m1_issue_ms = issued.big.runs;
        figures.m1_issue_small_ms = issued.small.p50;
        figures.m1_issue_small_ms_p99 = issued.small.p99;
        figures.m1_issue_ratio = Math.round((issued.big.p50 / issued.small.p50) * 100) / 100;
        log(`m1_issue at ${tenth}: p50 ${issued.small.p50}, p99 ${issued.small.p99}; ratio ${figures.m1_issue_ratio}`);
      } finally {
        await smallOpened.close();
      }
    }
  } finally {
    await opened.close();
  }

  // The app's own backup of the whole file (electron/backup), once: it copies every page.
  if (wanted('m1_backup_s')) {
    const backup = await timeRuns(() => backupDatabase({ source: work, dir: tmp.file('backups') }), { runs: 1, warmUps: 0, budgetMs: 0 });
    figures.m1_backup_s = round1(backup.p50 / 1000);
    log(`m1_backup_s: ${figures.m1_backup_s}`);
  }

  // on the working copy too: a server may write (its jobs), and the cached file must stay as built
  if (wanted('m1_serve_start_ms')) put('m1_serve_start_ms', await serveStart({ dbFile: work }, Math.min(runs, 10)));
  if (wanted('m1_ui_first_paint_ms')) put('m1_ui_first_paint_ms', await uiFirstPaint({ dbFile: work }, Math.min(runs, 15), { rebuild: !smoke }));
} finally {
  tmp.remove();
}

// The same on PostgreSQL (the team server): a copy of the same million in the bench's own cluster.
let pg: PgBenchResult | null = null;
if (withPg) {
  const pgStarted = performance.now();
  pg = await measurePg({ invoices, sqliteFile: big.file, small: { invoices: tenth, sqliteFile: small.file }, runs, warmUps, log, rebuildUi: !smoke, wanted });
  Object.assign(figures, pg.figures);
  Object.assign(runsOf, pg.runs);
  Object.assign(plans, pg.slowest_statements);
  log(`pg: ${round1((performance.now() - pgStarted) / 1000)} s in all`);
}

const result = {
  ...figures,
  meta: {
    invoices,
    ...(smoke ? { smoke: true } : {}),
    ...(values.only ? { only: values.only } : {}),
    issue_compared_at: tenth,
    build_s: big.buildSeconds === null ? null : round1(big.buildSeconds),
    runs: runsOf,
    warm_ups: warmUps,
    p99_note: 'nearest rank: with fewer than 100 runs it is the slowest run',
    load_average: { ...load, after: loadavg().map(round1) },
    cores: cpus().length,
    node: process.version,
    total_s: round1((performance.now() - started) / 1000),
    pg: pg ? { copy_s: pg.copy_s, note: 'm1_pg_*: the same actions on PostgreSQL (embedded, the bench cluster in tests/bench/.cache/pg)' } : 'not measured (--pg off)',
    slowest_statements: plans,
  },
};
const json = JSON.stringify(result, null, 2);
if (values.out) writeFileSync(values.out, `${json}\n`);
console.log(json);
log(`done in ${round1((performance.now() - started) / 1000)} s`);
// a pool or a child's handle left open must not keep the finished command alive
process.exit(0);
