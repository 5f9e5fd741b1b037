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
// interleave with another caller's open transaction. `run`/`get`/`all` refuse to run anywhere else.
import type BetterSqlite3 from 'better-sqlite3';
import type { Compilable } from 'kysely';
import type { Db, WriteTx } from './types';

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

class Marker {
  constructor(readonly name: string) {}
}

/** Stands in for the values of P while the query is built: `p.id` is a marker for the `id` argument. */
const markers = new Proxy({} as Record<string, Marker>, {
  get: (_target, name) => new Marker(String(name)),
});

type Slot = Marker | { constant: unknown };

interface Compiled {
  sql: string;
  stmt: BetterSqlite3.Statement;
  slots: Slot[];
}

/**
 * Each call answers with a promise: on SQLite the statement has run by the time it is returned (better-sqlite3 is
 * synchronous), on PostgreSQL it runs on the transaction's connection. Callers `await` it either way, so one write
 * path serves both (docs/team-server.md).
 */
export interface PreparedStatement<P, O> {
  all(trx: WriteTx, args: P): Promise<O[]>;
  get(trx: WriteTx, args: P): Promise<O | undefined>;
  run(trx: WriteTx, args: P): Promise<{ changes: number }>;
  /** the SQL the statement compiles to, for diagnostics and tests */
  sqlFor(db: Db): string;
}

/**
 * Declares a statement: `build(db, p)` is compiled once per database handle (on first use) and then run with the
 * arguments given. Values the builder is given directly (not from `p`) are constants of the statement.
 */
export function prepareStatement<P extends object, O>(build: (db: Db, p: P) => Compilable<O>): PreparedStatement<P, O> {
  const compiledFor = new WeakMap<BetterSqlite3.Database, Compiled>();

  function compile(db: Db, sqlite: BetterSqlite3.Database): Compiled {
    const query = build(db, markers as unknown as P).compile();
    const compiled = {
      sql: query.sql,
      stmt: sqlite.prepare(query.sql),
      slots: query.parameters.map((v): Slot => (v instanceof Marker ? v : { constant: v })),
    };
    compiledFor.set(sqlite, compiled);
    return compiled;
  }

  function bound(db: WriteTx, args: P): [BetterSqlite3.Statement, unknown[]] {
    const sqlite = rawHandle(db);
    const { sql, stmt, slots } = compiledFor.get(sqlite) ?? compile(db, sqlite);
    if (!sqlite.inTransaction) throw new Error(`A prepared statement ran outside a write transaction: ${sql}`);
    const values = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (slot instanceof Marker) {
        const value = (args as Record<string, unknown>)[slot.name];
        // Kysely leaves an undefined column out (its default applies); a compiled statement has no such choice.
        if (value === undefined) throw new Error(`Prepared statement argument '${slot.name}' is undefined: ${sql}`);
        values[i] = value;
      } else {
        values[i] = slot.constant;
      }
    }
    return [stmt, values];
  }

  return {
    async all(db, args) {
      const [stmt, values] = bound(db, args);
      return stmt.all(values) as O[];
    },
    async get(db, args) {
      const [stmt, values] = bound(db, args);
      return stmt.get(values) as O | undefined;
    },
    async run(db, args) {
      const [stmt, values] = bound(db, args);
      return { changes: stmt.run(values).changes };
    },
    sqlFor(db) {
      return build(db, markers as unknown as P).compile().sql;
    },
  };
}
