// Where the rate limit's counts are kept (./rate-limit-store.ts), for each database the server opens:
// - SQLite: a file of their own beside the books, `<books>.rate-limits`. Every process that opens the same books opens
//   the same counts file, so they still limit a client together (docs/team-server.md); but a count no longer writes
//   into the books' file. It did until issue 41: each /v3 request's upsert went into the books' WAL, its frames were
//   synced with the next batch of invoices' COMMIT, and the connection's synchronous setting was lowered and restored
//   around it. The counts file is WAL with synchronous=OFF, checkpointed every few commits (CHECKPOINT_EVERY says
//   why): no count waits for the disk. A count lost in a power cut lets a client one more request, which costs
//   nothing. An in-memory database (tests, demos) counts in memory: no other process can open it anyway.
// - PostgreSQL: `rate_limit_hits` (migration 0035) in the database itself, one atomic statement on the pool.
// Either way the same fixed window as the plugin's own store: the first request of a key starts a window, each request
// counts one, and the count starts over once the window has ended. Windows that ended are deleted at most once a
// minute per process. The requests of one turn of the event loop are counted together (`coalesced`): one statement
// adds them all, and each still gets its own number.
import { closeSync, fchmodSync, openSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { isPostgres } from '../../migrations/dialect';
import { withBinding } from '../backup/native-binding';
import { compileOnce, rawHandle } from '../db/prepared';
import type { Db } from '../db/types';

/** A request counted: its number in the window, and the milliseconds left of the window. */
export interface Hit {
  current: number;
  ttl: number;
}

export interface RateLimitCounts {
  /** Counts one request of `key` (already hashed) in its window of `timeWindow` ms. */
  count(key: string, timeWindow: number, now: number): Promise<Hit>;
  /** whether the database these counts belong to has been closed (a restore swapped it, the server stopped) */
  readonly stale: boolean;
  /** whether requests wait for this turn's counts to be written (at the end of the turn: `coalesced`) */
  readonly waiting: boolean;
  close(): void;
}

/** `n` requests of `key` counted at once in its window of `timeWindow` ms. */
interface Hits {
  key: string;
  timeWindow: number;
  now: number;
  n: number;
}

/** Adds each key's requests to its window; for each, the hit of the last of them. */
type AddHits = (turn: Hits[]) => Promise<Hit[]>;

/**
 * One write for all the counts asked for in one turn of the event loop. Under load the requests that waited while the
 * process was busy (a batch of invoices being committed) are read in one go, and each /v3 request's own write of the
 * counts file was ~65 µs of the server's CPU (issue 41: syscalls, the WAL's locks). The requests of a key are added
 * in one atomic upsert, whose answer is the last of them: the first of n is that less n − 1, so every request still
 * gets its own number, exactly, and other processes' counts interleave as before (a turn at a time). A request alone
 * waits only for the end of the turn it came in. A key's window is judged by the latest `now` of the turn.
 */
function coalesced(add: AddHits): { count: RateLimitCounts['count']; flush(): void; waiting(): boolean } {
  type Waiter = { resolve: (hit: Hit) => void; reject: (e: unknown) => void };
  let pending: Map<string, Hits & { waiters: Waiter[] }> | null = null;
  const flush = () => {
    const groups = [...(pending?.values() ?? [])];
    pending = null;
    if (!groups.length) return;
    add(groups).then(
      (lasts) =>
        groups.forEach((g, k) => g.waiters.forEach((w, i) => w.resolve({ current: lasts[k]!.current - (g.n - 1 - i), ttl: lasts[k]!.ttl }))),
      (e: unknown) => groups.forEach((g) => g.waiters.forEach((w) => w.reject(e))),
    );
  };
  const count: RateLimitCounts['count'] = (key, timeWindow, now) =>
    new Promise<Hit>((resolve, reject) => {
      if (!pending) {
        pending = new Map();
        setImmediate(flush);
      }
      const slot = `${timeWindow}\n${key}`;
      let group = pending.get(slot);
      if (!group) pending.set(slot, (group = { key, timeWindow, now, n: 0, waiters: [] }));
      group.now = Math.max(group.now, now);
      group.n++;
      group.waiters.push({ resolve, reject });
    });
  return { count, flush, waiting: () => pending !== null };
}

/** How often a process clears the windows that have ended (the table holds about one window of keys). */
const PRUNE_EVERY_MS = 60_000;

/** `folio.db` → `folio.db.rate-limits` (beside it, as its key file: ../secrets/key-file.ts) */
export function rateLimitFileFor(dbFile: string): string {
  return `${dbFile}.rate-limits`;
}

/** The counts of the database `db`: a file beside a SQLite file, the table of a PostgreSQL database. */
export function openRateLimitCounts(db: Db): RateLimitCounts {
  return isPostgres(db) ? postgresCounts(db) : sqliteCounts(rawHandle(db));
}

// ---- SQLite: a file of their own -------------------------------------------------------------------------------

/** The table of 0035, in a file that holds nothing else (a key is the SHA-256 of route and limiter key). */
const SCHEMA = `CREATE TABLE IF NOT EXISTS rate_limit_hits (
  key TEXT PRIMARY KEY NOT NULL,
  hits INTEGER NOT NULL,
  reset_ms INTEGER NOT NULL
) WITHOUT ROWID`;

/** One atomic upsert per key and turn (`coalesced`), adding its `n` requests; every expression of SET reads the row as it was. */
const UPSERT = `INSERT INTO rate_limit_hits (key, hits, reset_ms) VALUES (@key, @n, @reset)
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN reset_ms <= @now THEN @n ELSE hits + @n END,
  reset_ms = CASE WHEN reset_ms <= @now THEN @reset ELSE reset_ms END
RETURNING hits, reset_ms`;

const PRUNE = 'DELETE FROM rate_limit_hits WHERE reset_ms <= ?';

function sqliteCounts(books: BetterSqlite3.Database): RateLimitCounts {
  const file = openCountsFile(books);
  const upsert = file.prepare(UPSERT);
  const prune = file.prepare(PRUNE);
  let prunedAt = -Infinity;
  const add = ({ key, n, now, timeWindow }: Hits) => upsert.get({ key, n, now, reset: now + timeWindow }) as { hits: number; reset_ms: number };
  // several keys in one transaction (IMMEDIATE: the write lock from the start, waited for as any count waits); the
  // usual turn, one key, is one statement committing itself
  const addAll = file.transaction((turn: Hits[]) => turn.map(add));
  const counts = coalesced(async (turn) => {
    const rows = turn.length === 1 ? [add(turn[0]!)] : addAll.immediate(turn);
    const now = Math.max(...turn.map((h) => h.now));
    if (now - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now;
      // a handful of rows; a failure (the file busy past the timeout) only leaves them for the next prune
      try {
        prune.run(now);
      } catch {
        // kept for the next prune
      }
    }
    return rows.map((row, k) => ({ current: row.hits, ttl: Math.max(0, row.reset_ms - turn[k]!.now) }));
  });
  return {
    count: counts.count,
    get stale() {
      return !books.open;
    },
    get waiting() {
      return counts.waiting();
    },
    close: () => {
      // the counts of this turn are written before the file closes (a restore swapping the books, the server stopping)
      counts.flush();
      file.close();
    },
  };
}

/**
 * How many commits the counts' WAL takes before it is copied into the file and starts over. Each count's commit adds
 * a frame. With SQLite's default of 1,000 pages the WAL grows to 4 MB between checkpoints, and each frame appended
 * asks the file system for a new block; the checkpoint then synced both files. A WAL of a few frames is rewritten in
 * place, and its checkpoint only copies the one or two live pages back, with no sync. Measured in `serve` under load
 * (issue 41), a count's wall time was about halved.
 */
const CHECKPOINT_EVERY = 32;

/**
 * Opens (creating it the first time) the counts file of the books `books`. It is created with the books' own
 * permissions (its -wal and -shm follow it): whoever may open the books may count. Nothing in it is worth keeping.
 * It is never synced (synchronous=OFF), so a power cut may leave it damaged; it is checked when it is opened (a few
 * pages), and a file that is damaged or not a database is started over rather than refusing every request.
 */
function openCountsFile(books: BetterSqlite3.Database): BetterSqlite3.Database {
  if (books.memory) return prepareFile(new BetterSqlite3(':memory:', withBinding({})));
  const booksFile = resolve(books.name);
  const path = rateLimitFileFor(booksFile);
  try {
    return openFileAt(path, booksFile);
  } catch (e) {
    const code = String((e as { code?: unknown }).code ?? '');
    if (!code.startsWith('SQLITE_NOTADB') && !code.startsWith('SQLITE_CORRUPT')) throw e;
    for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
    return openFileAt(path, booksFile);
  }
}

function openFileAt(path: string, booksFile: string): BetterSqlite3.Database {
  // made empty here if it is missing (an empty file is an empty database), its mode set past the umask; one that
  // exists (another process was first) is left as it is
  try {
    const fd = openSync(path, 'wx');
    try {
      fchmodSync(fd, statSync(booksFile).mode & 0o777);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return prepareFile(new BetterSqlite3(path, withBinding({})));
}

function prepareFile(file: BetterSqlite3.Database): BetterSqlite3.Database {
  try {
    // another process counting holds the file for microseconds: wait for it, as the books' writers wait for each other
    file.pragma('busy_timeout = 10000');
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = OFF');
    file.pragma(`wal_autocheckpoint = ${CHECKPOINT_EVERY}`);
    const check = file.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw Object.assign(new Error(`The rate-limit counts are damaged: ${String(check)}`), { code: 'SQLITE_CORRUPT' });
    file.exec(SCHEMA);
    return file;
  } catch (e) {
    file.close();
    throw e;
  }
}

// ---- PostgreSQL: the database's own table ----------------------------------------------------------------------

/** The count's upsert, compiled once (../db/prepared.ts): building it with Kysely for each request cost more than running it. */
const hitUpsert = compileOnce((db: Db, p: { key: string; n: number; now: number; reset: number }) => {
  const ended = sql<boolean>`rate_limit_hits.reset_ms <= ${p.now}`;
  return db
    .insertInto('rate_limit_hits')
    .values({ key: p.key, hits: p.n, reset_ms: p.reset })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN ${ended} THEN ${p.n} ELSE rate_limit_hits.hits + ${p.n} END`,
        reset_ms: sql<number>`CASE WHEN ${ended} THEN ${p.reset} ELSE rate_limit_hits.reset_ms END`,
      }),
    )
    .returning(['hits', 'reset_ms']);
});

/**
 * On the pool, each statement on its own, outside Folio's write lock (../db/pg/write.ts): counting a request never
 * waits for an invoice being issued in another process, and the upsert is atomic by itself.
 */
function postgresCounts(db: Db): RateLimitCounts {
  let prunedAt = -Infinity;
  const add = async ({ key, n, now, timeWindow }: Hits): Promise<Hit> => {
    const {
      rows: [row],
    } = await db.executeQuery(hitUpsert(db, { key, n, now, reset: now + timeWindow }));
    if (!row) throw new Error('The rate-limit count was not stored');
    if (now - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now;
      // outside the request's path; a failure (the pool closing) only leaves rows for the next prune
      db.deleteFrom('rate_limit_hits').where('reset_ms', '<=', now).execute().catch(() => undefined);
    }
    return { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_ms) - now) };
  };
  // each key's upsert is atomic by itself; a turn's keys (nearly always one) go on the pool side by side
  const counts = coalesced((turn) => Promise.all(turn.map(add)));
  return {
    count: counts.count,
    // the pool is the server's, closed with it; nothing here to close or to notice but this turn's counts
    stale: false,
    get waiting() {
      return counts.waiting();
    },
    close: () => counts.flush(),
  };
}
