// `npx tsx tests/bench/million/pg-main.ts [--invoices N] [--runs N] [--warm N] [--only a,b] [--out FILE]`: the PostgreSQL half of
// the million bench alone (pg-run.ts), for measuring the team server without the SQLite figures; it builds the
// SQLite million first if it is not cached (the copy is made from it). `npm run bench:million` runs both.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { millionDb } from './cache';
import { measurePg } from './pg-run';
import { onlyFilter, round1 } from './stats';

const { values } = parseArgs({ options: { out: { type: 'string' }, invoices: { type: 'string' }, runs: { type: 'string' }, warm: { type: 'string' }, only: { type: 'string' } } });
const invoices = Number(values.invoices ?? 1_000_000);
const runs = Number(values.runs ?? 30);
const warmUps = Number(values.warm ?? 3);
const log = (s: string) => console.error(`bench:million ${s}`);
const started = performance.now();
const before = loadavg().map(round1);

const big = await millionDb(invoices, log);
const tenth = Math.round(invoices / 10);
const small = await millionDb(tenth, log);
const pg = await measurePg({ invoices, sqliteFile: big.file, small: { invoices: tenth, sqliteFile: small.file }, runs, warmUps, log, wanted: onlyFilter(values.only) });
const result = {
  ...pg.figures,
  meta: {
    invoices,
    ...(values.only ? { only: values.only } : {}),
    issue_compared_at: tenth,
    pg_copy_s: pg.copy_s,
    runs: pg.runs,
    warm_ups: warmUps,
    p99_note: 'nearest rank: with fewer than 100 runs it is the slowest run',
    load_average: { before, after: loadavg().map(round1) },
    cores: cpus().length,
    node: process.version,
    total_s: round1((performance.now() - started) / 1000),
    slowest_statements: pg.slowest_statements,
  },
};
const json = JSON.stringify(result, null, 2);
if (values.out) writeFileSync(values.out, `${json}\n`);
console.log(json);
