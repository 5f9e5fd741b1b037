// Opens Folio's database on PostgreSQL (the team server, docs/team-server.md): a pg Pool under Kysely's
// PostgresDialect, values parsed into the shapes SQLite gives (./type-parsers.ts), and the migrations run once
// however many server processes start together.
import pg, { type Pool } from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from '../schema';
import type { Db } from '../types';
import { migrateLocked } from '../migrate';
import { sqliteShapes } from './type-parsers';
import { LockSession } from './lock-session';
import { registerAdvisoryLocks } from '../advisory-locks';
import { NamingClient } from './named-statements';
import { setPostgresWriteSlots } from './write';

export interface OpenedPostgres {
  db: Db;
  /** the pool under Kysely, for what Kysely does not do (LISTEN, COPY) and for tests */
  pool: Pool;
  close(): Promise<void>;
}

export interface OpenPostgresOptions {
  /** connections in the pool (pg's default is 10) */
  max?: number;
  /** false: open without migrating (a tool that only reads, or a test of the migration itself) */
  migrate?: boolean;
}

/**
 * The advisory lock the migrations run under: a constant of Folio's own (the bytes of "folio-mg" as a bigint), so it
 * meets no other application's lock on a shared server.
 */
export const MIGRATION_LOCK = BigInt('0x666f6c696f2d6d67');

export async function openPostgres(url: string, options: OpenPostgresOptions = {}): Promise<OpenedPostgres> {
  const config = { connectionString: url, types: sqliteShapes, application_name: 'folio' };
  const pool = new pg.Pool({ ...config, Client: NamingClient, ...(options.max ? { max: options.max } : {}) });
  // An idle connection the server drops (restart, network) is an 'error' event on the pool: without a listener it
  // would end the process; the pool replaces the connection on the next checkout.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    if (options.migrate !== false) await migratePostgres(db);
  } catch (e) {
    await db.destroy();
    throw e;
  }
  // per-block writes may hold a few transactions open at once; the pool keeps two connections for reads
  setPostgresWriteSlots(db, Math.min(4, (options.max ?? 10) - 2));
  // the runners' advisory locks (../runner-lock.ts) on a connection of their own, opened on first use
  const locks = new LockSession({ ...config, application_name: 'folio-runner-locks' });
  registerAdvisoryLocks(db, locks);
  return {
    db,
    pool,
    close: async () => {
      // the runners' locks go first, with their connection: another process may take over at once
      await locks.end();
      await db.destroy();
    },
  };
}

/**
 * Runs the migrations on one connection holding the advisory lock. A second process waits for the first to finish,
 * then finds every migration applied (migrateLocked reads them again inside the lock). The migrations themselves run
 * in one transaction (PostgreSQL's DDL is transactional; Kysely's Migrator wraps them): a process killed half-way
 * leaves the schema as it was. The lock is a session lock, released explicitly and, should the process die, with
 * its connection.
 */
export async function migratePostgres(db: Db): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${sql.lit(MIGRATION_LOCK)})`.execute(conn);
    try {
      await migrateLocked(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(${sql.lit(MIGRATION_LOCK)})`.execute(conn);
    }
  });
}
