// Statements compiled once, for the write paths that run thousands of times a second (issuing an invoice).
//
// Each statement is still written with Kysely's typed builder and compiled by the database's own dialect, so it stays
// portable; what is saved is the work Kysely repeats on every call (building the operation tree, compiling it to
// SQL, looking the prepared statement up by its text). The builder is given markers in place of the values; after
// compiling, each marker's position in the parameter list says where the value goes. Every call answers with a
// promise, so the code that runs them is the same on an asynchronous driver (docs/team-server.md).
//
// better-sqlite3 runs statements synchronously on the one connection Kysely's SQLite dialect also uses, so these
// statements may only run inside a write transaction (which holds that connection): outside one, a statement could
// interleave with another caller's open transaction. On PostgreSQL they run on the write transaction's pool
// connection (./pg/write.ts). `run`/`get`/`all` refuse to run anywhere else.
import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type Compilable } from 'kysely';
import type { Db, WriteTx } from './types';
import { deferToRelease, inPostgresWrite } from './pg/write';
import { nameStatement } from './statement-names';

const handles = new WeakMap<Db, BetterSqlite3.Database>();

/** openDatabase registers the raw handle behind its Kysely instance; a write transaction, its connection's. */
export function registerHandle(db: Db, sqlite: BetterSqlite3.Database): void {
  handles.set(db, sqlite);
}

export function rawHandle(db: Db): BetterSqlite3.Database {
  const sqlite = handles.get(db);
  if (!sqlite) throw new Error('This database was not opened by openDatabase; it has no prepared statements');
  return sqlite;
}

/**
 * A value's place in the statement. A name with a dot reads one level down: `p['2.qty']` is `args[2].qty` (the lines
 * of a many-row insert, given as they are, with no argument object of their own to build per call).
 */
class Marker {
  readonly outer: string;
  readonly inner: string | null;
  constructor(readonly name: string) {
    const dot = name.indexOf('.');
    this.outer = dot < 0 ? name : name.slice(0, dot);
    this.inner = dot < 0 ? null : name.slice(dot + 1);
  }
}

/** Stands in for the values of P while the query is built: `p.id` is a marker for the `id` argument. */
const markers = new Proxy({} as Record<string, Marker>, {
  get: (_target, name) => new Marker(String(name)),
});

type Slot = Marker | { constant: unknown };

interface Compiled {
  sql: string;
  /** better-sqlite3's statement; none on PostgreSQL, where the text is sent with the values */
  stmt: BetterSqlite3.Statement | null;
  slots: Slot[];
}

/** PostgreSQL's compiled text is the same for every database, so it is kept once under this key. */
const POSTGRES = {};

/**
 * Each call answers with a promise: on SQLite the statement has run by the time it is returned (better-sqlite3 is
 * synchronous), on PostgreSQL it runs on the transaction's connection. Callers `await` it either way, so one write
 * path serves both (docs/team-server.md).
 */
export interface PreparedStatement<P, O> {
  all(trx: WriteTx, args: P): Promise<O[]>;
  get(trx: WriteTx, args: P): Promise<O | undefined>;
  run(trx: WriteTx, args: P): Promise<{ changes: number }>;
  /**
   * Runs the statement as part of the write, at the latest when its savepoint is released: at once on SQLite; on
   * PostgreSQL sent in the same round trip as the RELEASE (./pg/write.ts deferToRelease), its values quoted into the
   * text. For a change nothing of the write reads back afterwards (its audit row, its NAV report's queue row, the seal
   * of the invoice it inserted). Answers the rows changed when it ran at once, null when it was deferred.
   */
  runAtRelease(trx: WriteTx, args: P): Promise<{ changes: number } | null>;
  /** the SQL the statement compiles to, for diagnostics and tests */
  sqlFor(db: Db): string;
}

function bind({ sql, slots }: { sql: string; slots: Slot[] }, args: object): unknown[] {
  const values = new Array<unknown>(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    if (slot instanceof Marker) {
      const outer = (args as Record<string, unknown>)[slot.outer];
      const value = slot.inner === null ? outer : (outer as Record<string, unknown> | undefined)?.[slot.inner];
      // Kysely leaves an undefined column out (its default applies); a compiled statement has no such choice.
      if (value === undefined) throw new Error(`Prepared statement argument '${slot.name}' is undefined: ${sql}`);
      values[i] = value;
    } else {
      values[i] = slot.constant;
    }
  }
  return values;
}

/**
 * A query built and compiled once per database (with markers, as prepareStatement's) and answered as a CompiledQuery
 * with the values given, for a statement that runs outside the write transactions (the rate limit's count on
 * PostgreSQL, server/rate-limit-counts.ts): building and compiling a small upsert with Kysely cost three times what
 * running it did (issue 41).
 */
export function compileOnce<P extends object, O>(build: (db: Db, p: P) => Compilable<O>): (db: Db, args: P) => CompiledQuery<O> {
  const compiledFor = new WeakMap<Db, { sql: string; slots: Slot[] }>();
  return (db, args) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      const query = build(db, markers as unknown as P).compile();
      compiled = { sql: query.sql, slots: query.parameters.map((v): Slot => (v instanceof Marker ? v : { constant: v })) };
      compiledFor.set(db, compiled);
    }
    return CompiledQuery.raw(compiled.sql, bind(compiled, args)) as CompiledQuery<O>;
  };
}

/**
 * Declares a statement: `build(db, p)` is compiled once per database handle (on first use) and then run with the
 * arguments given. Values the builder is given directly (not from `p`) are constants of the statement.
 */
export function prepareStatement<P extends object, O>(build: (db: Db, p: P) => Compilable<O>): PreparedStatement<P, O> {
  const compiledFor = new WeakMap<object, Compiled>();

  function compile(db: Db, key: object, sqlite: BetterSqlite3.Database | undefined): Compiled {
    const query = build(db, markers as unknown as P).compile();
    const compiled = {
      sql: query.sql,
      stmt: sqlite ? sqlite.prepare(query.sql) : null,
      slots: query.parameters.map((v): Slot => (v instanceof Marker ? v : { constant: v })),
    };
    // on PostgreSQL the server keeps the plan too, per connection (./pg/named-statements.ts)
    if (!sqlite) nameStatement(query.sql);
    compiledFor.set(key, compiled);
    return compiled;
  }

  /** Runs the statement: synchronously on SQLite's handle, or on the PostgreSQL transaction's connection. */
  async function execute(db: WriteTx, args: P, mode: 'all' | 'get' | 'run'): Promise<{ rows: O[]; changes: number }> {
    const sqlite = handles.get(db);
    if (sqlite) {
      const compiled = compiledFor.get(sqlite) ?? compile(db, sqlite, sqlite);
      if (!sqlite.inTransaction) throw new Error(`A prepared statement ran outside a write transaction: ${compiled.sql}`);
      const stmt = compiled.stmt!;
      const values = bind(compiled, args);
      if (mode === 'run') return { rows: [], changes: stmt.run(values).changes };
      if (mode === 'get') {
        const row = stmt.get(values) as O | undefined;
        return { rows: row === undefined ? [] : [row], changes: 0 };
      }
      return { rows: stmt.all(values) as O[], changes: 0 };
    }
    const compiled = compiledFor.get(POSTGRES) ?? compile(db, POSTGRES, undefined);
    if (!inPostgresWrite(db)) throw new Error(`A prepared statement ran outside a write transaction: ${compiled.sql}`);
    const result = await db.executeQuery<O>(CompiledQuery.raw(compiled.sql, bind(compiled, args)));
    return { rows: result.rows, changes: Number(result.numAffectedRows ?? 0) };
  }

  return {
    async all(db, args) {
      return (await execute(db, args, 'all')).rows;
    },
    async get(db, args) {
      return (await execute(db, args, 'get')).rows[0];
    },
    async run(db, args) {
      return { changes: (await execute(db, args, 'run')).changes };
    },
    async runAtRelease(db, args) {
      if (handles.get(db)) return { changes: (await execute(db, args, 'run')).changes };
      const compiled = compiledFor.get(POSTGRES) ?? compile(db, POSTGRES, undefined);
      if (!inPostgresWrite(db)) throw new Error(`A prepared statement ran outside a write transaction: ${compiled.sql}`);
      deferToRelease(db, compiled.sql, bind(compiled, args));
      return null;
    },
    sqlFor(db) {
      return build(db, markers as unknown as P).compile().sql;
    },
  };
}
