// One runner at a time across server processes (docs/team-server.md "One runner at a time"): each runner's advisory
// lock is held by one PostgreSQL handle; closing the holder's handle, or its lock connection dying, frees it for
// another. On SQLite the NAV reporter keeps its lease row and the other runners run in every process, as before.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startServer } from '../../electron/server/start';
import { openPostgres, type OpenedPostgres } from '../../electron/db/pg/open';
import { openDatabase } from '../../electron/db/open';
import { runnerLock, runnerLockKey, type RunnerName } from '../../electron/db/runner-lock';
import { navReporterLease } from '../../electron/nav-queue/store';
import { createReminderScheduler } from '../../electron/core/reminders/scheduler';
import { ManualClock } from '../../electron/core/clock';
import { createNavInbound } from '../../electron/nav-inbound/service';
import { freshPgDatabase } from '../support/postgres';
import { FIXED_NOW, tempDbFile } from '../support/fixtures';

const RUNNERS: RunnerName[] = ['recurring', 'nav-reporter', 'mail-outbox', 'reminders'];

async function twoHandles(): Promise<[OpenedPostgres, OpenedPostgres, string]> {
  const url = await freshPgDatabase();
  const a = await openPostgres(url);
  const b = await openPostgres(url, { migrate: false });
  return [a, b, url];
}

/** The advisory locks PostgreSQL itself lists as granted, as lock keys (what another tool would see). */
async function grantedKeys(url: string): Promise<bigint[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string }>(
      `SELECT ((classid::bigint << 32) | objid::bigint)::text AS key FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return rows.map((r) => BigInt.asIntN(64, BigInt(r.key))).sort();
  } finally {
    await client.end();
  }
}

test('each runner lock is held by one handle; closing the holder frees it for the other', async () => {
  const [a, b, url] = await twoHandles();
  try {
    for (const name of RUNNERS) {
      const mine = runnerLock(a.db, name);
      const theirs = runnerLock(b.db, name);
      expect(await mine.tryHold()).toBe(true);
      expect(await theirs.tryHold()).toBe(false);
      // holding goes on: asking again confirms it, and the other is still refused
      expect(await mine.tryHold()).toBe(true);
      expect(await theirs.tryHold()).toBe(false);
    }
    expect(await grantedKeys(url)).toEqual(RUNNERS.map(runnerLockKey).sort());
    await a.close();
    for (const name of RUNNERS) expect(await runnerLock(b.db, name).tryHold()).toBe(true);
  } finally {
    await a.close().catch(() => undefined);
    await b.close();
  }
});

test('a released runner lock goes to the next process that tries; the locks are independent of each other', async () => {
  const [a, b] = await twoHandles();
  try {
    const recurringA = runnerLock(a.db, 'recurring');
    const recurringB = runnerLock(b.db, 'recurring');
    expect(await recurringA.tryHold()).toBe(true);
    // another runner's lock is free whoever holds this one
    expect(await runnerLock(b.db, 'mail-outbox').tryHold()).toBe(true);
    expect(await runnerLock(a.db, 'mail-outbox').tryHold()).toBe(false);
    await recurringA.release();
    expect(await recurringB.tryHold()).toBe(true);
    expect(await recurringA.tryHold()).toBe(false);
  } finally {
    await a.close();
    await b.close();
  }
});

test('a holder whose lock connection dies loses the lock, and the other process takes it', async () => {
  const [a, b, url] = await twoHandles();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const mine = runnerLock(a.db, 'nav-reporter');
    expect(await mine.tryHold()).toBe(true);
    expect(await runnerLock(b.db, 'nav-reporter').tryHold()).toBe(false);
    // what a crashed process or a broken network looks like to the server: the session ends
    const killed = await admin.query(
      `SELECT pg_terminate_backend(l.pid) FROM pg_locks l WHERE l.locktype = 'advisory' AND l.objid = $1::bigint & 4294967295`,
      [runnerLockKey('nav-reporter').toString()],
    );
    expect(killed.rowCount).toBe(1);
    await expect.poll(() => runnerLock(b.db, 'nav-reporter').tryHold()).toBe(true);
    // the old holder notices at its next try, and is refused now that the other holds it
    expect(await mine.tryHold()).toBe(false);
  } finally {
    await admin.end();
    await a.close();
    await b.close();
  }
});

test('holding a runner lock takes none of the pool: requests still run with a pool of one', async () => {
  const url = await freshPgDatabase();
  const a = await openPostgres(url, { max: 1 });
  try {
    for (const name of RUNNERS) expect(await runnerLock(a.db, name).tryHold()).toBe(true);
    const rows = await a.db.selectFrom('invoices').select('id').execute();
    expect(rows).toEqual([]);
  } finally {
    await a.close();
  }
});

test('two reminder schedulers on one database: only the lock holder runs its pass, until it stops', async () => {
  const [a, b] = await twoHandles();
  const ran: string[] = [];
  const scheduler = (db: OpenedPostgres, who: string) =>
    createReminderScheduler({
      run: async () => {
        ran.push(who);
        return { date: '2026-03-15', queued: [], withdrawn: 0, skipped: [] };
      },
      lock: runnerLock(db.db, 'reminders'),
      firstMs: 60_000,
    });
  const first = scheduler(a, 'a');
  const second = scheduler(b, 'b');
  try {
    await first.check();
    await second.check();
    await second.check();
    await first.check();
    expect(ran).toEqual(['a', 'a']);
    await first.stop();
    await second.check();
    await first.check();
    expect(ran).toEqual(['a', 'a', 'b']);
  } finally {
    await second.stop();
    await a.close();
    await b.close();
  }
});

test('two NAV inbound fetchers on one PostgreSQL database: the daily run asks NAV from the lock holder only', async () => {
  const [a, b, url] = await twoHandles();
  const asked: string[] = [];
  const fetcher = (db: OpenedPostgres, who: string) =>
    createNavInbound({
      db: db.db,
      clock: new ManualClock(FIXED_NOW),
      timeZone: () => 'Europe/Budapest',
      // reading the technical user is the run's first step: who reads it is who would ask NAV
      credentials: async () => {
        asked.push(who);
        return null;
      },
      fetch: async () => {
        throw new Error('NAV is not asked without a technical user');
      },
      firstMs: 0,
      everyMs: 3_600_000,
    });
  // a start date chosen, so the daily run is due
  await a.db.insertInto('nav_inbound_cursor' as never).values({ id: 1, start_date: '2026-01-01', window_from: '2026-01-01T00:00:00Z', next_page: 1, updated_at: '2026-01-01T00:00:00Z' } as never).execute();
  const first = fetcher(a, 'a');
  const second = fetcher(b, 'b');
  try {
    first.start();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    second.start();
    await expect.poll(async () => (await grantedKeys(url)).includes(runnerLockKey('nav-inbound'))).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(new Set(asked)).toEqual(new Set(['a']));
    await first.stop();
    expect(await runnerLock(b.db, 'nav-inbound').tryHold()).toBe(true);
  } finally {
    await first.stop();
    await second.stop();
    await a.close();
    await b.close();
  }
});

test('SQLite: the NAV reporter keeps its lease row; the other runners run in every process', async () => {
  const tmp = tempDbFile();
  const a = await openDatabase(tmp.file);
  const b = await openDatabase(tmp.file);
  try {
    const nav = (db: typeof a.db, owner: string) => {
      const lease = navReporterLease(db, owner, 60_000);
      return runnerLock(db, 'nav-reporter', { sqlite: { tryHold: () => lease.hold(), release: () => lease.release() } });
    };
    const navA = nav(a.db, 'a');
    const navB = nav(b.db, 'b');
    expect(await navA.tryHold()).toBe(true);
    expect(await navB.tryHold()).toBe(false);
    await navA.release();
    expect(await navB.tryHold()).toBe(true);
    expect(await navA.tryHold()).toBe(false);
    for (const name of ['recurring', 'mail-outbox', 'reminders'] as const) {
      expect(await runnerLock(a.db, name).tryHold()).toBe(true);
      expect(await runnerLock(b.db, name).tryHold()).toBe(true);
    }
  } finally {
    await a.close();
    await b.close();
    tmp.remove();
  }
});

test('two servers on one PostgreSQL database: each runner that started holds its lock in one of them only', async () => {
  test.setTimeout(60_000);
  const url = await freshPgDatabase();
  // the reminder pass at once rather than after five seconds; no rate prefetch to the real MNB
  const env = { FOLIO_SECRET_KEY: randomBytes(32).toString('base64'), FOLIO_RATES_PREFETCH: 'off', FOLIO_REMINDERS_FIRST_MS: '0' };
  const options = { pgUrl: url, port: 0, auth: { apiKey: 'runner-lock-key-0123456789abcdef' }, now: FIXED_NOW, env };
  const a = await startServer(options);
  const b = await startServer(options);
  try {
    // the NAV reporter takes its lock only once it has credentials to report with; the others at their first pass
    const started = (['recurring', 'mail-outbox', 'reminders'] as const).map(runnerLockKey).sort();
    await expect.poll(() => grantedKeys(url)).toEqual(started);
  } finally {
    await a.close();
    await b.close();
  }
});
