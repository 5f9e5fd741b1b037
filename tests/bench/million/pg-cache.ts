// The PostgreSQL million, built once and kept: a database on the bench's own cluster (pg-cluster.ts) named by the
// same key as the SQLite file it is copied from (cache.ts: the migrations and the builder's version), so a builder
// change copies afresh and any other run reuses it. It is filled under a `building_` name and renamed when complete,
// so an interrupted copy is never reused.
//
// As on SQLite, a new migration does not cost a new copy: a kept database of the same builder whose migrations are
// the first ones of today's list is cloned (CREATE DATABASE … TEMPLATE) and migrated forward, and the time the
// migrations took is logged.
import { join } from 'node:path';
import { openPostgres } from '../../../electron/db/pg/open';
import { migrations } from '../../../migrations/index';
import { BUILDER_VERSION, buildKey } from './build';
import { CACHE_DIR, isPrefix, readCacheInfo } from './cache';
import type { BenchCluster } from './pg-cluster';
import { copySqliteToPg } from './pg-copy';

/** raised when the copy itself changes what it writes, so a cached copy made the old way is made again */
const COPY_VERSION = 1;
/** forward-migrated databases kept beside their base; older ones beyond this are dropped */
const KEEP_FORWARD = 3;

export interface CachedPg {
  database: string;
  /** seconds the copy (or the forward migration) took (migrations, rows, indexes, ANALYZE); null when reused */
  buildSeconds: number | null;
}

export async function millionPg(cluster: BenchCluster, invoices: number, sqliteFile: string, log: (s: string) => void = () => undefined): Promise<CachedPg> {
  const database = `million_${invoices}_${buildKey(invoices)}_c${COPY_VERSION}`;
  const existing = (await cluster.admin<{ datname: string }>('SELECT datname FROM pg_database')).map((d) => d.datname);
  if (existing.includes(database)) return { database, buildSeconds: null };
  for (const old of existing.filter((d) => d.startsWith(`building_million_${invoices}_`))) await cluster.admin(`DROP DATABASE ${old} WITH (FORCE)`);
  const building = `building_${database}`;
  const started = performance.now();
  const names = Object.keys(migrations);
  const kept = existing
    .filter((d) => d.startsWith(`million_${invoices}_`))
    .map((d) => {
      const key = d.match(/^million_\d+_([0-9a-f]{12})_c(\d+)$/);
      const info = key && Number(key[2]) === COPY_VERSION ? readCacheInfo(join(CACHE_DIR, `million-${invoices}-${key[1]}.db`)) : null;
      return { database: d, info };
    });
  const base = kept
    .filter((k) => k.info && k.info.builder === BUILDER_VERSION && isPrefix(k.info.migrations, names))
    .sort((a, b) => b.info!.migrations.length - a.info!.migrations.length)[0];
  if (base) {
    await cluster.admin(`CREATE DATABASE ${building} TEMPLATE ${base.database}`);
    const cloned = performance.now();
    const opened = await openPostgres(cluster.url(building), { migrate: true });
    await opened.close();
    const migrated = performance.now();
    // the new tables' and indexes' statistics, as autovacuum would gather them
    await cluster.admin('ANALYZE', undefined, building);
    await cluster.admin(`ALTER DATABASE ${building} RENAME TO ${database}`);
    log(`pg ${invoices}: migrated ${base.database} forward (${names.slice(base.info!.migrations.length).join(', ')}) in ${((migrated - cloned) / 1000).toFixed(1)} s after a ${((cloned - started) / 1000).toFixed(1)} s clone`);
    // the newest forward databases stay for other checkouts' runs; the base always stays
    const forward = kept.filter((k) => k.database !== base.database && k.info?.from).map((k) => k.database);
    for (const old of forward.slice(0, Math.max(0, forward.length - (KEEP_FORWARD - 1)))) await cluster.admin(`DROP DATABASE ${old} WITH (FORCE)`);
    return { database, buildSeconds: (performance.now() - started) / 1000 };
  }
  // copies of the same size for an older schema or builder are of no more use
  for (const old of kept) await cluster.admin(`DROP DATABASE ${old.database} WITH (FORCE)`);
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
