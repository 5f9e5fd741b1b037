// The PostgreSQL million, built once and kept: a database on the bench's own cluster (pg-cluster.ts) named by the
// same key as the SQLite file it is copied from (cache.ts: the migrations and the builder's version), so a new
// migration or builder change copies afresh and any other run reuses it. It is filled under a `building_` name and
// renamed when complete, so an interrupted copy is never reused.
import { openPostgres } from '../../../electron/db/pg/open';
import { buildKey } from './build';
import type { BenchCluster } from './pg-cluster';
import { copySqliteToPg } from './pg-copy';

/** raised when the copy itself changes what it writes, so a cached copy made the old way is made again */
const COPY_VERSION = 1;

export interface CachedPg {
  database: string;
  /** seconds the copy took (migrations, rows, indexes, ANALYZE); null when the cached database was reused */
  buildSeconds: number | null;
}

export async function millionPg(cluster: BenchCluster, invoices: number, sqliteFile: string, log: (s: string) => void = () => undefined): Promise<CachedPg> {
  const database = `million_${invoices}_${buildKey(invoices)}_c${COPY_VERSION}`;
  const existing = (await cluster.admin<{ datname: string }>('SELECT datname FROM pg_database')).map((d) => d.datname);
  if (existing.includes(database)) return { database, buildSeconds: null };
  // copies of the same size for an older schema or builder, and interrupted ones, are of no more use
  for (const old of existing.filter((d) => d.startsWith(`million_${invoices}_`) || d.startsWith(`building_million_${invoices}_`))) {
    await cluster.admin(`DROP DATABASE ${old} WITH (FORCE)`);
  }
  const started = performance.now();
  const building = `building_${database}`;
  // text compares byte by byte, as SQLite's BINARY collation does (docs/team-server.md "Values")
  await cluster.admin(`CREATE DATABASE ${building} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C'`);
  const opened = await openPostgres(cluster.url(building), { migrate: true });
  await opened.close();
  log(`pg: migrated ${building} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await copySqliteToPg(sqliteFile, cluster.url(building), log);
  // the planner's statistics, which autovacuum keeps on a server that has run for years; the visibility map (for
  // index-only scans) needs no VACUUM: COPY … FREEZE wrote the rows all-visible
  const a0 = performance.now();
  await cluster.admin('ANALYZE', undefined, building);
  log(`pg: ANALYZE in ${((performance.now() - a0) / 1000).toFixed(1)} s`);
  await cluster.admin(`ALTER DATABASE ${building} RENAME TO ${database}`);
  return { database, buildSeconds: (performance.now() - started) / 1000 };
}
