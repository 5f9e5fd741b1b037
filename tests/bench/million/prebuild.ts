// `npx tsx tests/bench/million/prebuild.ts [--invoices N] [--pg off]`: builds (or migrates forward) the million bench's
// cached databases without measuring anything, so that the next `npm run bench:million` starts measuring at once:
// the SQLite million and its tenth (cache.ts), then their PostgreSQL copies (pg-cache.ts). About half an hour from
// nothing on two cores; seconds to minutes when a kept database only needs the newest migrations.
import { parseArgs } from 'node:util';
import { millionDb } from './cache';
import { millionPg } from './pg-cache';
import { startBenchCluster } from './pg-cluster';

const { values } = parseArgs({ options: { invoices: { type: 'string' }, pg: { type: 'string' } } });
const invoices = Number(values.invoices ?? 1_000_000);
const log = (s: string) => console.error(`prebuild ${s}`);
const done = (what: string, seconds: number | null) => log(seconds === null ? `${what}: kept` : `${what}: made in ${seconds.toFixed(1)} s`);

const sizes = [invoices, Math.round(invoices / 10)];
const files: string[] = [];
for (const n of sizes) {
  const db = await millionDb(n, log);
  done(db.file, db.buildSeconds);
  files.push(db.file);
}
if (values.pg !== 'off') {
  const cluster = await startBenchCluster(log);
  try {
    for (const [i, n] of sizes.entries()) {
      const pg = await millionPg(cluster, n, files[i]!, log);
      done(pg.database, pg.buildSeconds);
    }
  } finally {
    await cluster.stop();
  }
}
process.exit(0);
